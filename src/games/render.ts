import { renderPrivate, renderText } from "../engine/helpers.js";
import type { RenderContext, RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState, Lang, PhaseReport, PlayerId, PrivateMessage } from "../engine/types.js";
import { safeName } from "../render/names.js";
import { has, t } from "../i18n/index.js";

/** A reader in the server's language: seats by their shown names, roles and factions by name. */
export function displayContext(
  ruleset: RulesetDefinition<AnyGameState>,
  lang: Lang,
  names: ReadonlyMap<PlayerId, string>,
  /** `text` for messages (markdown, mentions escaped); `plain` for files and images. */
  as: "text" | "plain" = "text",
): RenderContext {
  return {
    lang,
    // Names are players' input: every one goes through the one sanitizer.
    player: (id) => safeName(names.get(id) ?? id, as),
    role: (role) => ruleset.roles[role]?.name[lang] ?? role,
    faction: (faction) => ruleset.factions[faction]?.name[lang] ?? faction,
    word: (id) => (has(`target.${id}`) ? t(lang, `target.${id}`) : id),
  };
}

export interface RenderedReport {
  phase: string;
  public: string[];
  private: { to: PlayerId; kind: string; text: string }[];
}

export function renderReport(
  ruleset: RulesetDefinition<AnyGameState>,
  report: PhaseReport,
  ctx: RenderContext,
): RenderedReport {
  return {
    phase: report.phase,
    public: report.public.map((line) => renderText(ruleset, line, ctx)),
    private: report.private.map((message: PrivateMessage) => ({
      to: message.to,
      kind: message.kind,
      text: renderPrivate(ruleset, message, ctx),
    })),
  };
}

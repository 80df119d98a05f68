import { renderPrivate, renderText } from "../engine/helpers.js";
import type { RenderContext, RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState, Lang, PhaseReport, PlayerId, PrivateMessage } from "../engine/types.js";
import { safeName } from "../render/names.js";
import { has, t } from "../i18n/index.js";
import { declineName, seatGender } from "../i18n/names.js";
import { wordInCase } from "../i18n/cases.js";
import type { Gender } from "../engine/grammar.js";
import type { PlayerRow } from "./rows.js";

/** A reader in the server's language: seats by their shown names, roles and factions by name. */
export function displayContext(
  ruleset: RulesetDefinition<AnyGameState>,
  lang: Lang,
  names: ReadonlyMap<PlayerId, string>,
  /** `text` for messages (markdown, mentions escaped); `plain` for files and images. */
  as: "text" | "plain" = "text",
  /** What each seat's player said of their grammatical gender (`seatGenders`). */
  genders: ReadonlyMap<PlayerId, Gender | null> = new Map(),
): RenderContext {
  const gender = (id: PlayerId) => seatGender(names.get(id) ?? "", genders.get(id));
  return {
    lang,
    // Names are players' input: every one goes through the one sanitizer.
    player: (id) => safeName(names.get(id) ?? id, as),
    gender,
    declined: (id, grammaticalCase) => {
      const name = names.get(id);
      const declined = name === undefined ? undefined : declineName(name, grammaticalCase, gender(id));
      return declined === undefined ? undefined : safeName(declined, as);
    },
    role: (role) => ruleset.roles[role]?.name[lang] ?? role,
    faction: (faction) => ruleset.factions[faction]?.name[lang] ?? faction,
    word: (id) => (has(`target.${id}`) ? t(lang, `target.${id}`) : id),
    wordIn: (id, grammaticalCase) => wordInCase(lang, id, grammaticalCase),
  };
}

/**
 * Seat id → the gender its player said, for `displayContext`: only where the name shown is the
 * seat's own (a mask or an appearance tells nothing of its player; its own name may, by lvovich).
 */
export function seatGenders(
  seats: readonly Pick<PlayerRow, "seatId" | "displayName" | "gender">[],
  shown?: ReadonlyMap<PlayerId, string>,
): Map<PlayerId, Gender | null> {
  return new Map(
    seats
      .filter((s) => shown === undefined || shown.get(s.seatId) === s.displayName)
      .map((s) => [s.seatId, s.gender]),
  );
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

import type { RulesetDefinition } from "../../engine/ruleset.js";
import type { AnyGameState, Lang } from "../../engine/types.js";
import { joinList, t } from "../../i18n/index.js";
import { factionName, roleName, safeName } from "../../render/names.js";

/** The full reveal at the end: every seat's role and side, and the winners. Plain text (outbox post). */
export function revealText(input: {
  lang: Lang;
  gameName: string;
  ruleset: RulesetDefinition<AnyGameState>;
  state: AnyGameState;
  names: ReadonlyMap<string, string>;
  /** Each seat's grammatical gender for the reader (said, or told by a Russian name). */
  genderOf?: (seatId: string) => "m" | "f" | undefined;
  /**
   * The game's secret (a secret-dealt game) or its public seed, published with the reveal, and the
   * digest of the attached game-log.json (`logDigest`), which `verify --digest` holds the file to.
   */
  fairness?: { secret: string; commitment: string; digest: string } | { seed: number; digest: string };
  /** The address of the game's public archive (docs/community.md), when the console has a public URL. */
  archiveUrl?: string;
}): string {
  const { lang, ruleset, state, names } = input;
  const lines = [`**${t(lang, "reveal.title", { name: input.gameName })}**`];
  for (const p of state.players) {
    lines.push(
      t(lang, "reveal.line", {
        name: safeName(names.get(p.id) ?? p.id),
        role: roleName(ruleset, lang, p.role),
        faction: factionName(ruleset, lang, p.faction),
        dead: p.alive ? "" : t(lang, "reveal.dead", { gender: input.genderOf?.(p.id) ?? "" }),
      }),
    );
  }
  const winners = state.winners.map((w) => factionName(ruleset, lang, w));
  lines.push(
    winners.length > 0
      ? t(lang, "reveal.winners", { winners: joinList(winners, lang) })
      : t(lang, "reveal.no_winners"),
  );
  const fairness = input.fairness;
  if (fairness) {
    lines.push(
      "seed" in fairness
        ? t(lang, "fairness.reveal_public", { seed: fairness.seed, digest: fairness.digest })
        : t(lang, "fairness.reveal", {
            secret: fairness.secret,
            commitment: fairness.commitment,
            digest: fairness.digest,
          }),
    );
  }
  if (input.archiveUrl) lines.push(t(lang, "archive.reveal_link", { url: input.archiveUrl }));
  return lines.join("\n");
}

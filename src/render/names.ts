import type { RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState, Lang } from "../engine/types.js";
import type { PlayerRow } from "../games/rows.js";

/**
 * The one sanitizer of every name the bot echoes (accounts, masks, appearances): receipts, lists,
 * the newspaper, the reveal, webhook usernames, thread names, panels and images.
 *
 * - Always: bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C), zero-width and other
 *   invisible or control characters are removed (a name cannot reorder or hide the text around it),
 *   runs of whitespace become one space, and the name is capped at NAME_LIMIT characters.
 * - `text` (a message body, which Discord renders as markdown): markdown characters are escaped
 *   and mentions are defused (`@everyone`, `<@…>`, `<#…>`), so a name shows as typed and never
 *   formats, links or pings. `plain` (component labels, webhook usernames, thread names, files,
 *   images): no escaping, since those are not markdown.
 */
export const NAME_LIMIT = 32;

// Control (Cc) and format (Cf: every bidi control, zero-width character, soft hyphen, BOM, tag)
// characters, and the Hangul fillers that render as blanks.
const INVISIBLE = /[\p{Cc}\p{Cf}\u115f\u1160\u3164\uffa0]/gu;
const MARKDOWN = /[\\*_~`|<[\]@]/g;
/** Markdown that only counts at the start of a line: a header, a quote, a list item. */
const LINE_START = /^[-#>+]|(?<=^\d+)\./;

export function safeName(raw: string, as: "text" | "plain" = "text"): string {
  let name = raw.replace(INVISIBLE, "").replace(/\s+/gu, " ").trim();
  const chars = [...name];
  if (chars.length > NAME_LIMIT)
    name = `${chars
      .slice(0, NAME_LIMIT - 1)
      .join("")
      .trimEnd()}…`;
  if (name === "") name = "?";
  if (as === "plain") return name;
  return name.replace(MARKDOWN, (c) => `\\${c}`).replace(LINE_START, (c) => `\\${c}`);
}

/** Seat id → the seat's name as stored (raw: every output passes it through `safeName`). */
export function namesOf(seats: readonly Pick<PlayerRow, "seatId" | "displayName">[]): Map<string, string> {
  return new Map(seats.map((s) => [s.seatId, s.displayName]));
}

export function roleName(ruleset: RulesetDefinition<AnyGameState>, lang: Lang, role: string): string {
  return ruleset.roles[role]?.name[lang] ?? role;
}

export function factionName(ruleset: RulesetDefinition<AnyGameState>, lang: Lang, faction: string): string {
  return ruleset.factions[faction]?.name[lang] ?? ruleset.roles[faction]?.name[lang] ?? faction;
}

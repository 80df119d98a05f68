import type { RenderContext } from "./ruleset.js";
import type { PlayerId } from "./types.js";

/**
 * What a reader knows of a seat's grammar, for the messages' arguments (`seatArgs` of
 * src/engine/messages.ts; docs/i18n.md).
 *
 * A seat's grammatical gender is what its player said (`/settings`, `/game join`), else what the
 * name library recognises in a Russian first name, else unknown. A Russian message that puts a
 * seat next to a word that agrees with it (a past-tense verb, a short adjective or participle)
 * selects on it; for an unknown gender it gives a construction that needs no agreement
 * («Саша — убийство маньяком», «Голос Саши: …» → «Голос: Саша → …»).
 */
export type Gender = "m" | "f";

/** The cases a sentence may need a seat's name in (the nominative is `ctx.player`). */
export type NameCase = "gen" | "dat" | "acc" | "ins" | "pre";

/** The seat's grammatical gender for the reader, or undefined when nobody knows it. */
export function genderOf(ctx: RenderContext, id: PlayerId): Gender | undefined {
  return ctx.gender?.(id);
}

/**
 * The seat's name in a case, when its name is a Russian first name the name library declines;
 * undefined otherwise: the sentence is then built with the name in the nominative.
 */
export function nameIn(ctx: RenderContext, id: PlayerId, grammaticalCase: NameCase): string | undefined {
  return ctx.declined?.(id, grammaticalCase);
}

/** A rules id's word in a case, else its word as it is (`word` of src/engine/helpers.ts). */
export function wordIn(ctx: RenderContext, id: string, grammaticalCase: NameCase): string | undefined {
  return ctx.wordIn?.(id, grammaticalCase);
}

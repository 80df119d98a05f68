import type { RenderContext } from "./ruleset.js";
import type { PlayerId } from "./types.js";

/**
 * Russian agreement with a seat, for the rulesets' and the app's catalogs (docs/i18n.md).
 *
 * A seat's grammatical gender is what its player said (`/settings`, `/game join`), else what the
 * name library recognises in a Russian first name, else unknown. A Russian text that puts a seat
 * next to a word that agrees with it (a past-tense verb, a short adjective or participle) picks
 * the form with `bySeat`; for an unknown gender it gives a construction that needs no agreement
 * («Саша — убийство маньяком», «Голос Саши: …» → «Голос: Саша → …»).
 */
export type Gender = "m" | "f";

/** The cases a sentence may need a seat's name in (the nominative is `ctx.player`). */
export type NameCase = "gen" | "dat" | "acc" | "ins" | "pre";

/** The seat's grammatical gender for the reader, or undefined when nobody knows it. */
export function genderOf(ctx: RenderContext, id: PlayerId): Gender | undefined {
  return ctx.gender?.(id);
}

/** One of three forms agreeing with the seat: masculine, feminine, or one that needs no gender. */
export function bySeat<T>(ctx: RenderContext, id: PlayerId, m: T, f: T, none: T): T {
  const gender = genderOf(ctx, id);
  return gender === "m" ? m : gender === "f" ? f : none;
}

/**
 * The seat's name in a case, when its name is a Russian first name the name library declines;
 * undefined otherwise: the sentence is then built with the name in the nominative.
 */
export function nameIn(ctx: RenderContext, id: PlayerId, grammaticalCase: NameCase): string | undefined {
  return ctx.declined?.(id, grammaticalCase);
}

/** `nameIn`, or the given construction with the nominative name when the name does not decline. */
export function inCase(
  ctx: RenderContext,
  id: PlayerId,
  grammaticalCase: NameCase,
  declined: (name: string) => string,
  nominative: (name: string) => string,
): string {
  const name = nameIn(ctx, id, grammaticalCase);
  return name === undefined ? nominative(ctx.player(id)) : declined(name);
}

/** A rules id's word in a case, else its word as it is (`word` of src/engine/helpers.ts). */
export function wordIn(ctx: RenderContext, id: string, grammaticalCase: NameCase): string | undefined {
  return ctx.wordIn?.(id, grammaticalCase);
}

/** A Russian noun's three plural forms: one (1, 21), few (2–4, 22) and many (5–20, 25). */
export type RuForms = readonly [one: string, few: string, many: string];

const pluralRules: Partial<Record<string, Intl.PluralRules>> = {};
const numberFormats: Partial<Record<string, Intl.NumberFormat>> = {};

/** The CLDR plural category of a number in the language (Intl.PluralRules). */
export function pluralCategory(lang: string, n: number): Intl.LDMLPluralRule {
  const rules = (pluralRules[lang] ??= new Intl.PluralRules(lang));
  return rules.select(n);
}

/** The form of a Russian noun after a number: «1 голос», «2 голоса», «5 голосов», «1,5 часа». */
export function pluralFormRu(n: number, forms: RuForms): string {
  const category = pluralCategory("ru", n);
  return category === "one" ? forms[0] : category === "few" || category === "other" ? forms[1] : forms[2];
}

/** A number as the reader writes it (Intl.NumberFormat: «1,8» in Russian, "1.8" in English). */
export function formatNumber(lang: string, n: number, maximumFractionDigits = 1): string {
  const key = `${lang}:${maximumFractionDigits}`;
  const format = (numberFormats[key] ??= new Intl.NumberFormat(lang, { maximumFractionDigits }));
  return format.format(n);
}

/** «5 голосов»: the number in Russian notation with its noun's form. */
export function countRu(n: number, forms: RuForms): string {
  return `${formatNumber("ru", n)} ${pluralFormRu(n, forms)}`;
}

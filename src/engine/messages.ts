import { IntlMessageFormat } from "intl-messageformat";
import { genderOf, nameIn, type NameCase } from "./grammar.js";
import { paramNumber, paramText } from "./params.js";
import type { RenderContext, TextCatalog, TextTemplate } from "./ruleset.js";
import type { JsonObject, Lang, Localized, PlayerId } from "./types.js";

/**
 * Every text the bot shows is an ICU MessageFormat message (docs/i18n.md), formatted by
 * `intl-messageformat` in the reader's language: `{name}` arguments, `{gender, select, m {…}
 * f {…} other {…}}` for agreement with a seat, `{n, plural, one {# голос} few {# голоса} many
 * {# голосов} other {# голоса}}` for counts (CLDR categories through Intl.PluralRules, `#` and
 * `{n, number}` written by Intl.NumberFormat: «1,8» in Russian, "1.8" in English).
 *
 * Tags are off (`ignoreTag`): Discord's `<t:…:R>`, `<@id>` and `<#id>` are text, not markup.
 * A literal `{`, `}` or `#` inside a plural is quoted with apostrophes (`'{'`), as ICU says.
 */

/** An argument a message may use; `gender` is "m", "f" or "" (a select's `other`). */
export type MessageArgs = Readonly<Record<string, string | number>>;

const compiled = new Map<string, IntlMessageFormat>();

/** The message compiled once per language (they are many and formatted all day). */
function compile(lang: Lang, source: string): IntlMessageFormat {
  const key = `${lang}\u0000${source}`;
  let format = compiled.get(key);
  if (!format) {
    format = new IntlMessageFormat(source, lang, undefined, { ignoreTag: true });
    compiled.set(key, format);
  }
  return format;
}

/** An error in a message or its arguments: the message's source and what was wrong. */
export class MessageFormatError extends Error {
  constructor(
    readonly source: string,
    cause: unknown,
  ) {
    super(`message ${JSON.stringify(source.slice(0, 80))}: ${(cause as Error).message}`, { cause });
    this.name = "MessageFormatError";
  }
}

/**
 * The message with its arguments, in the language. A message that does not parse, or an argument
 * it needs that is missing, is a programming error: it throws (`MessageFormatError`), and the
 * golden and catalog tests render every message so that none reaches a reader.
 */
export function formatMessage(lang: Lang, source: string, args: MessageArgs = {}): string {
  let format: IntlMessageFormat;
  try {
    format = compile(lang, source);
  } catch (error) {
    throw new MessageFormatError(source, error);
  }
  try {
    const out = format.format(args as Record<string, string | number>);
    return Array.isArray(out) ? out.join("") : String(out);
  } catch (error) {
    throw new MessageFormatError(source, error);
  }
}

/** The names of the arguments a message uses (for the catalog tests: en and ru must agree). */
export function messageArguments(source: string): Set<string> {
  const names = new Set<string>();
  const walk = (elements: readonly unknown[]) => {
    for (const element of elements) {
      const e = element as { type: number; value?: unknown; options?: Record<string, { value: unknown[] }> };
      // Types of @formatjs/icu-messageformat-parser: 1 argument, 2 number, 3 date, 4 time,
      // 5 select, 6 plural, 7 pound, 8 tag.
      if (e.type >= 1 && e.type <= 6 && typeof e.value === "string") names.add(e.value);
      if (e.options) for (const option of Object.values(e.options)) walk(option.value);
    }
  };
  walk(compile("en", source).getAst());
  return names;
}

/** How a catalog text's message arguments come from the params the rules emitted. */
export type ArgsOf = (params: JsonObject, ctx: RenderContext) => MessageArgs;

/**
 * Whether a text is read in the bot rather than printed by the simulator. The simulator's reader
 * (`idContext`) has no words for rules ids and prints the rules files' English templates verbatim
 * (SCENARIOS.md); a line may tell a reader of the bot more, such as which rule ended the game.
 */
export const isBotReader = (ctx: RenderContext): boolean => ctx.word !== undefined;

/** The params that are strings or numbers, as they are (ids stay ids): the default `ArgsOf`. */
export const scalarArgs: ArgsOf = (params) =>
  Object.fromEntries(
    Object.entries(params).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === "string" || typeof entry[1] === "number",
    ),
  );

/**
 * The named params as text (`paramText`: absent or null empty, a number as digits), for a message
 * that must render whatever a caller passed, as a refusal of malformed input must.
 */
export function textArgs(...names: readonly string[]): ArgsOf {
  return (params) => Object.fromEntries(names.map((name) => [name, paramText(params[name])]));
}

/** The named params as numbers (absent 0), as `textArgs` gives them as text: a refusal always renders. */
export function numberArgs(...names: readonly string[]): ArgsOf {
  return (params) => Object.fromEntries(names.map((name) => [name, paramNumber(params[name])]));
}

/** A condition as the string a message's select reads (`{x, select, yes {…} other {…}}`). */
export const yesNo = (condition: boolean): "yes" | "no" => (condition ? "yes" : "no");

/**
 * A message in both languages with its arguments (the same for both, or per language): the
 * rulesets' labels and chat names built of parts.
 */
export function localize(
  message: Localized,
  args: MessageArgs | ((lang: Lang) => MessageArgs) = {},
): Localized {
  const argsIn = (lang: Lang) => (typeof args === "function" ? args(lang) : args);
  return {
    en: formatMessage("en", message.en, argsIn("en")),
    ru: formatMessage("ru", message.ru, argsIn("ru")),
  };
}

/**
 * A seat as message arguments under `name`: `{name}` its shown name, `{name_gender}` "m", "f" or ""
 * for a select, and for each case asked for `{name_gen}` … its declined name with `{name_declines}`
 * "yes" when the name library declines it ("no" and the nominative otherwise), so a Russian
 * message writes `{name_declines, select, yes {… {name_gen}} other {…: {name}}}`.
 */
export function seatArgs(
  ctx: RenderContext,
  name: string,
  id: PlayerId,
  cases: readonly NameCase[] = [],
): Record<string, string> {
  const args: Record<string, string> = {
    [name]: ctx.player(id),
    [`${name}_gender`]: genderOf(ctx, id) ?? "",
  };
  let declines = cases.length > 0;
  for (const grammaticalCase of cases) {
    const declined = nameIn(ctx, id, grammaticalCase);
    if (declined === undefined) declines = false;
    args[`${name}_${grammaticalCase}`] = declined ?? ctx.player(id);
  }
  if (cases.length > 0) args[`${name}_declines`] = declines ? "yes" : "no";
  return args;
}

/**
 * A ruleset's catalog from its ICU messages in one language: each key's text formats its message
 * with the arguments `args[key]` makes of the params (`scalarArgs` when it has none).
 */
export function messageCatalog(
  lang: Lang,
  sources: Readonly<Record<string, string>>,
  args: Readonly<Partial<Record<string, ArgsOf>>> = {},
): TextCatalog {
  return Object.fromEntries(
    Object.entries(sources).map(([key, source]) => {
      const argsOf = args[key] ?? scalarArgs;
      const template: TextTemplate = (params, ctx) => formatMessage(lang, source, argsOf(params, ctx));
      return [key, template];
    }),
  );
}

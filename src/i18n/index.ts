import { idContext, joinList } from "../engine/helpers.js";
import { countRu, formatNumber } from "../engine/grammar.js";
import { formatMessage } from "../engine/messages.js";
import { renderRejection } from "../engine/rejections.js";
import type { RenderContext } from "../engine/ruleset.js";
import { getRuleset } from "../rulesets/index.js";
import type { Lang, Localized, Rejection } from "../engine/types.js";
import { en } from "./en.js";
import { ru } from "./ru.js";
import { gmRoomEn, gmRoomRu } from "./gm-room.js";
import { consoleEn, consoleRu } from "./console.js";
import { masksEn, masksRu } from "./masks.js";
import { recordsEn, recordsRu } from "./records.js";
import { signupsEn, signupsRu } from "./signups.js";

export type { Lang, Localized };
export { joinList };
export type Params = Record<string, string | number>;
export type Message = string | ((p: Params) => string);
export type Catalog = Record<string, Message>;

export const catalogs: Record<Lang, Catalog> = {
  en: { ...en, ...gmRoomEn, ...consoleEn, ...masksEn, ...recordsEn, ...signupsEn },
  ru: { ...ru, ...gmRoomRu, ...consoleRu, ...masksRu, ...recordsRu, ...signupsRu },
};
export const LANGS: readonly Lang[] = ["ru", "en"];

/** A player-facing string in the language; falls back to English, then to the key itself. */
export function t(lang: Lang, key: string, params: Params = {}): string {
  const message = catalogs[lang][key] ?? catalogs.en[key];
  if (message === undefined) return key;
  return typeof message === "function" ? message(params) : formatMessage(lang, message, params);
}

export function has(key: string): boolean {
  return Object.hasOwn(catalogs.en, key);
}

/** A status id as a reader names it ("don" → "дон"); a status a GM typed is shown as typed. */
export function statusName(lang: Lang, status: string, gender: "m" | "f" | "" = ""): string {
  return has(`player_status.${status}`) ? t(lang, `player_status.${status}`, { gender }) : status;
}

/** Both languages of a key, for Discord command localizations and ruleset-like labels. */
export function both(key: string, params: Params = {}): Localized {
  return { en: t("en", key, params), ru: t("ru", key, params) };
}

/** "5 votes" / "5 голосов": the number with its correctly declined noun. */
export function countOf(
  lang: Lang,
  n: number,
  forms: { en: readonly [string, string]; ru: readonly [string, string, string] },
): string {
  if (lang === "ru") return countRu(n, forms.ru);
  return `${formatNumber("en", n)} ${new Intl.PluralRules("en").select(n) === "one" ? forms.en[0] : forms.en[1]}`;
}

export const NOUNS = {
  vote: { en: ["vote", "votes"], ru: ["голос", "голоса", "голосов"] },
  minute: { en: ["minute", "minutes"], ru: ["минута", "минуты", "минут"] },
  /** Accusative, after "на": "на 21 минуту". */
  minuteAcc: { en: ["minute", "minutes"], ru: ["минуту", "минуты", "минут"] },
  player: { en: ["player", "players"], ru: ["игрок", "игрока", "игроков"] },
  order: { en: ["order", "orders"], ru: ["приказ", "приказа", "приказов"] },
  hour: { en: ["hour", "hours"], ru: ["час", "часа", "часов"] },
} as const;

/**
 * A rule's refusal in the reader's language, rendered from its text in the ruleset's (or the
 * engine's) catalogs, with names when `reader` is given (ids otherwise). A refusal recorded
 * without a text is shown with its English reason.
 */
export function rejectionText(
  lang: Lang,
  rejection: Pick<Rejection, "code" | "reason"> & { text?: Rejection["text"] },
  reader?: RenderContext,
): string {
  const ruleset = getRuleset(rejection.code.split(".")[0] ?? "");
  return renderRejection(rejection, ruleset, reader?.lang === lang ? reader : idContext(lang));
}

/** A phase label ("night 2") in the language; unknown kinds keep the ruleset's word. */
export function phaseName(lang: Lang, label: string): string {
  const [kind = "", n = ""] = label.split(" ");
  const key = `phase.${kind}`;
  const word = has(key) ? t(lang, key) : kind;
  return n ? `${word} ${n}` : word;
}

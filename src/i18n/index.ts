import { idContext, joinList } from "../engine/helpers.js";
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
import { boardsEn, boardsRu } from "./boards.js";
import { recordsEn, recordsRu } from "./records.js";
import { signupsEn, signupsRu } from "./signups.js";

export type { Lang, Localized };
export { joinList };
export type Params = Record<string, string | number>;
/** Each key's ICU MessageFormat message (docs/i18n.md, "Message format"). */
export type Catalog = Record<string, string>;

export const catalogs: Record<Lang, Catalog> = {
  en: { ...en, ...gmRoomEn, ...consoleEn, ...masksEn, ...recordsEn, ...signupsEn, ...boardsEn },
  ru: { ...ru, ...gmRoomRu, ...consoleRu, ...masksRu, ...recordsRu, ...signupsRu, ...boardsRu },
};
export const LANGS: readonly Lang[] = ["ru", "en"];

/** A player-facing string in the language; falls back to English, then to the key itself. */
export function t(lang: Lang, key: string, params: Params = {}): string {
  const message = catalogs[lang][key] ?? catalogs.en[key];
  if (message === undefined) return key;
  return formatMessage(lang, message, params);
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

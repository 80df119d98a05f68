import type { Lang } from "../engine/types.js";
import { has, statusName, t } from "../i18n/index.js";

/**
 * The rules' ids the console shows as words of the game's language: statuses and causes of death
 * (the rulesets keep them as ids). An id no catalog names (a status a GM made up with /gm status)
 * is the GM's own word and is shown as it was typed.
 */
export function statusWord(lang: Lang, status: string): string {
  return statusName(lang, status);
}

export function causeWord(lang: Lang, cause: string): string {
  const key = `console.cause.${cause}`;
  return has(key) ? t(lang, key) : t(lang, "console.cause.other");
}

import { localize } from "../../engine/messages.js";
import type { Localized } from "../../engine/types.js";

/**
 * The chats' names and the panel's labels built of parts, as ICU messages in both languages
 * (docs/i18n.md): a seat's private thread, an offer with its choice, two powers chosen together.
 */
export const LABEL_MESSAGES = {
  private_chat: { en: "private {seat}", ru: "личная ветка {seat}" },
  /** An offer whose choice params are part of its label («Голосовать Ja / Nein: Ja (за)»). */
  with_choice: { en: "{action}: {choice}", ru: "{action}: {choice}" },
  /** Powers chosen together («Investigate loyalty + Look at the top three policies»). */
  together: { en: "{first} + {second}", ru: "{first} + {second}" },
} as const satisfies Record<string, Localized>;

/** The labels joined as chosen together, in both languages. */
export function together(labels: readonly Localized[]): Localized | undefined {
  const [first, ...rest] = labels;
  if (!first) return undefined;
  return rest.reduce(
    (joined, next) =>
      localize(LABEL_MESSAGES.together, (lang) => ({ first: joined[lang], second: next[lang] })),
    first,
  );
}

/** An offer's label with its choice. */
export const withChoice = (action: Localized, choice: Localized): Localized =>
  localize(LABEL_MESSAGES.with_choice, (lang) => ({ action: action[lang], choice: choice[lang] }));

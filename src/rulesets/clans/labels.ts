import type { Localized } from "../../engine/types.js";

/**
 * The names of the clans' chats and the labels of the orders panel, as ICU messages in both
 * languages (docs/i18n.md): a name or label built of parts (a day's number, a clan, a choice) is
 * one message with arguments, never a string glued in code.
 */
export const LABELS = {
  game_prologue: { en: "Game start", ru: "Начало игры" },
  game_day: { en: "Day {n, number}", ru: "День {n, number}" },
  vote_thread: { en: "Voting, day {n, number}", ru: "Голосование, день {n, number}" },
  /** A clan's chat; an outsider successor's new chat (§5.10) shows its number. */
  clan_chat: {
    en: "{clan}{has_number, select, yes { ({number})} other {}}",
    ru: "Клан {clan}{has_number, select, yes { ({number})} other {}}",
  },
  dead_chat: { en: "The dead", ru: "Выбывшие" },
  gm_chat: { en: "GM: {seat}", ru: "Ведущий: {seat}" },
  /** An offer whose choice params are part of its label («Убить (назвать клан): Якудза»). */
  with_choice: { en: "{action}: {choice}", ru: "{action}: {choice}" },
  /** The recruitment's guesses: the role, then the clan. */
  recruit_guess: { en: "{role}, {clan}", ru: "{role}, {clan}" },
} as const satisfies Record<string, Localized>;

import type { RejectionTable } from "./types.js";

const invalid = (message: string) => (message === "invalid" ? "недопустимое значение" : message);

/** Reasons several rulesets share, the engine's own (`engine.*`) and its shared GM actions. */
export const shared: RejectionTable = {
  byReason: {
    "dead players cannot act": "мёртвые не могут действовать",
    "target is not alive": "цель мертва",
    "cannot target yourself": "нельзя выбрать целью себя",
    "wrong phase for this action": "сейчас не та фаза для этого действия",
    "this action is not available to your role": "вашей роли это действие недоступно",
    "name at least one living player": "назовите хотя бы одного живого игрока",
    "name exactly one living player": "назовите ровно одного живого игрока",
    "name at least one player": "назовите хотя бы одного игрока",
    "name exactly one player to replace": "назовите ровно одного игрока, которого нужно заменить",
    "the substitute must be new to the game": "замена должна быть новым участником игры",
    "name at least one player of this game": "назовите хотя бы одного игрока этой игры",
    "the player is alive": "игрок жив",
    "the phase is closed": "фаза закрыта",
    "unknown player": "неизвестный игрок",
    invalid: "недопустимые параметры",
    // engine
    "the game is over": "игра окончена",
  },
  patterns: [
    { en: /^unknown action: (.+)$/, ru: "неизвестное действие: $1" },
    { en: /^unknown GM action: (.+)$/, ru: "неизвестное действие ведущего: $1" },
    { en: /^unknown player: (.+)$/, ru: "неизвестный игрок: $1" },
    // engine.bad_options / engine.bad_params: "<path>: <zod message>"
    {
      en: /^options\.([\w.]*): (.+)$/,
      ru: (m) => `неверная настройка options.${m[1] ?? ""}: ${invalid(m[2] ?? "")}`,
    },
    {
      en: /^([\w.]+): (.+)$/,
      ru: (m) =>
        m[1] === "params"
          ? `неверные параметры действия: ${invalid(m[2] ?? "")}`
          : `неверный параметр ${m[1] ?? ""}: ${invalid(m[2] ?? "")}`,
    },
  ],
};

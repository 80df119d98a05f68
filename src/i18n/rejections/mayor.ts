import type { RejectionTable } from "./types.js";

/** Mayor (../shared/rules/mayor.md); the forum's words: ВЫБОР, ВЕРДИКТ, ЗАСЕДАНИЕ, КАЗНЬ, ИЗО, ТЮРЬМА, ОТПУСК. */
export const mayor: RejectionTable = {
  byReason: {
    "jailed players cannot make a night choice": "игрок в тюрьме не может выносить ночной выбор",
    "isolated players cannot make a night choice": "игрок в ИЗО не может выносить ночной выбор",
    "cannot choose yourself": "нельзя выбрать себя",
    "a choice names exactly one player or the Mayor": "в выборе называют ровно одного игрока или Мэра",
    "a verdict has already been given this session": "вердикт на этом заседании уже вынесен",
    "isolated players cannot give a verdict": "игрок в ИЗО не может выносить вердикт",
    "cannot give a verdict on yourself": "нельзя выносить вердикт самому себе",
    "a verdict needs a target": "в вердикте нужно назвать игрока",
    "a verdict names at most one player": "в вердикте называют не больше одного игрока",
    "no execution at the first session": "на первом заседании нельзя отправлять на казнь",
    "already on vacation": "вы уже в отпуске",
    "not on vacation": "вы не в отпуске",
    // setup (the GM's roster)
    "at least 3 players are needed": "нужно не меньше 3 игроков",
    "give a role to every player or to none (the engine deals)":
      "роль нужно дать либо всем игрокам, либо никому (тогда роли раздаст движок)",
  },
  patterns: [
    { en: /^"(.*)" is reserved for the Mayor$/, ru: 'id "$1" зарезервирован за Мэром' },
    { en: /^duplicate id "(.*)"$/, ru: 'id "$1" повторяется' },
    { en: /^unknown role "(.*)"$/, ru: 'неизвестная роль "$1"' },
  ],
};

import type { RejectionTable } from "./types.js";

/** Secret Hitler: Reichstag (../shared/rules/reichstag.md); the forum's words: закон, канцлер, вето. */
export const reichstag: RejectionTable = {
  byReason: {
    "already discarded": "закон уже сброшен",
    "this player has already been investigated": "этого игрока уже проверяли (дважды за игру нельзя)",
    "name a policy: L or F": "назовите закон: L (либеральный) или F (фашистский)",
    "vote ja or nein": "голосуйте Ja или Nein",
    "candidates cannot vote": "кандидаты не голосуют в раунде, где их избирают",
    "choose the powers first": "сначала выберите полномочия",
    "execution cannot be combined with other powers": "расстрел нельзя совмещать с другими полномочиями",
    "the extension limit of this phase is reached": "лимит продлений этой фазы исчерпан",
    "no player can be investigated": "проверять некого",
    "no such policy in hand": "такого закона у вас на руках нет",
    "no veto request to answer": "запроса на вето нет",
    "only the Chancellor can request a veto": "запросить вето может только канцлер",
    "only the Chancellor enacts": "закон принимает только канцлер",
    "this power was not chosen": "это полномочие не выбрано",
    "the President has not discarded yet": "президент ещё не сбросил закон",
    "only the President answers a veto": "на вето отвечает только президент",
    "only the President discards": "сбрасывает закон только президент",
    "this power was already used": "это полномочие уже использовано",
    "powers already chosen": "полномочия уже выбраны",
    "only the President acts now": "сейчас действует только президент",
    "the same power cannot be chosen twice": "одно полномочие нельзя выбрать дважды",
    "cannot nominate yourself": "нельзя номинировать себя",
    "term-limited: cannot be nominated as Chancellor":
      "ограничение срока: этого игрока сейчас нельзя номинировать на канцлера",
    "choose two different powers, or execution alone": "выберите два разных полномочия или один расстрел",
    "veto is not available before five fascist policies":
      "право вето действует только после пяти фашистских законов",
    "waiting for the President's answer to the veto": "ждём ответа президента на вето",
    "veto already requested in this session": "вето в этой сессии уже запрашивали",
    "only the presidential candidate nominates": "номинирует канцлера только кандидат в президенты",
    "answer agree: true or false": "ответьте на вето: agree — true (согласен) или false (не согласен)",
    // setup (the GM's roster)
    "duplicate player ids": "id игроков повторяются",
    "give a role to every player or to none": "роль нужно дать либо всем игрокам, либо никому",
  },
  patterns: [
    { en: /^this action takes (.+) target\(s\)$/, ru: "число целей у этого действия: $1" },
    {
      en: /^reichstag needs (.+) to (.+) players, got (.+)$/,
      ru: "в рейхстаге играют от $1 до $2 игроков, а записано $3",
    },
    { en: /^the distribution for (.+) players is (.+)$/, ru: "для $1 игроков расклад ролей такой: $2" },
    {
      en: /^players\.(.+)\.faction does not match the role$/,
      ru: "players.$1.faction: фракция не соответствует роли",
    },
    {
      en: /^options\.deck must hold (.+) L and (.+) F$/,
      ru: "в колоде options.deck должно быть $1 L и $2 F",
    },
    {
      en: /^options\.firstCandidate: unknown player (.+)$/,
      ru: "options.firstCandidate: неизвестный игрок $1",
    },
  ],
};

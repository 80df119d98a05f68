import type { RejectionTable } from "./types.js";

/** Classic mafia (../shared/rules/classic.md); words from the forum's rules: заявка, ход, протект. */
export const classic: RejectionTable = {
  byReason: {
    "removed players cannot act": "выбывшие игроки не могут действовать",
    "only the maniac acts on night 0": "в нулевую ночь действует только маньяк",
    "an order may be changed only once per turn": "заявку можно сменить только один раз за ход",
    "exactly one target required": "нужна ровно одна цель",
    "this action takes no targets": "у этого действия нет целей",
    "exactly two targets required": "нужны ровно две цели",
    "one or two distinct targets required": "нужны одна или две разные цели",
    "beaten players cannot vote or post this turn": "избитые не могут голосовать и писать в этот ход",
    "votes cannot be changed": "голос нельзя изменить",
    "cannot vote against yourself": "нельзя голосовать против себя",
    "a vote needs a reason": "голос нужно аргументировать",
    "the maniac cannot commit suicide": "маньяк не может убить себя",
    "the ambush has already been used": "засада уже использована",
    "mafia cannot attack their own clan": "мафия не может нападать на свой клан",
    "mafia cannot attack or beat their own bastard son":
      "мафия не может нападать на ВСБ своего клана или избивать его",
    "the executor must be a living member of the clan": "исполнитель должен быть живым членом клана",
    "the don executes only when he is the last member of the clan":
      "дон исполняет сам, только когда он последний в клане",
    "the don must name an executor": "дон должен назначить исполнителя",
    "only the don may name an executor": "назначать исполнителя может только дон",
    "the don is already chosen": "дон уже выбран",
    "only a mafia member of the clan can be the don": "доном может быть только мафиози этого клана",
    "this player has already been beaten this game": "этого игрока в этой игре уже избивали",
    "the doctor cannot heal himself": "врач не может лечить себя",
    "cannot heal the same player two turns in a row": "нельзя лечить одного и того же игрока два хода подряд",
    "protects can only be given on nights 1 and 2": "протекты выдаются только в первую и вторую ночь",
    "no protects left": "протектов не осталось",
    "the player already has a protect": "у игрока уже есть протект",
    "the army of darkness is not available": "Армия Тьмы недоступна",
    "you have already asked to leave": "вы уже попросили выйти из игры",
    "this player is already removed": "этот игрок уже выбыл",
    "the don must be a living mafia member": "доном может быть только живой мафиози",
    "this player is already the don": "этот игрок уже дон",
    "votes are rejected during the day": "отклонить голос можно только днём",
    "this player has no accepted vote to reject":
      "у этого игрока нет принятого голоса, который можно отклонить",
    "the duel is decided at night": "дуэль решается ночью",
    // setup (the GM's roster)
    "either every player has a role or none has (then the engine deals options.roles)":
      "роль нужно дать либо всем игрокам, либо никому (тогда роли из options.roles раздаст движок)",
  },
  patterns: [
    // classic "deals", mayor "deal"
    {
      en: /^options\.roles deals? (.+) roles for (.+) players$/,
      ru: "options.roles: ролей $1, а игроков $2",
    },
  ],
};

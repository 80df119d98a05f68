import type { RejectionTable } from "./types.js";

/** The measures that need the Supreme Judge's permission (§ КСБ), as the forum names them. */
const MEASURE: Record<string, string> = {
  search: "обыск",
  mail_check: "проверка почтовых отправлений",
  detain: "задержание",
};

/**
 * Regnum (../shared/rules/regnum.md); the forum's words: персонаж, облик, подполье, за границей,
 * ВС (armed forces), Командующий, отряд, юнит, кроны, орхиум, Дворец, разрешение Верховного судьи.
 */
export const regnum: RejectionTable = {
  byReason: {
    "the question was answered or the session closed": "на вопрос уже ответили или допрос закрыт",
    "the window is still open": "время на ответ ещё не вышло",
    "a character abroad does not vote": "персонаж за границей не голосует",
    "you are already abroad (use travel)": "вы уже за границей (переезд в другую страну — travel)",
    "a unit is already assigned this phase": "юнит уже получил задание в эту фазу",
    "name the army (you serve in none or in several)":
      "укажите ВС: вы не служите ни в одних или служите сразу в нескольких",
    "name the army to make peace with": "укажите ВС, с которыми заключается мир",
    "name a destination country": "укажите страну назначения",
    "name a foreign country": "укажите иностранное государство",
    "name another country": "укажите другую страну",
    "unknown country": "неизвестная страна",
    "only a free character in Regnum, not yet underground, can go underground":
      "уйти в подполье может только свободный персонаж в Регнуме, ещё не ушедший в подполье",
    "a detained character can only answer questions": "задержанный персонаж может только отвечать на вопросы",
    "a neutralized character cannot act": "нейтрализованный персонаж не может действовать",
    "a character in an enemy country cannot send mail":
      "находясь во вражеской стране, нельзя отправлять письма и посылки",
    "name players or units to move": "назовите персонажей или юниты, которых нужно переместить",
    "a unit is already in transit": "юнит уже в пути",
    "a unit is in transit": "юнит в пути",
    "a knight cannot desert": "Рыцарь не может дезертировать",
    "the post of Magister is not vacant": "пост Магистра не вакантен",
    "not enough crowns": "не хватает крон",
    "squads can only be paid with resources": "эти отряды оплачиваются только ресурсами",
    "not enough orchium": "не хватает орхиума",
    "no question is waiting for your answer": "вопросов, ждущих вашего ответа, нет",
    "there is no pending warrant request for this": "запроса на разрешение суда для этого нет",
    "not enough resources (one per squad)": "не хватает ресурсов (по одному на отряд)",
    "you have no open interrogation": "у вас нет открытого допроса",
    "you have no open interrogation without a pending question":
      "у вас нет открытого допроса, где не ждут ответа на прошлый вопрос",
    "this action takes no target": "у этого действия нет цели",
    "no units of yours in the target's country": "в стране цели нет ваших юнитов",
    "no units to move": "нет юнитов для перемещения",
    "travel is for characters abroad (use go_abroad)":
      "переезд (travel) — только для персонажей за границей; чтобы выехать из Регнума — go_abroad",
    "only an advocate can do this": "это может только адвокат",
    "the Director is appointed from the KSB agents": "Директора назначают из агентов КСБ",
    "this unit type is not allowed there": "юнитам этого типа туда нельзя",
    "only the Assassin can do this": "это может только Ассасин",
    "you command no army at war with that army": "вы не командуете ВС, которые воюют с этими ВС",
    "only the army's commander assigns its units": "задания юнитам даёт только Командующий их ВС",
    "only the army's commander moves its units": "перемещает юниты только Командующий их ВС",
    "only the commander of a non-foreign army (or its defence minister) conscripts":
      "призывать отряды может только Командующий неиностранных ВС (или министр обороны)",
    "only the Detective can do this": "это может только Детектив",
    "only the KSB Director (the King while the post is vacant) can do this":
      "это может только Директор КСБ (пока пост вакантен — Король)",
    "only elder adepts elect the Magister": "Магистра избирают только Старшие адепты",
    "only the elder adept can do this": "это может только Старший адепт",
    "the Magister is elected from the living elder adepts": "Магистра избирают из живых Старших адептов",
    "only a member of the Government can embezzle": "казнокрадство доступно только членам Правительства",
    "you are not on the palace list": "вас нет в списке Дворца",
    "only free corporeal characters in Regnum not yet in the palace can ask to enter it":
      "попроситься во Дворец могут только свободные телесные персонажи в Регнуме, ещё не попавшие во Дворец",
    "only free corporeal characters in Regnum not yet in the palace can be invited":
      "пригласить во Дворец можно только свободных телесных персонажей в Регнуме, ещё не попавших во Дворец",
    "you have no open invitation to the palace": "у вас нет открытого приглашения во Дворец",
    "only the Supreme Judge can grant or deny warrants":
      "давать или не давать разрешение может только Верховный судья",
    "only junior adepts and de-recruited adepts can be excluded from the Order's chat":
      "из чата Ордена можно исключить только Младших адептов и развербованных",
    "only the King and the President appoint the Director": "Директора назначают только Король и Президент",
    "only the KSB agent can do this": "это может только агент КСБ",
    "only the Magister can do this": "это может только Магистр",
    "only the Rainbow Baron can do this": "это может только Радужный Барон",
    "this character has not asked to enter the palace": "этот персонаж не просился во Дворец",
    "only a KSB agent or an expert can search": "обыск проводят только агент КСБ или Эксперт",
    "you do not serve in this army": "вы не служите в этих ВС",
    "you neither serve in nor command this army": "вы не служите в этих ВС и не командуете ими",
    "the units must be in the target's country": "юниты должны быть в стране цели",
    "only the Thief can do this": "это может только Вор",
    "you are not underground": "вы не в подполье",
    "name at most one target": "назовите не больше одной цели",
    "name exactly one target": "назовите ровно одну цель",
    "name the actor whose order is overridden": "назовите персонажа, чей ход переопределяется",
    "name the army": "назовите ВС",
    "name the country": "назовите страну",
    "a character abroad does not perform power functions":
      "персонаж за границей не выполняет властные функции",
    "an underground character does not perform power functions":
      "персонаж в подполье не выполняет властные функции",
    "a unit is already there": "юнит уже там",
    "you cannot target yourself": "нельзя выбрать целью себя",
    "conscripted squads cannot outnumber the members of the army's chat":
      "призванных отрядов не может быть больше, чем участников чата ВС",
    "crowns must be an integer from 1 to 100": "кроны — целое число от 1 до 100",
    "give either crowns (up to 100) or one item, not both":
      "укажите либо кроны (до 100), либо один предмет, но не то и другое",
    "the Director is appointed in day phases from day 2": "Директора назначают днём, начиная со второго дня",
    "an underground character cannot send letters or parcels":
      "персонаж в подполье не может отправлять письма и посылки",
    "a unit id is already used": "такой id юнита уже занят",
    "unknown actor": "неизвестный исполнитель",
    "you can only take an appearance you know": "принять можно только известный вам облик",
    "unknown killer": "неизвестный убийца",
    "unknown owner": "неизвестный владелец",
    "unknown target": "неизвестная цель",
    "unknown unit": "неизвестный юнит",
    // setup (the GM's roster)
    "options.units: duplicate unit id": "options.units: id юнитов повторяются",
  },
  patterns: [
    {
      en: /^this measure needs a granted warrant \((.+)\) of the Supreme Judge$/,
      ru: ([, measure = ""]) => `на это нужно разрешение Верховного судьи (${MEASURE[measure] ?? measure})`,
    },
    { en: /^you have no item (.+)$/, ru: "у вас нет предмета $1" },
    { en: /^unknown target: (.+)$/, ru: "неизвестная цель: $1" },
    { en: /^unknown option (.+)$/, ru: "неизвестная настройка $1" },
    { en: /^invalid value for (.+)$/, ru: "недопустимое значение настройки $1" },
    // setup (the GM's roster)
    {
      en: /^options\.units: unknown owner "(.*)" of (.+)$/,
      ru: 'options.units: неизвестный владелец "$1" юнита $2',
    },
    { en: /^options\.units: unknown type (.+)$/, ru: "options.units: неизвестный тип юнита $1" },
    {
      en: /^players\.(.+)\.appearance: duplicate appearance "(.*)"$/,
      ru: 'players.$1.appearance: облик "$2" повторяется',
    },
  ],
};

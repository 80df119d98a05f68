import { defineRejections, RU_ZOD_MESSAGE } from "../../engine/rejections.js";
import { numberArgs, textArgs } from "../../engine/messages.js";
import { RULESET } from "./state.js";

/**
 * Every refusal of the Reichstag (reichstag.md section 4 and the setup) as ICU messages
 * (docs/i18n.md): English as the rules file words it, Russian with the forum's words (закон,
 * канцлер, вето, полномочие).
 */

export const rejections = defineRejections(RULESET, {
  deadActor: { en: "dead players cannot act", ru: "мёртвые не могут действовать" },
  phaseClosed: { en: "the phase is closed", ru: "фаза закрыта" },
  wrongPhase: { en: "wrong phase for this action", ru: "сейчас не та фаза для этого действия" },
  targetDead: { en: "target is not alive", ru: "цель мертва" },
  presidentOnly: { en: "only the President acts now", ru: "сейчас действует только президент" },
  notCandidate: {
    en: "only the presidential candidate nominates",
    ru: "номинирует канцлера только кандидат в президенты",
  },
  selfNomination: { en: "cannot nominate yourself", ru: "нельзя номинировать себя" },
  termLimited: {
    en: "term-limited: cannot be nominated as Chancellor",
    ru: "ограничение срока: этого игрока сейчас нельзя номинировать на канцлера",
  },
  badVote: { en: "vote ja or nein", ru: "голосуйте Ja или Nein" },
  candidateVote: { en: "candidates cannot vote", ru: "кандидаты не голосуют в раунде, где их избирают" },
  notPresident: { en: "only the President discards", ru: "сбрасывает закон только президент" },
  alreadyDiscarded: { en: "already discarded", ru: "закон уже сброшен" },
  badPolicy: { en: "name a policy: L or F", ru: "назовите закон: L (либеральный) или F (фашистский)" },
  noSuchPolicy: { en: "no such policy in hand", ru: "такого закона у вас на руках нет" },
  notDiscarded: { en: "the President has not discarded yet", ru: "президент ещё не сбросил закон" },
  notChancellor: { en: "only the Chancellor enacts", ru: "закон принимает только канцлер" },
  vetoPending: { en: "waiting for the President's answer to the veto", ru: "ждём ответа президента на вето" },
  notChancellorVeto: {
    en: "only the Chancellor can request a veto",
    ru: "запросить вето может только канцлер",
  },
  vetoLocked: {
    en: "veto is not available before five fascist policies",
    ru: "право вето действует только после пяти фашистских законов",
  },
  vetoRepeated: { en: "veto already requested in this session", ru: "вето в этой сессии уже запрашивали" },
  notPresidentVeto: { en: "only the President answers a veto", ru: "на вето отвечает только президент" },
  noVeto: { en: "no veto request to answer", ru: "запроса на вето нет" },
  badAnswer: {
    en: "answer agree: true or false",
    ru: "ответьте на вето: agree — true (согласен) или false (не согласен)",
  },
  powersChosen: { en: "powers already chosen", ru: "полномочия уже выбраны" },
  twoPowers: {
    en: "choose two different powers, or execution alone",
    ru: "выберите два разных полномочия или один расстрел",
  },
  executeCombined: {
    en: "execution cannot be combined with other powers",
    ru: "расстрел нельзя совмещать с другими полномочиями",
  },
  samePower: { en: "the same power cannot be chosen twice", ru: "одно полномочие нельзя выбрать дважды" },
  noInvestigable: { en: "no player can be investigated", ru: "проверять некого" },
  chooseFirst: { en: "choose the powers first", ru: "сначала выберите полномочия" },
  notChosen: { en: "this power was not chosen", ru: "это полномочие не выбрано" },
  powerUsed: { en: "this power was already used", ru: "это полномочие уже использовано" },
  selfTarget: { en: "cannot target yourself", ru: "нельзя выбрать целью себя" },
  alreadyInvestigated: {
    en: "this player has already been investigated",
    ru: "этого игрока уже проверяли (дважды за игру нельзя)",
  },
  extensionCap: {
    en: "the extension limit of this phase is reached",
    ru: "лимит продлений этой фазы исчерпан",
  },
  unknownPlayer: {
    en: "unknown player: {player}",
    ru: "неизвестный игрок: {player}",
    args: textArgs("player"),
    example: { player: "zed" },
  },
  targetCount: {
    en: "this action takes {count, number} target(s)",
    ru: "число целей у этого действия: {count, number}",
    args: numberArgs("count"),
    example: { count: 1 },
  },
  // GM actions
  modkillTargets: { en: "name at least one player", ru: "назовите хотя бы одного игрока" },
  badParams: {
    en: "{message}",
    ru: `неверные параметры: ${RU_ZOD_MESSAGE}`,
    args: textArgs("message"),
    example: { message: "Required" },
  },
  // setup (the GM's roster)
  playerCount: {
    en: "reichstag needs 5 to 10 players, got {players, number}",
    ru: "в рейхстаге играют от 5 до 10 игроков, а записано {players, number}",
    args: numberArgs("players"),
    example: { players: 4 },
  },
  duplicateIds: { en: "duplicate player ids", ru: "id игроков повторяются" },
  rolesAllOrNone: {
    en: "give a role to every player or to none",
    ru: "роль нужно дать либо всем игрокам, либо никому",
  },
  distribution: {
    en: "the distribution for {players, number} players is {liberal, number}/{fascist, number}/1",
    ru: "для {players, number} игроков расклад ролей такой: {liberal, number}/{fascist, number}/1",
    args: numberArgs("players", "liberal", "fascist"),
    example: { players: 7, liberal: 4, fascist: 2 },
  },
  factionMismatch: {
    en: "players.{seat}.faction does not match the role",
    ru: "players.{seat}.faction: фракция не соответствует роли",
    args: textArgs("seat"),
    example: { seat: 2 },
  },
  deck: {
    en: "options.deck must hold {liberal, number} L and {fascist, number} F",
    ru: "в колоде options.deck должно быть {liberal, number} L и {fascist, number} F",
    args: numberArgs("liberal", "fascist"),
    example: { liberal: 6, fascist: 11 },
  },
  firstCandidate: {
    en: "options.firstCandidate: unknown player {player}",
    ru: "options.firstCandidate: неизвестный игрок {player}",
    args: textArgs("player"),
    example: { player: "zed" },
  },
});

export type ReichstagRejection = keyof typeof rejections.texts;
export const reject = rejections.reject;

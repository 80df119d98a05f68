import { defineRejections } from "../../engine/rejections.js";
import type { ArgsOf } from "../../engine/messages.js";
import { paramText } from "../../engine/params.js";
import { RULESET } from "./state.js";

/**
 * Every refusal of classic mafia: English as the rules file words it (§4, in its order), Russian
 * with the forum's words (заявка, ход, протект, ВСБ). Setup refusals answer the GM's roster.
 * Each text is an ICU message (docs/i18n.md) of the refusal's params.
 */

/** A refusal naming a role or a clan: the reader's word for it (the id in the English reason). */
const roleArgs: ArgsOf = (params, ctx) => ({ role: ctx.role(paramText(params["role"])) });
const clanArgs: ArgsOf = (params, ctx) => ({ clan: ctx.faction(paramText(params["clan"])) });

export const rejections = defineRejections(RULESET, {
  // §4: every action
  dead: { en: "dead players cannot act", ru: "мёртвые не могут действовать" },
  removed: { en: "removed players cannot act", ru: "выбывшие игроки не могут действовать" },
  role: { en: "this action is not available to your role", ru: "вашей роли это действие недоступно" },
  phase: { en: "wrong phase for this action", ru: "сейчас не та фаза для этого действия" },
  night0: { en: "only the maniac acts on night 0", ru: "в нулевую ночь действует только маньяк" },
  notAlive: { en: "target is not alive", ru: "цель мертва" },
  self: { en: "cannot target yourself", ru: "нельзя выбрать целью себя" },
  changed: {
    en: "an order may be changed only once per turn",
    ru: "заявку можно сменить только один раз за ход",
  },
  oneTarget: { en: "exactly one target required", ru: "нужна ровно одна цель" },
  noTargets: { en: "this action takes no targets", ru: "у этого действия нет целей" },
  twoTargets: { en: "exactly two targets required", ru: "нужны ровно две цели" },
  protectTargets: { en: "one or two distinct targets required", ru: "нужны одна или две разные цели" },
  // the actions' own
  beatenDay: {
    en: "beaten players cannot vote or post this turn",
    ru: "избитые не могут голосовать и писать в этот ход",
  },
  voteChanged: { en: "votes cannot be changed", ru: "голос нельзя изменить" },
  selfVote: { en: "cannot vote against yourself", ru: "нельзя голосовать против себя" },
  voteReason: { en: "a vote needs a reason", ru: "голос нужно аргументировать" },
  suicide: { en: "the maniac cannot commit suicide", ru: "маньяк не может убить себя" },
  ambushUsed: { en: "the ambush has already been used", ru: "засада уже использована" },
  ownClan: { en: "mafia cannot attack their own clan", ru: "мафия не может нападать на свой клан" },
  ownSon: {
    en: "mafia cannot attack or beat their own bastard son",
    ru: "мафия не может нападать на ВСБ своего клана или избивать его",
  },
  executor: {
    en: "the executor must be a living member of the clan",
    ru: "исполнитель должен быть живым членом клана",
  },
  donLast: {
    en: "the don executes only when he is the last member of the clan",
    ru: "дон исполняет сам, только когда он последний в клане",
  },
  donExecutor: { en: "the don must name an executor", ru: "дон должен назначить исполнителя" },
  onlyDon: { en: "only the don may name an executor", ru: "назначать исполнителя может только дон" },
  donChosen: { en: "the don is already chosen", ru: "дон уже выбран" },
  donMafia: {
    en: "only a mafia member of the clan can be the don",
    ru: "доном может быть только мафиози этого клана",
  },
  beatenEver: {
    en: "this player has already been beaten this game",
    ru: "этого игрока в этой игре уже избивали",
  },
  selfHeal: { en: "the doctor cannot heal himself", ru: "врач не может лечить себя" },
  sameHeal: {
    en: "cannot heal the same player two turns in a row",
    ru: "нельзя лечить одного и того же игрока два хода подряд",
  },
  protectNights: {
    en: "protects can only be given on nights 1 and 2",
    ru: "протекты выдаются только в первую и вторую ночь",
  },
  noProtects: { en: "no protects left", ru: "протектов не осталось" },
  hasProtect: { en: "the player already has a protect", ru: "у игрока уже есть протект" },
  army: { en: "the army of darkness is not available", ru: "Армия Тьмы недоступна" },
  leaving: { en: "you have already asked to leave", ru: "вы уже попросили выйти из игры" },
  // GM actions
  gmOneLiving: { en: "name exactly one living player", ru: "назовите ровно одного живого игрока" },
  gmModkillTwice: { en: "this player is already removed", ru: "этот игрок уже выбыл" },
  gmDonMafia: { en: "the don must be a living mafia member", ru: "доном может быть только живой мафиози" },
  gmDonSame: { en: "this player is already the don", ru: "этот игрок уже дон" },
  gmRejectByDay: { en: "votes are rejected during the day", ru: "отклонить голос можно только днём" },
  gmNoVote: {
    en: "this player has no accepted vote to reject",
    ru: "у этого игрока нет принятого голоса, который можно отклонить",
  },
  gmDuelAtNight: { en: "the duel is decided at night", ru: "дуэль решается ночью" },
  // setup (the GM's roster)
  dealCount: {
    en: `options.roles deals {roles} roles for {players} players: make the roles add up to {players} with /game options, or clear them ('{'"roles": null'}') for the default deal of this table`,
    ru: "options.roles: ролей {roles}, а игроков {players} — исправьте options.roles через /игра настройки, чтобы ролей было {players}, или сбросьте options.roles, и бот раздаст роли по умолчанию для такого стола",
    example: { roles: 24, players: 8 },
  },
  rolesAllOrNone: {
    en: "either every player has a role or none has (then the engine deals options.roles)",
    ru: "роль нужно дать либо всем игрокам, либо никому (тогда роли из options.roles раздаст движок)",
  },
  seatRole: {
    en: "players.{seat}.role: a role is required when any player has one",
    ru: "players.{seat}.role: раз роль есть у кого-то из игроков, она нужна каждому",
    example: { seat: 3 },
  },
  seatClanFaction: {
    en: "players.{seat}.faction: a clan role's faction is italians or russians",
    ru: "players.{seat}.faction: клан у клановой роли — italians или russians",
    example: { seat: 3 },
  },
  seatMafiaFaction: {
    en: "players.{seat}.faction: a mafia member needs a faction (italians or russians)",
    ru: "players.{seat}.faction: мафиози нужен клан (italians или russians)",
    example: { seat: 3 },
  },
  seatKamikazeFaction: {
    en: "players.{seat}.faction: the kamikaze is italians only",
    ru: "players.{seat}.faction: камикадзе бывает только в клане italians",
    example: { seat: 3 },
  },
  seatThugFaction: {
    en: "players.{seat}.faction: the thug is russians only",
    ru: "players.{seat}.faction: громила бывает только в клане russians",
    example: { seat: 3 },
  },
  seatSonClan: {
    en: "players.{seat}.clan: a bastard_son needs a clan (italians or russians)",
    ru: "players.{seat}.clan: ВСБ нужен клан (italians или russians)",
    example: { seat: 3 },
  },
  tooFew: { en: "at least 3 players are required", ru: "нужно не меньше 3 игроков" },
  duplicateId: {
    en: 'duplicate player id "{id}"',
    ru: 'id игрока "{id}" повторяется',
    example: { id: "anna" },
  },
  uniqueRole: {
    en: "more than one {role}",
    ru: "роль «{role}» может быть только у одного игрока",
    args: roleArgs,
    example: { role: "maniac" },
  },
  sonCount: {
    en: "more than one bastard_son of {clan}",
    ru: "у клана «{clan}» больше одного ВСБ",
    args: clanArgs,
    example: { clan: "italians" },
  },
  sonWithoutClan: {
    en: "a bastard_son of {clan}, which has no member",
    ru: "ВСБ клана «{clan}», в котором нет ни одного члена",
    args: clanArgs,
    example: { clan: "italians" },
  },
  donCount: {
    en: "more than one don of {clan}",
    ru: "у клана «{clan}» больше одного дона",
    args: clanArgs,
    example: { clan: "italians" },
  },
  donRole: {
    en: "don on a {role}: only a mafia member can be the don",
    ru: "дон у роли «{role}»: доном может быть только мафиози",
    args: roleArgs,
    example: { role: "thug" },
  },
});

export type ClassicRejection = keyof typeof rejections.texts;
export const reject = rejections.reject;

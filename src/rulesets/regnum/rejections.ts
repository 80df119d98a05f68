import { defineRejections, RU_ZOD_MESSAGE } from "../../engine/rejections.js";
import { seatArgs, textArgs, type ArgsOf } from "../../engine/messages.js";
import { paramText } from "../../engine/params.js";
import { RULESET } from "./state.js";

/**
 * Every refusal of Regnum (regnum.md §5, §10 and the setup): English as the rules file words it,
 * Russian with the forum's words (персонаж, облик, подполье, за границей, ВС, Командующий, отряд,
 * юнит, кроны, орхиум, Дворец, разрешение Верховного судьи). Each is an ICU message
 * (docs/i18n.md); the measures that need the Supreme Judge's permission are a select of noWarrant.
 */

/** A refusal about a seat's roles (§2.2): `{player}` and each role id named as `{<role id>}`. */
function seatWithRoles(...roles: readonly string[]): ArgsOf {
  return (p, ctx) => ({
    ...seatArgs(ctx, "player", paramText(p["player"])),
    ...Object.fromEntries(roles.map((role) => [role, ctx.role(role)])),
  });
}

export const rejections = defineRejections(RULESET, {
  notDirector: {
    en: "only the KSB Director (the King while the post is vacant) can do this",
    ru: "это может только Директор КСБ (пока пост вакантен — Король)",
  },
  stealParams: {
    en: "give either crowns (up to 100) or one item, not both",
    ru: "укажите либо кроны (до 100), либо один предмет, но не то и другое",
  },
  stealCrowns: { en: "crowns must be an integer from 1 to 100", ru: "кроны — целое число от 1 до 100" },
  notJudge: {
    en: "only the Supreme Judge can grant or deny warrants",
    ru: "давать или не давать разрешение может только Верховный судья",
  },
  noRequest: {
    en: "there is no pending warrant request for this",
    ru: "запроса на разрешение суда для этого нет",
  },
  notSearcher: {
    en: "only a KSB agent or an expert can search",
    ru: "обыск проводят только агент КСБ или Эксперт",
  },
  noSession: {
    en: "you have no open interrogation without a pending question",
    ru: "у вас нет открытого допроса, где не ждут ответа на прошлый вопрос",
  },
  noQuestion: { en: "no question is waiting for your answer", ru: "вопросов, ждущих вашего ответа, нет" },
  noOpenSession: { en: "you have no open interrogation", ru: "у вас нет открытого допроса" },
  notGovernment: {
    en: "only a member of the Government can embezzle",
    ru: "казнокрадство доступно только членам Правительства",
  },
  unknownAppearance: {
    en: "you can only take an appearance you know",
    ru: "принять можно только известный вам облик",
  },
  notElder: { en: "only elder adepts elect the Magister", ru: "Магистра избирают только Старшие адепты" },
  abroadVote: { en: "a character abroad does not vote", ru: "персонаж за границей не голосует" },
  magisterHeld: { en: "the post of Magister is not vacant", ru: "пост Магистра не вакантен" },
  notElderTarget: {
    en: "the Magister is elected from the living elder adepts",
    ru: "Магистра избирают из живых Старших адептов",
  },
  notJunior: {
    en: "only junior adepts and de-recruited adepts can be excluded from the Order's chat",
    ru: "из чата Ордена можно исключить только Младших адептов и развербованных",
  },
  notKingPresident: {
    en: "only the King and the President appoint the Director",
    ru: "Директора назначают только Король и Президент",
  },
  tooEarlyDirector: {
    en: "the Director is appointed in day phases from day 2",
    ru: "Директора назначают днём, начиная со второго дня",
  },
  notAgent: { en: "the Director is appointed from the KSB agents", ru: "Директора назначают из агентов КСБ" },
  notInvitable: {
    en: "only free corporeal characters in Regnum not yet in the palace can be invited",
    ru: "пригласить во Дворец можно только свободных телесных персонажей в Регнуме, ещё не попавших во Дворец",
  },
  notInvited: {
    en: "you have no open invitation to the palace",
    ru: "у вас нет открытого приглашения во Дворец",
  },
  cannotAskPalace: {
    en: "only free corporeal characters in Regnum not yet in the palace can ask to enter it",
    ru: "попроситься во Дворец могут только свободные телесные персонажи в Регнуме, ещё не попавшие во Дворец",
  },
  notRequested: {
    en: "this character has not asked to enter the palace",
    ru: "этот персонаж не просился во Дворец",
  },
  notInPalace: { en: "you are not on the palace list", ru: "вас нет в списке Дворца" },
  armyNeeded: {
    en: "name the army (you serve in none or in several)",
    ru: "укажите ВС: вы не служите ни в одних или служите сразу в нескольких",
  },
  notServiceman: {
    en: "you neither serve in nor command this army",
    ru: "вы не служите в этих ВС и не командуете ими",
  },
  notCommander: {
    en: "only the commander of a non-foreign army (or its defence minister) conscripts",
    ru: "призывать отряды может только Командующий неиностранных ВС (или министр обороны)",
  },
  noCrownsPrice: {
    en: "squads can only be paid with resources",
    ru: "эти отряды оплачиваются только ресурсами",
  },
  noCrowns: { en: "not enough crowns", ru: "не хватает крон" },
  noResources: { en: "not enough resources (one per squad)", ru: "не хватает ресурсов (по одному на отряд)" },
  notAllowedHere: { en: "this unit type is not allowed there", ru: "юнитам этого типа туда нельзя" },
  squadCap: {
    en: "conscripted squads cannot outnumber the members of the army's chat",
    ru: "призванных отрядов не может быть больше, чем участников чата ВС",
  },
  badCountry: { en: "name a destination country", ru: "укажите страну назначения" },
  noUnits: { en: "no units to move", ru: "нет юнитов для перемещения" },
  unknownUnit: { en: "unknown unit", ru: "неизвестный юнит" },
  notCommanderMoves: {
    en: "only the army's commander moves its units",
    ru: "перемещает юниты только Командующий их ВС",
  },
  inTransit: { en: "a unit is already in transit", ru: "юнит уже в пути" },
  sameCountry: { en: "a unit is already there", ru: "юнит уже там" },
  peaceArmyNeeded: { en: "name the army to make peace with", ru: "укажите ВС, с которыми заключается мир" },
  notAtWar: {
    en: "you command no army at war with that army",
    ru: "вы не командуете ВС, которые воюют с этими ВС",
  },
  knight: { en: "a knight cannot desert", ru: "Рыцарь не может дезертировать" },
  notServingHere: { en: "you do not serve in this army", ru: "вы не служите в этих ВС" },
  cannotHide: {
    en: "only a free character in Regnum, not yet underground, can go underground",
    ru: "уйти в подполье может только свободный персонаж в Регнуме, ещё не ушедший в подполье",
  },
  notUnderground: { en: "you are not underground", ru: "вы не в подполье" },
  alreadyAbroad: {
    en: "you are already abroad (use travel)",
    ru: "вы уже за границей (переезд в другую страну — travel)",
  },
  foreignCountryNeeded: { en: "name a foreign country", ru: "укажите иностранное государство" },
  notAbroad: {
    en: "travel is for characters abroad (use go_abroad)",
    ru: "переезд (travel) — только для персонажей за границей; чтобы выехать из Регнума — go_abroad",
  },
  otherCountryNeeded: { en: "name another country", ru: "укажите другую страну" },
  notAdvocate: { en: "only an advocate can do this", ru: "это может только адвокат" },
  noUnitsToAssign: {
    en: "no units of yours to assign",
    ru: "у вас нет юнитов, которым можно дать задание",
  },
  notCommanderAssigns: {
    en: "only the army's commander assigns its units",
    ru: "задания юнитам даёт только Командующий их ВС",
  },
  unitInTransit: { en: "a unit is in transit", ru: "юнит в пути" },
  alreadyAssigned: { en: "a unit is already assigned this phase", ru: "юнит уже получил задание в эту фазу" },
  undergroundMail: {
    en: "an underground character cannot send letters or parcels",
    ru: "персонаж в подполье не может отправлять письма и посылки",
  },
  enemyMail: {
    en: "a character in an enemy country cannot send mail",
    ru: "находясь во вражеской стране, нельзя отправлять письма и посылки",
  },
  unknownPlayer: { en: "unknown player", ru: "неизвестный игрок" },
  deadActor: { en: "dead players cannot act", ru: "мёртвые не могут действовать" },
  oneTarget: { en: "name exactly one target", ru: "назовите ровно одну цель" },
  selfTarget: { en: "you cannot target yourself", ru: "нельзя выбрать целью себя" },
  noTargets: { en: "this action takes no target", ru: "у этого действия нет цели" },
  unknownTarget: { en: "unknown target", ru: "неизвестная цель" },
  atMostOneTarget: { en: "name at most one target", ru: "назовите не больше одной цели" },
  powerAbroad: {
    en: "a character abroad does not perform power functions",
    ru: "персонаж за границей не выполняет властные функции",
  },
  powerUnderground: {
    en: "an underground character does not perform power functions",
    ru: "персонаж в подполье не выполняет властные функции",
  },
  noOrchium: { en: "not enough orchium", ru: "не хватает орхиума" },
  unknownCountry: { en: "unknown country", ru: "неизвестная страна" },
  unknownKiller: { en: "unknown killer", ru: "неизвестный убийца" },
  gmTargets: {
    en: "name players or units to move",
    ru: "назовите персонажей или юниты, которых нужно переместить",
  },
  unknownOwner: { en: "unknown owner", ru: "неизвестный владелец" },
  unitIdTaken: { en: "a unit id is already used", ru: "такой id юнита уже занят" },
  unknownActor: { en: "unknown actor", ru: "неизвестный исполнитель" },
  overrideActor: {
    en: "name the actor whose order is overridden",
    ru: "назовите персонажа, чей ход переопределяется",
  },
  overrideCountry: { en: "name the country", ru: "назовите страну" },
  overrideArmy: { en: "name the army", ru: "назовите ВС" },
  gmNoTargets: { en: "name at least one player", ru: "назовите хотя бы одного игрока" },
  detainedActor: {
    en: "a detained character can only answer questions",
    ru: "задержанный персонаж может только отвечать на вопросы",
  },
  neutralizedActor: {
    en: "a neutralized character cannot act",
    ru: "нейтрализованный персонаж не может действовать",
  },
  onlyKsbAgent: { en: "only the KSB agent can do this", ru: "это может только агент КСБ" },
  onlyDetective: { en: "only the Detective can do this", ru: "это может только Детектив" },
  onlyThief: { en: "only the Thief can do this", ru: "это может только Вор" },
  onlyElderAdept: { en: "only the elder adept can do this", ru: "это может только Старший адепт" },
  onlyAssassin: { en: "only the Assassin can do this", ru: "это может только Ассасин" },
  onlyRainbowBaron: { en: "only the Rainbow Baron can do this", ru: "это может только Радужный Барон" },
  onlyMagister: { en: "only the Magister can do this", ru: "это может только Магистр" },
  noWarrant: {
    en: "this measure needs a granted warrant ({measure}) of the Supreme Judge",
    ru: "на это нужно разрешение Верховного судьи ({measure, select, search {обыск} mail_check {проверка почтовых отправлений} detain {задержание} other {{measure}}})",
    args: textArgs("measure"),
    example: { measure: "mail_check" },
  },
  noItem: {
    en: "you have no item {item}",
    ru: "у вас нет предмета {item}",
    args: textArgs("item"),
    example: { item: "ring" },
  },
  unknownAction: {
    en: "unknown action: {action}",
    ru: "неизвестное действие: {action}",
    args: textArgs("action"),
    example: { action: "fly" },
  },
  unknownTargetId: {
    en: "unknown target: {target}",
    ru: "неизвестная цель: {target}",
    args: textArgs("target"),
    example: { target: "zed" },
  },
  // GM actions
  unknownOption: {
    en: "unknown option {option}",
    ru: "неизвестная настройка {option}",
    args: textArgs("option"),
    example: { option: "speed" },
  },
  badOption: {
    en: "invalid value for {option}",
    ru: "недопустимое значение настройки {option}",
    args: textArgs("option"),
    example: { option: "answerWindowHours" },
  },
  gmUnknownPlayer: {
    en: "unknown player: {player}",
    ru: "неизвестный игрок: {player}",
    args: textArgs("player"),
    example: { player: "zed" },
  },
  timerGone: {
    en: "the question was answered or the session closed",
    ru: "на вопрос уже ответили или допрос закрыт",
  },
  timerEarly: { en: "the window is still open", ru: "время на ответ ещё не вышло" },
  // setup (the GM's roster) and §2.2's role constraints (also the GM's set_role / set_type)
  playerParam: {
    en: "players.{seat}.{path}: {message}",
    ru: `неверное значение players.{seat}.{path}: ${RU_ZOD_MESSAGE}`,
    args: textArgs("seat", "path", "message"),
    example: { seat: 2, path: "type", message: "Invalid enum value" },
  },
  duplicateAppearance: {
    en: 'players.{seat}.appearance: duplicate appearance "{appearance}"',
    ru: 'players.{seat}.appearance: облик "{appearance}" повторяется',
    args: textArgs("seat", "appearance"),
    example: { seat: 2, appearance: "A1" },
  },
  unitOwner: {
    en: 'options.units: unknown owner "{owner}" of {unit}',
    ru: 'options.units: неизвестный владелец "{owner}" юнита {unit}',
    args: textArgs("owner", "unit"),
    example: { owner: "zed", unit: "u1" },
  },
  unitType: {
    en: "options.units: unknown type {type}",
    ru: "options.units: неизвестный тип юнита {type}",
    args: textArgs("type"),
    example: { type: "dragon" },
  },
  unitDuplicate: { en: "options.units: duplicate unit id", ru: "options.units: id юнитов повторяются" },
  soleRole: {
    en: "{role} is a sole role",
    ru: "роль «{role}» может быть только у одного персонажа",
    args: (p, ctx) => ({ role: ctx.role(paramText(p["role"])) }),
    example: { role: "detective" },
  },
  detectiveCombo: {
    en: "{player}: the detective combines only with expert",
    ru: "{player}: роль «{detective}» совмещается только с ролью «{expert}»",
    args: seatWithRoles("detective", "expert"),
    example: { player: "anna" },
  },
  detectiveType: {
    en: "{player}: the detective's type must be ki, km or im",
    ru: "{player}: тип персонажа с ролью «{detective}» — ki, km или im",
    args: seatWithRoles("detective"),
    example: { player: "anna" },
  },
  thiefCombo: {
    en: "{player}: the thief does not combine with healer, knight or priest",
    ru: "{player}: роль «{thief}» не совмещается с ролями «{healer}», «{knight}» и «{priest}»",
    args: seatWithRoles("thief", "healer", "knight", "priest"),
    example: { player: "anna" },
  },
  assassinCombo: {
    en: "{player}: the assassin combines only with thief and magical roles other than healer and snow_king",
    ru: "{player}: роль «{assassin}» совмещается только с ролью «{thief}» и магическими ролями, кроме «{healer}» и «{snow_king}»",
    args: seatWithRoles("assassin", "thief", "healer", "snow_king"),
    example: { player: "anna" },
  },
  assassinType: {
    en: "{player}: the assassin's type must be ki, km or im",
    ru: "{player}: тип персонажа с ролью «{assassin}» — ki, km или im",
    args: seatWithRoles("assassin"),
    example: { player: "anna" },
  },
  baronCombo: {
    en: "{player}: the rainbow baron combines only with alchemist and thief",
    ru: "{player}: роль «{rainbow_baron}» совмещается только с ролями «{alchemist}» и «{thief}»",
    args: seatWithRoles("rainbow_baron", "alchemist", "thief"),
    example: { player: "anna" },
  },
  baronType: {
    en: "{player}: the rainbow baron's type must be ii or im",
    ru: "{player}: тип персонажа с ролью «{rainbow_baron}» — ii или im",
    args: seatWithRoles("rainbow_baron"),
    example: { player: "anna" },
  },
});

export type RegnumRejection = keyof typeof rejections.texts;
export const reject = rejections.reject;

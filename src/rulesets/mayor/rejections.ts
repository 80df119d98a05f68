import { defineRejections } from "../../engine/rejections.js";
import { numberArgs, textArgs } from "../../engine/messages.js";
import { RULESET_ID } from "./state.js";

/**
 * Every refusal of the Mayor (mayor.md section 4 and the setup) as ICU messages (docs/i18n.md):
 * English as the rules file words it, role-neutral; Russian with the forum's words (ВЫБОР,
 * ВЕРДИКТ, ЗАСЕДАНИЕ, КАЗНЬ, ИЗО, ТЮРЬМА, ОТПУСК).
 */

export const rejections = defineRejections(RULESET_ID, {
  dead: { en: "dead players cannot act", ru: "мёртвые не могут действовать" },
  phase: { en: "wrong phase for this action", ru: "сейчас не та фаза для этого действия" },
  notAlive: { en: "target is not alive", ru: "цель мертва" },
  jailed: {
    en: "jailed players cannot make a night choice",
    ru: "игрок в тюрьме не может выносить ночной выбор",
  },
  isolatedChoice: {
    en: "isolated players cannot make a night choice",
    ru: "игрок в ИЗО не может выносить ночной выбор",
  },
  selfChoice: { en: "cannot choose yourself", ru: "нельзя выбрать себя" },
  choiceTargets: {
    en: "a choice names exactly one player or the Mayor",
    ru: "в выборе называют ровно одного игрока или Мэра",
  },
  verdictGiven: {
    en: "a verdict has already been given this session",
    ru: "вердикт на этом заседании уже вынесен",
  },
  isolatedVerdict: {
    en: "isolated players cannot give a verdict",
    ru: "игрок в ИЗО не может выносить вердикт",
  },
  selfVerdict: { en: "cannot give a verdict on yourself", ru: "нельзя выносить вердикт самому себе" },
  verdictTarget: { en: "a verdict needs a target", ru: "в вердикте нужно назвать игрока" },
  verdictTargets: {
    en: "a verdict names at most one player",
    ru: "в вердикте называют не больше одного игрока",
  },
  firstSession: {
    en: "no execution at the first session",
    ru: "на первом заседании нельзя отправлять на казнь",
  },
  vacationOn: { en: "already on vacation", ru: "вы уже в отпуске" },
  vacationOff: { en: "not on vacation", ru: "вы не в отпуске" },
  // GM actions
  gmTargets: { en: "name at least one living player", ru: "назовите хотя бы одного живого игрока" },
  // setup (the GM's roster)
  tooFew: { en: "at least 3 players are needed", ru: "нужно не меньше 3 игроков" },
  reservedId: {
    en: '"{id}" is reserved for the Mayor',
    ru: 'id "{id}" зарезервирован за Мэром',
    args: textArgs("id"),
    example: { id: "mayor" },
  },
  duplicateId: {
    en: 'duplicate id "{id}"',
    ru: 'id "{id}" повторяется',
    args: textArgs("id"),
    example: { id: "anna" },
  },
  unknownRole: {
    en: 'unknown role "{role}"',
    ru: 'неизвестная роль "{role}"',
    args: textArgs("role"),
    example: { role: "wizard" },
  },
  rolesAllOrNone: {
    en: "give a role to every player or to none (the engine deals)",
    ru: "роль нужно дать либо всем игрокам, либо никому (тогда роли раздаст движок)",
  },
  dealCount: {
    en: "options.roles deal {roles, number} roles for {players, number} players",
    ru: "options.roles: ролей {roles, number}, а игроков {players, number}",
    args: numberArgs("roles", "players"),
    example: { roles: 9, players: 8 },
  },
});

export type MayorRejection = keyof typeof rejections.texts;
export const reject = rejections.reject;

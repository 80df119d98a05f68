import { type RejectionTexts, defineRejections } from "../../engine/rejections.js";
import { paramNumber, paramText } from "../../engine/params.js";
import type { Rejection } from "../../engine/types.js";
import { RULESET_ID } from "./state.js";

/**
 * Every refusal of the clans (§4.4 and the setup): English as the rules file words it, Russian
 * with the forum's words (заявка, вербовка, лечение, разведчик, босс, голос «за» / «против»).
 * Each text is an ICU message (docs/i18n.md) of the refusal's params.
 */

/** §4.4: every rejection id with its reason text; the reason the rules print ends in "(<id>)". */
const RULES = {
  actor_dead: { en: "dead players cannot act", ru: "мёртвые не могут действовать" },
  wrong_phase: { en: "this action is not available in this phase", ru: "в эту фазу это действие недоступно" },
  not_your_role: {
    en: "the actor's current role has no such action",
    ru: "у вашей нынешней роли нет такого действия",
  },
  target_dead: { en: "the target is not alive", ru: "цель мертва" },
  target_self: { en: "this action cannot target yourself", ru: "это действие нельзя направить на себя" },
  slot_taken: { en: "this order was already given this night", ru: "такая заявка этой ночью уже отправлена" },
  repeat_protect: {
    en: "a scout cannot protect the same player two nights running",
    ru: "разведчик не может защищать одного и того же игрока две ночи подряд",
  },
  repeat_heal: {
    en: "a doctor cannot heal the same player two nights running",
    ru: "доктор не может лечить одного и того же игрока две ночи подряд",
  },
  nothing_to_pass: {
    en: "no open slot to pass",
    ru: "пропускать нечего: все заявки этой ночи уже отправлены",
  },
  vote_cast: {
    en: "you already voted this side today (no edits)",
    ru: "сегодня вы уже отдали такой голос («за» или «против»), а менять его нельзя",
  },
  vote_for_self: { en: 'you cannot vote "за" yourself', ru: "нельзя голосовать «за» себя" },
  muted: { en: "a dead player who lost the right to post", ru: "вы мертвы и лишены права писать" },
  // Shape errors the engine cannot turn into exit 2 (see the final report / DECISIONS.md).
  bad_targets: { en: "wrong number of targets", ru: "неверное число целей" },
  unknown_target: { en: "unknown player id", ru: "неизвестный игрок" },
  not_in_game: { en: "the player is not in this game", ru: "этот игрок не участвует в игре" },
} satisfies RejectionTexts;

/** §2.3: the GM's roster. */
const SETUP = {
  playerCount: {
    en: "exactly 12 players are required, got {players, number}",
    ru: "нужно ровно 12 игроков, а записано {players, number}",
    example: { players: 11 },
  },
  uniqueIds: { en: "player ids must be unique", ru: "id игроков не должны повторяться" },
  numberWithoutRole: {
    en: "number needs an explicit shooter role",
    ru: "номер задаётся только вместе с ролью стрелка",
  },
  cardsAllOrNone: {
    en: "give role and faction to every player or to none",
    ru: "роль и клан нужно дать либо всем игрокам, либо никому",
  },
  roleWithFaction: {
    en: "player {player}: role and faction go together",
    ru: "игрок {player}: роль и клан задаются только вместе",
    example: { player: "anna" },
  },
  numberForShooters: {
    en: "player {player}: number is for shooters only",
    ru: "игрок {player}: номер дают только стрелкам",
    example: { player: "anna" },
  },
  oneOfEach: {
    en: "exactly one {role} of {clan} is required, got {count, number}",
    ru: "в клане «{clan}» нужен ровно один игрок с ролью «{role}», а их {count, number}",
    args: (p, c) => ({
      role: c.role(paramText(p["role"])),
      clan: c.faction(paramText(p["clan"])),
      count: paramNumber(p["count"]),
    }),
    example: { role: "boss", clan: "yakuza", count: 2 },
  },
} satisfies RejectionTexts;

export const rejections = defineRejections(RULESET_ID, { ...RULES, ...SETUP });

export type ReasonId = keyof typeof RULES;

/** A refusal of §4.4: code `clans.<id>`, the reason "<text> (<id>)" as the rules file prints it. */
export function reject(id: ReasonId): Rejection {
  const refusal = rejections.reject(id, id);
  return { ...refusal, reason: `${refusal.reason} (${id})` };
}

/** A refusal of the GM's roster (`clans.bad_setup`). */
export function badSetup(
  key: keyof typeof SETUP,
  params?: Parameters<typeof rejections.reject>[2],
): Rejection {
  return rejections.reject("bad_setup", key, params);
}

import { joinList } from "../../engine/helpers.js";
import { messageCatalog, seatArgs, type ArgsOf } from "../../engine/messages.js";
import type { RenderContext, TextCatalog } from "../../engine/ruleset.js";
import type { Lang } from "../../engine/types.js";
import { rejections } from "./rejections.js";
import { paramList, paramNumber, paramText } from "../../engine/params.js";

/**
 * Public lines (section 7) and private results (section 8) as ICU messages (docs/i18n.md).
 * English: the rules file's templates verbatim with ids; Russian: names from the context, agreeing
 * with the seat's gender where a word agrees with it (`other` needs no gender: a present tense or
 * a noun, «Alex: жертва МАФИИ»).
 */

type Key =
  | "roles_in_play"
  | "lawyer_transfer"
  | "released"
  | "isolated_gm"
  | "killed_mafia"
  | "killed_maniac"
  | "killed_mafia_maniac"
  | "mayor_guard"
  | "executed"
  | "modkill"
  | "mayor_visit"
  | "attempts"
  | "second_isolation"
  | "third_isolation"
  | "quiet_night"
  | "jailed"
  | "no_execution"
  | "no_execution_first"
  | "isolated_verdict"
  | "no_isolation"
  | "isolated_missed"
  | "game_over"
  | "private.check_result"
  | "private.check_failed";

/** `revealRoleOnDeath` adds the role to a death line: `{has_role}` says whether it was given. */
const ROLE_EN = "{has_role, select, yes { Role: {role}.} other {}}";
const ROLE_RU = "{has_role, select, yes { Роль: {role}.} other {}}";

const en: Record<Key, string> = {
  roles_in_play:
    "Roles in play: mafia {mafia, number}, maniac {maniac, number}, lawyer {lawyer, number}, doctor {doctor, number}, agent {agent, number}.",
  lawyer_transfer: "{player} was moved from jail to isolation.",
  released: "{player} was released from isolation.",
  isolated_gm: "{player} goes to isolation by the Mayor's decision.",
  killed_mafia: `{player} was killed by the Mafia.${ROLE_EN}`,
  killed_maniac: `{player} was killed by the Maniac.${ROLE_EN}`,
  killed_mafia_maniac: `{player} was killed by the Mafia and the Maniac.${ROLE_EN}`,
  mayor_guard: `{player} was shot by the Mayor's guard.${ROLE_EN}`,
  executed: `{player} was executed.${ROLE_EN}`,
  modkill: `{player} was removed by the Mayor.${ROLE_EN}`,
  mayor_visit: "{player} visited the Mayor and was sent home.",
  attempts: "Attempts: {count, plural, =0 {none} other {{players}}}.",
  second_isolation: "{player}: second isolation, alignment {alignment}.",
  third_isolation: "{player}: third isolation, dies. Role: {role}.",
  quiet_night: "Quiet night.",
  jailed: "{player} goes to jail (execution).",
  no_execution: "No execution.",
  no_execution_first: "No execution at the first session.",
  isolated_verdict: "{player} goes to isolation.",
  no_isolation: "No isolation.",
  isolated_missed: "{player} goes to isolation for missing two verdicts in a row.",
  // The simulator prints section 7's template; the bot's reader is also told which condition of
  // section 9 ended the game.
  game_over: `Game over.{reader, select,
    yes {{rule, select,
      nobody { Nobody is left alive.}
      town { No mafia and no maniac are left alive.}
      mafia { Only mafiosi are left alive.}
      maniac { Only the maniac is left alive.}
      other {}}}
    other {}} {count, plural, =0 {No winners.} other {Winners: {winners}.}}`,
  "private.check_result":
    "Check: {target} is {result, select, good {good} evil {evil} other {{result_role}}}.",
  "private.check_failed":
    "Check of {target} failed: the player is {reason, select, jailed {in jail} other {in isolation}}.",
};

const ru: Record<Key, string> = {
  roles_in_play:
    "Роли в игре: {mafia_role} — {mafia, number}, {maniac_role} — {maniac, number}, {lawyer_role} — {lawyer, number}, {doctor_role} — {doctor, number}, {agent_role} — {agent, number}.",
  lawyer_transfer: "{player}: по ходатайству АДВОКАТА переводится из ТЮРЬМЫ в ИЗО.",
  released: "{player} выходит на свободу из ИЗО.",
  isolated_gm: "{player} отправляется в ИЗО решением МЭРА.",
  killed_mafia: `{player}: {player_gender, select, m {убит МАФИЕЙ} f {убита МАФИЕЙ} other {жертва МАФИИ}}.${ROLE_RU}`,
  killed_maniac: `{player}: {player_gender, select, m {убит МАНЬЯКОМ} f {убита МАНЬЯКОМ} other {жертва МАНЬЯКА}}.${ROLE_RU}`,
  killed_mafia_maniac: `{player}: {player_gender, select, m {убит МАФИЕЙ и МАНЬЯКОМ} f {убита МАФИЕЙ и МАНЬЯКОМ} other {жертва МАФИИ и МАНЬЯКА}}.${ROLE_RU}`,
  mayor_guard: `{player}: {player_gender, select, m {застрелен охраной МЭРА} f {застрелена охраной МЭРА} other {выстрел охраны МЭРА}}.${ROLE_RU}`,
  executed: `{player}: {player_gender, select, m {казнен} f {казнена} other {казнь}}.${ROLE_RU}`,
  modkill: `{player}: {player_gender, select, m {выведен из игры МЭРОМ} f {выведена из игры МЭРОМ} other {вне игры по решению МЭРА}}.${ROLE_RU}`,
  mayor_visit:
    "{player} {player_gender, select, m {пытался посетить МЭРА и был отправлен домой} f {пыталась посетить МЭРА и была отправлена домой} other {идёт к МЭРУ, но охрана отправляет гостя домой}}.",
  attempts: "Покушения: {count, plural, =0 {нет} other {{players}}}.",
  // After «характер —» the adjective agrees with «характер», never with the seat.
  second_isolation:
    "{player}: второе ИЗО, характер — {alignment, select, good {добрый} evil {злой} other {{alignment}}}.",
  third_isolation: "{player}: третье ИЗО, игрок гибнет. Роль: {role}.",
  quiet_night: "Ночь прошла спокойно.",
  jailed: "{player} отправляется в ТЮРЬМУ (КАЗНЬ).",
  no_execution: "Никто не отправляется на КАЗНЬ.",
  no_execution_first: "На первом заседании КАЗНИ нет.",
  isolated_verdict: "{player} отправляется в ИЗО.",
  no_isolation: "Никто не отправляется в ИЗО.",
  isolated_missed: "{player} отправляется в ИЗО: два ВЕРДИКТА подряд не вынесены.",
  // Which condition of section 9 ended the game (`rule`), then who won.
  game_over:
    "Игра окончена.{rule, select, nobody { В живых не осталось никого.} town { В живых не осталось ни мафии, ни маньяка.} mafia { В живых остались только мафиози.} maniac { В живых остался только маньяк.} other {}} {count, plural, =0 {Победителей нет.} =1 {Победитель: {winners}.} other {Победители: {winners}.}}",
  "private.check_result":
    "Проверка: {target} — {result, select, good {характер добрый} evil {характер злой} other {{result_role}}}.",
  "private.check_failed":
    "Проверка не удалась: {target} — {reason, select, jailed {в ТЮРЬМЕ} isolated {в ИЗО} other {{reason}}}.",
};

/** The seat a line is about (`player`), with the role a death line may reveal. */
const playerArgs: ArgsOf = (p, c) => ({
  ...seatArgs(c, "player", paramText(p["player"])),
  has_role: p["role"] === undefined ? "no" : "yes",
  role: c.role(paramText(p["role"])),
});

/** A list of names: ", " in the rules file's English, «a, b и c» in Russian. */
const names = (lang: Lang, list: readonly string[]): string =>
  lang === "ru" ? joinList(list, "ru") : list.join(", ");

const ROLES_IN_PLAY = ["mafia", "maniac", "lawyer", "doctor", "agent"] as const;

/**
 * `yes` for a reader of the bot; the simulator's reader (`idContext`) has no words for rules ids
 * (`ctx.word`) and prints the rules file's English templates verbatim.
 */
const reader = (ctx: RenderContext): string => (ctx.word === undefined ? "no" : "yes");
/** A line that names nothing. */
const none: ArgsOf = () => ({});

const args: Record<Key, ArgsOf> = {
  roles_in_play: (p, c) =>
    Object.fromEntries(
      ROLES_IN_PLAY.flatMap((role) => [
        [role, paramNumber(p[role])],
        [`${role}_role`, c.role(role)],
      ]),
    ),
  lawyer_transfer: playerArgs,
  released: playerArgs,
  isolated_gm: playerArgs,
  killed_mafia: playerArgs,
  killed_maniac: playerArgs,
  killed_mafia_maniac: playerArgs,
  mayor_guard: playerArgs,
  executed: playerArgs,
  modkill: playerArgs,
  mayor_visit: playerArgs,
  attempts: (p, c) => {
    const seats = paramList(p["players"]).map((id) => c.player(id));
    return { count: seats.length, players: names(c.lang, seats) };
  },
  second_isolation: (p, c) => ({ ...playerArgs(p, c), alignment: paramText(p["alignment"]) }),
  third_isolation: playerArgs,
  quiet_night: none,
  jailed: playerArgs,
  no_execution: none,
  no_execution_first: none,
  isolated_verdict: playerArgs,
  no_isolation: none,
  isolated_missed: playerArgs,
  game_over: (p, c) => {
    const winners = paramList(p["winners"]).map((f) => c.faction(f));
    return {
      count: winners.length,
      winners: names(c.lang, winners),
      rule: paramText(p["rule"]),
      reader: reader(c),
    };
  },
  "private.check_result": (p, c) => {
    const result = paramText(p["result"]);
    return { target: c.player(paramText(p["target"])), result, result_role: c.role(result) };
  },
  "private.check_failed": (p, c) => ({
    target: c.player(paramText(p["target"])),
    reason: paramText(p["reason"]),
  }),
};

export const texts: Record<Lang, TextCatalog> = {
  en: { ...messageCatalog("en", en, args), ...rejections.catalogs.en },
  ru: { ...messageCatalog("ru", ru, args), ...rejections.catalogs.ru },
};

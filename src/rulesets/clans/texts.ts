import { genderOf } from "../../engine/grammar.js";
import {
  type ArgsOf,
  formatMessage,
  isBotReader,
  messageCatalog,
  seatArgs,
  yesNo,
} from "../../engine/messages.js";
import { paramList, paramNumber, paramText } from "../../engine/params.js";
import type { RenderContext } from "../../engine/ruleset.js";
import type { Json, JsonObject, Lang } from "../../engine/types.js";
import { rejections } from "./rejections.js";

/**
 * §7 public lines (en verbatim with ids; ru for the Discord layer, option `lang`) and §8 private
 * texts, as ICU messages (docs/i18n.md). The builders below turn the rules' params (seat ids,
 * clans, roles, flags) into the messages' arguments; every word is in a message.
 */

export const CLAN_NAMES = {
  yakuza: { en: "Yakuza", ru: "Якудза" },
  cosa_nostra: { en: "Cosa Nostra", ru: "Коза Ностра" },
  russian_mafia: { en: "Russian Mafia", ru: "Русская Мафия" },
} as const;

export const ROLE_NAMES = {
  boss: { en: "Boss", ru: "Босс" },
  doctor: { en: "Doctor", ru: "Доктор" },
  scout: { en: "Scout", ru: "Разведчик" },
  shooter: { en: "Shooter", ru: "Боец (стрелок)" },
  member: { en: "Clan member", ru: "Рядовой член клана" },
} as const;

/** A list of seats (`{names}`, in seat order as emitted), and whether it is one seat (`{single}`, `{first_gender}`). */
function seatListArgs(value: Json | undefined, ctx: RenderContext): Record<string, string> {
  const ids = paramList(value);
  const [first = ""] = ids;
  return {
    names: ids.map((id) => ctx.player(id)).join(", "),
    single: yesNo(ids.length === 1),
    first_gender: genderOf(ctx, first) ?? "",
  };
}

/** One night's random number of the reveal: «ночь 1 — 43». */
const NIGHT_NUMBER: Record<Lang, string> = {
  en: "night {night, number} — {value, number}",
  ru: "ночь {night, number} — {value, number}",
};

function numbersList(params: JsonObject, ctx: RenderContext): string {
  const list = Array.isArray(params["numbers"]) ? params["numbers"] : [];
  return list
    .map((item) => {
      const entry = (item ?? {}) as JsonObject;
      return formatMessage(ctx.lang, NIGHT_NUMBER[ctx.lang], {
        night: paramNumber(entry["night"]),
        value: paramNumber(entry["value"]),
      });
    })
    .join(", ");
}

const number =
  (key: string): ArgsOf =>
  (params) => ({ [key]: paramNumber(params[key]) });
const seat =
  (key: string, ...cases: ("gen" | "dat")[]): ArgsOf =>
  (params, ctx) =>
    seatArgs(ctx, key, paramText(params[key]), cases);

const ARGS: Record<string, ArgsOf> = {
  night_results: number("n"),
  day_results: number("n"),
  recruitments: number("k"),
  clan_sizes: (params) => ({
    yakuza: paramNumber(params["yakuza"]),
    cosa_nostra: paramNumber(params["cosa_nostra"]),
    russian_mafia: paramNumber(params["russian_mafia"]),
  }),
  killed: (params, ctx) => seatListArgs(params["names"], ctx),
  inactivity: (params, ctx) => seatListArgs(params["names"], ctx),
  lynched: seat("name"),
  protected: seat("name"),
  gm_removed: seat("name"),
  game_over_winner: (params, ctx) => ({
    clan: ctx.faction(paramText(params["clan"])),
    reader: yesNo(isBotReader(ctx)),
  }),
  game_over_none: (_params, ctx) => ({ reader: yesNo(isBotReader(ctx)) }),
  reveal_player: (params, ctx) => ({
    name: ctx.player(paramText(params["name"])),
    role: ctx.role(paramText(params["role"])),
    home: ctx.faction(paramText(params["home"])),
    clan: ctx.faction(paramText(params["clan"])),
  }),
  reveal_numbers: (params, ctx) => ({ numbers: numbersList(params, ctx) }),
  "private.role_card": (params, ctx) => ({
    role: ctx.role(paramText(params["role"])),
    clan: ctx.faction(paramText(params["clan"])),
    has_number: yesNo(params["number"] !== null && params["number"] !== undefined),
    number: paramNumber(params["number"]),
    boss: yesNo(params["boss"] === true),
  }),
  "private.new_member": (params, ctx) => ({
    member: ctx.player(paramText(params["member"])),
    via: paramText(params["via"]),
    posthumous: yesNo(params["posthumous"] === true),
  }),
  "private.joined_clan": (params, ctx) => ({
    clan: ctx.faction(paramText(params["clan"])),
    boss: ctx.player(paramText(params["boss"])),
    posthumous: yesNo(params["posthumous"] === true),
    role_lost: yesNo(params["role_lost"] === true),
  }),
  "private.check_result": (params, ctx) => ({
    ...seatArgs(ctx, "target", paramText(params["target"])),
    check: paramText(params["check"]),
    result: paramText(params["result"]),
    clan: ctx.faction(paramText(params["clan"])),
    role: ctx.role(paramText(params["role"])),
  }),
  "private.became_boss": (params, ctx) => ({
    ...seatArgs(ctx, "previous", paramText(params["previous"]), ["gen"]),
    clan: ctx.faction(paramText(params["clan"])),
    outsider: yesNo(params["outsider"] === true),
  }),
  "private.warning": (params) => ({
    reason: paramText(params["reason"]),
    count: paramNumber(params["count"]),
  }),
};

const en: Record<string, string> = {
  night_results: "Night {n, number} results.",
  killed: "Killed tonight: {names}.",
  nobody_killed: "Nobody was killed tonight.",
  clan_sizes:
    "Yakuza — {yakuza, number}, Cosa Nostra — {cosa_nostra, number}, Russian Mafia — {russian_mafia, number}.",
  recruitments: "Successful recruitments: {k, number}.",
  day_results: "Day {n, number} results.",
  lynched: "Lynched: {name}.",
  peaceful: "Peaceful day: nobody was lynched.",
  protected: "Protected: {name}.",
  nobody_protected: "Nobody is protected.",
  inactivity: "Removed for inactivity: {names}.",
  gm_removed: "Removed by the GM: {name}.",
  // The simulator prints §7's template; a reader is also told the rule of §9 that ended the game.
  game_over_winner:
    "Game over{reader, select, yes {: only {clan} still has a living Boss} other {}}. Winners: {clan}.",
  game_over_none: "Game over{reader, select, yes {: no clan has a living Boss left} other {}}. No winners.",
  reveal_player: "{name}: {role}, {home} → {clan}",
  reveal_numbers: "Random numbers: {numbers}.",
  "private.role_card":
    "Your role: {role}; your home clan: {clan}{has_number, select, yes {; your number: {number, number}} other {}}{boss, select, yes {. You are the boss of your clan; your team is only yourself.} other {.}}",
  "private.new_member":
    "{member} joined your clan{via, select, meet { by acquaintance} other { by recruitment}}{posthumous, select, yes { (posthumously).} other {.}}",
  "private.joined_clan":
    "You joined {clan} (boss {boss}){posthumous, select, yes { posthumously} other {}}{role_lost, select, yes {; you lost your role and are now a clan member.} other {.}}",
  "private.check_result": `{check, select,
    recruited {Check of {target}: {result, select, recruited {recruited} other {not recruited}}.}
    other {Check of {target}: clan {clan}, role {role}.}}`,
  "private.became_boss":
    "You are now the boss of {clan}, succeeding {previous}{outsider, select, yes {; a new clan chat is opened for you.} other {.}}",
  "private.warning":
    "GM warning ({reason, select, mask {mask rule} other {rules}}); warnings so far: {count, number}.",
};

const ru: Record<string, string> = {
  night_results: "Итоги ночи {n, number}.",
  killed:
    "{single, select, yes {{first_gender, select, m {Убит этой ночью} f {Убита этой ночью} other {Жертва этой ночи}}} other {Убиты этой ночью}}: {names}.",
  nobody_killed: "Этой ночью никто не убит.",
  clan_sizes:
    "Якудза — {yakuza, number}, Коза Ностра — {cosa_nostra, number}, Русская Мафия — {russian_mafia, number}.",
  recruitments: "Прошедших вербовок: {k, number}.",
  day_results: "Итоги дня {n, number}.",
  lynched: "{name_gender, select, m {Казнён} f {Казнена} other {Казнь дня}}: {name}.",
  peaceful: "Мирный день: никто не казнён.",
  protected: "{name_gender, select, m {Защиту получил} f {Защиту получила} other {Под защитой}}: {name}.",
  nobody_protected: "Защиту не получил никто.",
  inactivity:
    "{single, select, yes {{first_gender, select, m {Выбыл} f {Выбыла} other {Выбывает}}} other {Выбыли}} за неактивность: {names}.",
  gm_removed: "Выбывает по решению ведущего: {name}.",
  // §9: the game ends when at most one clan keeps a living Boss; the line says so.
  game_over_winner: "Игра окончена: живой Босс остался только у клана {clan}. Победил клан {clan}.",
  game_over_none: "Игра окончена: ни у одного клана не осталось живого Босса, победителя нет.",
  reveal_player: "{name}: {role}, {home} → {clan}",
  reveal_numbers: "Случайные числа: {numbers}.",
  "private.role_card":
    "Ваша роль: {role}; родной клан: {clan}{has_number, select, yes {; ваш номер: {number, number}} other {}}{boss, select, yes {. Вы — Босс своего клана; пока клан состоит только из вас.} other {.}}",
  "private.new_member":
    "{member} вступает в ваш клан{via, select, meet { (знакомство)} other { (вербовка)}}{posthumous, select, yes { посмертно.} other {.}}",
  "private.joined_clan":
    "Вы вступили в клан {clan} (Босс — {boss}){posthumous, select, yes { посмертно} other {}}{role_lost, select, yes {; вы потеряли свою роль и стали рядовым членом клана.} other {.}}",
  "private.check_result": `{check, select,
    recruited {Проверка: {target} — {result, select,
      recruited {{target_gender, select, m {завербован} f {завербована} other {вербовка была}}}
      other {{target_gender, select, m {не завербован} f {не завербована} other {вербовки не было}}}}.}
    other {Проверка: {target} — клан {clan}, роль {role}.}}`,
  "private.became_boss":
    "Теперь вы — Босс клана {clan} {previous_declines, select, yes {вместо {previous_gen}} other {(прежний Босс — {previous})}}{outsider, select, yes {; для вас открыта новая личка клана.} other {.}}",
  "private.warning":
    "Предупреждение ведущего ({reason, select, mask {правило масок} other {нарушение правил}}); у вас {count, plural, one {# предупреждение} few {# предупреждения} many {# предупреждений} other {# предупреждения}}.",
};

export const texts = {
  en: { ...messageCatalog("en", en, ARGS), ...rejections.catalogs.en },
  ru: { ...messageCatalog("ru", ru, ARGS), ...rejections.catalogs.ru },
};

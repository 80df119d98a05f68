import { bySeat, countRu, inCase } from "../../engine/grammar.js";
import type { RenderContext, TextCatalog } from "../../engine/ruleset.js";
import type { Json, JsonObject } from "../../engine/types.js";
import { rejections } from "./rejections.js";
import { paramNumber, paramText } from "../../engine/params.js";

/** §7 public lines (en verbatim with ids; ru for the Discord layer, option `lang`) and §8 private texts. */

const names = (v: Json | undefined, ctx: RenderContext): string =>
  (Array.isArray(v) ? v : []).map((id) => ctx.player(paramText(id))).join(", ");

/** The head of a list of seats: agreeing with the one seat (or needing no gender), plural for several. */
function listHead(
  v: Json | undefined,
  ctx: RenderContext,
  one: [m: string, f: string, none: string],
  many: string,
) {
  const ids = (Array.isArray(v) ? v : []).map((id) => paramText(id));
  const [only] = ids;
  return ids.length === 1 && only !== undefined ? bySeat(ctx, only, ...one) : many;
}

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

function numbersList(params: JsonObject, word: string): string {
  const list = Array.isArray(params["numbers"]) ? params["numbers"] : [];
  return list
    .map((item) => {
      const entry = (item ?? {}) as JsonObject;
      return `${word} ${paramNumber(entry["night"])} — ${paramNumber(entry["value"])}`;
    })
    .join(", ");
}

const en: TextCatalog = {
  night_results: (p) => `Night ${paramNumber(p["n"])} results.`,
  killed: (p, ctx) => `Killed tonight: ${names(p["names"], ctx)}.`,
  nobody_killed: () => "Nobody was killed tonight.",
  clan_sizes: (p) =>
    `Yakuza — ${paramNumber(p["yakuza"])}, Cosa Nostra — ${paramNumber(p["cosa_nostra"])}, Russian Mafia — ${paramNumber(p["russian_mafia"])}.`,
  recruitments: (p) => `Successful recruitments: ${paramNumber(p["k"])}.`,
  day_results: (p) => `Day ${paramNumber(p["n"])} results.`,
  lynched: (p, ctx) => `Lynched: ${ctx.player(paramText(p["name"]))}.`,
  peaceful: () => "Peaceful day: nobody was lynched.",
  protected: (p, ctx) => `Protected: ${ctx.player(paramText(p["name"]))}.`,
  nobody_protected: () => "Nobody is protected.",
  inactivity: (p, ctx) => `Removed for inactivity: ${names(p["names"], ctx)}.`,
  gm_removed: (p, ctx) => `Removed by the GM: ${ctx.player(paramText(p["name"]))}.`,
  game_over_winner: (p, ctx) => `Game over. Winners: ${ctx.faction(paramText(p["clan"]))}.`,
  game_over_none: () => "Game over. No winners.",
  reveal_player: (p, ctx) =>
    `${ctx.player(paramText(p["name"]))}: ${ctx.role(paramText(p["role"]))}, ${ctx.faction(paramText(p["home"]))} → ${ctx.faction(paramText(p["clan"]))}`,
  reveal_numbers: (p) => `Random numbers: ${numbersList(p, "night")}.`,
  "private.role_card": (p, ctx) =>
    `Your role: ${ctx.role(paramText(p["role"]))}; your home clan: ${ctx.faction(paramText(p["clan"]))}` +
    (p["number"] !== null && p["number"] !== undefined ? `; your number: ${paramNumber(p["number"])}` : "") +
    (p["boss"] === true ? ". You are the boss of your clan; your team is only yourself." : "."),
  "private.new_member": (p, ctx) =>
    `${ctx.player(paramText(p["member"]))} joined your clan` +
    (p["via"] === "meet" ? " by acquaintance" : " by recruitment") +
    (p["posthumous"] === true ? " (posthumously)." : "."),
  "private.joined_clan": (p, ctx) =>
    `You joined ${ctx.faction(paramText(p["clan"]))} (boss ${ctx.player(paramText(p["boss"]))})` +
    (p["posthumous"] === true ? " posthumously" : "") +
    (p["role_lost"] === true ? "; you lost your role and are now a clan member." : "."),
  "private.check_result": (p, ctx) =>
    p["check"] === "recruited"
      ? `Check of ${ctx.player(paramText(p["target"]))}: ${p["result"] === "recruited" ? "recruited" : "not recruited"}.`
      : `Check of ${ctx.player(paramText(p["target"]))}: clan ${ctx.faction(paramText(p["clan"]))}, role ${ctx.role(paramText(p["role"]))}.`,
  "private.became_boss": (p, ctx) =>
    `You are now the boss of ${ctx.faction(paramText(p["clan"]))}, succeeding ${ctx.player(paramText(p["previous"]))}` +
    (p["outsider"] === true ? "; a new clan chat is opened for you." : "."),
  "private.warning": (p) =>
    `GM warning (${p["reason"] === "mask" ? "mask rule" : "rules"}); warnings so far: ${paramNumber(p["count"])}.`,
};

const ru: TextCatalog = {
  night_results: (p) => `Итоги ночи ${paramNumber(p["n"])}.`,
  killed: (p, ctx) =>
    `${listHead(p["names"], ctx, ["Убит этой ночью", "Убита этой ночью", "Жертва этой ночи"], "Убиты этой ночью")}: ${names(p["names"], ctx)}.`,
  nobody_killed: () => "Этой ночью никто не убит.",
  clan_sizes: (p) =>
    `Якудза — ${paramNumber(p["yakuza"])}, Коза Ностра — ${paramNumber(p["cosa_nostra"])}, Русская Мафия — ${paramNumber(p["russian_mafia"])}.`,
  recruitments: (p) => `Прошедших вербовок: ${paramNumber(p["k"])}.`,
  day_results: (p) => `Итоги дня ${paramNumber(p["n"])}.`,
  lynched: (p, ctx) =>
    `${bySeat(ctx, paramText(p["name"]), "Казнён", "Казнена", "Казнь дня")}: ${ctx.player(paramText(p["name"]))}.`,
  peaceful: () => "Мирный день: никто не казнён.",
  protected: (p, ctx) =>
    `${bySeat(ctx, paramText(p["name"]), "Защиту получил", "Защиту получила", "Под защитой")}: ${ctx.player(paramText(p["name"]))}.`,
  nobody_protected: () => "Защиту не получил никто.",
  inactivity: (p, ctx) =>
    `${listHead(p["names"], ctx, ["Выбыл", "Выбыла", "Выбывает"], "Выбыли")} за неактивность: ${names(p["names"], ctx)}.`,
  gm_removed: (p, ctx) => `Выбывает по решению ведущего: ${ctx.player(paramText(p["name"]))}.`,
  // §9: the game ends when at most one clan keeps a living Boss; the line says so.
  game_over_winner: (p, ctx) =>
    `Игра окончена: живой Босс остался только у клана ${ctx.faction(paramText(p["clan"]))}. Победил клан ${ctx.faction(paramText(p["clan"]))}.`,
  game_over_none: () => "Игра окончена: ни у одного клана не осталось живого Босса, победителя нет.",
  reveal_player: (p, ctx) =>
    `${ctx.player(paramText(p["name"]))}: ${ctx.role(paramText(p["role"]))}, ${ctx.faction(paramText(p["home"]))} → ${ctx.faction(paramText(p["clan"]))}`,
  reveal_numbers: (p) => `Случайные числа: ${numbersList(p, "ночь")}.`,
  "private.role_card": (p, ctx) =>
    `Ваша роль: ${ctx.role(paramText(p["role"]))}; родной клан: ${ctx.faction(paramText(p["clan"]))}` +
    (p["number"] !== null && p["number"] !== undefined ? `; ваш номер: ${paramNumber(p["number"])}` : "") +
    (p["boss"] === true ? ". Вы — Босс своего клана; пока клан состоит только из вас." : "."),
  "private.new_member": (p, ctx) =>
    `${ctx.player(paramText(p["member"]))} вступает в ваш клан` +
    (p["via"] === "meet" ? " (знакомство)" : " (вербовка)") +
    (p["posthumous"] === true ? " посмертно." : "."),
  "private.joined_clan": (p, ctx) =>
    `Вы вступили в клан ${ctx.faction(paramText(p["clan"]))} (Босс — ${ctx.player(paramText(p["boss"]))})` +
    (p["posthumous"] === true ? " посмертно" : "") +
    (p["role_lost"] === true ? "; вы потеряли свою роль и стали рядовым членом клана." : "."),
  "private.check_result": (p, ctx) =>
    p["check"] === "recruited"
      ? `Проверка: ${ctx.player(paramText(p["target"]))} — ${
          p["result"] === "recruited"
            ? bySeat(ctx, paramText(p["target"]), "завербован", "завербована", "вербовка была")
            : bySeat(ctx, paramText(p["target"]), "не завербован", "не завербована", "вербовки не было")
        }.`
      : `Проверка: ${ctx.player(paramText(p["target"]))} — клан ${ctx.faction(paramText(p["clan"]))}, роль ${ctx.role(paramText(p["role"]))}.`,
  "private.became_boss": (p, ctx) =>
    `Теперь вы — Босс клана ${ctx.faction(paramText(p["clan"]))} ${inCase(
      ctx,
      paramText(p["previous"]),
      "gen",
      (name) => `вместо ${name}`,
      (name) => `(прежний Босс — ${name})`,
    )}` + (p["outsider"] === true ? "; для вас открыта новая личка клана." : "."),
  "private.warning": (p) => {
    const count = paramNumber(p["count"]);
    return `Предупреждение ведущего (${p["reason"] === "mask" ? "правило масок" : "нарушение правил"}); у вас ${countRu(count, ["предупреждение", "предупреждения", "предупреждений"])}.`;
  },
};

export const texts = {
  en: { ...en, ...rejections.catalogs.en },
  ru: { ...ru, ...rejections.catalogs.ru },
};

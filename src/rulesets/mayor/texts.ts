import { joinList } from "../../engine/helpers.js";
import { bySeat } from "../../engine/grammar.js";
import type { RenderContext, TextCatalog } from "../../engine/ruleset.js";
import type { JsonObject, Lang } from "../../engine/types.js";
import { rejections } from "./rejections.js";
import { paramList, paramNumber, paramText } from "../../engine/params.js";

/**
 * Public lines (section 7) and private results (section 8). English: the rules file's templates
 * verbatim with ids; Russian: names from the context.
 */

const who = (params: JsonObject, ctx: RenderContext) => ctx.player(paramText(params["player"]));

function roleSuffix(params: JsonObject, ctx: RenderContext): string {
  if (params["role"] === undefined) return "";
  return ctx.lang === "ru"
    ? ` Роль: ${ctx.role(paramText(params["role"]))}.`
    : ` Role: ${ctx.role(paramText(params["role"]))}.`;
}

/** Which condition of section 9 ended the game, for the Russian «Игра окончена» line. */
const END_RULE_RU: Record<string, string> = {
  nobody: "В живых не осталось никого",
  town: "В живых не осталось ни мафии, ни маньяка",
  mafia: "В живых остались только мафиози",
  maniac: "В живых остался только маньяк",
};

/** After «характер —»: the adjective agrees with «характер», never with the seat. */
const alignmentRu: Record<string, string> = { good: "добрый", evil: "злой" };

/** The seat's line agreeing with its gender; `none` needs no gender (present tense or a noun). */
const agree = (params: JsonObject, ctx: RenderContext, m: string, f: string, none: string) =>
  bySeat(ctx, paramText(params["player"]), m, f, none);
const reasonRu: Record<string, string> = { jailed: "в ТЮРЬМЕ", isolated: "в ИЗО" };

const en: TextCatalog = {
  roles_in_play: (p) =>
    `Roles in play: mafia ${paramNumber(p["mafia"])}, maniac ${paramNumber(p["maniac"])}, lawyer ${paramNumber(p["lawyer"])}, doctor ${paramNumber(p["doctor"])}, agent ${paramNumber(p["agent"])}.`,
  lawyer_transfer: (p, c) => `${who(p, c)} was moved from jail to isolation.`,
  released: (p, c) => `${who(p, c)} was released from isolation.`,
  isolated_gm: (p, c) => `${who(p, c)} goes to isolation by the Mayor's decision.`,
  killed_mafia: (p, c) => `${who(p, c)} was killed by the Mafia.${roleSuffix(p, c)}`,
  killed_maniac: (p, c) => `${who(p, c)} was killed by the Maniac.${roleSuffix(p, c)}`,
  killed_mafia_maniac: (p, c) => `${who(p, c)} was killed by the Mafia and the Maniac.${roleSuffix(p, c)}`,
  mayor_guard: (p, c) => `${who(p, c)} was shot by the Mayor's guard.${roleSuffix(p, c)}`,
  executed: (p, c) => `${who(p, c)} was executed.${roleSuffix(p, c)}`,
  modkill: (p, c) => `${who(p, c)} was removed by the Mayor.${roleSuffix(p, c)}`,
  mayor_visit: (p, c) => `${who(p, c)} visited the Mayor and was sent home.`,
  attempts: (p, c) => {
    const ids = paramList(p["players"]).map((id) => c.player(id));
    return `Attempts: ${ids.length > 0 ? ids.join(", ") : "none"}.`;
  },
  second_isolation: (p, c) => `${who(p, c)}: second isolation, alignment ${paramText(p["alignment"])}.`,
  third_isolation: (p, c) => `${who(p, c)}: third isolation, dies. Role: ${c.role(paramText(p["role"]))}.`,
  quiet_night: () => "Quiet night.",
  jailed: (p, c) => `${who(p, c)} goes to jail (execution).`,
  no_execution: () => "No execution.",
  no_execution_first: () => "No execution at the first session.",
  isolated_verdict: (p, c) => `${who(p, c)} goes to isolation.`,
  no_isolation: () => "No isolation.",
  isolated_missed: (p, c) => `${who(p, c)} goes to isolation for missing two verdicts in a row.`,
  game_over: (p, c) => {
    const winners = paramList(p["winners"]).map((f) => c.faction(f));
    return winners.length > 0 ? `Game over. Winners: ${winners.join(", ")}.` : "Game over. No winners.";
  },
  "private.check_result": (p, c) => `Check: ${c.player(paramText(p["target"]))} is ${resultEn(p, c)}.`,
  "private.check_failed": (p, c) =>
    `Check of ${c.player(paramText(p["target"]))} failed: the player is ${paramText(p["reason"]) === "jailed" ? "in jail" : "in isolation"}.`,
};

function resultEn(params: JsonObject, ctx: RenderContext): string {
  const result = paramText(params["result"]);
  return result === "good" || result === "evil" ? result : ctx.role(result);
}

const ru: TextCatalog = {
  roles_in_play: (p, c) =>
    `Роли в игре: ${(["mafia", "maniac", "lawyer", "doctor", "agent"] as const)
      .map((r) => `${c.role(r)} — ${paramNumber(p[r])}`)
      .join(", ")}.`,
  lawyer_transfer: (p, c) => `${who(p, c)}: по ходатайству АДВОКАТА переводится из ТЮРЬМЫ в ИЗО.`,
  released: (p, c) => `${who(p, c)} выходит на свободу из ИЗО.`,
  isolated_gm: (p, c) => `${who(p, c)} отправляется в ИЗО решением МЭРА.`,
  killed_mafia: (p, c) =>
    `${who(p, c)}: ${agree(p, c, "убит МАФИЕЙ", "убита МАФИЕЙ", "жертва МАФИИ")}.${roleSuffix(p, c)}`,
  killed_maniac: (p, c) =>
    `${who(p, c)}: ${agree(p, c, "убит МАНЬЯКОМ", "убита МАНЬЯКОМ", "жертва МАНЬЯКА")}.${roleSuffix(p, c)}`,
  killed_mafia_maniac: (p, c) =>
    `${who(p, c)}: ${agree(p, c, "убит МАФИЕЙ и МАНЬЯКОМ", "убита МАФИЕЙ и МАНЬЯКОМ", "жертва МАФИИ и МАНЬЯКА")}.${roleSuffix(p, c)}`,
  mayor_guard: (p, c) =>
    `${who(p, c)}: ${agree(p, c, "застрелен охраной МЭРА", "застрелена охраной МЭРА", "выстрел охраны МЭРА")}.${roleSuffix(p, c)}`,
  executed: (p, c) => `${who(p, c)}: ${agree(p, c, "казнен", "казнена", "казнь")}.${roleSuffix(p, c)}`,
  modkill: (p, c) =>
    `${who(p, c)}: ${agree(p, c, "выведен из игры МЭРОМ", "выведена из игры МЭРОМ", "вне игры по решению МЭРА")}.${roleSuffix(p, c)}`,
  mayor_visit: (p, c) =>
    `${who(p, c)} ${agree(p, c, "пытался посетить МЭРА и был отправлен домой", "пыталась посетить МЭРА и была отправлена домой", "идёт к МЭРУ, но охрана отправляет гостя домой")}.`,
  attempts: (p, c) => {
    const ids = paramList(p["players"]).map((id) => c.player(id));
    return `Покушения: ${ids.length > 0 ? joinList(ids, "ru") : "нет"}.`;
  },
  second_isolation: (p, c) =>
    `${who(p, c)}: второе ИЗО, характер — ${alignmentRu[paramText(p["alignment"])] ?? paramText(p["alignment"])}.`,
  third_isolation: (p, c) => `${who(p, c)}: третье ИЗО, игрок гибнет. Роль: ${c.role(paramText(p["role"]))}.`,
  quiet_night: () => "Ночь прошла спокойно.",
  jailed: (p, c) => `${who(p, c)} отправляется в ТЮРЬМУ (КАЗНЬ).`,
  no_execution: () => "Никто не отправляется на КАЗНЬ.",
  no_execution_first: () => "На первом заседании КАЗНИ нет.",
  isolated_verdict: (p, c) => `${who(p, c)} отправляется в ИЗО.`,
  no_isolation: () => "Никто не отправляется в ИЗО.",
  isolated_missed: (p, c) => `${who(p, c)} отправляется в ИЗО: два ВЕРДИКТА подряд не вынесены.`,
  game_over: (p, c) => {
    const winners = paramList(p["winners"]).map((f) => c.faction(f));
    const why = END_RULE_RU[paramText(p["rule"])];
    const reason = why ? ` ${why}.` : "";
    if (winners.length === 0) return `Игра окончена.${reason} Победителей нет.`;
    return `Игра окончена.${reason} ${winners.length === 1 ? "Победитель" : "Победители"}: ${joinList(winners, "ru")}.`;
  },
  "private.check_result": (p, c) => {
    const result = paramText(p["result"]);
    const shown = alignmentRu[result] === undefined ? c.role(result) : `характер ${alignmentRu[result]}`;
    return `Проверка: ${c.player(paramText(p["target"]))} — ${shown}.`;
  },
  "private.check_failed": (p, c) =>
    `Проверка не удалась: ${c.player(paramText(p["target"]))} — ${reasonRu[paramText(p["reason"])] ?? paramText(p["reason"])}.`,
};

export const texts: Record<Lang, TextCatalog> = {
  en: { ...en, ...rejections.catalogs.en },
  ru: { ...ru, ...rejections.catalogs.ru },
};

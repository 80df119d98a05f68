import { bySeat, genderOf } from "../../engine/grammar.js";
import { joinList } from "../../engine/helpers.js";
import type { RenderContext, TextCatalog } from "../../engine/ruleset.js";
import type { Json, JsonObject, Lang } from "../../engine/types.js";
import { rejections } from "./rejections.js";

/** §7 newspaper lines (English verbatim) and §8 private messages, in English and Russian. */

/** A param that is a string, else empty (classic's templates show no other values). */
const stringOrEmpty = (value: Json | undefined): string => (typeof value === "string" ? value : "");
const stringsOf = (value: Json | undefined): string[] =>
  Array.isArray(value) ? value.map((item) => stringOrEmpty(item)) : [];

/** `<role>`: the role id, with the clan in parentheses for clan roles and the bastard son. */
function role(params: JsonObject, ctx: RenderContext): string {
  const roleId = stringOrEmpty(params["role"]);
  const clan = params["clan"];
  return typeof clan === "string" ? `${ctx.role(roleId)} (${ctx.faction(clan)})` : ctx.role(roleId);
}

function suffix(params: JsonObject, ctx: RenderContext, label: string): string {
  const reveal = params["reveal"];
  if (!reveal || typeof reveal !== "object" || Array.isArray(reveal)) return "";
  return ` ${label}: ${role(reveal, ctx)}.`;
}

const KILLERS: Record<Lang, Record<string, string>> = {
  en: {
    kamikaze: "the kamikaze",
    army: "the Army of Darkness",
    italians: "the Italian mafia",
    russians: "the Russian mafia",
    maniac: "the maniac",
    ninja: "the ninja",
    testament: "the ninja's testament",
  },
  ru: {
    kamikaze: "камикадзе",
    army: "Армией Тьмы",
    italians: "итальянской мафией",
    russians: "русской мафией",
    maniac: "маньяком",
    ninja: "ниндзя",
    testament: "по завещанию ниндзя",
  },
};

const playerName = (params: JsonObject, ctx: RenderContext) => ctx.player(stringOrEmpty(params["player"]));

const en: TextCatalog = {
  hanged: (x, c) => `${playerName(x, c)} was hanged. Role: ${role(x, c)}.`,
  nobody_hanged: () => "Nobody was hanged.",
  removed_by_host: (x, c) => `${playerName(x, c)} was removed by the host. Role: ${role(x, c)}.`,
  left_game: (x, c) => `${playerName(x, c)} left the game. Role: ${role(x, c)}.`,
  beaten: (x, c) => `${playerName(x, c)} was beaten by the thug.`,
  blew_up: (x, c) => `${playerName(x, c)} blew himself up.${suffix(x, c, "Role")}`,
  darkness: (x, c) => `${playerName(x, c)} was taken by the Darkness.${suffix(x, c, "Role")}`,
  missing: (x, c) => `${playerName(x, c)} went missing. Role: ${role(x, c)}.`,
  harakiri: (x, c) => `${playerName(x, c)} committed harakiri.${suffix(x, c, "Role")}`,
  stray_bullet: (x, c) => `${playerName(x, c)} was hit by a stray bullet.${suffix(x, c, "Role")}`,
  killed: (x, c) =>
    `${playerName(x, c)} was killed by ${stringsOf(x["killers"])
      .map((k) => KILLERS.en[k] ?? k)
      .join(" and ")}.${suffix(x, c, "Role")}`,
  quiet_night: () => "Quiet night.",
  game_over: (x, c) => {
    const winners = stringsOf(x["winners"]);
    return winners.length === 0
      ? "Game over. No winners."
      : `Game over. Winners: ${winners.map((f) => c.faction(f)).join(", ")}.`;
  },
  "private.role": (x, c) =>
    `Your role: ${c.role(stringOrEmpty(x["role"]))}${typeof x["clan"] === "string" ? ` (${c.faction(x["clan"])})` : ""}.`,
  "private.team": (x, c) => {
    const members = joinList(
      stringsOf(x["members"]).map((m) => c.player(m)),
      "en",
    );
    const chat = stringOrEmpty(x["chat"]);
    if (chat === "police") return `The police: ${members}.`;
    const don = typeof x["don"] === "string" ? ` Don: ${c.player(x["don"])}.` : " The don is not chosen yet.";
    const son =
      typeof x["bastard_son"] === "string" ? ` Your boss's bastard son: ${c.player(x["bastard_son"])}.` : "";
    return `Your clan (${c.faction(chat)}): ${members}.${don}${son}`;
  },
  "private.don": (x, c) =>
    `The don of the ${c.faction(stringOrEmpty(x["clan"]))} is now ${c.player(stringOrEmpty(x["player"]))}.`,
  "private.check_result": (x, c) => {
    const result = stringOrEmpty(x["result"]);
    const shown = result === "italians" || result === "russians" ? c.faction(result) : c.role(result);
    const thug = typeof x["thug"] === "string" ? ` The thug who beat him: ${c.player(x["thug"])}.` : "";
    return `Check: ${c.player(stringOrEmpty(x["target"]))} is ${shown}.${thug}`;
  },
  "private.promoted": () => "The commissar is dead: you have his badge and check from the next night.",
  "private.vest_broken": () => "Your vest stopped a bullet and is now broken.",
  "private.protect_used": (x, c) =>
    `Your protect brought ${c.player(stringOrEmpty(x["target"]))} back to life.`,
  "private.removed": (x) =>
    `You are removed from the game (${stringOrEmpty(x["reason"]) === "no_post" ? "no post this day" : "two refusals to vote"}) and go missing tonight.`,
};

/** Who killed, in the genitive («жертва русской мафии»), for a seat of unknown gender. */
const KILLERS_GEN: Record<string, string> = {
  kamikaze: "камикадзе",
  army: "Армии Тьмы",
  italians: "итальянской мафии",
  russians: "русской мафии",
  maniac: "маньяка",
  ninja: "ниндзя",
  testament: "завещания ниндзя",
};

/** A seat's line agreeing with its gender; `none` needs no gender (present tense or a noun). */
const seatLine = (x: JsonObject, c: RenderContext, m: string, f: string, none: string) =>
  bySeat(c, stringOrEmpty(x["player"]), m, f, none);

/** Which condition of §9 ended the game, for the Russian «Игра окончена» line. */
const WIN_RULE_RU: Record<string, string> = {
  nobody: "В живых не осталось никого",
  son: "В живых двое — мафиози и внебрачный сын босса его клана, и по правилам победа присуждается мирным жителям",
  town: "В живых не осталось ни мафии, ни маньяка",
  clan: "В живых остался только один клан",
  maniac: "В живых остался только маньяк",
  duel: "После ночи в живых двое с разных сторон — правило дуэли:",
};
/** How the duel rule chose its winner. */
const DUEL_METHOD_RU: Record<string, string> = {
  votes: "побеждает тот, против кого за игру подано меньше голосов",
  first_vote: "голосов против обоих поровну, и проигрывает тот, против кого проголосовали раньше",
  coin: "против обоих не голосовали ни разу, и победителя выбрал жребий",
  gm: "против обоих не голосовали ни разу, и победителя назвал ведущий",
};

const ru: TextCatalog = {
  hanged: (x, c) =>
    `${seatLine(x, c, `${playerName(x, c)} повешен`, `${playerName(x, c)} повешена`, `${playerName(x, c)} отправляется на виселицу`)}. Роль: ${role(x, c)}.`,
  nobody_hanged: () => "Никого не повесили.",
  removed_by_host: (x, c) =>
    `${seatLine(x, c, `${playerName(x, c)} удалён ведущим`, `${playerName(x, c)} удалена ведущим`, `${playerName(x, c)} выбывает по решению ведущего`)}. Роль: ${role(x, c)}.`,
  left_game: (x, c) =>
    `${seatLine(x, c, `${playerName(x, c)} покинул игру`, `${playerName(x, c)} покинула игру`, `${playerName(x, c)} покидает игру`)}. Роль: ${role(x, c)}.`,
  beaten: (x, c) =>
    `${seatLine(x, c, `${playerName(x, c)} избит громилой`, `${playerName(x, c)} избита громилой`, `${playerName(x, c)} — жертва громилы`)}.`,
  blew_up: (x, c) =>
    `${seatLine(x, c, `${playerName(x, c)} подорвал себя`, `${playerName(x, c)} подорвала себя`, `${playerName(x, c)} взрывает себя`)}.${suffix(x, c, "Роль")}`,
  darkness: (x, c) =>
    `${seatLine(x, c, `${playerName(x, c)} забран Тьмой`, `${playerName(x, c)} забрана Тьмой`, `${playerName(x, c)} уходит во Тьму`)}.${suffix(x, c, "Роль")}`,
  missing: (x, c) =>
    `${seatLine(x, c, `${playerName(x, c)} пропал без вести`, `${playerName(x, c)} пропала без вести`, `${playerName(x, c)} пропадает без вести`)}. Роль: ${role(x, c)}.`,
  harakiri: (x, c) =>
    `${seatLine(x, c, `${playerName(x, c)} совершил харакири`, `${playerName(x, c)} совершила харакири`, `${playerName(x, c)} совершает харакири`)}.${suffix(x, c, "Роль")}`,
  stray_bullet: (x, c) =>
    `${seatLine(x, c, `${playerName(x, c)} погиб от шальной пули`, `${playerName(x, c)} погибла от шальной пули`, `${playerName(x, c)} гибнет от шальной пули`)}.${suffix(x, c, "Роль")}`,
  killed: (x, c) => {
    const ids = stringsOf(x["killers"]);
    const by = joinList(
      ids.map((k) => KILLERS.ru[k] ?? k),
      "ru",
    );
    const of = joinList(
      ids.map((k) => KILLERS_GEN[k] ?? k),
      "ru",
    );
    const name = playerName(x, c);
    // «убит по завещанию ниндзя» reads as is; every other killer is in the instrumental.
    return `${seatLine(x, c, `${name} убит ${by}`, `${name} убита ${by}`, `${name} — жертва ${of}`)}.${suffix(x, c, "Роль")}`;
  },
  quiet_night: () => "Ночь прошла спокойно.",
  game_over: (x, c) => {
    const winners = stringsOf(x["winners"]);
    const why = WIN_RULE_RU[stringOrEmpty(x["rule"])];
    const how = DUEL_METHOD_RU[stringOrEmpty(x["method"])];
    const reason = why ? ` ${why}${how ? ` ${how}` : ""}.` : "";
    return winners.length === 0
      ? `Игра окончена.${reason} Победителей нет.`
      : `Игра окончена.${reason} Победители: ${winners.map((f) => c.faction(f)).join(", ")}.`;
  },
  "private.role": (x, c) =>
    `Ваша роль: ${c.role(stringOrEmpty(x["role"]))}${typeof x["clan"] === "string" ? ` (${c.faction(x["clan"])})` : ""}.`,
  "private.team": (x, c) => {
    const members = joinList(
      stringsOf(x["members"]).map((m) => c.player(m)),
      "ru",
    );
    const chat = stringOrEmpty(x["chat"]);
    if (chat === "police") return `Полиция: ${members}.`;
    const don = typeof x["don"] === "string" ? ` Дон: ${c.player(x["don"])}.` : " Дон ещё не выбран.";
    const son =
      typeof x["bastard_son"] === "string" ? ` ВСБ вашего клана: ${c.player(x["bastard_son"])}.` : "";
    return `Ваш клан (${c.faction(chat)}): ${members}.${don}${son}`;
  },
  "private.don": (x, c) =>
    `Дон клана «${c.faction(stringOrEmpty(x["clan"]))}» теперь — ${c.player(stringOrEmpty(x["player"]))}.`,
  "private.check_result": (x, c) => {
    const result = stringOrEmpty(x["result"]);
    const shown = result === "italians" || result === "russians" ? c.faction(result) : c.role(result);
    const target = stringOrEmpty(x["target"]);
    const thugId = typeof x["thug"] === "string" ? x["thug"] : undefined;
    let thug = "";
    if (thugId !== undefined) {
      const victim = genderOf(c, target);
      const beater = genderOf(c, thugId);
      thug =
        victim === undefined || beater === undefined
          ? ` Избиение: громила ${c.player(thugId)}.`
          : ` ${victim === "m" ? "Его" : "Её"} ${beater === "m" ? "избил" : "избила"} громила ${c.player(thugId)}.`;
    }
    return `Проверка: ${c.player(target)} — ${shown}.${thug}`;
  },
  "private.promoted": () => "Комиссар погиб: вы получили его значок и проверяете со следующей ночи.",
  "private.vest_broken": () => "Ваш бронежилет остановил пулю и пришёл в негодность.",
  "private.protect_used": (x, c) => `Ваш протект вернул к жизни: ${c.player(stringOrEmpty(x["target"]))}.`,
  "private.removed": (x) =>
    `Вы удалены из игры (${stringOrEmpty(x["reason"]) === "no_post" ? "ни одного сообщения за день" : "два отказа от голосования"}) и этой ночью пропадёте без вести.`,
};

export const texts: Record<Lang, TextCatalog> = {
  en: { ...en, ...rejections.catalogs.en },
  ru: { ...ru, ...rejections.catalogs.ru },
};

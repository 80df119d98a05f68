import { genderOf } from "../../engine/grammar.js";
import { joinList } from "../../engine/helpers.js";
import {
  type ArgsOf,
  formatMessage,
  isBotReader,
  messageCatalog,
  seatArgs,
  yesNo,
} from "../../engine/messages.js";
import type { RenderContext, TextCatalog } from "../../engine/ruleset.js";
import type { Json, JsonObject, Lang } from "../../engine/types.js";
import { rejections } from "./rejections.js";

/**
 * §7 newspaper lines (English verbatim) and §8 private messages, in English and Russian, as ICU
 * messages (docs/i18n.md). The builders below turn the rules' params (seat ids, role, faction and
 * killer ids) into the messages' arguments; every word is in a message.
 */

/** A param that is a string, else empty (classic's templates show no other values). */
const stringOrEmpty = (value: Json | undefined): string => (typeof value === "string" ? value : "");
const stringsOf = (value: Json | undefined): string[] =>
  Array.isArray(value) ? value.map((item) => stringOrEmpty(item)) : [];

/** `<role>` of §7: the role, with the clan in parentheses for clan roles and the bastard son. */
function roleOf(params: JsonObject, ctx: RenderContext): string {
  const roleId = stringOrEmpty(params["role"]);
  const clan = params["clan"];
  return typeof clan === "string" ? `${ctx.role(roleId)} (${ctx.faction(clan)})` : ctx.role(roleId);
}

/**
 * Who killed, one killer id as the reader's words: `by` the instrumental of the Russian «убит …»
 * («итальянской мафией»; «по завещанию ниндзя» reads as is), `of` its genitive for «жертва …».
 */
const KILLER: Record<Lang, string> = {
  en: `{killer, select, kamikaze {the kamikaze} army {the Army of Darkness} italians {the Italian mafia} russians {the Russian mafia} maniac {the maniac} ninja {the ninja} testament {the ninja's testament} other {{killer}}}`,
  ru: `{form, select,
    of {{killer, select, kamikaze {камикадзе} army {Армии Тьмы} italians {итальянской мафии} russians {русской мафии} maniac {маньяка} ninja {ниндзя} testament {завещания ниндзя} other {{killer}}}}
    other {{killer, select, kamikaze {камикадзе} army {Армией Тьмы} italians {итальянской мафией} russians {русской мафией} maniac {маньяком} ninja {ниндзя} testament {по завещанию ниндзя} other {{killer}}}}}`,
};

/** One more killer after the list: §7 joins English killers with " and "; Russian «a, b и c». */
const KILLERS_AND: Record<Lang, string> = {
  en: "{list} and {item}",
  ru: "{list}{last, select, yes { и } other {, }}{item}",
};

function killerList(ctx: RenderContext, killers: readonly string[], form: "by" | "of"): string {
  const words = killers.map((killer) => formatMessage(ctx.lang, KILLER[ctx.lang], { killer, form }));
  const [first = "", ...rest] = words;
  return rest.reduce(
    (list, item, index) =>
      formatMessage(ctx.lang, KILLERS_AND[ctx.lang], { list, item, last: yesNo(index === rest.length - 1) }),
    first,
  );
}

/**
 * A death or removal line: the seat (`{player}`, `{player_gender}`), its `<role>`, and with option
 * `revealNightRoles` the revealed role (`{reveal}` yes, `{reveal_role}`); `{by}`/`{of}` the killers.
 */
const deathArgs: ArgsOf = (params, ctx) => {
  const reveal = params["reveal"];
  const revealed = typeof reveal === "object" && reveal !== null && !Array.isArray(reveal);
  const killers = stringsOf(params["killers"]);
  return {
    ...seatArgs(ctx, "player", stringOrEmpty(params["player"])),
    role: roleOf(params, ctx),
    reveal: yesNo(revealed),
    reveal_role: revealed ? roleOf(reveal, ctx) : "",
    by: killerList(ctx, killers, "by"),
    of: killerList(ctx, killers, "of"),
  };
};

/**
 * The end (§9): `{winners}` the winning sides, `{winner_count}`, `{rule}` the condition that ended
 * the game, `{method}` how a duel was decided, and `{reader}` whether to say so in English.
 */
const gameOverArgs: ArgsOf = (params, ctx) => {
  const winners = stringsOf(params["winners"]);
  return {
    winners: winners.map((faction) => ctx.faction(faction)).join(", "),
    winner_count: winners.length,
    rule: stringOrEmpty(params["rule"]),
    method: stringOrEmpty(params["method"]),
    reader: yesNo(isBotReader(ctx)),
  };
};

const ARGS: Record<string, ArgsOf> = {
  hanged: deathArgs,
  removed_by_host: deathArgs,
  left_game: deathArgs,
  beaten: deathArgs,
  blew_up: deathArgs,
  darkness: deathArgs,
  missing: deathArgs,
  harakiri: deathArgs,
  stray_bullet: deathArgs,
  killed: deathArgs,
  game_over: gameOverArgs,
  "private.role": (params, ctx) => ({ role: roleOf(params, ctx) }),
  "private.team": (params, ctx) => {
    const chat = stringOrEmpty(params["chat"]);
    const don = params["don"];
    const son = params["bastard_son"];
    return {
      chat,
      clan: ctx.faction(chat),
      members: joinList(
        stringsOf(params["members"]).map((member) => ctx.player(member)),
        ctx.lang,
      ),
      has_don: yesNo(typeof don === "string"),
      don: typeof don === "string" ? ctx.player(don) : "",
      has_son: yesNo(typeof son === "string"),
      son: typeof son === "string" ? ctx.player(son) : "",
    };
  },
  "private.don": (params, ctx) => ({
    clan: ctx.faction(stringOrEmpty(params["clan"])),
    player: ctx.player(stringOrEmpty(params["player"])),
  }),
  "private.check_result": (params, ctx) => {
    const result = stringOrEmpty(params["result"]);
    const target = stringOrEmpty(params["target"]);
    const thug = params["thug"];
    return {
      ...seatArgs(ctx, "target", target),
      shown: result === "italians" || result === "russians" ? ctx.faction(result) : ctx.role(result),
      has_thug: yesNo(typeof thug === "string"),
      thug: typeof thug === "string" ? ctx.player(thug) : "",
      thug_gender: typeof thug === "string" ? (genderOf(ctx, thug) ?? "") : "",
    };
  },
  "private.protect_used": (params, ctx) => ({ target: ctx.player(stringOrEmpty(params["target"])) }),
  "private.removed": (params) => ({ reason: stringOrEmpty(params["reason"]) }),
};

/** The revealed role appended to a night death line (option `revealNightRoles`). */
const REVEAL_EN = "{reveal, select, yes { Role: {reveal_role}.} other {}}";
const REVEAL_RU = "{reveal, select, yes { Роль: {reveal_role}.} other {}}";

const en: Record<string, string> = {
  hanged: "{player} was hanged. Role: {role}.",
  nobody_hanged: "Nobody was hanged.",
  removed_by_host: "{player} was removed by the host. Role: {role}.",
  left_game: "{player} left the game. Role: {role}.",
  beaten: "{player} was beaten by the thug.",
  // §7's "himself", the rules' word for any player; a seat known to be a woman's reads "herself".
  blew_up: `{player_gender, select, f {{player} blew herself up.} other {{player} blew himself up.}}${REVEAL_EN}`,
  darkness: `{player} was taken by the Darkness.${REVEAL_EN}`,
  missing: "{player} went missing. Role: {role}.",
  harakiri: `{player} committed harakiri.${REVEAL_EN}`,
  stray_bullet: `{player} was hit by a stray bullet.${REVEAL_EN}`,
  killed: `{player} was killed by {by}.${REVEAL_EN}`,
  quiet_night: "Quiet night.",
  // The simulator prints §7's template; a reader is also told which condition of §9 ended the game.
  game_over: `Game over.{reader, select,
    yes {{rule, select,
      nobody { Nobody is left alive.}
      son { Two are left alive, a mafioso and the bastard son of his clan's boss, and the rules give the win to the town.}
      town { No mafia and no maniac are left alive.}
      clan { Only the members of one clan are left alive.}
      maniac { Only the maniac is left alive.}
      duel { After the night two players of different sides are left alive — the duel rule:{method, select,
        votes { the one with fewer votes against him over the game wins}
        first_vote { both have as many votes against them, and the one voted against first loses}
        coin { neither was ever voted against, and a coin toss chose the winner}
        gm { neither was ever voted against, and the host named the winner}
        other {}}.}
      other {}}}
    other {}} {winner_count, plural, =0 {No winners.} other {Winners: {winners}.}}`,
  "private.role": "Your role: {role}.",
  "private.team": `{chat, select,
    police {The police: {members}.}
    other {Your clan ({clan}): {members}.{has_don, select, yes { Don: {don}.} other { The don is not chosen yet.}}{has_son, select, yes { Your boss's bastard son: {son}.} other {}}}}`,
  "private.don": "The don of the {clan} is now {player}.",
  "private.check_result":
    "Check: {target} is {shown}.{has_thug, select, yes {{target_gender, select, f { The thug who beat her: {thug}.} other { The thug who beat him: {thug}.}}} other {}}",
  "private.promoted": "The commissar is dead: you have his badge and check from the next night.",
  "private.vest_broken": "Your vest stopped a bullet and is now broken.",
  "private.protect_used": "Your protect brought {target} back to life.",
  "private.removed":
    "You are removed from the game ({reason, select, no_post {no post this day} other {two refusals to vote}}) and go missing tonight.",
};

/** «Его избил громила X» when both genders are known, else «Избиение: громила X». */
const THUG_RU = `{has_thug, select,
  yes {{target_gender, select,
    m {{thug_gender, select, m { Его избил громила {thug}.} f { Его избила громила {thug}.} other { Избиение: громила {thug}.}}}
    f {{thug_gender, select, m { Её избил громила {thug}.} f { Её избила громила {thug}.} other { Избиение: громила {thug}.}}}
    other { Избиение: громила {thug}.}}}
  other {}}`;

const ru: Record<string, string> = {
  hanged:
    "{player_gender, select, m {{player} повешен} f {{player} повешена} other {{player} отправляется на виселицу}}. Роль: {role}.",
  nobody_hanged: "Никого не повесили.",
  removed_by_host:
    "{player_gender, select, m {{player} удалён ведущим} f {{player} удалена ведущим} other {{player} выбывает по решению ведущего}}. Роль: {role}.",
  left_game:
    "{player_gender, select, m {{player} покинул игру} f {{player} покинула игру} other {{player} покидает игру}}. Роль: {role}.",
  beaten:
    "{player_gender, select, m {{player} избит громилой} f {{player} избита громилой} other {{player} — жертва громилы}}.",
  blew_up: `{player_gender, select, m {{player} подорвал себя} f {{player} подорвала себя} other {{player} взрывает себя}}.${REVEAL_RU}`,
  darkness: `{player_gender, select, m {{player} забран Тьмой} f {{player} забрана Тьмой} other {{player} уходит во Тьму}}.${REVEAL_RU}`,
  missing:
    "{player_gender, select, m {{player} пропал без вести} f {{player} пропала без вести} other {{player} пропадает без вести}}. Роль: {role}.",
  harakiri: `{player_gender, select, m {{player} совершил харакири} f {{player} совершила харакири} other {{player} совершает харакири}}.${REVEAL_RU}`,
  stray_bullet: `{player_gender, select, m {{player} погиб от шальной пули} f {{player} погибла от шальной пули} other {{player} гибнет от шальной пули}}.${REVEAL_RU}`,
  killed: `{player_gender, select, m {{player} убит {by}} f {{player} убита {by}} other {{player} — жертва {of}}}.${REVEAL_RU}`,
  quiet_night: "Ночь прошла спокойно.",
  // Which condition of §9 ended the game, and for the duel how it was decided.
  game_over: `Игра окончена.{rule, select,
    nobody { В живых не осталось никого.}
    son { В живых двое — мафиози и внебрачный сын босса его клана, и по правилам победа присуждается мирным жителям.}
    town { В живых не осталось ни мафии, ни маньяка.}
    clan { В живых остался только один клан.}
    maniac { В живых остался только маньяк.}
    duel { После ночи в живых двое с разных сторон — правило дуэли:{method, select,
      votes { побеждает тот, против кого за игру подано меньше голосов}
      first_vote { голосов против обоих поровну, и проигрывает тот, против кого проголосовали раньше}
      coin { против обоих не голосовали ни разу, и победителя выбрал жребий}
      gm { против обоих не голосовали ни разу, и победителя назвал ведущий}
      other {}}.}
    other {}} {winner_count, plural, =0 {Победителей нет.} other {Победители: {winners}.}}`,
  "private.role": "Ваша роль: {role}.",
  "private.team": `{chat, select,
    police {Полиция: {members}.}
    other {Ваш клан ({clan}): {members}.{has_don, select, yes { Дон: {don}.} other { Дон ещё не выбран.}}{has_son, select, yes { ВСБ вашего клана: {son}.} other {}}}}`,
  "private.don": "Дон клана «{clan}» теперь — {player}.",
  "private.check_result": `Проверка: {target} — {shown}.${THUG_RU}`,
  "private.promoted": "Комиссар погиб: вы получили его значок и проверяете со следующей ночи.",
  "private.vest_broken": "Ваш бронежилет остановил пулю и пришёл в негодность.",
  "private.protect_used": "Ваш протект вернул к жизни: {target}.",
  "private.removed":
    "Вы удалены из игры ({reason, select, no_post {ни одного сообщения за день} other {два отказа от голосования}}) и этой ночью пропадёте без вести.",
};

export const texts: Record<Lang, TextCatalog> = {
  en: { ...messageCatalog("en", en, ARGS), ...rejections.catalogs.en },
  ru: { ...messageCatalog("ru", ru, ARGS), ...rejections.catalogs.ru },
};

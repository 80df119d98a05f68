import type { RenderContext } from "../../engine/ruleset.js";
import { joinList, word } from "../../engine/helpers.js";
import { wordIn } from "../../engine/grammar.js";
import {
  formatMessage,
  isBotReader,
  messageCatalog,
  seatArgs,
  yesNo,
  type ArgsOf,
} from "../../engine/messages.js";
import type { Json, JsonObject, Lang } from "../../engine/types.js";
import { REASON_TEXT, RESULT_TEXT } from "./characters.js";
import { armyName, COUNTRY_NAMES, countryName } from "./names.js";
import { LABELS } from "./view.js";

/**
 * Public lines (§13.5, English verbatim; Russian column) and private kinds (§13.4), as ICU
 * messages (docs/i18n.md). The builders below turn the rules' params (ids, lists) into the
 * messages' arguments; the words are in the messages.
 */

/** A param as text: a string as it is, absent or null empty, any other value as its JSON. */
const asText = (value: Json | undefined) =>
  typeof value === "string" ? value : value === null || value === undefined ? "" : JSON.stringify(value);
const textsOf = (value: Json | undefined) => (Array.isArray(value) ? value.map((item) => asText(item)) : []);

/** The rules file's Russian `text` for a result's code and reason (characters.ts), the code itself for any other. */
function rulesText(result: string, reason: string): string {
  if (Object.hasOwn(REASON_TEXT, reason)) return REASON_TEXT[reason as keyof typeof REASON_TEXT];
  return Object.hasOwn(RESULT_TEXT, result) ? (RESULT_TEXT[result] ?? result) : result;
}

/**
 * A country's and an army's name in the reader's language, from names.ts: Norsland, Orientem and
 * Britonia share their id with their army, which one word per id (the catalogs') cannot tell apart,
 * so an army is named by its own word («Norsland forces»), never its country's. The simulator's
 * English prints the id itself, as the rules file does.
 */
const namesIds = (ctx: RenderContext) => ctx.lang === "en" && !isBotReader(ctx);
const countryWord = (ctx: RenderContext, id: string) => (namesIds(ctx) ? id : countryName(id, ctx.lang));
const armyWord = (ctx: RenderContext, id: string) => (namesIds(ctx) ? id : armyName(id, ctx.lang));

/** A list in a line: the English joined by ", " as the rules file joins ids; the Russian as a sentence. */
const listOf = (ctx: RenderContext, items: readonly string[]) =>
  ctx.lang === "ru" ? joinList(items, "ru") : items.join(", ");

/** An action's name in the reader's language; a GM-made result keeps its id readable. */
function actionName(ctx: RenderContext, action: Json | undefined): string {
  const id = asText(action);
  return LABELS[id]?.[ctx.lang === "ru" ? 1 : 0] ?? id.replace(/_/g, " ");
}

/** The parts of a line's lists, one message per item. */
const ITEMS: Record<Lang, { loss: string; post: string }> = {
  en: { loss: "{army} — {n}", post: "{post}" },
  // A dead character's posts are vacant at the reveal.
  ru: { loss: "{army} — {n}", post: "{alive, select, no {{post} (вакантен)} other {{post}}}" },
};

function losses(params: JsonObject, ctx: RenderContext): string {
  const items = Array.isArray(params["losses"]) ? (params["losses"] as JsonObject[]) : [];
  return items
    .map((loss) =>
      formatMessage(ctx.lang, ITEMS[ctx.lang].loss, {
        army: armyWord(ctx, asText(loss["army"])),
        n: asText(loss["n"]),
      }),
    )
    .join(", ");
}

const appearance: ArgsOf = (p) => ({ appearance: asText(p["appearance"]) });
const text: ArgsOf = (p) => ({ text: asText(p["text"]) });
const factions = (ctx: RenderContext, value: Json | undefined) => textsOf(value).map((f) => ctx.faction(f));

/**
 * Which rule ended the game (§9): only the GM's `end_game` does, and the winners are the GM's list
 * (`by` gm) or those §9's win conditions name (`by` rules; absent in a line of an older game).
 * The simulator's English is the rules file's template; a reader of the bot is told the rule.
 */
const ending: ArgsOf = (p, ctx) => ({ by: asText(p["by"]), reader: yesNo(isBotReader(ctx)) });

const ARGS: Record<string, ArgsOf> = {
  body_found: () => ({}),
  accusation: (p) => ({
    appearance: asText(p["appearance"]),
    article: asText(p["article"]),
    has_article: yesNo(asText(p["article"]) !== ""),
  }),
  director_appointed: appearance,
  wanted: appearance,
  battle: (p, ctx) => ({ country: countryWord(ctx, asText(p["country"])), losses: losses(p, ctx) }),
  captured: (p, ctx) => {
    const country = asText(p["country"]);
    return {
      country: countryWord(ctx, country),
      country_gender: COUNTRY_NAMES[country]?.ruFem ? "f" : "m",
      army: armyWord(ctx, asText(p["army"])),
    };
  },
  peace_signed: (p, ctx) => ({ a: armyWord(ctx, asText(p["a"])), b: armyWord(ctx, asText(p["b"])) }),
  post_vacant: (p, ctx) => {
    const post = asText(p["post"]);
    const of = wordIn(ctx, post, "gen");
    return { post: word(ctx, post), post_gen: of ?? word(ctx, post), post_declines: yesNo(of !== undefined) };
  },
  announce: text,
  game_over: (p, ctx) => ({ winners: factions(ctx, p["winners"]).join(", "), ...ending(p, ctx) }),
  game_over_none: (p, ctx) => ending(p, ctx),
  reveal: (p, ctx) => {
    const roles = listOf(
      ctx,
      textsOf(p["roles"]).map((r) => ctx.role(r)),
    );
    const sides = listOf(ctx, factions(ctx, p["factions"]));
    const alive = yesNo(p["alive"] !== false);
    const posts = textsOf(p["posts"]).map((post) =>
      formatMessage(ctx.lang, ITEMS[ctx.lang].post, { post: word(ctx, post), alive }),
    );
    const postList = listOf(ctx, posts);
    return {
      ...seatArgs(ctx, "player", asText(p["player"])),
      appearance: asText(p["appearance"]),
      roles,
      has_roles: yesNo(roles !== ""),
      factions: sides,
      has_factions: yesNo(sides !== ""),
      type: asText(p["type"]),
      alive,
      posts: postList,
      post_count: posts.length,
      has_posts: yesNo(postList !== ""),
    };
  },
  chances: text,
  losers: (p, ctx) => {
    const losers = factions(ctx, p["factions"]).join(", ");
    return { losers, has_losers: yesNo(losers !== "") };
  },
  reward: (p, ctx) => ({
    ...seatArgs(ctx, "player", asText(p["player"]), ["dat"]),
    amount: asText(p["amount"]),
    crowns: typeof p["amount"] === "number" ? p["amount"] : 0,
  }),
  // A result reads by its code and its move's reason in the reader's language; the text it
  // carries is the rules file's Russian for them, or the GM's own words, which every reader reads.
  "private.result": (p, ctx) => {
    const result = asText(p["result"]);
    const reason = asText(p["reason"]);
    const said = asText(p["text"]);
    return {
      action: actionName(ctx, p["action"]),
      appearance: asText(p["targetAppearance"]),
      has_appearance: yesNo(Boolean(p["targetAppearance"])),
      result,
      reason,
      text: said,
      has_gm_text: yesNo(said !== "" && said !== rulesText(result, reason)),
    };
  },
  "private.notice": (p) => {
    const said = asText(p["text"]);
    return { about: asText(p["about"]), text: said, has_text: yesNo(said !== "") };
  },
  // A relayed message: never an empty line ("A4: ").
  "private.relay": (p) => {
    const said = asText(p["text"]).trim();
    return { from: asText(p["from"]), text: said, has_text: yesNo(said !== "") };
  },
};

/**
 * A result's words by its code (§13.4), or by its move's reason where it has one (§5); an unknown
 * code (a GM's) reads as done. The Russian is the rules file's, as a host writes it.
 */
const RESULT_SELECT: Record<Lang, string> = {
  en:
    "{reason, select, border_closed {The border is closed.} " +
    "no_alliance_or_visa {There is no alliance with that country and you have no visa.} " +
    "derecruited {The de-recruitment is carried out.} other {" +
    "{result, select, ok {Done.} hidden {The target is hiding.} suspicious {The target is suspicious.} " +
    "not_suspicious {The target is not suspicious.} unidentifiable {Identification is impossible.} " +
    "unavailable {The body is unavailable.} invalid {Identification is impossible.} " +
    "opened {The interrogation has begun.} done {Done.} released {The detainee is released.} " +
    "failed {The move failed.} requested {The request is sent.} incomplete {The search was not carried out.} " +
    "abroad {The target is abroad.} wanted {The target is hiding and is now wanted.} " +
    "protected {The wanted character is protected by an army.} already {The target is already detained.} " +
    "avoided {The detention failed.} detained {The target is detained.} " +
    "too_early {Release is not possible yet.} no_orchium {Not enough orchium.} other {Done.}}}}",
  ru:
    "{reason, select, border_closed {Граница закрыта.} no_alliance_or_visa {Нет союза или визы.} " +
    "derecruited {Развербовка проведена.} other {" +
    "{result, select, ok {Ход выполнен.} hidden {Цель скрывается.} suspicious {Цель вызывает подозрение.} " +
    "not_suspicious {Цель не вызывает подозрения.} unidentifiable {Опознание невозможно.} " +
    "unavailable {Тело недоступно.} invalid {Опознание невозможно.} opened {Допрос начат.} " +
    "done {Ход выполнен.} released {Задержанный освобождён.} failed {Ход не удался.} " +
    "requested {Запрос отправлен.} incomplete {Обыск не проведён.} abroad {Цель за границей.} " +
    "wanted {Цель скрывается. Цель объявлена в розыск.} protected {Разыскиваемый защищён ВС.} " +
    "already {Цель уже задержана.} avoided {Задержание не удалось.} detained {Цель задержана.} " +
    "too_early {Освобождение пока невозможно.} no_orchium {Недостаточно орхиума.} other {Ход выполнен.}}}}",
};

/** A result code's words in the language (the console's case file), or undefined for a code the rules do not give. */
export function resultWords(lang: Lang, result: string): string | undefined {
  return Object.hasOwn(RESULT_TEXT, result)
    ? formatMessage(lang, RESULT_SELECT[lang], { result, reason: "" })
    : undefined;
}

/** A notice's words by its `about`; `other` is the GM's own message (`gm`) and any other. */
const NOTICE_EN =
  "{about, select, summons {You are summoned for interrogation.} searched {You were searched.} " +
  "recruited {You are recruited into the OZD: you are now a junior adept.} " +
  "derecruited {You are de-recruited and back in your former faction.} robbed {You were robbed.} " +
  "detained {You are detained.} released {You are released.} " +
  "palace_invitation {You are invited to the Rainbow Palace.} " +
  "palace_request {A character asks to be let into the Rainbow Palace.} " +
  "palace_joined {You are in the Rainbow Palace.} danger_avoided {You avoided danger.} " +
  "warrant_request {The KSB asks the court for a warrant.} warrant_granted {The court granted the warrant.} " +
  "warrant_denied {The court denied the warrant.} character_type {The target's character type is established.} " +
  "wanted {You are wanted.} other {A message from the GM.}}";

const NOTICE_RU =
  "{about, select, summons {Вас вызывают на допрос.} searched {У вас провели обыск.} " +
  "recruited {Вы завербованы в ОЗД: теперь вы младший адепт.} " +
  "derecruited {Вы развербованы и вернулись в прежнюю фракцию.} robbed {Вас ограбили.} " +
  "detained {Вы задержаны.} released {Вы освобождены.} " +
  "palace_invitation {Вас приглашают в Радужный дворец.} " +
  "palace_request {Персонаж просит впустить его в Радужный дворец.} " +
  "palace_joined {Вы в Радужном дворце.} danger_avoided {Вы избежали опасности.} " +
  "warrant_request {КСБ просит разрешения суда.} warrant_granted {Разрешение суда получено.} " +
  "warrant_denied {В разрешении суда отказано.} character_type {Характер цели установлен.} " +
  "wanted {Вы объявлены в розыск.} other {Сообщение ведущего.}}";

const TARGET_APPEARANCE = "{has_appearance, select, yes { ({appearance})} other {}}";
/** The GM's own words for a result, after its code's (§10). */
const GM_TEXT = "{has_gm_text, select, yes { {text}} other {}}";

export const en = messageCatalog(
  "en",
  {
    body_found: "A body was found.",
    accusation:
      "Proceedings opened against the character with appearance {appearance}.{has_article, select, yes { Article: {article}.} other {}}",
    director_appointed: "The character with appearance {appearance} is appointed Director of the KSB.",
    wanted: "The character with appearance {appearance} is wanted.",
    battle: "Battle: {country}. Losses: {losses}.",
    captured: "{country} captured: {army}.",
    peace_signed: "Peace treaty signed: {a} and {b}.",
    post_vacant: "Post {post} is vacant.",
    announce: "{text}",
    game_over:
      "Game over{reader, select, yes {: the GM ended the game (under these rules only the GM ends it)" +
      "{by, select, gm { and named the winners} rules {; the rules' win conditions name the winners} other {}}} other {}}. " +
      "Winners: {winners}.",
    game_over_none:
      "Game over{reader, select, yes {: the GM ended the game (under these rules only the GM ends it)" +
      "{by, select, gm { and named no winners} rules {; no faction met the rules' win conditions} other {}}} other {}}. " +
      "No winners.",
    reveal:
      "{player}: appearance {appearance}; roles {roles}; factions {factions}; " +
      "character type {type, select, ki {KI} km {KM} im {IM} ii {II} other {{type}}}; " +
      "posts {has_posts, select, yes {{posts}} other {—}}.",
    chances: "Chances: {text}",
    losers: "Losers: {has_losers, select, yes {{losers}} other {—}}.",
    reward: "Reward of {player}: {amount}.",
    "private.result": `{action}${TARGET_APPEARANCE}: ${RESULT_SELECT.en}${GM_TEXT}`,
    "private.notice": `${NOTICE_EN}{has_text, select, yes { {text}} other {}}`,
    "private.relay": "{from}: {has_text, select, yes {{text}} other {(no text)}}",
  },
  ARGS,
);

/** «N крон» with at most one decimal, as a reward may be a share («33,3 кроны»). */
const CROWNS =
  "{crowns, plural, one {{crowns, number, ::.#} крона} few {{crowns, number, ::.#} кроны} " +
  "many {{crowns, number, ::.#} крон} other {{crowns, number, ::.#} кроны}}";

export const ru = messageCatalog(
  "ru",
  {
    body_found: "Найдено тело.",
    accusation:
      "Возбуждено судопроизводство против персонажа в облике {appearance}.{has_article, select, yes { Статья: {article}.} other {}}",
    director_appointed: "Директором КСБ назначен персонаж в облике {appearance}.",
    wanted: "Объявлен розыск персонажа в облике {appearance}.",
    battle: "Бой: {country}. Потери: {losses}.",
    // The country agrees with its own gender: «Бритония захвачена», «Регнум захвачен».
    captured: "{country} {country_gender, select, f {захвачена} other {захвачен}}: {army}.",
    peace_signed: "Заключён мирный договор: {a} и {b}.",
    post_vacant: "{post_declines, select, yes {Пост {post_gen} вакантен.} other {Пост «{post}» вакантен.}}",
    announce: "{text}",
    game_over:
      "Игра окончена решением ведущего (по этим правилам её завершает только ведущий). " +
      "{by, select, gm {Победителей назвал ведущий: {winners}.} rules {Условия победы выполнили: {winners}.} other {Победители: {winners}.}}",
    game_over_none:
      "Игра окончена решением ведущего (по этим правилам её завершает только ведущий): " +
      "{by, select, gm {по решению ведущего победителей нет} rules {ни одна фракция не выполнила условий победы} other {победителей нет}}.",
    // A sentence, not a field list: «Вера — Горожанин (Горожане), облик Незнакомец, характер КИ; без постов.»
    reveal:
      "{player} — {has_roles, select, yes {{roles}} other {без роли}}{has_factions, select, yes { ({factions})} other {}}, " +
      "облик {appearance}, характер {type, select, ki {КИ} km {КМ} im {ИМ} ii {ИИ} other {{type}}}" +
      "{alive, select, no {, среди погибших} other {}}; " +
      "{post_count, plural, =0 {без постов} =1 {пост: {posts}} other {посты: {posts}}}.",
    chances: "Шансы: {text}",
    losers: "Проигравшие: {has_losers, select, yes {{losers}} other {—}}.",
    reward: `{player_declines, select, yes {Награда {player_dat}: ${CROWNS}.} other {Награда: {player} — ${CROWNS}.}}`,
    "private.result": `{action}${TARGET_APPEARANCE}: ${RESULT_SELECT.ru}${GM_TEXT}`,
    "private.notice": `${NOTICE_RU}{has_text, select, yes { {text}} other {}}`,
    "private.relay": "{from}: {has_text, select, yes {{text}} other {(без текста)}}",
  },
  ARGS,
);

import type { RenderContext, TextCatalog } from "../../engine/ruleset.js";
import { joinList, word } from "../../engine/helpers.js";
import { countRu, inCase, wordIn } from "../../engine/grammar.js";
import type { Json, JsonObject } from "../../engine/types.js";
import { armyName, countryName } from "./names.js";
import { LABELS } from "./view.js";

/** Public lines (§13.5, English verbatim; Russian column) and private kinds (§13.4). */

/** A param as text: a string as it is, absent or null empty, any other value as its JSON. */
const asText = (value: Json | undefined) =>
  typeof value === "string" ? value : value === null || value === undefined ? "" : JSON.stringify(value);
const textsOf = (value: Json | undefined) => (Array.isArray(value) ? value.map((item) => asText(item)) : []);

const TYPE_RU: Record<string, string> = { ki: "КИ", km: "КМ", im: "ИМ", ii: "ИИ" };
const country = (c: Json | undefined) => countryName(asText(c), "ru");
const army = (a: Json | undefined) => armyName(asText(a), "ru");

function losses(params: JsonObject, ru: boolean, ctx?: RenderContext): string {
  const items = Array.isArray(params["losses"]) ? (params["losses"] as JsonObject[]) : [];
  return items
    .map(
      (l) =>
        `${ru ? army(l["army"]) : ctx ? word(ctx, asText(l["army"])) : asText(l["army"])} — ${asText(l["n"])}`,
    )
    .join(", ");
}

export const en: TextCatalog = {
  body_found: () => "A body was found.",
  accusation: (p) =>
    `Proceedings opened against the character with appearance ${asText(p["appearance"])}.${asText(p["article"]) ? ` Article: ${asText(p["article"])}.` : ""}`,
  director_appointed: (p) =>
    `The character with appearance ${asText(p["appearance"])} is appointed Director of the KSB.`,
  wanted: (p) => `The character with appearance ${asText(p["appearance"])} is wanted.`,
  battle: (p, ctx) => `Battle: ${word(ctx, asText(p["country"]))}. Losses: ${losses(p, false, ctx)}.`,
  captured: (p, ctx) => `${word(ctx, asText(p["country"]))} captured: ${word(ctx, asText(p["army"]))}.`,
  peace_signed: (p, ctx) =>
    `Peace treaty signed: ${word(ctx, asText(p["a"]))} and ${word(ctx, asText(p["b"]))}.`,
  post_vacant: (p, ctx) => `Post ${word(ctx, asText(p["post"]))} is vacant.`,
  announce: (p) => asText(p["text"]),
  game_over: (p, ctx) =>
    `Game over. Winners: ${textsOf(p["winners"])
      .map((f) => ctx.faction(f))
      .join(", ")}.`,
  game_over_none: () => "Game over. No winners.",
  reveal: (p, ctx) =>
    `${ctx.player(asText(p["player"]))}: appearance ${asText(p["appearance"])}; roles ${textsOf(p["roles"])
      .map((r) => ctx.role(r))
      .join(", ")}; factions ${textsOf(p["factions"])
      .map((f) => ctx.faction(f))
      .join(", ")}; character type ${asText(p["type"]).toUpperCase()}; posts ${
      textsOf(p["posts"])
        .map((x) => word(ctx, x))
        .join(", ") || "—"
    }.`,
  chances: (p) => `Chances: ${asText(p["text"])}`,
  losers: (p, ctx) =>
    `Losers: ${
      textsOf(p["factions"])
        .map((f) => ctx.faction(f))
        .join(", ") || "—"
    }.`,
  reward: (p, ctx) => `Reward of ${ctx.player(asText(p["player"]))}: ${asText(p["amount"])}.`,
  // The rules' result texts are Russian; an English reader gets the result in English and a
  // free text (a GM's) only when it is not one of them.
  "private.result": (p) => {
    const text = asText(p["text"]);
    const extra = text && !/[А-Яа-яЁё]/.test(text) ? ` ${text}` : "";
    return `${actionName(p["action"], 0)}${appearanceOf(p)}: ${RESULT_EN[asText(p["result"])] ?? "Done."}${extra}`;
  },
  "private.notice": (p) => {
    const text = asText(p["text"]);
    const extra = text && !/[А-Яа-яЁё]/.test(text) ? ` ${text}` : "";
    return `${NOTICE_EN[asText(p["about"])] ?? "A message from the GM."}${extra}`;
  },
  "private.relay": (p) => relay(p, "(no text)"),
};

export const RESULT_EN: Record<string, string> = {
  ok: "Done.",
  hidden: "The target is hiding.",
  suspicious: "The target is suspicious.",
  not_suspicious: "The target is not suspicious.",
  unidentifiable: "Identification is impossible.",
  unavailable: "The body is unavailable.",
  invalid: "Identification is impossible.",
  opened: "The interrogation has begun.",
  done: "Done.",
  released: "The detainee is released.",
  failed: "The move failed.",
  requested: "The request is sent.",
  incomplete: "The search was not carried out.",
  abroad: "The target is abroad.",
  wanted: "The target is hiding and is now wanted.",
  protected: "The wanted character is protected by an army.",
  already: "The target is already detained.",
  avoided: "The detention failed.",
  detained: "The target is detained.",
  too_early: "Release is not possible yet.",
  no_orchium: "Not enough orchium.",
};

const NOTICE_EN: Record<string, string> = {
  summons: "You are summoned for interrogation.",
  searched: "You were searched.",
  recruited: "You are recruited into the OZD: you are now a junior adept.",
  derecruited: "You are de-recruited and back in your former faction.",
  robbed: "You were robbed.",
  detained: "You are detained.",
  released: "You are released.",
  palace_invitation: "You are invited to the Rainbow Palace.",
  palace_request: "A character asks to be let into the Rainbow Palace.",
  palace_joined: "You are in the Rainbow Palace.",
  danger_avoided: "You avoided danger.",
  warrant_request: "The KSB asks the court for a warrant.",
  warrant_granted: "The court granted the warrant.",
  warrant_denied: "The court denied the warrant.",
  character_type: "The target's character type is established.",
  wanted: "You are wanted.",
  gm: "A message from the GM.",
};

/** An action's name in the language (0 en, 1 ru); a GM-made result keeps its id readable. */
function actionName(action: Json | undefined, lang: 0 | 1): string {
  const id = asText(action);
  return LABELS[id]?.[lang] ?? id.replace(/_/g, " ");
}

const appearanceOf = (p: JsonObject) => (p["targetAppearance"] ? ` (${asText(p["targetAppearance"])})` : "");

/** A relayed message: never an empty line ("A4: "). */
const relay = (p: JsonObject, empty: string) => `${asText(p["from"])}: ${asText(p["text"]).trim() || empty}`;

const NOTICE_RU: Record<string, string> = {
  summons: "Вас вызывают на допрос.",
  searched: "У вас провели обыск.",
  recruited: "Вы завербованы в ОЗД: теперь вы младший адепт.",
  derecruited: "Вы развербованы и вернулись в прежнюю фракцию.",
  robbed: "Вас ограбили.",
  detained: "Вы задержаны.",
  released: "Вы освобождены.",
  palace_invitation: "Вас приглашают в Радужный дворец.",
  palace_request: "Персонаж просит впустить его в Радужный дворец.",
  palace_joined: "Вы в Радужном дворце.",
  danger_avoided: "Вы избежали опасности.",
  warrant_request: "КСБ просит разрешения суда.",
  warrant_granted: "Разрешение суда получено.",
  warrant_denied: "В разрешении суда отказано.",
  character_type: "Характер цели установлен.",
  wanted: "Вы объявлены в розыск.",
  gm: "Сообщение ведущего.",
};

export const ru: TextCatalog = {
  body_found: () => "Найдено тело.",
  accusation: (p) =>
    `Возбуждено судопроизводство против персонажа в облике ${asText(p["appearance"])}.${asText(p["article"]) ? ` Статья: ${asText(p["article"])}.` : ""}`,
  director_appointed: (p) => `Директором КСБ назначен персонаж в облике ${asText(p["appearance"])}.`,
  wanted: (p) => `Объявлен розыск персонажа в облике ${asText(p["appearance"])}.`,
  battle: (p) => `Бой: ${country(p["country"])}. Потери: ${losses(p, true)}.`,
  captured: (p) => `${country(p["country"])} захвачена: ${army(p["army"])}.`,
  peace_signed: (p) => `Заключён мирный договор: ${army(p["a"])} и ${army(p["b"])}.`,
  post_vacant: (p, ctx) => {
    const post = asText(p["post"]);
    const of = wordIn(ctx, post, "gen");
    return of === undefined ? `Пост «${word(ctx, post)}» вакантен.` : `Пост ${of} вакантен.`;
  },
  announce: (p) => asText(p["text"]),
  game_over: (p, ctx) =>
    `Игра окончена решением ведущего (по этим правилам её завершает только ведущий). Победители: ${textsOf(
      p["winners"],
    )
      .map((f) => ctx.faction(f))
      .join(", ")}.`,
  game_over_none: () =>
    "Игра окончена решением ведущего (по этим правилам её завершает только ведущий): победителей нет.",
  // A sentence, not a field list: «Вера — Горожанин (Горожане), облик Незнакомец, характер КИ; без постов.»
  reveal: (p, ctx) => {
    const roles = joinList(
      textsOf(p["roles"]).map((r) => ctx.role(r)),
      "ru",
    );
    const factions = joinList(
      textsOf(p["factions"]).map((f) => ctx.faction(f)),
      "ru",
    );
    const dead = p["alive"] === false;
    const posts = textsOf(p["posts"]).map((x) => (dead ? `${word(ctx, x)} (вакантен)` : word(ctx, x)));
    const type = TYPE_RU[asText(p["type"])] ?? asText(p["type"]);
    return `${ctx.player(asText(p["player"]))} — ${roles || "без роли"}${factions ? ` (${factions})` : ""}, облик ${asText(p["appearance"])}, характер ${type}${dead ? ", среди погибших" : ""}; ${
      posts.length === 0 ? "без постов" : `${posts.length === 1 ? "пост" : "посты"}: ${joinList(posts, "ru")}`
    }.`;
  },
  chances: (p) => `Шансы: ${asText(p["text"])}`,
  losers: (p, ctx) =>
    `Проигравшие: ${
      textsOf(p["factions"])
        .map((f) => ctx.faction(f))
        .join(", ") || "—"
    }.`,
  reward: (p, ctx) => {
    const amount = typeof p["amount"] === "number" ? p["amount"] : 0;
    const crowns = countRu(amount, ["крона", "кроны", "крон"]);
    return inCase(
      ctx,
      asText(p["player"]),
      "dat",
      (name) => `Награда ${name}: ${crowns}.`,
      (name) => `Награда: ${name} — ${crowns}.`,
    );
  },
  "private.result": (p) => `${actionName(p["action"], 1)}${appearanceOf(p)}: ${asText(p["text"])}`,
  "private.notice": (p) =>
    `${NOTICE_RU[asText(p["about"])] ?? NOTICE_RU["gm"] ?? ""}${p["text"] ? ` ${asText(p["text"])}` : ""}`,
  "private.relay": (p) => relay(p, "(без текста)"),
};

import type { RenderContext, TextCatalog } from "../../engine/ruleset.js";
import { pluralRu, word } from "../../engine/helpers.js";
import type { Json, JsonObject } from "../../engine/types.js";
import { rejections } from "./rejections.js";

/** Public lines (reichstag.md section 7, verbatim in English) and private messages (section 8). */

const s = (v: Json | undefined): string => (v === undefined || v === null ? "" : String(v));
const list = (v: Json | undefined): string[] => (Array.isArray(v) ? v.map((x) => s(x)) : []);
const ids = (v: Json | undefined, ctx: RenderContext) =>
  list(v)
    .map((id) => ctx.player(id))
    .join(", ");
const pairs = (v: Json | undefined): [string, string][] =>
  Array.isArray(v) ? v.map((x) => (Array.isArray(x) ? [s(x[0]), s(x[1])] : ["", ""])) : [];
const P = (params: JsonObject, key: string, ctx: RenderContext) => ctx.player(s(params[key]));

const policyEn = (p: string) => (p === "L" ? "liberal" : "fascist");
const policyRu = (p: string) => (p === "L" ? "либеральный" : "фашистский");
const powerRu: Record<string, string> = {
  investigate: "Исследование лояльности",
  special_election: "Внеочередные выборы",
  peek: "Просмотр законов",
  execute: "Уничтожение",
};

export const en: TextCatalog = {
  deal: (p, ctx) =>
    `Players: ${ids(p["players"], ctx)}. Liberals ${s(p["liberals"])}, fascists ${s(p["fascists"])}, Hitler 1.`,
  candidate: (p, ctx) => {
    const suffix =
      p["reason"] === "special_election"
        ? " (special election)"
        : p["reason"] === "chaos"
          ? " (chosen at random after chaos)"
          : "";
    return `Presidential candidate: ${P(p, "player", ctx)}${suffix}.`;
  },
  nominated: (p, ctx) => `${P(p, "president", ctx)} nominated ${P(p, "chancellor", ctx)} as Chancellor.`,
  nomination_missed: (p, ctx) => `${P(p, "player", ctx)} did not nominate a Chancellor.`,
  vote_ja: (p, ctx) => `${P(p, "player", ctx)} votes Ja.`,
  vote_nein: (p, ctx) => `${P(p, "player", ctx)} votes Nein.`,
  votes: (p, ctx) =>
    `Votes: ${pairs(p["votes"])
      .map(([id, v]) => `${ctx.player(id)} ${v === "ja" ? "Ja" : "Nein"}`)
      .join(", ")}.`,
  did_not_vote: (p, ctx) => `Did not vote: ${ids(p["players"], ctx)}.`,
  government_elected: (p, ctx) =>
    `Government elected: President ${P(p, "president", ctx)}, Chancellor ${P(p, "chancellor", ctx)} (Ja ${s(p["ja"])}, Nein ${s(p["nein"])}).`,
  government_rejected: (p, ctx) =>
    `Government rejected: ${P(p, "president", ctx)} and ${P(p, "chancellor", ctx)} (Ja ${s(p["ja"])}, Nein ${s(p["nein"])}). Election tracker: ${s(p["tracker"])}/3.`,
  not_hitler: (p, ctx) => `${P(p, "player", ctx)} is not Hitler.`,
  is_hitler: (p, ctx) => `${P(p, "player", ctx)} is Hitler.`,
  president_discarded: () => "The President passed two policies to the Chancellor.",
  veto_requested: (p, ctx) => `${P(p, "player", ctx)} requests a veto.`,
  veto_refused: (p, ctx) => `${P(p, "player", ctx)} refuses the veto.`,
  veto: (p) => `Veto: no policy enacted. Election tracker: ${s(p["tracker"])}/3.`,
  chaos: () => "Chaos: the top policy is enacted.",
  policy_liberal: () => "A liberal policy is enacted.",
  policy_fascist: () => "A fascist policy is enacted.",
  tracks: (p) =>
    `Policies: liberal ${s(p["liberal"])}/5, fascist ${s(p["fascist"])}/6. Election tracker: ${s(p["tracker"])}/3.`,
  term_limits_cleared: () => "Term limits are cleared.",
  reshuffled: (p) => `The policy deck is reshuffled (${s(p["n"])} policies).`,
  power_granted: (p, ctx) => `${P(p, "player", ctx)} must choose presidential powers.`,
  powers_chosen: (p, ctx) =>
    `${P(p, "player", ctx)} chose: ${list(p["powers"])
      .map((x) => word(ctx, x))
      .join(", ")}.`,
  investigated: (p, ctx) => `${P(p, "president", ctx)} investigated ${P(p, "target", ctx)}.`,
  special_election: (p, ctx) =>
    `${P(p, "president", ctx)} called a special election: ${P(p, "target", ctx)}.`,
  peeked: (p, ctx) => `${P(p, "president", ctx)} looked at the top three policies.`,
  executed: (p, ctx) => `${P(p, "player", ctx)} was executed.`,
  executed_hitler: (p, ctx) => `${P(p, "player", ctx)} was executed. ${P(p, "player", ctx)} was Hitler.`,
  removed: (p, ctx) => `${P(p, "player", ctx)} was removed by the host.`,
  extended: (p) => `Deadline extended by ${s(p["hours"])} h.`,
  closed_early: () => "The election is closed early.",
  waiting: (p, ctx) => `Waiting for ${ids(p["players"], ctx)}.`,
  game_over: (p, ctx) =>
    `Game over. Winners: ${
      list(p["winners"])
        .map((f) => ctx.faction(f))
        .join(", ") || "none"
    }.`,
  roles: (p, ctx) =>
    `Roles: ${pairs(p["roles"])
      .map(([id, role]) => `${ctx.player(id)} ${ctx.role(role)}`)
      .join(", ")}.`,
  "private.role": (p, ctx) => `Your role: ${ctx.role(s(p["role"]))} (${ctx.faction(s(p["faction"]))}).`,
  "private.allies": (p, ctx) =>
    [
      `Fascists: ${ids(p["fascists"], ctx) || "none"}.`,
      p["hitler"] !== undefined ? ` Hitler: ${P(p, "hitler", ctx)}.` : "",
    ].join(""),
  "private.policies_drawn": (p, ctx) =>
    `You drew: ${list(p["policies"])
      .map((x) => word(ctx, x))
      .join(", ")}. Discard one; the other two go to the Chancellor.`,
  "private.policies_received": (p, ctx) =>
    `You received: ${list(p["policies"])
      .map((x) => word(ctx, x))
      .join(", ")}. Enact one.`,
  "private.investigation_result": (p, ctx) =>
    `${P(p, "target", ctx)} belongs to the ${ctx.faction(s(p["result"]))}.`,
  "private.investigation_notice": (p, ctx) => `${P(p, "by", ctx)} investigated your party membership.`,
  "private.peek_result": (p, ctx) =>
    `The top three policies: ${list(p["policies"])
      .map((x) => word(ctx, x))
      .join(", ")}.`,
};

const trackerRu = (p: JsonObject) => `Счётчик выборов: ${s(p["tracker"])}/3.`;

export const ru: TextCatalog = {
  deal: (p, ctx) => {
    const l = Number(p["liberals"]);
    const f = Number(p["fascists"]);
    return `Игроки: ${ids(p["players"], ctx)}. ${l} ${pluralRu(l, ["либерал", "либерала", "либералов"])}, ${f} ${pluralRu(f, ["фашист", "фашиста", "фашистов"])}, 1 Гитлер.`;
  },
  candidate: (p, ctx) =>
    `Кандидат-Президент: ${P(p, "player", ctx)}${
      p["reason"] === "special_election"
        ? " (внеочередные выборы)"
        : p["reason"] === "chaos"
          ? " (выбран случайно после хаоса)"
          : ""
    }.`,
  nominated: (p, ctx) => `${P(p, "president", ctx)} номинирует ${P(p, "chancellor", ctx)} в канцлеры.`,
  nomination_missed: (p, ctx) => `${P(p, "player", ctx)} не номинировал канцлера.`,
  vote_ja: (p, ctx) => `${P(p, "player", ctx)} голосует «Ja».`,
  vote_nein: (p, ctx) => `${P(p, "player", ctx)} голосует «Nein».`,
  votes: (p, ctx) =>
    `Голоса: ${pairs(p["votes"])
      .map(([id, v]) => `${ctx.player(id)} ${v === "ja" ? "Ja" : "Nein"}`)
      .join(", ")}.`,
  did_not_vote: (p, ctx) => `Не проголосовали: ${ids(p["players"], ctx)}.`,
  government_elected: (p, ctx) =>
    `Правительство избрано: Президент ${P(p, "president", ctx)}, Канцлер ${P(p, "chancellor", ctx)} (Ja ${s(p["ja"])}, Nein ${s(p["nein"])}).`,
  government_rejected: (p, ctx) =>
    `Правительство отвергнуто: ${P(p, "president", ctx)} и ${P(p, "chancellor", ctx)} (Ja ${s(p["ja"])}, Nein ${s(p["nein"])}). ${trackerRu(p)}`,
  not_hitler: (p, ctx) => `${P(p, "player", ctx)} — не Гитлер.`,
  is_hitler: (p, ctx) => `${P(p, "player", ctx)} — Гитлер.`,
  president_discarded: () => "Президент передал канцлеру два закона.",
  veto_requested: (p, ctx) => `${P(p, "player", ctx)}: «Я хочу наложить вето».`,
  veto_refused: (p, ctx) => `${P(p, "player", ctx)} не согласен с вето.`,
  veto: (p) => `Вето: закон не принят. ${trackerRu(p)}`,
  chaos: () => "Хаос: принят верхний закон колоды.",
  policy_liberal: () => "Принят либеральный закон.",
  policy_fascist: () => "Принят фашистский закон.",
  tracks: (p) => `Законы: либеральные ${s(p["liberal"])}/5, фашистские ${s(p["fascist"])}/6. ${trackerRu(p)}`,
  term_limits_cleared: () => "Статусы «Бывший президент» и «Бывший канцлер» сняты.",
  reshuffled: (p) => {
    const n = Number(p["n"]);
    return `Колода законов перемешана (${n} ${pluralRu(n, ["закон", "закона", "законов"])}).`;
  },
  power_granted: (p, ctx) => `${P(p, "player", ctx)} должен выбрать президентские права.`,
  powers_chosen: (p, ctx) =>
    `${P(p, "player", ctx)} выбрал: ${list(p["powers"])
      .map((x) => powerRu[x] ?? x)
      .join(", ")}.`,
  investigated: (p, ctx) => `${P(p, "president", ctx)} проверил лояльность ${P(p, "target", ctx)}.`,
  special_election: (p, ctx) =>
    `${P(p, "president", ctx)} объявил внеочередные выборы: ${P(p, "target", ctx)}.`,
  peeked: (p, ctx) => `${P(p, "president", ctx)} просмотрел три верхних закона.`,
  executed: (p, ctx) => `${P(p, "player", ctx)} расстрелян.`,
  executed_hitler: (p, ctx) => `${P(p, "player", ctx)} расстрелян. ${P(p, "player", ctx)} был Гитлером.`,
  removed: (p, ctx) => `${P(p, "player", ctx)} выведен из игры ведущим.`,
  extended: (p) => {
    const h = Number(p["hours"]);
    return `Дедлайн продлён на ${h} ${pluralRu(h, ["час", "часа", "часов"])}.`;
  },
  closed_early: () => "Голосование завершено досрочно.",
  waiting: (p, ctx) => `Ожидаем: ${ids(p["players"], ctx)}.`,
  game_over: (p, ctx) =>
    `Игра окончена. Победители: ${
      list(p["winners"])
        .map((f) => ctx.faction(f))
        .join(", ") || "нет"
    }.`,
  roles: (p, ctx) =>
    `Роли: ${pairs(p["roles"])
      .map(([id, role]) => `${ctx.player(id)} — ${ctx.role(role)}`)
      .join(", ")}.`,
  "private.role": (p, ctx) => `Ваша роль: ${ctx.role(s(p["role"]))} (${ctx.faction(s(p["faction"]))}).`,
  "private.allies": (p, ctx) =>
    [
      `Фашисты: ${ids(p["fascists"], ctx) || "нет"}.`,
      p["hitler"] !== undefined ? ` Гитлер: ${P(p, "hitler", ctx)}.` : "",
    ].join(""),
  "private.policies_drawn": (p) =>
    `Вы получили законы: ${list(p["policies"]).map(policyRu).join(", ")}. Отвергните один, два других уйдут канцлеру.`,
  "private.policies_received": (p) =>
    `Вы получили законы: ${list(p["policies"]).map(policyRu).join(", ")}. Примите один.`,
  "private.investigation_result": (p, ctx) =>
    `${P(p, "target", ctx)} принадлежит к команде: ${ctx.faction(s(p["result"]))}.`,
  "private.investigation_notice": (p, ctx) => `${P(p, "by", ctx)} исследовал вашу лояльность.`,
  "private.peek_result": (p) => `Три верхних закона: ${list(p["policies"]).map(policyRu).join(", ")}.`,
};

export const policyName = { en: policyEn, ru: policyRu };
export const texts = {
  en: { ...en, ...rejections.catalogs.en },
  ru: { ...ru, ...rejections.catalogs.ru },
};

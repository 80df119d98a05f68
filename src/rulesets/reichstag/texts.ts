import type { RenderContext, TextCatalog } from "../../engine/ruleset.js";
import { word } from "../../engine/helpers.js";
import { bySeat, countRu, inCase } from "../../engine/grammar.js";
import type { Json, JsonObject } from "../../engine/types.js";
import { rejections } from "./rejections.js";
import { paramList, paramText } from "../../engine/params.js";

/** Public lines (reichstag.md section 7, verbatim in English) and private messages (section 8). */

const ids = (v: Json | undefined, ctx: RenderContext) =>
  paramList(v)
    .map((id) => ctx.player(id))
    .join(", ");
const pairs = (v: Json | undefined): [string, string][] =>
  Array.isArray(v) ? v.map((x) => (Array.isArray(x) ? [paramText(x[0]), paramText(x[1])] : ["", ""])) : [];
const playerName = (params: JsonObject, key: string, ctx: RenderContext) =>
  ctx.player(paramText(params[key]));

const policyEn = (p: string) => (p === "L" ? "liberal" : "fascist");
const policyRu = (p: string) => (p === "L" ? "либеральный" : "фашистский");
/** The seat under `key` agreeing with its gender; `none` needs no gender (present tense or a noun). */
const agree = (params: JsonObject, key: string, ctx: RenderContext, m: string, f: string, none: string) =>
  bySeat(ctx, paramText(params[key]), m, f, none);

const powerRu: Record<string, string> = {
  investigate: "Исследование лояльности",
  special_election: "Внеочередные выборы",
  peek: "Просмотр законов",
  execute: "Уничтожение",
};

export const en: TextCatalog = {
  deal: (p, ctx) =>
    `Players: ${ids(p["players"], ctx)}. Liberals ${paramText(p["liberals"])}, fascists ${paramText(p["fascists"])}, Hitler 1.`,
  candidate: (p, ctx) => {
    const suffix =
      p["reason"] === "special_election"
        ? " (special election)"
        : p["reason"] === "chaos"
          ? " (chosen at random after chaos)"
          : "";
    return `Presidential candidate: ${playerName(p, "player", ctx)}${suffix}.`;
  },
  nominated: (p, ctx) =>
    `${playerName(p, "president", ctx)} nominated ${playerName(p, "chancellor", ctx)} as Chancellor.`,
  nomination_missed: (p, ctx) => `${playerName(p, "player", ctx)} did not nominate a Chancellor.`,
  vote_ja: (p, ctx) => `${playerName(p, "player", ctx)} votes Ja.`,
  vote_nein: (p, ctx) => `${playerName(p, "player", ctx)} votes Nein.`,
  votes: (p, ctx) =>
    `Votes: ${pairs(p["votes"])
      .map(([id, v]) => `${ctx.player(id)} ${v === "ja" ? "Ja" : "Nein"}`)
      .join(", ")}.`,
  did_not_vote: (p, ctx) => `Did not vote: ${ids(p["players"], ctx)}.`,
  government_elected: (p, ctx) =>
    `Government elected: President ${playerName(p, "president", ctx)}, Chancellor ${playerName(p, "chancellor", ctx)} (Ja ${paramText(p["ja"])}, Nein ${paramText(p["nein"])}).`,
  government_rejected: (p, ctx) =>
    `Government rejected: ${playerName(p, "president", ctx)} and ${playerName(p, "chancellor", ctx)} (Ja ${paramText(p["ja"])}, Nein ${paramText(p["nein"])}). Election tracker: ${paramText(p["tracker"])}/3.`,
  not_hitler: (p, ctx) => `${playerName(p, "player", ctx)} is not Hitler.`,
  is_hitler: (p, ctx) => `${playerName(p, "player", ctx)} is Hitler.`,
  president_discarded: () => "The President passed two policies to the Chancellor.",
  veto_requested: (p, ctx) => `${playerName(p, "player", ctx)} requests a veto.`,
  veto_refused: (p, ctx) => `${playerName(p, "player", ctx)} refuses the veto.`,
  veto: (p) => `Veto: no policy enacted. Election tracker: ${paramText(p["tracker"])}/3.`,
  chaos: () => "Chaos: the top policy is enacted.",
  policy_liberal: () => "A liberal policy is enacted.",
  policy_fascist: () => "A fascist policy is enacted.",
  tracks: (p) =>
    `Policies: liberal ${paramText(p["liberal"])}/5, fascist ${paramText(p["fascist"])}/6. Election tracker: ${paramText(p["tracker"])}/3.`,
  term_limits_cleared: () => "Term limits are cleared.",
  reshuffled: (p) => `The policy deck is reshuffled (${paramText(p["n"])} policies).`,
  power_granted: (p, ctx) => `${playerName(p, "player", ctx)} must choose presidential powers.`,
  powers_chosen: (p, ctx) =>
    `${playerName(p, "player", ctx)} chose: ${paramList(p["powers"])
      .map((x) => word(ctx, x))
      .join(", ")}.`,
  investigated: (p, ctx) =>
    `${playerName(p, "president", ctx)} investigated ${playerName(p, "target", ctx)}.`,
  special_election: (p, ctx) =>
    `${playerName(p, "president", ctx)} called a special election: ${playerName(p, "target", ctx)}.`,
  peeked: (p, ctx) => `${playerName(p, "president", ctx)} looked at the top three policies.`,
  executed: (p, ctx) => `${playerName(p, "player", ctx)} was executed.`,
  executed_hitler: (p, ctx) =>
    `${playerName(p, "player", ctx)} was executed. ${playerName(p, "player", ctx)} was Hitler.`,
  removed: (p, ctx) => `${playerName(p, "player", ctx)} was removed by the host.`,
  extended: (p) => `Deadline extended by ${paramText(p["hours"])} h.`,
  closed_early: () => "The election is closed early.",
  waiting: (p, ctx) => `Waiting for ${ids(p["players"], ctx)}.`,
  game_over: (p, ctx) =>
    `Game over. Winners: ${
      paramList(p["winners"])
        .map((f) => ctx.faction(f))
        .join(", ") || "none"
    }.`,
  roles: (p, ctx) =>
    `Roles: ${pairs(p["roles"])
      .map(([id, role]) => `${ctx.player(id)} ${ctx.role(role)}`)
      .join(", ")}.`,
  "private.role": (p, ctx) =>
    `Your role: ${ctx.role(paramText(p["role"]))} (${ctx.faction(paramText(p["faction"]))}).`,
  "private.allies": (p, ctx) =>
    [
      `Fascists: ${ids(p["fascists"], ctx) || "none"}.`,
      p["hitler"] !== undefined ? ` Hitler: ${playerName(p, "hitler", ctx)}.` : "",
    ].join(""),
  "private.policies_drawn": (p, ctx) =>
    `You drew: ${paramList(p["policies"])
      .map((x) => word(ctx, x))
      .join(", ")}. Discard one; the other two go to the Chancellor.`,
  "private.policies_received": (p, ctx) =>
    `You received: ${paramList(p["policies"])
      .map((x) => word(ctx, x))
      .join(", ")}. Enact one.`,
  "private.investigation_result": (p, ctx) =>
    `${playerName(p, "target", ctx)} belongs to the ${ctx.faction(paramText(p["result"]))}.`,
  "private.investigation_notice": (p, ctx) =>
    `${playerName(p, "by", ctx)} investigated your party membership.`,
  "private.peek_result": (p, ctx) =>
    `The top three policies: ${paramList(p["policies"])
      .map((x) => word(ctx, x))
      .join(", ")}.`,
};

const trackerRu = (p: JsonObject) => `Счётчик выборов: ${paramText(p["tracker"])}/3.`;

/** Which rule of section 9 ended the game, for the Russian «Игра окончена» line. */
const END_REASON_RU: Record<string, string> = {
  liberal_policies: "принят пятый либеральный закон",
  fascist_policies: "принят шестой фашистский закон",
  hitler_elected: "Гитлер избран канцлером, когда действуют три фашистских закона",
  hitler_executed: "Гитлер расстрелян",
  gm: "игру завершил ведущий",
};

export const ru: TextCatalog = {
  deal: (p, ctx) => {
    const liberals = Number(p["liberals"]);
    const fascists = Number(p["fascists"]);
    return `Игроки: ${ids(p["players"], ctx)}. ${countRu(liberals, ["либерал", "либерала", "либералов"])}, ${countRu(fascists, ["фашист", "фашиста", "фашистов"])}, 1 Гитлер.`;
  },
  candidate: (p, ctx) =>
    `Кандидат-Президент: ${playerName(p, "player", ctx)}${
      p["reason"] === "special_election"
        ? " (внеочередные выборы)"
        : p["reason"] === "chaos"
          ? ` (${agree(p, "player", ctx, "выбран случайно", "выбрана случайно", "случайный выбор")} после хаоса)`
          : ""
    }.`,
  nominated: (p, ctx) =>
    inCase(
      ctx,
      paramText(p["chancellor"]),
      "acc",
      (name) => `${playerName(p, "president", ctx)} номинирует ${name} в канцлеры.`,
      (name) => `${playerName(p, "president", ctx)} номинирует в канцлеры: ${name}.`,
    ),
  nomination_missed: (p, ctx) =>
    agree(
      p,
      "player",
      ctx,
      `${playerName(p, "player", ctx)} не номинировал канцлера.`,
      `${playerName(p, "player", ctx)} не номинировала канцлера.`,
      `${playerName(p, "player", ctx)}: канцлер не номинирован.`,
    ),
  vote_ja: (p, ctx) => `${playerName(p, "player", ctx)} голосует «Ja».`,
  vote_nein: (p, ctx) => `${playerName(p, "player", ctx)} голосует «Nein».`,
  votes: (p, ctx) =>
    `Голоса: ${pairs(p["votes"])
      .map(([id, v]) => `${ctx.player(id)} ${v === "ja" ? "Ja" : "Nein"}`)
      .join(", ")}.`,
  did_not_vote: (p, ctx) => `Не проголосовали: ${ids(p["players"], ctx)}.`,
  government_elected: (p, ctx) =>
    `Правительство избрано: Президент ${playerName(p, "president", ctx)}, Канцлер ${playerName(p, "chancellor", ctx)} (Ja ${paramText(p["ja"])}, Nein ${paramText(p["nein"])}).`,
  government_rejected: (p, ctx) =>
    `Правительство отвергнуто: ${playerName(p, "president", ctx)} и ${playerName(p, "chancellor", ctx)} (Ja ${paramText(p["ja"])}, Nein ${paramText(p["nein"])}). ${trackerRu(p)}`,
  not_hitler: (p, ctx) => `${playerName(p, "player", ctx)} — не Гитлер.`,
  is_hitler: (p, ctx) => `${playerName(p, "player", ctx)} — Гитлер.`,
  president_discarded: () => "Президент передал канцлеру два закона.",
  veto_requested: (p, ctx) => `${playerName(p, "player", ctx)}: «Я хочу наложить вето».`,
  veto_refused: (p, ctx) =>
    agree(
      p,
      "player",
      ctx,
      `${playerName(p, "player", ctx)} не согласен с вето.`,
      `${playerName(p, "player", ctx)} не согласна с вето.`,
      `${playerName(p, "player", ctx)} отклоняет вето.`,
    ),
  veto: (p) => `Вето: закон не принят. ${trackerRu(p)}`,
  chaos: () => "Хаос: принят верхний закон колоды.",
  policy_liberal: () => "Принят либеральный закон.",
  policy_fascist: () => "Принят фашистский закон.",
  tracks: (p) =>
    `Законы: либеральные ${paramText(p["liberal"])}/5, фашистские ${paramText(p["fascist"])}/6. ${trackerRu(p)}`,
  term_limits_cleared: () => "Статусы «Бывший президент» и «Бывший канцлер» сняты.",
  reshuffled: (p) => {
    const policies = Number(p["n"]);
    return `Колода законов перемешана (${countRu(policies, ["закон", "закона", "законов"])}).`;
  },
  power_granted: (p, ctx) =>
    agree(
      p,
      "player",
      ctx,
      `${playerName(p, "player", ctx)} должен выбрать президентские права.`,
      `${playerName(p, "player", ctx)} должна выбрать президентские права.`,
      `${playerName(p, "player", ctx)}: пора выбрать президентские права.`,
    ),
  powers_chosen: (p, ctx) =>
    `${agree(p, "player", ctx, `${playerName(p, "player", ctx)} выбрал`, `${playerName(p, "player", ctx)} выбрала`, `${playerName(p, "player", ctx)} выбирает права`)}: ${paramList(
      p["powers"],
    )
      .map((x) => powerRu[x] ?? x)
      .join(", ")}.`,
  investigated: (p, ctx) => {
    const president = playerName(p, "president", ctx);
    const verb = agree(p, "president", ctx, "проверил", "проверила", "проверяет");
    return inCase(
      ctx,
      paramText(p["target"]),
      "gen",
      (name) => `${president} ${verb} лояльность ${name}.`,
      (name) => `${president} ${verb} лояльность: ${name}.`,
    );
  },
  special_election: (p, ctx) =>
    `${playerName(p, "president", ctx)} ${agree(p, "president", ctx, "объявил", "объявила", "объявляет")} внеочередные выборы: ${playerName(p, "target", ctx)}.`,
  peeked: (p, ctx) =>
    `${playerName(p, "president", ctx)} ${agree(p, "president", ctx, "просмотрел", "просмотрела", "просматривает")} три верхних закона.`,
  executed: (p, ctx) =>
    agree(
      p,
      "player",
      ctx,
      `${playerName(p, "player", ctx)} расстрелян.`,
      `${playerName(p, "player", ctx)} расстреляна.`,
      `Расстрел: ${playerName(p, "player", ctx)}.`,
    ),
  executed_hitler: (p, ctx) =>
    agree(
      p,
      "player",
      ctx,
      `${playerName(p, "player", ctx)} расстрелян. ${playerName(p, "player", ctx)} был Гитлером.`,
      `${playerName(p, "player", ctx)} расстреляна. ${playerName(p, "player", ctx)} была Гитлером.`,
      `Расстрел: ${playerName(p, "player", ctx)}. ${playerName(p, "player", ctx)} — это Гитлер.`,
    ),
  removed: (p, ctx) =>
    agree(
      p,
      "player",
      ctx,
      `${playerName(p, "player", ctx)} выведен из игры ведущим.`,
      `${playerName(p, "player", ctx)} выведена из игры ведущим.`,
      `${playerName(p, "player", ctx)} выбывает из игры по решению ведущего.`,
    ),
  extended: (p) => {
    const hours = Number(p["hours"]);
    return `Дедлайн продлён на ${countRu(hours, ["час", "часа", "часов"])}.`;
  },
  closed_early: () => "Голосование завершено досрочно.",
  waiting: (p, ctx) => `Ожидаем: ${ids(p["players"], ctx)}.`,
  game_over: (p, ctx) => {
    const winners = paramList(p["winners"]).map((f) => ctx.faction(f));
    const why = END_REASON_RU[paramText(p["reason"])];
    if (why) {
      const who = winners.length === 0 ? "Победителей нет." : `Победители: ${winners.join(", ")}.`;
      return `Игра окончена: ${why}. ${who}`;
    }
    return winners.length === 0
      ? "Игра окончена. Победителей нет."
      : `Игра окончена. Победители: ${winners.join(", ")}.`;
  },
  roles: (p, ctx) =>
    `Роли: ${pairs(p["roles"])
      .map(([id, role]) => `${ctx.player(id)} — ${ctx.role(role)}`)
      .join(", ")}.`,
  "private.role": (p, ctx) =>
    `Ваша роль: ${ctx.role(paramText(p["role"]))} (${ctx.faction(paramText(p["faction"]))}).`,
  "private.allies": (p, ctx) =>
    [
      `Фашисты: ${ids(p["fascists"], ctx) || "нет"}.`,
      p["hitler"] !== undefined ? ` Гитлер: ${playerName(p, "hitler", ctx)}.` : "",
    ].join(""),
  "private.policies_drawn": (p) =>
    `Вы получили законы: ${paramList(p["policies"]).map(policyRu).join(", ")}. Отвергните один, два других уйдут канцлеру.`,
  "private.policies_received": (p) =>
    `Вы получили законы: ${paramList(p["policies"]).map(policyRu).join(", ")}. Примите один.`,
  "private.investigation_result": (p, ctx) =>
    `${playerName(p, "target", ctx)} принадлежит к команде: ${ctx.faction(paramText(p["result"]))}.`,
  "private.investigation_notice": (p, ctx) =>
    `${playerName(p, "by", ctx)} ${agree(p, "by", ctx, "исследовал", "исследовала", "исследует")} вашу лояльность.`,
  "private.peek_result": (p) => `Три верхних закона: ${paramList(p["policies"]).map(policyRu).join(", ")}.`,
};

export const policyName = { en: policyEn, ru: policyRu };
export const texts = {
  en: { ...en, ...rejections.catalogs.en },
  ru: { ...ru, ...rejections.catalogs.ru },
};

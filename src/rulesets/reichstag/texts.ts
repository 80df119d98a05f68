import { word } from "../../engine/helpers.js";
import {
  formatMessage,
  messageCatalog,
  seatArgs,
  type ArgsOf,
  type MessageArgs,
} from "../../engine/messages.js";
import type { NameCase } from "../../engine/grammar.js";
import type { RenderContext, TextCatalog } from "../../engine/ruleset.js";
import type { Json, JsonObject, Lang } from "../../engine/types.js";
import { rejections } from "./rejections.js";
import { paramList, paramNumber, paramText } from "../../engine/params.js";

/**
 * Public lines (reichstag.md section 7, verbatim in English) and private messages (section 8) as
 * ICU messages (docs/i18n.md). Russian agrees with a seat's gender where a word agrees with it;
 * `other` is the construction that needs no gender («Расстрел: Alex.»).
 */

type Key =
  | "deal"
  | "candidate"
  | "nominated"
  | "nomination_missed"
  | "vote_ja"
  | "vote_nein"
  | "votes"
  | "did_not_vote"
  | "government_elected"
  | "government_rejected"
  | "not_hitler"
  | "is_hitler"
  | "president_discarded"
  | "veto_requested"
  | "veto_refused"
  | "veto"
  | "chaos"
  | "policy_liberal"
  | "policy_fascist"
  | "tracks"
  | "term_limits_cleared"
  | "reshuffled"
  | "power_granted"
  | "powers_chosen"
  | "investigated"
  | "special_election"
  | "peeked"
  | "executed"
  | "executed_hitler"
  | "removed"
  | "extended"
  | "closed_early"
  | "waiting"
  | "game_over"
  | "roles"
  | "private.role"
  | "private.allies"
  | "private.policies_drawn"
  | "private.policies_received"
  | "private.investigation_result"
  | "private.investigation_notice"
  | "private.peek_result";

const TRACKER_EN = "Election tracker: {tracker, number}/3.";
const TRACKER_RU = "Счётчик выборов: {tracker, number}/3.";

const en: Record<Key, string> = {
  deal: "Players: {players}. Liberals {liberals, number}, fascists {fascists, number}, Hitler 1.",
  candidate:
    "Presidential candidate: {player}{reason, select, special_election { (special election)} chaos { (chosen at random after chaos)} other {}}.",
  nominated: "{president} nominated {chancellor} as Chancellor.",
  nomination_missed: "{player} did not nominate a Chancellor.",
  vote_ja: "{player} votes Ja.",
  vote_nein: "{player} votes Nein.",
  votes: "Votes: {votes}.",
  did_not_vote: "Did not vote: {players}.",
  government_elected:
    "Government elected: President {president}, Chancellor {chancellor} (Ja {ja, number}, Nein {nein, number}).",
  government_rejected: `Government rejected: {president} and {chancellor} (Ja {ja, number}, Nein {nein, number}). ${TRACKER_EN}`,
  not_hitler: "{player} is not Hitler.",
  is_hitler: "{player} is Hitler.",
  president_discarded: "The President passed two policies to the Chancellor.",
  veto_requested: "{player} requests a veto.",
  veto_refused: "{player} refuses the veto.",
  veto: `Veto: no policy enacted. ${TRACKER_EN}`,
  chaos: "Chaos: the top policy is enacted.",
  policy_liberal: "A liberal policy is enacted.",
  policy_fascist: "A fascist policy is enacted.",
  tracks: `Policies: liberal {liberal, number}/5, fascist {fascist, number}/6. ${TRACKER_EN}`,
  term_limits_cleared: "Term limits are cleared.",
  reshuffled: "The policy deck is reshuffled ({n, number} policies).",
  power_granted: "{player} must choose presidential powers.",
  powers_chosen: "{player} chose: {powers}.",
  investigated: "{president} investigated {target}.",
  special_election: "{president} called a special election: {target}.",
  peeked: "{president} looked at the top three policies.",
  executed: "{player} was executed.",
  executed_hitler: "{player} was executed. {player} was Hitler.",
  removed: "{player} was removed by the host.",
  extended: "Deadline extended by {hours, number} h.",
  closed_early: "The election is closed early.",
  waiting: "Waiting for {players}.",
  // The simulator prints section 7's line; the bot's reader is also told which rule of section 9
  // ended the game.
  game_over: `Game over.{reader, select,
    yes {{reason, select,
      liberal_policies { The fifth liberal policy was enacted.}
      fascist_policies { The sixth fascist policy was enacted.}
      hitler_elected { Hitler was elected Chancellor with at least three fascist policies enacted.}
      hitler_executed {{detail, select, removed { Hitler was removed by the host.} other { Hitler was executed.}}}
      gm {{detail, select, nobody_left { No player is left alive.} other { The host ended the game.}}}
      other {}}}
    other {}} Winners: {count, plural, =0 {none} other {{winners}}}.`,
  roles: "Roles: {roles}.",
  "private.role": "Your role: {role} ({faction}).",
  "private.allies":
    "Fascists: {count, plural, =0 {none} other {{fascists}}}.{has_hitler, select, yes { Hitler: {hitler}.} other {}}",
  "private.policies_drawn": "You drew: {policies}. Discard one; the other two go to the Chancellor.",
  "private.policies_received": "You received: {policies}. Enact one.",
  "private.investigation_result": "{target} belongs to the {result}.",
  "private.investigation_notice": "{by} investigated your party membership.",
  "private.peek_result": "The top three policies: {policies}.",
};

const ru: Record<Key, string> = {
  deal: "Игроки: {players}. {liberals, plural, one {# либерал} few {# либерала} many {# либералов} other {# либерала}}, {fascists, plural, one {# фашист} few {# фашиста} many {# фашистов} other {# фашиста}}, 1 Гитлер.",
  candidate:
    "Кандидат-Президент: {player}{reason, select, special_election { (внеочередные выборы)} chaos { ({player_gender, select, m {выбран случайно} f {выбрана случайно} other {случайный выбор}} после хаоса)} other {}}.",
  nominated:
    "{chancellor_declines, select, yes {{president} номинирует {chancellor_acc} в канцлеры.} other {{president} номинирует в канцлеры: {chancellor}.}}",
  nomination_missed:
    "{player_gender, select, m {{player} не номинировал канцлера.} f {{player} не номинировала канцлера.} other {{player}: канцлер не номинирован.}}",
  vote_ja: "{player} голосует «Ja».",
  vote_nein: "{player} голосует «Nein».",
  votes: "Голоса: {votes}.",
  did_not_vote: "Не проголосовали: {players}.",
  government_elected:
    "Правительство избрано: Президент {president}, Канцлер {chancellor} (Ja {ja, number}, Nein {nein, number}).",
  government_rejected: `Правительство отвергнуто: {president} и {chancellor} (Ja {ja, number}, Nein {nein, number}). ${TRACKER_RU}`,
  not_hitler: "{player} — не Гитлер.",
  is_hitler: "{player} — Гитлер.",
  president_discarded: "Президент передал канцлеру два закона.",
  veto_requested: "{player}: «Я хочу наложить вето».",
  veto_refused:
    "{player_gender, select, m {{player} не согласен с вето.} f {{player} не согласна с вето.} other {{player} отклоняет вето.}}",
  veto: `Вето: закон не принят. ${TRACKER_RU}`,
  chaos: "Хаос: принят верхний закон колоды.",
  policy_liberal: "Принят либеральный закон.",
  policy_fascist: "Принят фашистский закон.",
  tracks: `Законы: либеральные {liberal, number}/5, фашистские {fascist, number}/6. ${TRACKER_RU}`,
  term_limits_cleared: "Статусы «Бывший президент» и «Бывший канцлер» сняты.",
  reshuffled:
    "Колода законов перемешана ({n, plural, one {# закон} few {# закона} many {# законов} other {# закона}}).",
  power_granted:
    "{player_gender, select, m {{player} должен выбрать президентские права.} f {{player} должна выбрать президентские права.} other {{player}: пора выбрать президентские права.}}",
  powers_chosen: "{player} {player_gender, select, m {выбрал} f {выбрала} other {выбирает права}}: {powers}.",
  investigated:
    "{president} {president_gender, select, m {проверил} f {проверила} other {проверяет}} лояльность{target_declines, select, yes { {target_gen}} other {: {target}}}.",
  special_election:
    "{president} {president_gender, select, m {объявил} f {объявила} other {объявляет}} внеочередные выборы: {target}.",
  peeked:
    "{president} {president_gender, select, m {просмотрел} f {просмотрела} other {просматривает}} три верхних закона.",
  executed:
    "{player_gender, select, m {{player} расстрелян.} f {{player} расстреляна.} other {Расстрел: {player}.}}",
  executed_hitler:
    "{player_gender, select, m {{player} расстрелян. {player} был Гитлером.} f {{player} расстреляна. {player} была Гитлером.} other {Расстрел: {player}. {player} — это Гитлер.}}",
  removed:
    "{player_gender, select, m {{player} выведен из игры ведущим.} f {{player} выведена из игры ведущим.} other {{player} выбывает из игры по решению ведущего.}}",
  extended: "Дедлайн продлён на {hours, plural, one {# час} few {# часа} many {# часов} other {# часа}}.",
  closed_early: "Голосование завершено досрочно.",
  waiting: "Ожидаем: {players}.",
  // Which rule of section 9 ended the game (`reason`), then who won.
  game_over:
    "Игра окончена{reason, select, liberal_policies {: принят пятый либеральный закон.} fascist_policies {: принят шестой фашистский закон.} hitler_elected {: Гитлер избран канцлером, когда действуют не меньше трёх фашистских законов.} hitler_executed {: {detail, select, removed {Гитлер выведен из игры ведущим} other {Гитлер расстрелян}}.} gm {: {detail, select, nobody_left {в живых не осталось ни одного игрока} other {игру завершил ведущий}}.} other {.}} {count, plural, =0 {Победителей нет.} other {Победители: {winners}.}}",
  roles: "Роли: {roles}.",
  "private.role": "Ваша роль: {role} ({faction}).",
  "private.allies":
    "Фашисты: {count, plural, =0 {нет} other {{fascists}}}.{has_hitler, select, yes { Гитлер: {hitler}.} other {}}",
  "private.policies_drawn": "Вы получили законы: {policies}. Отвергните один, два других уйдут канцлеру.",
  "private.policies_received": "Вы получили законы: {policies}. Примите один.",
  "private.investigation_result": "{target} принадлежит к команде: {result}.",
  "private.investigation_notice":
    "{by} {by_gender, select, m {исследовал} f {исследовала} other {исследует}} вашу лояльность.",
  "private.peek_result": "Три верхних закона: {policies}.",
};

/** One item of a list a line names (a vote, a seat's role, a power, a policy), per language. */
const ITEMS: Record<Lang, Record<"vote" | "role" | "power" | "policy", string>> = {
  en: {
    vote: "{player} {vote, select, ja {Ja} other {Nein}}",
    role: "{player} {role}",
    power: "{power_word}",
    policy: "{policy_word}",
  },
  ru: {
    vote: "{player} {vote, select, ja {Ja} other {Nein}}",
    role: "{player} — {role}",
    power:
      "{power, select, investigate {Исследование лояльности} special_election {Внеочередные выборы} peek {Просмотр законов} execute {Уничтожение} other {{power}}}",
    policy: "{policy, select, L {либеральный} other {фашистский}}",
  },
};

/** The list's items, each its message in the reader's language, joined as the rules file joins ids. */
const itemList = (ctx: RenderContext, item: keyof (typeof ITEMS)["en"], items: readonly MessageArgs[]) =>
  items.map((args) => formatMessage(ctx.lang, ITEMS[ctx.lang][item], args)).join(", ");

const seat = (ctx: RenderContext, name: string, params: JsonObject, cases: readonly NameCase[] = []) =>
  seatArgs(ctx, name, paramText(params[name]), cases);
const seats = (ctx: RenderContext, value: Json | undefined) =>
  paramList(value)
    .map((id) => ctx.player(id))
    .join(", ");
const pairs = (v: Json | undefined): [string, string][] =>
  Array.isArray(v) ? v.map((x) => (Array.isArray(x) ? [paramText(x[0]), paramText(x[1])] : ["", ""])) : [];
const policies: ArgsOf = (p, c) => ({
  policies: itemList(
    c,
    "policy",
    paramList(p["policies"]).map((policy) => ({ policy, policy_word: word(c, policy) })),
  ),
});
const government: ArgsOf = (p, c) => ({
  ...seat(c, "president", p),
  ...seat(c, "chancellor", p),
  ja: paramNumber(p["ja"]),
  nein: paramNumber(p["nein"]),
  tracker: paramNumber(p["tracker"]),
});
const player: ArgsOf = (p, c) => seat(c, "player", p);
const presidentAndTarget: ArgsOf = (p, c) => ({ ...seat(c, "president", p), ...seat(c, "target", p) });
/**
 * `yes` for a reader of the bot; the simulator's reader (`idContext`) has no words for rules ids
 * (`ctx.word`) and prints the rules file's English templates verbatim.
 */
const reader = (ctx: RenderContext): string => (ctx.word === undefined ? "no" : "yes");
/** A line that names nothing. */
const none: ArgsOf = () => ({});
const counts =
  (...names: readonly string[]): ArgsOf =>
  (p) =>
    Object.fromEntries(names.map((name) => [name, paramNumber(p[name])]));

const args: Record<Key, ArgsOf> = {
  deal: (p, c) => ({
    players: seats(c, p["players"]),
    liberals: paramNumber(p["liberals"]),
    fascists: paramNumber(p["fascists"]),
  }),
  candidate: (p, c) => ({ ...seat(c, "player", p), reason: paramText(p["reason"]) }),
  nominated: (p, c) => ({ ...seat(c, "president", p), ...seat(c, "chancellor", p) }),
  nomination_missed: player,
  vote_ja: player,
  vote_nein: player,
  votes: (p, c) => ({
    votes: itemList(
      c,
      "vote",
      pairs(p["votes"]).map(([id, vote]) => ({ player: c.player(id), vote })),
    ),
  }),
  did_not_vote: (p, c) => ({ players: seats(c, p["players"]) }),
  government_elected: government,
  government_rejected: government,
  not_hitler: player,
  is_hitler: player,
  president_discarded: none,
  veto_requested: player,
  veto_refused: player,
  veto: counts("tracker"),
  chaos: none,
  policy_liberal: none,
  policy_fascist: none,
  tracks: counts("liberal", "fascist", "tracker"),
  term_limits_cleared: none,
  reshuffled: counts("n"),
  power_granted: player,
  powers_chosen: (p, c) => ({
    ...seat(c, "player", p),
    powers: itemList(
      c,
      "power",
      paramList(p["powers"]).map((power) => ({ power, power_word: word(c, power) })),
    ),
  }),
  investigated: (p, c) => ({ ...seat(c, "president", p), ...seat(c, "target", p, ["gen"]) }),
  special_election: presidentAndTarget,
  peeked: presidentAndTarget,
  executed: player,
  executed_hitler: player,
  removed: player,
  extended: counts("hours"),
  closed_early: none,
  waiting: (p, c) => ({ players: seats(c, p["players"]) }),
  game_over: (p, c) => {
    const winners = paramList(p["winners"]).map((f) => c.faction(f));
    return {
      count: winners.length,
      winners: winners.join(", "),
      reason: paramText(p["reason"]),
      detail: paramText(p["detail"]),
      reader: reader(c),
    };
  },
  roles: (p, c) => ({
    roles: itemList(
      c,
      "role",
      pairs(p["roles"]).map(([id, role]) => ({ player: c.player(id), role: c.role(role) })),
    ),
  }),
  "private.role": (p, c) => ({
    role: c.role(paramText(p["role"])),
    faction: c.faction(paramText(p["faction"])),
  }),
  "private.allies": (p, c) => {
    const fascists = paramList(p["fascists"]);
    return {
      count: fascists.length,
      fascists: seats(c, fascists),
      has_hitler: p["hitler"] === undefined ? "no" : "yes",
      hitler: p["hitler"] === undefined ? "" : c.player(paramText(p["hitler"])),
    };
  },
  "private.policies_drawn": policies,
  "private.policies_received": policies,
  "private.investigation_result": (p, c) => ({
    ...seat(c, "target", p),
    result: c.faction(paramText(p["result"])),
  }),
  "private.investigation_notice": (p, c) => seat(c, "by", p),
  "private.peek_result": policies,
};

/**
 * The Russian asks for the chancellor's declined name before the president's, as the text did
 * before ICU: the golden tables (test/golden) name seats in the order a text asks for them.
 */
const ruArgs: Record<Key, ArgsOf> = {
  ...args,
  nominated: (p, c) => ({ ...seat(c, "chancellor", p, ["acc"]), ...seat(c, "president", p) }),
};

export const texts: Record<Lang, TextCatalog> = {
  en: { ...messageCatalog("en", en, args), ...rejections.catalogs.en },
  ru: { ...messageCatalog("ru", ru, ruArgs), ...rejections.catalogs.ru },
};

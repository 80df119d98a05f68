import { describe, expect, it } from "vitest";
import { idContext } from "../../engine/helpers.js";
import type { RenderContext } from "../../engine/ruleset.js";
import type { JsonObject, Lang } from "../../engine/types.js";
import { REASON_TEXT, RESULT_TEXT } from "./characters.js";
import { play, results } from "./factory.js";
import { en, ru } from "./texts.js";

/** The bot's reader: it has words for the rules' ids (the simulator's has none). */
const reader = (lang: Lang): RenderContext => ({ ...idContext(lang), word: (id) => id });
const told = (lang: Lang, key: string, params: JsonObject) =>
  (lang === "en" ? en : ru)[key]?.(params, reader(lang));

describe("texts (§13.5)", () => {
  it("every public line and private kind has an English and a Russian text", () => {
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    const params = {
      appearance: "A1",
      article: "12",
      country: "regnum",
      army: "ozd",
      a: "royal",
      b: "ozd",
      post: "king",
      text: "t",
      winners: ["ksb"],
      losses: [{ army: "royal", n: 3 }],
      player: "p1",
      amount: 5,
      roles: ["citizen"],
      factions: ["citizens"],
      posts: [],
      type: "ki",
      about: "gm",
      from: "A2",
    };
    for (const key of Object.keys(en)) {
      expect(typeof en[key]?.(params, idContext("en"))).toBe("string");
      expect(typeof ru[key]?.(params, idContext("ru"))).toBe("string");
    }
  });
  it("renders the rules file's English templates verbatim", () => {
    const ctx = idContext("en");
    expect(
      en["battle"]?.(
        {
          country: "regnum",
          losses: [
            { army: "royal", n: 3 },
            { army: "ozd", n: 3 },
          ],
        },
        ctx,
      ),
    ).toBe("Battle: regnum. Losses: royal — 3, ozd — 3.");
    expect(en["captured"]?.({ country: "regnum", army: "ozd" }, ctx)).toBe("regnum captured: ozd.");
    expect(en["game_over_none"]?.({}, ctx)).toBe("Game over. No winners.");
    expect(ru["body_found"]?.({}, idContext("ru"))).toBe("Найдено тело.");
  });

  it("the simulator prints the Game over template; a reader of the bot is told which rule ended the game", () => {
    const sim = idContext("en");
    for (const by of ["gm", "rules"]) {
      expect(en["game_over"]?.({ winners: ["ksb"], by }, sim)).toBe("Game over. Winners: ksb.");
      expect(en["game_over_none"]?.({ winners: [], by }, sim)).toBe("Game over. No winners.");
    }
    expect(en["game_over"]?.({ winners: ["ksb"], by: "rules" }, reader("en"))).toBe(
      "Game over: the GM ended the game (under these rules only the GM ends it); the rules' win conditions name the winners. Winners: ksb.",
    );
    expect(en["game_over_none"]?.({ winners: [], by: "gm" }, reader("en"))).toBe(
      "Game over: the GM ended the game (under these rules only the GM ends it) and named no winners. No winners.",
    );
    expect(ru["game_over"]?.({ winners: ["ksb"], by: "gm" }, reader("ru"))).toBe(
      "Игра окончена решением ведущего (по этим правилам её завершает только ведущий). Победителей назвал ведущий: ksb.",
    );
    expect(ru["game_over_none"]?.({ winners: [], by: "rules" }, reader("ru"))).toBe(
      "Игра окончена решением ведущего (по этим правилам её завершает только ведущий): ни одна фракция не выполнила условий победы.",
    );
  });
  it("a captured country agrees with its own gender in Russian", () => {
    const ctx = idContext("ru");
    expect(ru["captured"]?.({ country: "britonia", army: "ozd" }, ctx)).toBe("Бритония захвачена: ВС ОЗД.");
    expect(ru["captured"]?.({ country: "orientem", army: "royal" }, ctx)).toBe(
      "Ориентем захвачен: Королевские ВС.",
    );
  });
});

describe("a result reads by its code and its move's reason in the reader's language (issue 32)", () => {
  const abroad = [
    { phase: "night" as const, actions: [{ actor: "x", action: "go_abroad", country: "orientem" }] },
  ];

  it("a journey that fails says why: the rules file's Russian in the output, the reason in either language", () => {
    const noVisa = results(play([{ id: "x", role: "citizen" }], abroad), 0, "x")[0] ?? {};
    const closed =
      results(
        play([{ id: "x", role: "citizen", visas: ["orientem"] }], abroad, {
          borders: { "regnum-orientem": "closed" },
        }),
        0,
        "x",
      )[0] ?? {};
    expect(noVisa).toMatchObject({
      result: "failed",
      reason: "no_alliance_or_visa",
      text: "Нет союза или визы.",
    });
    expect(closed).toMatchObject({ result: "failed", reason: "border_closed", text: "Граница закрыта." });
    expect(told("en", "private.result", noVisa)).toBe(
      "Go abroad: There is no alliance with that country and you have no visa.",
    );
    expect(told("ru", "private.result", noVisa)).toBe("Уехать за границу: Нет союза или визы.");
    expect(told("en", "private.result", closed)).toBe("Go abroad: The border is closed.");
    expect(told("ru", "private.result", closed)).toBe("Уехать за границу: Граница закрыта.");
  });

  it("the Director reads his de-recruitment as carried out, whatever the target was (R15)", () => {
    const played = play(
      [
        { id: "d", role: "ksb_agent", posts: ["director"] },
        { id: "x", role: "citizen" },
      ],
      [
        { phase: "night" },
        { phase: "day", actions: [{ actor: "d", action: "ksb_derecruit", targets: ["x"] }] },
      ],
    );
    const result = results(played, 1, "d")[0] ?? {};
    expect(result).toMatchObject({ result: "done", reason: "derecruited", text: "Развербовка проведена." });
    const appearance = String(result["targetAppearance"]);
    expect(told("en", "private.result", result)).toBe(
      `De-recruitment (${appearance}): The de-recruitment is carried out.`,
    );
    expect(told("ru", "private.result", result)).toBe(`Развербовка (${appearance}): Развербовка проведена.`);
  });

  it("the Russian reads every code and reason as the rules file words it; the English says each in English", () => {
    const said = [
      ...Object.entries(RESULT_TEXT).map(([result, text]) => ({ result, reason: "", text })),
      ...Object.entries(REASON_TEXT).map(([reason, text]) => ({ result: "done", reason, text })),
    ];
    for (const { result, reason, text } of said) {
      const params = { action: "order", result, reason, text };
      // The host closes the sentence the rules file leaves open («Разыскиваемый защищён ВС»).
      const russian = text.endsWith(".") ? text : `${text}.`;
      expect(told("ru", "private.result", params)).toBe(`Произвольный ход ведущему: ${russian}`);
      expect(told("en", "private.result", params)).toMatch(/^Free-form order to the GM: [^\u0400-\u04FF]+$/);
    }
  });

  it("a code's own text is read in the reader's language, a GM's words by every reader after it", () => {
    const hidden = { action: "ksb_surveil", result: "hidden", text: "Цель скрывается." };
    expect(told("en", "private.result", hidden)).toBe("Surveillance: The target is hiding.");
    expect(told("ru", "private.result", hidden)).toBe("Слежка: Цель скрывается.");
    const ruled = { action: "order", result: "done", text: "Клад найден." };
    expect(told("en", "private.result", ruled)).toBe("Free-form order to the GM: Done. Клад найден.");
    expect(told("ru", "private.result", ruled)).toBe("Произвольный ход ведущему: Ход выполнен. Клад найден.");
    const message = { about: "gm", text: "Встреча в полночь." };
    expect(told("en", "private.notice", message)).toBe("A message from the GM. Встреча в полночь.");
  });
});

describe("an army is named by its own word, not its country's", () => {
  it("Norsland, Orientem and Britonia's forces read as forces in English and in Russian", () => {
    expect(told("en", "peace_signed", { a: "royal", b: "norsland" })).toBe(
      "Peace treaty signed: Royal Armed Forces and Norsland forces.",
    );
    expect(told("en", "captured", { country: "britonia", army: "britonia" })).toBe(
      "Britonia captured: Britonia forces.",
    );
    expect(told("en", "battle", { country: "orientem", losses: [{ army: "orientem", n: 2 }] })).toBe(
      "Battle: Orientem. Losses: Orientem forces — 2.",
    );
    expect(told("ru", "peace_signed", { a: "royal", b: "norsland" })).toBe(
      "Заключён мирный договор: Королевские ВС и ВС Норсленда.",
    );
  });
});

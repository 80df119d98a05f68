import { describe, expect, it } from "vitest";
import { idContext } from "../../engine/helpers.js";
import type { RenderContext } from "../../engine/ruleset.js";
import type { Lang } from "../../engine/types.js";
import { en, ru } from "./texts.js";

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
    const reader = (lang: Lang): RenderContext => ({ ...idContext(lang), word: (id) => id });
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

import { describe, expect, it } from "vitest";
import { idContext } from "../../engine/helpers.js";
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
});

import { describe, expect, it } from "vitest";
import { formatMessage } from "../../src/engine/messages.js";
import { declineName, nameGender } from "../../src/i18n/names.js";

/** Russian first names through lvovich, and numbers through Intl (docs/i18n.md). */
describe("a seat's name in Russian", () => {
  it("a Russian first name tells its gender; an androgynous, foreign or many-word name tells none", () => {
    expect(nameGender("Вера")).toBe("f");
    expect(nameGender("Глеб")).toBe("m");
    expect(nameGender("Никита")).toBe("m");
    expect(nameGender("Саша")).toBeUndefined();
    expect(nameGender("Bob")).toBeUndefined();
    expect(nameGender("Анна Петрова")).toBeUndefined();
    expect(nameGender("Гоша_77")).toBeUndefined();
  });

  it("only a Russian first name is declined, and only as the seat's gender allows", () => {
    expect(declineName("Вера", "acc")).toBe("Веру");
    expect(declineName("Егор", "gen")).toBe("Егора");
    expect(declineName("Глеб", "acc", "m")).toBe("Глеба");
    expect(declineName("Глеб", "acc", "f")).toBeUndefined();
    expect(declineName("Саша", "gen")).toBeUndefined();
    expect(declineName("Bob", "dat")).toBeUndefined();
  });

  it("numbers take the noun form of their plural class and the reader's notation", () => {
    const votes = "{n, plural, one {# голос} few {# голоса} many {# голосов} other {# голоса}}";
    expect([1, 2, 5, 11, 14, 21, 22, 1.5].map((n) => formatMessage("ru", votes, { n }))).toEqual([
      "1 голос",
      "2 голоса",
      "5 голосов",
      "11 голосов",
      "14 голосов",
      "21 голос",
      "22 голоса",
      "1,5 голоса",
    ]);
    expect(formatMessage("ru", "{n, number}", { n: 1.8 })).toBe("1,8");
    expect(formatMessage("en", "{n, number}", { n: 1.8 })).toBe("1.8");
    expect(formatMessage("ru", "{n, number}", { n: 1000 })).toBe("1\u00a0000");
  });
});

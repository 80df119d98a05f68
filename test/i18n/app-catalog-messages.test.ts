import { describe, expect, it } from "vitest";
import { formatMessage, messageArguments } from "../../src/engine/messages.js";
import type { Lang } from "../../src/engine/types.js";
import { commandTexts } from "../../src/i18n/commands.js";
import { consoleEn, consoleRu } from "../../src/i18n/console.js";
import { gmRoomEn, gmRoomRu } from "../../src/i18n/gm-room.js";
import { masksEn, masksRu } from "../../src/i18n/masks.js";
import { recordsEn, recordsRu } from "../../src/i18n/records.js";
import { rulebooks } from "../../src/i18n/rulebooks.js";
import { signupsEn, signupsRu } from "../../src/i18n/signups.js";
import { t } from "../../src/i18n/index.js";

/**
 * The app's catalogs beside en.ts/ru.ts (docs/i18n.md, "Message format"): every text is an ICU
 * message, not a function; the command names and the rulebooks, shown as they are, read the same
 * formatted (no brace or quote that ICU would take for syntax).
 */

const CATALOGS = {
  "gm-room": { en: gmRoomEn, ru: gmRoomRu },
  console: { en: consoleEn, ru: consoleRu },
  masks: { en: masksEn, ru: masksRu },
  records: { en: recordsEn, ru: recordsRu },
  signups: { en: signupsEn, ru: signupsRu },
};

describe("the app's catalogs are ICU messages", () => {
  for (const [file, byLang] of Object.entries(CATALOGS)) {
    it(`${file}: every text in both languages is a string that parses`, () => {
      for (const lang of ["en", "ru"] as const)
        for (const [key, message] of Object.entries(byLang[lang])) {
          expect(typeof message, `${lang} ${key}`).toBe("string");
          expect(() => messageArguments(String(message)), `${lang} ${key}`).not.toThrow();
        }
    });
  }

  it("a count is a plural in the message: the reader's forms of the noun and number", () => {
    const counts = [1, 2, 5, 21, 1.5].map((max) => t("ru", "bench.table_full", { max }));
    expect(counts).toEqual([
      "Стол заполнен (1 игрок).",
      "Стол заполнен (2 игрока).",
      "Стол заполнен (5 игроков).",
      "Стол заполнен (21 игрок).",
      "Стол заполнен (1,5 игрока).",
    ]);
    expect(t("en", "bench.table_full", { max: 1 })).toBe("The table is full (1 player).");
    expect(t("en", "bench.table_full", { max: 1000 })).toBe("The table is full (1,000 players).");
  });

  it("a part shown only sometimes is a select the caller sets", () => {
    const line = (nobody: number) =>
      t("en", "stats.ruleset_line", {
        ruleset: "Mafia",
        games: 3,
        phases: 7,
        nobody,
        has_nobody: nobody > 0 ? "yes" : "no",
      });
    expect(line(0)).toBe("Mafia: 3 games, 7 phases on average");
    expect(line(2)).toBe("Mafia: 3 games, 7 phases on average, 2 without a winner");
  });

  it("a seat's state agrees with the seat's gender, or needs none", () => {
    expect(["m", "f", ""].map((gender) => t("ru", "gmroom.dead", { gender }))).toEqual([
      "мёртв",
      "мертва",
      "вне игры",
    ]);
  });

  it("command names and descriptions and the rulebooks read as written when formatted", () => {
    const texts: [Lang, string][] = [];
    for (const text of Object.values(commandTexts))
      for (const lang of ["en", "ru"] as const)
        texts.push([lang, text.name[lang]], [lang, text.description[lang]]);
    for (const books of Object.values(rulebooks))
      for (const lang of ["en", "ru"] as const) {
        texts.push([lang, books[lang].summary]);
        for (const role of Object.values(books[lang].roles)) texts.push([lang, role]);
      }
    for (const [lang, text] of texts) expect(formatMessage(lang, text)).toBe(text);
  });
});

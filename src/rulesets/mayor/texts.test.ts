import { describe, expect, it } from "vitest";
import { idContext, renderText } from "../../engine/helpers.js";
import type { JsonObject, Lang } from "../../engine/types.js";
import { displayContext } from "../../games/render.js";
import { mayor } from "./index.js";

/** The end of the game names the condition of section 9 that ended it (issue 32 item 4). */

const botReader = (lang: Lang) => displayContext(mayor, lang, new Map(), "plain");
const line = (lang: Lang, params: JsonObject, reader = botReader(lang)) =>
  renderText(mayor, { key: "game_over", params }, reader);

describe("game_over (9)", () => {
  const ends: [JsonObject, string, string][] = [
    [
      { winners: [], rule: "nobody" },
      "Game over. Nobody is left alive. No winners.",
      "Игра окончена. В живых не осталось никого. Победителей нет.",
    ],
    [
      { winners: ["town"], rule: "town" },
      "Game over. No mafia and no maniac are left alive. Winners: Town.",
      "Игра окончена. В живых не осталось ни мафии, ни маньяка. Победитель: Город.",
    ],
    [
      { winners: ["mafia"], rule: "mafia" },
      "Game over. Only mafiosi are left alive. Winners: Mafia.",
      "Игра окончена. В живых остались только мафиози. Победитель: Мафия.",
    ],
    [
      { winners: ["maniac"], rule: "maniac" },
      "Game over. Only the maniac is left alive. Winners: Maniac.",
      "Игра окончена. В живых остался только маньяк. Победитель: Маньяк.",
    ],
  ];

  it("says which condition ended the game, in English and in Russian", () => {
    for (const [params, en, ru] of ends) {
      expect(line("en", params)).toBe(en);
      expect(line("ru", params)).toBe(ru);
    }
  });

  it("is the rules file's line, verbatim with ids, in the simulator", () => {
    for (const [params] of ends) {
      const winners = params["winners"] as string[];
      expect(line("en", params, idContext("en"))).toBe(
        winners.length === 0 ? "Game over. No winners." : `Game over. Winners: ${winners.join(", ")}.`,
      );
    }
  });
});

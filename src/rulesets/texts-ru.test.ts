import { describe, expect, it } from "vitest";
import { createGame } from "../engine/game.js";
import type { TextRef } from "../engine/types.js";
import { rulesets } from "./index.js";
import { checkTexts, collectRefs } from "../../test/support/rulesets/textcheck.js";

/**
 * Every ruleset's Russian texts: seeded random games reach real lines; keys they never emit are
 * rendered with sample params. Per ruleset: the table, how many games, and the Latin tokens
 * that are the game's own words in Russian lines (reichstag's players vote "Ja"/"Nein").
 */
const cases: Record<string, { players: number; games: number; allowed: string[] }> = {
  classic: { players: 24, games: 4, allowed: [] },
  clans: { players: 12, games: 6, allowed: [] },
  mayor: { players: 8, games: 6, allowed: [] },
  reichstag: { players: 7, games: 6, allowed: ["Nein"] },
  regnum: { players: 12, games: 3, allowed: [] },
};

describe("Russian texts", () => {
  for (const [id, { players, games, allowed }] of Object.entries(cases)) {
    it(`${id}: every key of texts.en has a Russian text that renders and leaks no English into public lines`, () => {
      const ruleset = rulesets[id];
      if (!ruleset) throw new Error(`no ruleset ${id}`);
      const refs: TextRef[] = [];
      for (let seed = 1; seed <= games; seed++) {
        const created = createGame(ruleset, {
          seed,
          players: Array.from({ length: players }, (_, i) => ({ id: `seat${i + 1}` })),
        });
        if (!created.ok) throw new Error(created.rejection.reason);
        refs.push(...collectRefs(ruleset, created.value, seed));
      }
      const { seen, unseen } = checkTexts(ruleset, refs, allowed);
      expect(seen.size).toBeGreaterThan(5);
      expect(unseen.length).toBeLessThan(Object.keys(ruleset.texts.en).length);
    });
  }

  it("covers every registered ruleset", () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(rulesets).sort());
  });
});

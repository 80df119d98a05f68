import { describe, expect, it } from "vitest";
import { createGame } from "../../engine/game.js";
import type { RulesetDefinition } from "../../engine/ruleset.js";
import type { AnyGameState, TextRef } from "../../engine/types.js";
import { checkTexts, collectRefs } from "../textcheck.js";
import { clans as definition } from "./index.js";

const ruleset = definition as unknown as RulesetDefinition<AnyGameState>;

/** Ids and data that may appear as Latin in Russian lines (not English words). */
const ALLOWED: string[] = [];

function refsOfRandomGames(): TextRef[] {
  const refs: TextRef[] = [];
  for (let seed = 1; seed <= 6; seed++) {
    const created = createGame(ruleset, {
      seed,
      players: Array.from({ length: 12 }, (_, i) => ({ id: `seat${i + 1}` })),
    });
    if (!created.ok) throw new Error(created.rejection.reason);
    refs.push(...collectRefs(ruleset, created.value, seed));
  }
  return refs;
}

describe("Russian texts", () => {
  it("every key of texts.en has a Russian text that renders without throwing and leaks no English into public lines", () => {
    const refs = refsOfRandomGames();
    const { seen, unseen } = checkTexts(ruleset, refs, ALLOWED);
    // the games reach real lines; keys they never emit were rendered with merged sample params
    expect(seen.size).toBeGreaterThan(5);
    expect(unseen.length).toBeLessThan(Object.keys(ruleset.texts.en).length);
  });
});

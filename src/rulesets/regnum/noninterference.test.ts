import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createGame } from "../../engine/game.js";
import type { JsonObject } from "../../engine/types.js";
import { checkVariation, chooser, reachableStates } from "../../../test/support/rulesets/noninterference.js";
import { regnum } from "./index.js";
import type { RState } from "./state.js";
import { COUNTRIES } from "./state.js";
import { hiddenVariations } from "./variations.js";

const ids = Array.from({ length: 12 }, (_, i) => `p${i + 1}`);

function newGame(seed: number, options: JsonObject): RState {
  const created = createGame(regnum, { seed, options, players: ids.map((id) => ({ id })) });
  if (!created.ok) throw new Error(created.rejection.reason);
  return created.value;
}

const armyOptions: JsonObject = {
  wars: [
    ["royal", "ozd"],
    ["ksb", "ozd"],
  ],
  units: [
    { id: "r1", army: "royal", type: "squad", owner: "p12" },
    { id: "o1", army: "ozd", type: "multielemental", owner: "p6" },
  ],
};

/** Ids that are not characters but are targets of some orders (countries, armies). */
const OTHER_TARGETS = [...COUNTRIES, "royal", "parliament", "ozd", "ksb"];

describe("regnum: what a character is told depends only on what he may know (issue 30)", () => {
  // Random games (with and without armies at war) from seeded deals; every third state of a game
  // a living character is the viewer and each hidden variation the generator finds is checked.
  it("an unidentified death, a hidden status, a purse or a secret identity changes nothing a character is offered, refused or told", () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), (seed) => {
        const states = reachableStates(regnum, newGame(seed, seed % 2 ? armyOptions : {}), seed, 6, 4);
        const pick = chooser(seed);
        for (const state of states.filter((_, i) => i % 3 === 0)) {
          const viewer = state.players[pick(state.players.length)];
          if (!viewer?.alive) continue;
          for (const variation of hiddenVariations(state, viewer.id, pick)) {
            expect(checkVariation(regnum, state, variation, viewer.id, OTHER_TARGETS, pick)).toBeNull();
            checked++;
          }
        }
      }),
      { numRuns: 16, seed: 30, endOnFailure: true },
    );
    expect(checked).toBeGreaterThan(150);
  }, 120_000);
});

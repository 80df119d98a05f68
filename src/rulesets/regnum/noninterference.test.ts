import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../engine/types.js";
import { assertNoninterference } from "../../../test/support/rulesets/noninterference.js";
import { regnum } from "./index.js";
import { COUNTRIES } from "./state.js";
import { hiddenVariations, RULES_TELLS } from "./variations.js";

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

describe("regnum: what a character is told depends only on what he may know (issue 30)", () => {
  // Random games (armies at war in half of them) from seeded deals; at every third state a living
  // character is the viewer, and each hidden variation is checked: the same view, offers (targets
  // in order), refusals (code, en and ru texts under plain and masked names) and what an accepted
  // order tells him at once.
  it("an unidentified death, a hidden status, a purse or a secret identity changes nothing a character is offered, refused or told", () => {
    const { states, checked } = assertNoninterference(regnum, {
      players: 12,
      generate: hiddenVariations,
      numRuns: 12,
      phases: 8,
      every: 4,
      gameOptions: (seed) => (seed % 2 ? armyOptions : {}),
      // Orders whose target is a country or an army.
      extraTargets: [...COUNTRIES, "royal", "parliament", "ozd", "ksb"],
      // What the rules file itself makes a free action's menu and refusal tell (§3.4).
      rulesTells: Object.keys(RULES_TELLS),
    });
    expect(states).toBeGreaterThan(200);
    expect(checked).toBeGreaterThan(250);
  }, 120_000);
});

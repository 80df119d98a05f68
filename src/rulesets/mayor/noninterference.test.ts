import { describe, expect, it } from "vitest";
import { assertNoninterference } from "../../../test/support/rulesets/noninterference.js";
import { mayor } from "./index.js";
import { hiddenVariations } from "./variations.js";

describe("mayor: what a seat is told depends only on what it may know (issue 30)", () => {
  // Random games from seeded deals; at every state a living seat is the viewer, and each hidden
  // variation is checked: the same view, offers (targets in order), refusals (code, en and ru
  // texts under plain and masked names) and what an accepted order tells him at once.
  it("a hidden role or night choice changes nothing a citizen is offered, refused or told", () => {
    const { states, checked } = assertNoninterference(mayor, {
      players: 8,
      generate: hiddenVariations,
      numRuns: 60,
      phases: 10,
      gameOptions: (seed) => (seed % 2 === 0 ? { revealRoleOnDeath: true, agentResult: "role" } : {}),
    });
    expect(states).toBeGreaterThan(900);
    expect(checked).toBeGreaterThan(3000);
  }, 120_000);
});

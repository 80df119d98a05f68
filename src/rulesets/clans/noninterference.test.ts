import { describe, expect, it } from "vitest";
import { assertNoninterference } from "../../../test/support/rulesets/noninterference.js";
import { clans } from "./index.js";
import { hiddenVariations } from "./variations.js";

describe("clans: what a seat is told depends only on what it may know (issue 30)", () => {
  // Random games from seeded deals; at every state a living seat is the viewer, and each hidden
  // variation is checked: the same view, offers (targets in order), refusals (code, en and ru
  // texts under plain and masked names) and what an accepted order tells him at once.
  it("a hidden card, clan, team, status or night order changes nothing a player is offered, refused or told", () => {
    const { states, checked } = assertNoninterference(clans, {
      players: 12,
      generate: hiddenVariations,
      numRuns: 120,
      phases: 10,
      every: 2,
      gameOptions: (seed) => (seed % 2 === 0 ? { acquaintance: false } : {}),
    });
    expect(states).toBeGreaterThan(600);
    expect(checked).toBeGreaterThan(2000);
  }, 120_000);
});

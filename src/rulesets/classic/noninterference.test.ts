import { describe, expect, it } from "vitest";
import { assertNoninterference } from "../../../test/support/rulesets/noninterference.js";
import { classic } from "./index.js";
import { hiddenVariations } from "./variations.js";

describe("classic: what a seat is told depends only on what it may know (issue 30)", () => {
  // Random games from seeded deals; at every state a living seat is the viewer, and each hidden
  // variation is checked: the same view, offers (targets in order), refusals (code, en and ru
  // texts under plain and masked names) and what an accepted order tells him at once.
  it("a hidden role, clan, status or night order changes nothing a player is offered, refused or told", () => {
    const { states, checked } = assertNoninterference(classic, {
      players: 12,
      generate: hiddenVariations,
      numRuns: 200,
      phases: 10,
      every: 2,
      gameOptions: (seed) => (seed % 2 === 0 ? { revealNightRoles: true, commissarContacts: false } : {}),
    });
    expect(states).toBeGreaterThan(1000);
    expect(checked).toBeGreaterThan(2500);
  }, 120_000);
});

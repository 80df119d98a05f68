import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Account } from "../../src/emulator/index.js";
import { startHarness, type Harness } from "../bot/harness.js";
import { playMasked } from "./masked-play.js";

/**
 * regnum under appearances (its default), through the real bot and the emulator, audited as each
 * member's own client would see it: nothing links an appearance to an account; what a player says
 * with /say reaches every reader under his current appearance (nobody at night).
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness(14);
}, 60_000);
afterAll(async () => {
  await h.close();
});

describe("regnum under appearances, as a curious member sees it", () => {
  it("nothing links an appearance to an account; /say reaches every reader under the appearance", async () => {
    const members = h.guild.members;
    const { audit, relayed } = await playMasked(h, {
      ruleset: "regnum",
      name: "Regnum",
      players: members.slice(0, 12),
      gm: members[12] as Account,
      spectator: members[13] as Account,
      steps: 2,
      votes: false,
    });
    console.info(`masked regnum audit: ${audit.checks} checks, ${relayed} relayed copies verified`);
    expect(audit.failures).toEqual([]);
    expect(relayed).toBeGreaterThan(10);
    expect(audit.checks).toBeGreaterThan(500);
  }, 600_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Account } from "../../src/emulator/index.js";
import { startHarness, type Harness, type Json } from "../bot/harness.js";
import { chatChannel, playMasked } from "./masked-play.js";

/**
 * Clans played under masks, through the real bot and the emulator, audited as each member's own
 * client would see it: nothing links a mask to an account; what a player says with /say reaches
 * every reader's mirror under the mask; and speech under a mask is the speaker's post for the
 * rules — the day's inactivity removal spares every player who only spoke through /say and
 * removes the one who voted but never spoke.
 */

let h: Harness;
beforeAll(async () => {
  // Clans is played by exactly twelve; a GM and a spectator besides.
  h = await startHarness(14);
}, 60_000);
afterAll(async () => {
  await h.close();
});

describe("clans under masks, as a curious member sees it", () => {
  it("nothing links a mask to an account; /say reaches every reader under the mask; /say counts as a post", async () => {
    let inactivityChecked = false;
    const members = h.guild.members;
    const { audit, relayed } = await playMasked(h, {
      ruleset: "clans",
      name: "Masked clans",
      mode: "masks",
      players: members.slice(0, 12),
      gm: members[12] as Account,
      spectator: members[13] as Account,
      steps: 3,
      votes: true,
      afterResolve: async (before, { game, seats, silent, audit }) => {
        if (before.phase.kind !== "day" || before.phase.n !== 1) return;
        // The newspaper names who was removed for inactivity: the silent voter, and no one who
        // spoke only through /say.
        const newspaper = await chatChannel(h, game.id, "newspaper");
        const { body } = await audit.get(members[13] as Account, `/channels/${newspaper}/messages?limit=50`);
        const line =
          (body as Json[])
            .map((m) => String(m["content"]))
            .join("\n")
            .split("\n")
            .find((l) => /inactivity|неактивност/i.test(l)) ?? "";
        expect(line).toContain(silent.mask);
        for (const seat of seats) if (seat.seatId !== silent.seatId) expect(line).not.toContain(seat.mask);
        const after = await h.service.state(game.id);
        expect(after.players.find((p) => p.id === silent.seatId)?.alive).toBe(false);
        inactivityChecked = true;
      },
    });
    console.info(`masked clans audit: ${audit.checks} checks, ${relayed} relayed copies verified`);
    expect(audit.failures).toEqual([]);
    expect(inactivityChecked).toBe(true);
    expect(relayed).toBeGreaterThan(10);
    expect(audit.checks).toBeGreaterThan(500);
  }, 600_000);
});

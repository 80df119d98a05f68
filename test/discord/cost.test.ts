import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureDiscordCalls } from "../../bench/discord.js";
import { createTestDatabase } from "../support/db.js";

let fresh: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  fresh = await createTestDatabase();
});
afterAll(async () => {
  await fresh.drop();
});

describe("Discord API cost of state changes (counted by the emulator, 24-player classic)", () => {
  it("a day↔night switch costs at most 3 overwrite calls and, per public chat, one phase thread made and one closed, whatever the player count; a death in k secret chats costs k + 2 (one role given, one taken: never the whole list)", async () => {
    const figures = await measureDiscordCalls(fresh.url);
    const routes = JSON.stringify(figures.phase_switch_routes);
    // Each public chat's thread of the phase (classic: the town square and the votes): one made as
    // its phase opens, one locked and archived as its phase ends (src/discord/layout.ts).
    const threadCalls =
      (figures.phase_switch_routes["POST /channels/{channel_id}/threads"] ?? 0) +
      (figures.phase_switch_routes["PATCH /channels/{channel_id}"] ?? 0);
    expect(threadCalls, routes).toBeLessThanOrEqual(2 * 2);
    expect(figures.phase_switch - threadCalls, routes).toBeLessThanOrEqual(3);
    expect(figures.phase_switch).toBeGreaterThan(0);
    expect(figures.death_in_k_chats.k).toBeGreaterThanOrEqual(1);
    expect(figures.death_in_k_chats.calls).toBeLessThanOrEqual(figures.death_in_k_chats.k + 2);
  }, 120_000);
});

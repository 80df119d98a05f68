import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { outbox } from "../../src/db/schema/index.js";
import { mirrorKey } from "../../src/discord/layout.js";
import type { OutboxEffect } from "../../src/games/service.js";
import { createMigratedDatabase } from "../support/db.js";
import { drain, maskedGame } from "./support.js";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
beforeEach(async () => {
  database = await createMigratedDatabase();
});
afterEach(async () => {
  await database.drop();
});

describe("the bot's own posts in a masked game's mirrored chat", () => {
  it("reach the GMs' copy and every reader's mirror, posted by the bot itself; a tally is edited in every copy; nobody else reads them", async () => {
    // Seats 1 and 2 are the Italian mafia: their chat is mirrored, one thread per reader.
    const env = await maskedGame(database.db, { ruleset: "classic", size: 4, mode: "masks" });
    try {
      const post = async (key: string, payload: OutboxEffect) => {
        await database.db
          .insert(outbox)
          .values({ gameId: env.game.id, dedupeKey: key, kind: payload.type, payload });
        await drain(env.deps, env.game.id);
      };
      await post("test:notice", { type: "post", chat: "italians", content: "A notice for the family." });
      await post("test:tally:1", {
        type: "upsert",
        chat: "italians",
        key: "tally:test",
        content: "Tally: 1",
      });
      await post("test:tally:2", {
        type: "upsert",
        chat: "italians",
        key: "tally:test",
        content: "Tally: 2",
      });

      const botId = env.emu.botUserId;
      const state = await env.service.state(env.game.id);
      const family = state.players.filter((p) => p.faction === "italians").map((p) => p.id);
      expect(family).toHaveLength(2);
      const copies = [await env.channelOf("chat:italians")];
      for (const seat of family) copies.push(await env.channelOf(mirrorKey("italians", seat)));
      for (const copy of copies) {
        const messages = env.emu
          .messages(copy)
          .filter((m) => (m["author"] as { id: string }).id === botId && m["webhook_id"] === undefined);
        expect(messages.map((m) => m["content"])).toEqual(["A notice for the family.", "Tally: 2"]);
      }
      // Each mafioso reads it in his own mirror only; the others (and a spectator) read no copy.
      const seats = await env.service.players(env.game.id);
      for (const seat of seats) {
        const own = family.indexOf(seat.seatId) + 1;
        copies.forEach((copy, i) => expect(env.emu.canView(seat.userId, copy)).toBe(own > 0 && i === own));
      }
      for (const copy of copies) expect(env.emu.canView(env.spectator, copy)).toBe(false);
    } finally {
      await env.emu.close();
    }
  }, 120_000);
});

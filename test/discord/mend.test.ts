import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chats, outbox } from "../../src/db/schema/index.js";
import { drainOutbox } from "../../src/discord/outbox.js";
import type { Account } from "../../src/emulator/index.js";
import { GameService } from "../../src/games/service.js";
import { createMigratedDatabase } from "../support/db.js";
import { emulatedGuild, silentLog } from "../support/discord.js";
import { ManualClock } from "../support/factories.js";
import { layoutMismatches } from "../support/layout-match.js";

/**
 * Issue 31: a refusal a later reconcile can mend is mended, not given up. A moderator deletes a
 * game's role or a player's thread by hand; the next effect that needs it is refused by Discord,
 * and the drain reconciles the game in full (making the lost object again, giving its members
 * back) and delivers the effect, with nothing failed and nobody notified of a failure.
 */

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
beforeEach(async () => {
  database = await createMigratedDatabase();
});
afterEach(async () => {
  await database.drop();
});

async function runningGame(members: number) {
  const env = await emulatedGuild(members);
  const [gm, ...players] = env.guild.members as [Account, ...Account[]];
  const service = new GameService(database.db, new ManualClock());
  const game = await service.create({
    guildId: env.guild.id,
    name: "Reich",
    ruleset: "reichstag",
    createdBy: gm.id,
  });
  for (const p of players) await service.join(game.id, p.id, p.username);
  await service.start(game.id, gm.id);
  const deps = { db: database.db, rest: env.rest, log: silentLog };
  await drainOutbox(deps, game.id);
  expect(await layoutMismatches(database.db, env.emu, game.id)).toEqual([]);
  return { ...env, gm, players, service, game, deps };
}

async function rowOf(gameId: string, key: string) {
  const [row] = await database.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, key)));
  if (!row) throw new Error(`no ${key}`);
  return row;
}

async function failedRows(gameId: string) {
  return database.db
    .select({ payload: outbox.payload, error: outbox.lastError })
    .from(outbox)
    .where(and(eq(outbox.gameId, gameId), eq(outbox.status, "failed")));
}

describe("a refusal a reconcile can mend", () => {
  it("a game role deleted by hand is made again and given back when a death needs it (Unknown Role)", async () => {
    const { emu, guild, gm, service, game, deps } = await runningGame(6);
    try {
      const alive = await rowOf(game.id, "role:alive");
      emu.state.guilds.deleteRole(guild.ownerId, guild.id, alive.discordId);
      const [seat] = await service.players(game.id);
      if (!seat) throw new Error("no seat");
      const killed = await service.gm(game.id, gm.id, {
        action: "modkill",
        targets: [seat.seatId],
        params: {},
      });
      expect(killed.value.accepted).toBe(true);
      await drainOutbox(deps, game.id);
      expect(await failedRows(game.id)).toEqual([]);
      const remade = await rowOf(game.id, "role:alive");
      expect(remade.discordId).not.toBe(alive.discordId);
      expect(await layoutMismatches(database.db, emu, game.id)).toEqual([]);
    } finally {
      await emu.close();
    }
  }, 60_000);

  it("a player's thread deleted by hand is made again, with its member, and the post to it delivered (Unknown Channel)", async () => {
    const { emu, guild, service, game, deps } = await runningGame(6);
    try {
      const [seat] = await service.players(game.id);
      if (!seat) throw new Error("no seat");
      const thread = await rowOf(game.id, `personal:${seat.seatId}`);
      emu.state.channels.delete(guild.ownerId, thread.discordId);
      await service.notify(game.id, seat.seatId, "a word from the GM", "mend-test");
      await drainOutbox(deps, game.id);
      expect(await failedRows(game.id)).toEqual([]);
      const remade = await rowOf(game.id, `personal:${seat.seatId}`);
      expect(remade.discordId).not.toBe(thread.discordId);
      expect(emu.threadMembers(remade.discordId)).toContain(seat.userId);
      expect(emu.messages(remade.discordId).map((m) => m.content)).toContain("a word from the GM");
      expect(await layoutMismatches(database.db, emu, game.id)).toEqual([]);
    } finally {
      await emu.close();
    }
  }, 60_000);
});

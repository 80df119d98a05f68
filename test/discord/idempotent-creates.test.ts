import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chats, discordIntents } from "../../src/db/schema/index.js";
import { createRestClient } from "../../src/discord/client.js";
import { drainOutbox } from "../../src/discord/outbox.js";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { GameService } from "../../src/games/service.js";
import { createMigratedDatabase } from "../support/db.js";
import { silentLog } from "../support/discord.js";
import { classicFive, ManualClock } from "../support/factories.js";

/**
 * Discord makes the object but its answer is lost (502): the REST client must not send the
 * create again, and the next reconcile adopts what was made. Every kind of create: role,
 * category, text channel, private thread.
 */

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let emu: Emulator;
beforeEach(async () => {
  database = await createMigratedDatabase();
  emu = await startEmulator({ port: 0, strict: true });
});
afterEach(async () => {
  await emu.close();
  await database.drop();
});

async function startedGame() {
  const guild = emu.createGuild({ name: "Forum", members: 6 });
  const users = guild.members.map((m) => m.id);
  const gm = users[5] ?? "";
  const service = new GameService(database.db, new ManualClock());
  const game = await service.create({
    guildId: guild.id,
    name: "Lost",
    ruleset: "classic",
    createdBy: gm,
    seed: 1,
  });
  for (const [i, seat] of classicFive.entries()) {
    await service.join(game.id, users[i] ?? "", `name${i + 1}`);
    await service.assign(game.id, gm, users[i] ?? "", seat.setup ?? {});
  }
  await service.start(game.id, gm);
  return { guild, game };
}

/** Drains until nothing waits (each lost answer costs one transient failure). */
async function drainAll(gameId: string): Promise<number> {
  const deps = {
    db: database.db,
    rest: createRestClient(emu.botToken, emu.apiBase),
    log: silentLog,
    retry: { baseMs: 1, capMs: 1 },
  };
  let waits = 0;
  for (let i = 0; i < 20; i++) {
    const result = await drainOutbox(deps, gameId);
    if (!result.retryAt) return waits;
    waits++;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error("the outbox never settled");
}

describe("creates whose answer is lost", () => {
  it("make no duplicate role, category, channel or thread, and every chat is recorded once", async () => {
    const { guild, game } = await startedGame();
    // Lost answers: the first role, the category and the first text channel, the first thread.
    emu.injectFault({ route: "POST /guilds/{guild_id}/roles", mode: "lost", times: 1 });
    emu.injectFault({ route: "POST /guilds/{guild_id}/channels", mode: "lost", times: 2 });
    emu.injectFault({ route: "POST /channels/{channel_id}/threads", mode: "lost", times: 1 });
    const creates = () =>
      emu.requests().filter((r) => r.method === "POST" && /\/(roles|channels|threads)$/.test(r.route));
    const waits = await drainAll(game.id);

    // Each lost answer was noticed (the drain waited) and made nothing twice.
    expect(waits).toBe(4);
    expect(creates().filter((r) => r.status === 502)).toHaveLength(4);
    const rows = await database.db.select().from(chats).where(eq(chats.gameId, game.id));
    const gameRoles = [...emu.state.guilds.get(guild.id).roles.values()]
      .map((r) => r.name)
      .filter((name) => name.startsWith("Lost: "));
    expect(gameRoles).toHaveLength(new Set(gameRoles).size);
    expect(gameRoles).toHaveLength(rows.filter((r) => r.discordKind === "role").length);

    const channels = emu.guildChannels(guild.id);
    const recorded = new Set(rows.map((r) => r.discordId));
    // Everything in the guild that belongs to the game is recorded; nothing unrecorded is left.
    const category = rows.find((r) => r.chatKey === "category")?.discordId;
    const inGame = channels.filter(
      (c) =>
        c["id"] === category ||
        c["parent_id"] === category ||
        rows.some((r) => r.discordKind === "channel" && r.discordId === c["parent_id"]),
    );
    expect(inGame.map((c) => String(c["id"])).filter((id) => !recorded.has(id))).toEqual([]);
    const categories = channels.filter((c) => c["type"] === 4 && c["name"] === "Lost");
    expect(categories).toHaveLength(1);
    const threads = inGame.filter((c) => c["type"] === 12);
    expect(threads).toHaveLength(rows.filter((r) => r.discordKind === "thread").length);
    expect(new Set(threads.map((c) => c["name"])).size).toBe(threads.length);
    expect(await database.db.select().from(discordIntents)).toEqual([]);
  });
});

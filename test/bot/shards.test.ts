import { and, eq, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats, games, inputs, outbox, resolutions } from "../../src/db/schema/index.js";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { shardOf } from "../../src/emulator/snowflake.js";
import { createMigratedDatabase } from "../support/db.js";
import { TEST_REDIS_URL } from "../support/env.js";
import {
  processEnv,
  spawnScript,
  spawnWorker,
  uniquePrefix,
  until,
  type ChildWorker,
} from "../worker/support.js";
import { contentOf, type Json } from "./harness.js";

/**
 * The bot as two gateway shards, each its own built process (`SHARD_IDS` of `SHARD_COUNT=2`),
 * and one worker, against the emulator, which gives each guild to shard (guild_id >> 22) % 2 as
 * Discord does. A classic game runs on a server of each shard at once; the process of one shard
 * is killed (SIGKILL) in the middle of the night, after its players' orders, and started again:
 * the other server plays on meanwhile, and nothing given before the kill is lost at the deadline.
 */

const SHARDS = 2;
let emu: Emulator;
let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let redis: Redis;
const prefix = uniquePrefix("shards");
const children: ChildWorker[] = [];

interface Server {
  guild: ReturnType<Emulator["createGuild"]>;
  lobby: string;
  shard: number;
  name: string;
  gameId: string;
}

const servers: Server[] = [];

function env(shard: number): Record<string, string> {
  return processEnv(
    { databaseUrl: database.url, emu, prefix },
    { SHARD_COUNT: String(SHARDS), SHARD_IDS: String(shard) },
  );
}

/** A bot process running one shard, once it takes commands (its "bot started" line). */
async function startShard(shard: number): Promise<ChildWorker> {
  const bot = spawnScript("src/bot/main.ts", env(shard));
  children.push(bot);
  await until(() => bot.output().includes('"bot started"') || bot.child.exitCode !== null);
  expect(bot.child.exitCode, bot.output()).toBeNull();
  return bot;
}

/** The "discord reached" line of a bot process: the guilds and shards it was given. */
function reached(bot: ChildWorker): { guilds: number; shards: number[]; shardCount: number } {
  const line = bot
    .output()
    .split("\n")
    .find((l) => l.includes('"discord reached"'));
  return JSON.parse(line ?? "{}") as { guilds: number; shards: number[]; shardCount: number };
}

const slash = async (server: Server, userId: string, line: string, options: Json = {}) =>
  (await emu.user(userId).slash(server.lobby, line, options).reply(60_000)) as Json;

const seat = (server: Server, n: number) => server.guild.members[n - 1]?.id ?? "";

/** Waits until the worker has delivered every pending effect of the server's game. */
async function delivered(server: Server): Promise<void> {
  await until(async () => {
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(and(eq(outbox.gameId, server.gameId), eq(outbox.status, "pending")));
    return row?.n === 0;
  }, 100);
}

async function newspaper(server: Server): Promise<string> {
  const [row] = await database.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, server.gameId), eq(chats.chatKey, "newspaper")));
  if (!row) return "";
  return emu
    .messages(row.discordId)
    .map((m) => String(m["content"] ?? ""))
    .join("\n");
}

/** `/game create` and the five seats of classic, roles assigned, started; night 0 is open. */
async function openGame(server: Server): Promise<void> {
  const gm = server.guild.ownerId;
  await slash(server, gm, "settings", { language: "en" });
  expect(
    contentOf(await slash(server, gm, "game create", { ruleset: "classic", name: server.name })),
  ).toContain(server.name);
  const [game] = await database.db.select().from(games).where(eq(games.guildId, server.guild.id));
  if (!game) throw new Error(`no game on ${server.name}`);
  server.gameId = game.id;
  for (let n = 1; n <= 5; n++) await slash(server, seat(server, n), "game join", { game: server.name });
  const roles: Json[] = [
    { role: "maniac" },
    { role: "citizen" },
    { role: "doctor" },
    { role: "citizen" },
    { role: "citizen" },
  ];
  for (const [i, role] of roles.entries())
    await slash(server, gm, "game assign", { game: server.name, user: seat(server, i + 1), ...role });
  expect(contentOf(await slash(server, gm, "game start", { game: server.name }))).toContain(server.name);
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, oracle: false, shardCount: SHARDS });
  database = await createMigratedDatabase();
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  // Guilds until each shard has one (ids grow with everything the emulator makes).
  for (let i = 0; servers.length < SHARDS && i < 20; i++) {
    const guild = emu.createGuild({ name: `Forum ${i}`, members: 5 });
    const shard = shardOf(guild.id, SHARDS);
    if (servers.some((s) => s.shard === shard)) continue;
    servers.push({
      guild,
      lobby: emu.createChannel(guild.id, { name: "lobby" }),
      shard,
      name: `Town ${shard}`,
      gameId: "",
    });
  }
}, 60_000);

afterAll(async () => {
  for (const child of children) if (child.child.exitCode === null) child.child.kill("SIGKILL");
  await Promise.all(children.map((c) => c.exited));
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await emu.close();
  await database.drop();
});

describe("the bot as two gateway shards, each a process", { timeout: 180_000 }, () => {
  it("GIVEN games on servers of both shards WHEN one shard's process is killed mid-night and restarted THEN its orders stand, the other server plays on, and both nights resolve", async () => {
    expect(servers.map((s) => s.shard).sort()).toEqual([0, 1]);
    const bots = new Map<number, ChildWorker>();
    for (let shard = 0; shard < SHARDS; shard++) bots.set(shard, await startShard(shard));
    const worker = spawnWorker(env(0));
    children.push(worker);
    await until(() => worker.output().includes("worker started") || worker.child.exitCode !== null);

    // Each process was given its own shard and only that shard's guild (GUILD_CREATE per shard).
    for (const [shard, bot] of bots)
      expect(reached(bot)).toMatchObject({ guilds: 1, shards: [shard], shardCount: 2 });
    expect(
      emu
        .gatewaySessions()
        .map((s) => s.shard)
        .sort(),
    ).toEqual([
      [0, 2],
      [1, 2],
    ]);

    await Promise.all(servers.map((server) => openGame(server)));
    await Promise.all(servers.map((server) => delivered(server)));

    // Night 0, on both servers at once: the maniac (the only one to act on night 0) kills seat 2.
    await Promise.all(
      servers.map(async (server) => {
        const kill = await slash(server, seat(server, 1), "order", {
          game: server.name,
          action: "kill",
          target: "p2",
        });
        expect(contentOf(kill)).toContain("player2");
      }),
    );

    // The process of the second server's shard dies outright, mid-night.
    const [steady, struck] = servers as [Server, Server];
    const victim = bots.get(struck.shard);
    victim?.child.kill("SIGKILL");
    await victim?.exited;
    await until(() => emu.gatewaySessions().some((s) => s.shard[0] === struck.shard && !s.connected));

    // Meanwhile the other shard answers its server as before; the struck server's command finds
    // nobody on its shard, and Discord tells its user the interaction failed.
    expect(contentOf(await slash(steady, seat(steady, 4), "orders", { game: steady.name }))).toBeTruthy();
    const unanswered = emu.user(seat(struck, 4)).slash(struck.lobby, "orders", { game: struck.name });
    await expect(unanswered.reply(15_000)).rejects.toThrow(/did not answer/);

    // Started again (a new session, IDENTIFY on the same shard): the struck server is served again.
    const restarted = await startShard(struck.shard);
    bots.set(struck.shard, restarted);
    expect(reached(restarted)).toMatchObject({ guilds: 1, shards: [struck.shard] });
    const orders = contentOf(await slash(struck, seat(struck, 1), "orders", { game: struck.name }));
    expect(orders).toContain("player2");

    // The GMs force the night on both servers, through their own shards; the worker resolves it.
    for (const server of servers)
      expect(
        contentOf(await slash(server, server.guild.ownerId, "gm force", { game: server.name })),
      ).toBeTruthy();
    await until(async () => {
      const papers = await Promise.all(servers.map((s) => newspaper(s)));
      return papers.every((paper) => paper.includes("player2"));
    }, 200);

    for (const server of servers) {
      // The order given before the kill was the night's, resolved once.
      const resolved = await database.db
        .select()
        .from(resolutions)
        .where(and(eq(resolutions.gameId, server.gameId), eq(resolutions.phaseIndex, 0)));
      expect(resolved).toHaveLength(1);
      const given = await database.db
        .select({ seat: inputs.seatId })
        .from(inputs)
        .where(and(eq(inputs.gameId, server.gameId), eq(inputs.type, "action"), eq(inputs.accepted, true)));
      expect(given.map((i) => i.seat)).toEqual(["p1"]);
      await delivered(server);
    }
    // Each game's effects went out once: no dedupe key delivered twice, nothing failed.
    const states = await database.db
      .select({ status: outbox.status, n: sql<number>`count(*)::int` })
      .from(outbox)
      .groupBy(outbox.status);
    expect(states.filter((s) => s.status !== "done")).toEqual([]);
  });
});

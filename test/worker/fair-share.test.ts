import { REST } from "@discordjs/rest";
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats, outbox } from "../../src/db/schema/index.js";
import { drainOutbox } from "../../src/discord/outbox.js";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { priorityOfKind } from "../../src/games/effects.js";
import { GameService, systemClock } from "../../src/games/service.js";
import { createQueue, Scheduler } from "../../src/jobs/scheduler.js";
import { createLogger } from "../../src/log.js";
import { bindDrain } from "../../src/worker/drain.js";
import { startWorker } from "../../src/worker/worker.js";
import { createMigratedDatabase } from "../support/db.js";
import { TEST_REDIS_URL } from "../support/env.js";
import { ManualClock, classicFive } from "../support/factories.js";
import { uniquePrefix, until } from "./support.js";

/**
 * The fair share of Discord's global limit: with many games' deadlines at once, the worker's
 * drains send every game's critical effects (the newspaper, the reconcile of who may speak) before
 * any game's cosmetic ones (the GM room's status card, the orders panels), games in turn, each
 * game's own order kept, each effect once.
 */

const log = createLogger("test-fair-share", process.env["TEST_LOG"] ?? "silent");
const GAMES = 5;
let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let emu: Emulator;
let redis: Redis;
let rest: REST;
const prefix = uniquePrefix("fair");

beforeAll(async () => {
  database = await createMigratedDatabase();
  emu = await startEmulator({ port: 0, oracle: false });
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  rest = new REST({ api: emu.apiBase, retries: 1 }).setToken(emu.botToken);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await emu.close();
  await database.drop();
});

/** A started classic game of five on a server of its own, its start delivered, the maniac's kill given. */
async function nightWithAKill(service: GameService, n: number): Promise<string> {
  const guild = emu.createGuild({ name: `Forum ${n}`, members: 6 });
  const users = guild.members.map((m) => m.id);
  const gm = users[5] ?? "";
  const game = await service.create({
    guildId: guild.id,
    name: `g${n}`,
    ruleset: "classic",
    createdBy: gm,
    seed: n,
    publishMode: "auto",
  });
  for (const [i, seat] of classicFive.entries()) {
    await service.join(game.id, users[i] ?? "", `name${i + 1}`);
    await service.assign(game.id, gm, users[i] ?? "", seat.setup ?? {});
  }
  await service.start(game.id, gm);
  await drainOutbox({ db: database.db, rest, log }, game.id);
  await service.submit(game.id, users[0] ?? "", { action: "kill", targets: ["p5"], params: {} });
  return game.id;
}

describe("the fair share of the global limit", { timeout: 120_000 }, () => {
  it("a drain's turn performs the game's critical rows in their order and stops before the cosmetic ones", async () => {
    const service = new GameService(database.db, new ManualClock());
    const id = await nightWithAKill(service, 100);
    const [last] = await database.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
    await service.resolveDue(id, 0, null);
    const deps = { db: database.db, rest, log };
    const rowsOf = () =>
      database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.gameId, id), gt(outbox.id, last?.id ?? 0)))
        .orderBy(outbox.id);
    const written = await rowsOf();
    expect(written.some((r) => priorityOfKind(r.kind) === "cosmetic")).toBe(true);

    // A turn of one row: the first critical row only, and more critical work is said to be left.
    const one = await drainOutbox(deps, id, { turn: { rows: 1 } });
    expect(one).toMatchObject({ done: 1, more: "critical" });
    // The rest of the critical rows; the cosmetic ones wait for the game's next turn.
    const critical = await drainOutbox(deps, id, { turn: { rows: 50 } });
    expect(critical.more).toBe("cosmetic");
    const after = await rowsOf();
    for (const row of after)
      expect(row.status, `${row.kind} #${row.id}`).toBe(
        priorityOfKind(row.kind) === "critical" ? "done" : "pending",
      );
    const cosmetic = await drainOutbox(deps, id, { turn: { rows: 50 } });
    expect(cosmetic.more).toBeUndefined();
    expect((await rowsOf()).every((r) => r.status === "done")).toBe(true);
    // The newspaper went out once, and before the reconcile that followed it (the game's order).
    const done = await rowsOf();
    const paper = done.find((r) => r.kind === "post");
    const reconcile = done.find((r) => r.kind === "reconcile");
    expect(paper?.doneAt?.getTime()).toBeLessThanOrEqual(reconcile?.doneAt?.getTime() ?? 0);
    const [newspaper] = await database.db
      .select()
      .from(chats)
      .where(and(eq(chats.gameId, id), eq(chats.chatKey, "newspaper")));
    const killed = emu
      .messages(newspaper?.discordId ?? "")
      .filter((m) => String(m["content"]).includes("name5"));
    expect(killed).toHaveLength(1);
  });

  it("GIVEN a game with twelve critical posts queued first THEN the games after it get their turns before its last post", async () => {
    const service = new GameService(database.db, systemClock);
    const big = await nightWithAKill(service, 200);
    const small = [await nightWithAKill(service, 201), await nightWithAKill(service, 202)];
    const [last] = await database.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
    // Twelve announcements in the big game's newspaper, then every game's night resolves.
    await database.db.insert(outbox).values(
      Array.from({ length: 12 }, (_, i) => ({
        gameId: big,
        dedupeKey: `${big}:bench-notice:${i}`,
        kind: "post",
        payload: { type: "post", chat: "newspaper", content: `Notice ${i + 1}` },
      })),
    );
    for (const id of [big, ...small]) await service.resolveDue(id, 0, null);
    const queue = createQueue(redis, prefix);
    const scheduler = new Scheduler({ queue, db: database.db, log });
    for (const id of [big, ...small]) await scheduler.requestDrain(id);
    const running = await startWorker({
      db: database.db,
      redis,
      drain: bindDrain({ db: database.db, rest, log }),
      log,
      settings: { prefix, drainConcurrency: 1, sweepMs: 60_000 },
    });
    const rows = () =>
      database.db
        .select()
        .from(outbox)
        .where(and(inArray(outbox.gameId, [big, ...small]), gt(outbox.id, last?.id ?? 0)))
        .orderBy(outbox.id);
    try {
      await until(async () => (await rows()).every((r) => r.status === "done"), 100);
    } finally {
      await running.stop();
      await scheduler.close();
      await queue.close();
    }
    const done = await rows();
    const at = (r: (typeof done)[number]) => r.doneAt?.getTime() ?? Number.NaN;
    const critical = done.filter((r) => priorityOfKind(r.kind) === "critical");
    const bigLast = Math.max(...critical.filter((r) => r.gameId === big).map(at));
    for (const id of small)
      expect(Math.max(...critical.filter((r) => r.gameId === id).map(at))).toBeLessThan(bigLast);
    // The big game's own posts in their order, each once.
    const notices = done.filter((r) => r.gameId === big && r.dedupeKey.includes(":bench-notice:"));
    expect(notices.map(at)).toEqual([...notices.map(at)].sort((a, b) => a - b));
    const [paper] = await database.db
      .select()
      .from(chats)
      .where(and(eq(chats.gameId, big), eq(chats.chatKey, "newspaper")));
    const posted = emu.messages(paper?.discordId ?? "").map((m) => String(m["content"]));
    const shown = posted.filter((c) => /^Notice \d+$/.test(c));
    expect(shown).toEqual(Array.from({ length: 12 }, (_, i) => `Notice ${i + 1}`));
  });

  it(`GIVEN ${GAMES} games resolved at once and one drain slot THEN every game's critical effects are done before any game's cosmetic one`, async () => {
    // On the system clock: the next phases' deadlines are hours away, the worker only drains.
    const service = new GameService(database.db, systemClock);
    const ids: string[] = [];
    for (let n = 0; n < GAMES; n++) ids.push(await nightWithAKill(service, n));
    const [last] = await database.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
    const watermark = (
      await database.db.select({ id: outbox.id }).from(outbox).where(inArray(outbox.gameId, ids))
    ).reduce((max, r) => Math.max(max, r.id), last?.id ?? 0);
    for (const id of ids) await service.resolveDue(id, 0, null);

    // The drains are requested in the games' order, as their resolutions committed.
    const queue = createQueue(redis, prefix);
    const scheduler = new Scheduler({ queue, db: database.db, log });
    for (const id of ids) await scheduler.requestDrain(id);
    const running = await startWorker({
      db: database.db,
      redis,
      drain: bindDrain({ db: database.db, rest, log }),
      log,
      settings: { prefix, drainConcurrency: 1, sweepMs: 60_000 },
    });
    const rows = () =>
      database.db
        .select()
        .from(outbox)
        .where(and(inArray(outbox.gameId, ids), gt(outbox.id, watermark)))
        .orderBy(outbox.id);
    try {
      await until(async () => (await rows()).every((r) => r.status === "done"), 100);
    } finally {
      await running.stop();
      await scheduler.close();
      await queue.close();
    }
    const done = await rows();
    const at = (r: (typeof done)[number]) => r.doneAt?.getTime() ?? Number.NaN;
    const critical = done.filter((r) => priorityOfKind(r.kind) === "critical");
    const cosmetic = done.filter((r) => priorityOfKind(r.kind) === "cosmetic");
    expect(new Set(critical.map((r) => r.gameId)).size).toBe(GAMES);
    expect(new Set(cosmetic.map((r) => r.gameId)).size).toBe(GAMES);
    const lastCritical = Math.max(...critical.map(at));
    const firstCosmetic = Math.min(...cosmetic.map(at));
    expect(lastCritical).toBeLessThanOrEqual(firstCosmetic);
    // Each game's critical rows in their own order (one lane: the newspaper before the reconcile).
    for (const id of ids) {
      const times = critical.filter((r) => r.gameId === id).map(at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
  });
});

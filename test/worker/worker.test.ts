import { and, eq, inArray, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../../src/db/client.js";
import {
  deadlines,
  games as gamesTable,
  inputs,
  outbox,
  phases,
  resolutions,
} from "../../src/db/schema/index.js";
import { closeEarlyIfComplete } from "../../src/games/early-close.js";
import { systemClock } from "../../src/games/service.js";
import { jobIds } from "../../src/jobs/registry.js";
import { createQueue, Scheduler } from "../../src/jobs/scheduler.js";
import { createLogger } from "../../src/log.js";
import { startWorker } from "../../src/worker/worker.js";
import { createMigratedDatabase } from "../support/db.js";
import { TEST_REDIS_URL } from "../support/env.js";
import { classicFive, startedGame } from "../support/factories.js";
import { cloneGames, countingDrain, retire, sleep, templateGame, uniquePrefix, until } from "./support.js";

const log = createLogger("test-worker", process.env["TEST_LOG"] ?? "silent");
let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let redis: Redis;
let template: string;
let classicTemplate: string;

beforeAll(async () => {
  database = await createMigratedDatabase();
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  template = await templateGame(database.db, 700);
  classicTemplate = await templateGame(database.db, 700, { ruleset: "classic" });
});
/** Every game ends after its test, so the next test's workers leave it be. */
afterEach(async () => {
  const ids = (await database.db.select({ id: gamesTable.id }).from(gamesTable)).map((g) => g.id);
  await retire(database.db, ids);
});
afterAll(async () => {
  await redis.quit();
  await database.drop();
});

const fast = { lockDurationMs: 2_000, stalledIntervalMs: 1_000, sweepMs: 60_000, concurrency: 8 };

async function run(prefix: string, drain = countingDrain(database.db), db: Database = database) {
  const running = await startWorker({
    db: db.db,
    redis,
    drain: drain.drain,
    log,
    settings: { ...fast, prefix },
  });
  return { running, drain };
}

async function resolvedIndexes(gameIds: string[]): Promise<Map<string, number[]>> {
  const rows = await database.db
    .select({ gameId: resolutions.gameId, index: resolutions.phaseIndex })
    .from(resolutions)
    .where(inArray(resolutions.gameId, gameIds));
  const map = new Map<string, number[]>(gameIds.map((id) => [id, []]));
  for (const r of rows) map.get(r.gameId)?.push(r.index);
  for (const list of map.values()) list.sort((a, b) => a - b);
  return map;
}

async function allReached(gameIds: string[], phasesResolved: number): Promise<boolean> {
  const map = await resolvedIndexes(gameIds);
  return [...map.values()].every((list) => list.length >= phasesResolved);
}

/** Every game: phases 0..k-1 resolved once each, one resolve input per resolution, phase rows agree. */
async function expectExactlyOnce(gameIds: string[]) {
  const map = await resolvedIndexes(gameIds);
  const resolveInputs = await database.db
    .select({ gameId: inputs.gameId, n: sql<number>`count(*)::int` })
    .from(inputs)
    .where(and(inArray(inputs.gameId, gameIds), eq(inputs.type, "resolve")))
    .groupBy(inputs.gameId);
  const inputCount = new Map(resolveInputs.map((r) => [r.gameId, r.n]));
  const resolvedPhases = await database.db
    .select({ gameId: phases.gameId, n: sql<number>`count(*)::int` })
    .from(phases)
    .where(and(inArray(phases.gameId, gameIds), eq(phases.status, "resolved")))
    .groupBy(phases.gameId);
  const phaseCount = new Map(resolvedPhases.map((r) => [r.gameId, r.n]));
  for (const id of gameIds) {
    const list = map.get(id) ?? [];
    expect(list).toEqual(list.map((_, i) => i));
    expect(inputCount.get(id) ?? 0).toBe(list.length);
    expect(phaseCount.get(id) ?? 0).toBe(list.length);
  }
}

function expectDeliveredOnce(deliveries: Map<string, number>[]) {
  const total = new Map<string, number>();
  for (const d of deliveries) for (const [k, n] of d) total.set(k, (total.get(k) ?? 0) + n);
  const twice = [...total].filter(([, n]) => n > 1);
  expect(twice).toEqual([]);
  return total.size;
}

describe("the worker runs deadlines", () => {
  it("GIVEN deadline rows nobody enqueued WHEN a worker starts THEN recovery enqueues them and every phase resolves exactly once", async () => {
    const prefix = uniquePrefix("basic");
    const now = Date.now();
    const games = await cloneGames(
      database.pool,
      template,
      Array.from({ length: 20 }, (_, i) => now + 200 + (i % 5) * 150),
    );
    const { running, drain } = await run(prefix);
    expect(running.recovered.deadlines).toBeGreaterThanOrEqual(20);
    await until(() => allReached(games, 3));
    // Drains run at a lower priority than resolutions: wait for the first before stopping.
    await until(() => drain.deliveries.size > 0);
    await running.stop();
    await expectExactlyOnce(games);
    const delivered = expectDeliveredOnce([drain.deliveries]);
    expect(delivered).toBeGreaterThan(0);
  });

  it("GIVEN two workers on one queue THEN no phase is resolved twice and no message sent twice", async () => {
    const prefix = uniquePrefix("two");
    const now = Date.now();
    const games = await cloneGames(
      database.pool,
      template,
      Array.from({ length: 30 }, () => now + 300),
    );
    const a = await run(prefix);
    const b = await run(prefix);
    await until(() => allReached(games, 4));
    await Promise.all([a.running.stop(), b.running.stop()]);
    await expectExactlyOnce(games);
    expectDeliveredOnce([a.drain.deliveries, b.drain.deliveries]);
  });

  it("GIVEN running games WHEN Redis loses every job of the queue THEN a restarted worker fires every deadline", async () => {
    const prefix = uniquePrefix("flush");
    const now = Date.now();
    const games = await cloneGames(
      database.pool,
      template,
      Array.from({ length: 15 }, (_, i) => now + 200 + i * 50),
    );
    const first = await run(prefix);
    await until(() => allReached(games, 2));
    await first.running.stop();
    // "Redis flushed": every key of this queue is gone (other files share the server).
    const keys = await redis.keys(`${prefix}:*`);
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
    const before = await resolvedIndexes(games);
    const second = await run(prefix, first.drain);
    expect(second.running.recovered.deadlines).toBeGreaterThanOrEqual(15);
    await until(async () => {
      const after = await resolvedIndexes(games);
      return games.every((g) => (after.get(g)?.length ?? 0) >= (before.get(g)?.length ?? 0) + 2);
    });
    await second.running.stop();
    await expectExactlyOnce(games);
    expectDeliveredOnce([first.drain.deliveries]);
  });

  it("GIVEN a flushed Redis and a running worker THEN the periodic sweep heals it without a restart", async () => {
    const prefix = uniquePrefix("sweep");
    const games = await cloneGames(database.pool, template, [Date.now() + 60_000]);
    const drain = countingDrain(database.db);
    const running = await startWorker({
      db: database.db,
      redis,
      drain: drain.drain,
      log,
      settings: { ...fast, prefix, sweepMs: 300 },
    });
    const [row] = await running.scheduler.pendingOf(games);
    if (!row) throw new Error("no deadline row");
    await redis.del(...(await redis.keys(`${prefix}:*`)));
    await until(async () => (await running.scheduler.queue.getJob(row.jobId)) !== undefined);
    await running.stop();
  });

  it("GIVEN the worker's Postgres connection is terminated mid-job THEN the job retries and succeeds", async () => {
    const prefix = uniquePrefix("pgkill");
    const url = new URL(database.url);
    url.searchParams.set("application_name", `gm-worker-${prefix}`);
    const workerDb = createDatabase(url.toString(), { max: 4 });
    const [game] = await cloneGames(database.pool, template, [Date.now() + 100]);
    if (!game) throw new Error("no game");
    // Hold the game row so the resolution blocks inside its transaction, then kill that backend.
    const holder = await database.pool.connect();
    await holder.query("BEGIN");
    await holder.query("SELECT id FROM games WHERE id = $1 FOR UPDATE", [game]);
    const failures: string[] = [];
    const { running } = await run(prefix, countingDrain(database.db), { ...workerDb, close: workerDb.close });
    running.worker.on("failed", (_job, error) =>
      failures.push(`${error.message} ${String((error as { cause?: unknown }).cause)}`),
    );
    const killed = async () => {
      const { rows } = await holder.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
         WHERE application_name = $1 AND wait_event_type = 'Lock'`,
        [`gm-worker-${prefix}`],
      );
      return (rows[0]?.n ?? 0) > 0;
    };
    await until(killed);
    await holder.query("COMMIT");
    holder.release();
    await until(() => allReached([game], 1));
    await running.stop();
    await workerDb.close();
    expect(failures.some((m) => /terminat/i.test(m))).toBe(true);
    await expectExactlyOnce([game]);
  });

  it("GIVEN a job for a game that no longer exists THEN it fails at once without retries", async () => {
    const prefix = uniquePrefix("gone");
    const { running } = await run(prefix);
    const ghost = crypto.randomUUID();
    const job = await running.scheduler.queue.add(
      "phase.resolve",
      { gameId: ghost, phaseIndex: 0, deadlineId: 1 },
      { jobId: jobIds.phaseDeadline("resolve", ghost, 0, "", new Date(1)), attempts: 5 },
    );
    await until(async () => (await job.getState()) === "failed");
    const failed = await running.scheduler.queue.getJob(job.id ?? "");
    expect(failed?.attemptsMade).toBe(1);
    expect(failed?.failedReason).toBe("game not found");
    await running.stop();
  });

  it("GIVEN a reichstag nomination WHEN the president nominates THEN the phase closes early in the same transaction and the worker resolves it now", async () => {
    const prefix = uniquePrefix("early");
    const seats = ["r1", "r2", "r3", "r4", "r5"].map((user) => ({ user }));
    const { service, game } = await startedGame(database.db, systemClock, { ruleset: "reichstag", seats });
    const state = await service.state(game.id);
    const president = (state.data as { president: string }).president;
    const seatRows = await service.players(game.id);
    const presidentUser = seatRows.find((s) => s.seatId === president)?.userId ?? "";
    const target = seatRows.find((s) => s.seatId !== president)?.seatId ?? "";
    const before = await closeEarlyIfComplete(database.db, systemClock, game.id);
    expect(before.deadlines).toEqual([]);
    const submitted = await service.submit(game.id, presidentUser, {
      action: "nominate",
      targets: [target],
      params: {},
    });
    expect(submitted.value.accepted).toBe(true);
    const closing = submitted.deadlines.filter((d) => d.kind === "resolve");
    expect(closing).toHaveLength(1);
    expect(closing[0]?.dueAt.getTime()).toBeLessThanOrEqual(Date.now());
    // Judged already: nothing is left to close after the commit.
    expect((await closeEarlyIfComplete(database.db, systemClock, game.id)).deadlines).toEqual([]);
    const { running } = await run(prefix);
    const queue = createQueue(redis, prefix);
    await new Scheduler({ queue, db: database.db }).afterCommit(game.id, submitted);
    await until(() => allReached([game.id], 1));
    await running.stop();
    await queue.close();
    const open = await service.currentPhase(game.id);
    expect(open?.kind).toBe("election");
    await expectExactlyOnce([game.id]);
  });

  it("GIVEN a reminder deadline due now THEN the worker posts it once: publicly the time left, privately to who must act", async () => {
    const prefix = uniquePrefix("remind");
    const phaseDeadline = new Date(Date.now() + 3_600_000);
    const [game] = await cloneGames(database.pool, classicTemplate, [phaseDeadline.getTime()]);
    if (!game) throw new Error("no game");
    const [row] = await database.db
      .insert(deadlines)
      .values({
        gameId: game,
        phaseIndex: 0,
        kind: "reminder",
        key: "10",
        dueAt: new Date(),
        jobId: jobIds.phaseDeadline("reminder", game, 0, "10", new Date()),
        payload: { minutesBefore: 10 },
      })
      .returning();
    const { running, drain } = await run(prefix);
    await until(async () => {
      const [r] = await database.db
        .select()
        .from(deadlines)
        .where(eq(deadlines.id, row?.id ?? 0));
      return r?.status === "done";
    });
    await until(async () => {
      const rows = await database.db.select().from(outbox).where(eq(outbox.gameId, game));
      return rows.length > 0 && rows.every((r) => r.status === "done");
    });
    await running.stop();
    const posts = (await database.db.select().from(outbox).where(eq(outbox.gameId, game))).map(
      (r) => r.payload as { chat: string; content: string },
    );
    // Night 0 of classic: only the maniac (p1) acts. The public line names nobody.
    expect(posts.map((p) => p.chat).sort()).toEqual(["newspaper", "personal:p1"]);
    // The phase's deadline as a Discord timestamp: each reader sees it in their own zone.
    const unix = Math.floor(phaseDeadline.getTime() / 1000);
    expect(posts.find((p) => p.chat === "newspaper")?.content).toBe(
      `Напоминание: «Ночь 0» заканчивается <t:${unix}:F> (<t:${unix}:R>).`,
    );
    expect(posts.find((p) => p.chat === "personal:p1")?.content).toBe(
      `Напоминание: ваш приказ на «Ночь 0» ещё не отдан. Срок — <t:${unix}:F> (<t:${unix}:R>).`,
    );
    expectDeliveredOnce([drain.deliveries]);
  });

  it("GIVEN another session holds a game's drain lock WHEN its drain job runs THEN the job is delayed, spends no attempt, and drains once the lock is free", async () => {
    const prefix = uniquePrefix("drain-busy");
    const { game } = await startedGame(database.db, systemClock, {
      seats: classicFive,
      phaseDurationMs: 3_600_000,
    });
    const pending = async () =>
      (await database.db.select().from(outbox).where(eq(outbox.gameId, game.id))).filter(
        (r) => r.status === "pending",
      ).length;
    expect(await pending()).toBeGreaterThan(0);
    // Another worker's drain of this game, as Postgres sees it: a session holding the lock.
    const elsewhere = await database.pool.connect();
    await elsewhere.query("SELECT pg_advisory_lock(hashtext($1))", [`outbox:${game.id}`]);
    const { running } = await run(prefix);
    const [version] = await database.db
      .select({ version: gamesTable.version })
      .from(gamesTable)
      .where(eq(gamesTable.id, game.id));
    const jobId = jobIds.drain(game.id, version?.version ?? 0);
    try {
      await until(async () => (await running.scheduler.outboxQueue.getJob(jobId)) !== undefined);
      await until(async () => (await running.scheduler.outboxQueue.getJob(jobId))?.isDelayed() ?? false);
      await sleep(600);
      expect(await pending()).toBeGreaterThan(0);
    } finally {
      await elsewhere.query("SELECT pg_advisory_unlock(hashtext($1))", [`outbox:${game.id}`]);
      elsewhere.release();
    }
    await until(async () => (await pending()) === 0);
    // The rows are done before BullMQ records the job's completion: read the job once it has.
    await until(async () => (await running.scheduler.outboxQueue.getJob(jobId))?.isCompleted() ?? false);
    const job = await running.scheduler.outboxQueue.getJob(jobId);
    await running.stop();
    // Delayed several times while busy, it counts only the run that completed it.
    expect(job?.attemptsMade).toBe(1);
    expect(await job?.isCompleted()).toBe(true);
  });
});

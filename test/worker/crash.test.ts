import { and, eq, inArray, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, games, inputs, outbox, phases, resolutions } from "../../src/db/schema/index.js";
import { type Emulator, startEmulator } from "../../src/emulator/index.js";
import type { PhaseReport } from "../../src/engine/types.js";
import { createMigratedDatabase } from "../support/db.js";
import { TEST_REDIS_URL } from "../support/env.js";
import {
  cloneGames,
  processEnv,
  retire,
  sleep,
  spawnWorker,
  templateGame,
  uniquePrefix,
  until,
} from "./support.js";

/**
 * The worker as a real process (`src/worker/main.ts` under tsx), killed with SIGKILL at random
 * moments while it resolves 100 games whose phases last 1–3 s; then one last worker finishes.
 */

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let emu: Emulator;
let redis: Redis;
const prefix = uniquePrefix("crash");

beforeAll(async () => {
  database = await createMigratedDatabase();
  emu = await startEmulator({ port: 0, oracle: false });
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await emu.close();
  await database.drop();
});

function env(): Record<string, string> {
  return processEnv(
    { databaseUrl: database.url, emu, prefix },
    { WORKER_CONCURRENCY: "8", WORKER_LOCK_MS: "1000", WORKER_STALLED_MS: "500", WORKER_SWEEP_MS: "2000" },
  );
}

async function resolvedCounts(ids: string[]): Promise<number[]> {
  const rows = await database.db
    .select({ gameId: resolutions.gameId, n: sql<number>`count(*)::int` })
    .from(resolutions)
    .where(inArray(resolutions.gameId, ids))
    .groupBy(resolutions.gameId);
  const map = new Map(rows.map((r) => [r.gameId, r.n]));
  return ids.map((id) => map.get(id) ?? 0);
}

describe("a worker killed at random points", { timeout: 120_000 }, () => {
  it("GIVEN 100 running games and SIGKILLs mid-work THEN every phase is resolved exactly once, no event lost or doubled", async () => {
    const template = await templateGame(database.db, 2_000);
    const now = Date.now();
    const ids = await cloneGames(
      database.pool,
      template,
      Array.from({ length: 100 }, (_, i) => now + 1_000 + (i % 20) * 100),
    );
    // Phases of 1–3 s, differing per game.
    await database.db
      .update(games)
      .set({ phaseDurationMs: sql`1000 + (abs(hashtext(${games.id}::text)) % 2001)` })
      .where(inArray(games.id, ids));

    let kills = 0;
    for (let round = 0; round < 3; round++) {
      const worker = spawnWorker(env());
      await until(() => worker.output().includes("worker started") || worker.child.exitCode !== null);
      expect(worker.child.exitCode, worker.output()).toBeNull();
      await sleep(800 + Math.floor(Math.random() * 2_200));
      worker.child.kill("SIGKILL");
      await worker.exited;
      kills++;
    }
    const before = await resolvedCounts(ids);
    expect(before.some((n) => n > 0)).toBe(true);

    const last = spawnWorker(env());
    await until(async () => {
      const after = await resolvedCounts(ids);
      return after.every((n, i) => n >= (before[i] ?? 0) + 1 && n >= 2);
    }, 250);
    last.child.kill("SIGTERM");
    // Graceful: the jobs in hand finish, the process exits 0.
    expect(await last.exited, last.output()).toBe(0);
    await retire(database.db, ids);
    expect(kills).toBe(3);

    // Exactly once: resolutions are phases 0..k-1, one resolve input and one resolved phase row each.
    const res = await database.db.select().from(resolutions).where(inArray(resolutions.gameId, ids));
    const byGame = new Map<string, number[]>();
    for (const r of res) byGame.set(r.gameId, [...(byGame.get(r.gameId) ?? []), r.phaseIndex]);
    const resolveInputs = await database.db
      .select({ gameId: inputs.gameId, n: sql<number>`count(*)::int` })
      .from(inputs)
      .where(and(inArray(inputs.gameId, ids), eq(inputs.type, "resolve")))
      .groupBy(inputs.gameId);
    const resolvedPhases = await database.db
      .select({ gameId: phases.gameId, n: sql<number>`count(*)::int` })
      .from(phases)
      .where(and(inArray(phases.gameId, ids), eq(phases.status, "resolved")))
      .groupBy(phases.gameId);
    const inputN = new Map(resolveInputs.map((r) => [r.gameId, r.n]));
    const phaseN = new Map(resolvedPhases.map((r) => [r.gameId, r.n]));
    for (const id of ids) {
      const list = (byGame.get(id) ?? []).sort((a, b) => a - b);
      expect(list).toEqual(list.map((_, i) => i));
      expect(inputN.get(id)).toBe(list.length);
      expect(phaseN.get(id)).toBe(list.length);
    }

    // No event lost or doubled: each resolution's event rows are exactly its report's.
    const eventRows = await database.db
      .select({ resolutionId: events.resolutionId, n: sql<number>`count(*)::int` })
      .from(events)
      .where(inArray(events.gameId, ids))
      .groupBy(events.resolutionId);
    const eventN = new Map(eventRows.map((r) => [r.resolutionId, r.n]));
    for (const r of res) {
      const report = r.report as PhaseReport;
      expect(eventN.get(r.id) ?? 0).toBe(report.deaths.length + report.events.length);
    }

    // No message written twice: one outbox row per effect of each resolution (dedupe keys unique).
    const posts = await database.db
      .select({ key: outbox.dedupeKey })
      .from(outbox)
      .where(inArray(outbox.gameId, ids));
    const keys = posts.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    // Each resolution wrote its effects under its own origin (`<game>:resolve:<phase>:<n>`), once.
    const origins = new Set(
      keys.filter((k) => k.split(":")[1] === "resolve").map((k) => k.split(":").slice(0, 3).join(":")),
    );
    expect(origins.size).toBe(res.length);
  });
});

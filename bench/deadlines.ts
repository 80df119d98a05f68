import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { loadavg } from "node:os";
import { and, eq, inArray, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import type { Db } from "../src/db/client.js";
import { games, outbox } from "../src/db/schema/index.js";
import { startEmulator } from "../src/emulator/index.js";
import { createQueue, Scheduler } from "../src/jobs/scheduler.js";
import { createMigratedDatabase } from "../test/support/db.js";
import { TEST_REDIS_URL } from "../test/support/env.js";
import { processEnv, retire, sleep, spawnWorker, uniquePrefix, until } from "../test/worker/support.js";
import { buildTemplates, cloneFleet, type Template } from "./fleet.js";
import { peakRssMb } from "./memory.js";
import {
  criticalCallsPerTemplate,
  criticalFloorS,
  criticalPending,
  newspaperTimes,
  type NewspaperTimes,
} from "./newspaper.js";
import { settle } from "./settle.js";

/**
 * The worker process (`src/worker/main.ts`, one process, default concurrency) on the machine's
 * Postgres and Redis, Discord emulated with its rate limits on, resolving real games in
 * mid-game (bench/fleet.ts: every ruleset, 10–24 seats, a whole phase of posts, votes and
 * orders in each log):
 * - deadline.lateness_ms: resolvedAt − deadlineAt over deadlines spread 50 ms apart;
 * - simultaneous.committed_s: N games due in the same second, seconds until all are committed;
 * - simultaneous.delivered_ratio: for the delivered size (1000), the time until every Discord
 *   effect of those games was delivered ÷ the floor Discord's 50 requests/s allows for the calls
 *   the emulator received for them;
 * - simultaneous.newspaper_s, simultaneous.critical_floor_s: for the newspaper sizes (1000, 3000),
 *   the time from each game's deadline until its newspaper is visible, against the floor of the
 *   critical calls of all the games (bench/newspaper.ts).
 * Each size runs on a worker process of its own (a fresh queue prefix), so nothing of one size's
 * work is left in the next.
 */

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? Number.NaN;
}

const progress = (line: string) => process.stderr.write(`bench deadlines: ${line}\n`);
const DISCORD_GLOBAL_PER_S = 50;

interface RunResult {
  ids: string[];
  /** Per game: when its open phase was due and when it was resolved (ms). */
  rows: { dueAt: number; resolvedAt: number }[];
}

interface Delivery {
  games: number;
  calls: number;
  rate_limited: number;
  failed_rows: number;
  delivered_s: number;
  floor_s: number;
}

/** The open phase of each copy, by the template it was copied from. */
async function openPhases(db: Db, ids: string[], templates: Template[]) {
  const indexes = ids.map((_, i) => templates[i % templates.length]?.phaseIndex ?? 0);
  const rows = await db.execute<{ due_at: Date | string; resolved_at: Date | string | null }>(
    sql`SELECT p.deadline_at AS due_at, p.resolved_at FROM phases p
        JOIN unnest(${`{${ids.join(",")}}`}::uuid[], ${`{${indexes.join(",")}}`}::int[]) AS m(id, idx)
          ON p.game_id = m.id AND p.index = m.idx`,
  );
  return rows.rows.map((r) => ({
    dueAt: new Date(r.due_at).getTime(),
    resolvedAt: r.resolved_at === null ? Number.NaN : new Date(r.resolved_at).getTime(),
  }));
}

export async function benchDeadlines(): Promise<Record<string, unknown>> {
  const database = await createMigratedDatabase();
  // Every call of every game is counted from the request log: keep all of them (3000 games make
  // about 90,000), and refuse a figure if any were dropped.
  const emu = await startEmulator({ port: 0, strict: true, requestLogLimit: 1_000_000 });
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  const prefixes: string[] = [];
  let workerPeakMb = 0;
  try {
    progress("playing the template games to mid-game");
    const templates = await buildTemplates(database.db, emu);

    /** Ends the copies and drops what is left of their effects (the next run starts clean). */
    const clear = async (ids: string[]) => {
      await retire(database.db, ids);
      await database.db
        .update(outbox)
        .set({ status: "done", lastError: "bench: dropped" })
        .where(and(inArray(outbox.gameId, ids), eq(outbox.status, "pending")));
      await database.db.update(games).set({ status: "ended" }).where(inArray(games.id, ids));
    };

    /**
     * Copies due at `due`, on a worker of their own; returns once all are committed (and, with
     * `deliver`, once every effect of theirs is delivered).
     */
    // The critical calls of one game of each template (for the newspaper's floor), measured alone.
    progress("the critical calls of one game of each template");
    const critical = await criticalCallsPerTemplate(database.db, database.pool, emu, templates);
    await clear(critical.ids);

    const run = async (
      count: number,
      dueOf: () => number[],
      deliver: boolean,
      newspaper = false,
    ): Promise<RunResult & { at: number; delivery?: Delivery; news?: NewspaperTimes; floor?: number }> => {
      const prefix = uniquePrefix("bench");
      prefixes.push(prefix);
      const worker = spawnWorker(
        processEnv({ databaseUrl: database.url, emu, prefix }),
        (process.env["BENCH_NODE_ARGS"] ?? "").split(" ").filter(Boolean),
      );
      const queue = createQueue(redis, prefix);
      const scheduler = new Scheduler({ queue, db: database.db });
      try {
        await until(() => worker.output().includes("worker started") || worker.child.exitCode !== null);
        if (worker.child.exitCode !== null) throw new Error(`worker exited: ${worker.output()}`);
        // Warm-up: one copy of each template resolved first (a running worker has run them all).
        const warm = await cloneFleet(database.pool, emu, templates, templates.length, () =>
          templates.map(() => Date.now()),
        );
        await scheduler.enqueueDeadlines(await scheduler.pendingOf(warm.ids));
        await until(async () => {
          const rows = await openPhases(database.db, warm.ids, templates);
          return rows.every((r) => Number.isFinite(r.resolvedAt));
        }, 200);
        await clear(warm.ids);
        const { ids, due } = await cloneFleet(database.pool, emu, templates, count, dueOf);
        emu.resetRequestCounts();
        await scheduler.enqueueDeadlines(await scheduler.pendingOf(ids));
        let rows = await openPhases(database.db, ids, templates);
        await until(async () => {
          rows = await openPhases(database.db, ids, templates);
          if (worker.child.exitCode !== null) throw new Error(`worker exited: ${worker.output()}`);
          return rows.every((r) => Number.isFinite(r.resolvedAt));
        }, 200);
        let delivery: Delivery | undefined;
        let news: NewspaperTimes | undefined;
        let floor: number | undefined;
        if (newspaper) {
          // Every game's critical effects delivered (the rest may still be going out).
          await until(async () => (await criticalPending(database.db, ids)) === 0, 500);
          floor = criticalFloorS(critical.calls, ids.length);
          news = await newspaperTimes(database.db, emu, ids, due, floor);
        }
        if (deliver) {
          const pending = async () => {
            const [row] = await database.db
              .select({ n: sql<number>`count(*)::int` })
              .from(outbox)
              .where(and(inArray(outbox.gameId, ids), eq(outbox.status, "pending")));
            return row?.n ?? 0;
          };
          await until(async () => (await pending()) === 0, 500);
          const [failed] = await database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(outbox)
            .where(and(inArray(outbox.gameId, ids), eq(outbox.status, "failed")));
          const start = Math.min(...due);
          if (emu.droppedRequests() > 0)
            throw new Error(
              `the emulator dropped ${emu.droppedRequests()} requests: the call count would be short`,
            );
          const bot = emu.requests().filter((r) => r.actor === "bot" && r.startedAt >= start);
          const served = bot.filter((r) => r.status !== 429);
          const dump = process.env["BENCH_REQUESTS_LOG"];
          if (dump) writeFileSync(dump, JSON.stringify({ start, requests: bot }));
          const last = Math.max(...served.map((r) => r.finishedAt));
          delivery = {
            games: ids.length,
            calls: served.length,
            rate_limited: bot.length - served.length,
            failed_rows: failed?.n ?? 0,
            delivered_s: Number(((last - start) / 1000).toFixed(2)),
            floor_s: Number((served.length / DISCORD_GLOBAL_PER_S).toFixed(2)),
          };
        }
        workerPeakMb = Math.max(workerPeakMb, peakRssMb(worker.child.pid) || 0);
        return {
          ids,
          rows,
          at: Math.min(...due),
          ...(delivery ? { delivery } : {}),
          ...(news && floor !== undefined ? { news, floor } : {}),
        };
      } finally {
        worker.child.kill("SIGTERM");
        await worker.exited;
        const keep = process.env["BENCH_WORKER_LOG"];
        if (keep) writeFileSync(`${keep}.${prefixes.length}`, worker.output());
        await queue.close();
      }
    };

    // Lateness: deadlines spread 50 ms apart (20 a second).
    const lateN = Number(process.env["BENCH_LATENESS_N"] ?? 200);
    progress(`lateness: ${lateN} games due 50 ms apart`);
    const late = await run(
      lateN,
      () => {
        const start = Date.now() + 2_000;
        return Array.from({ length: lateN }, (_, i) => start + i * 50);
      },
      false,
    );
    await clear(late.ids);
    const lateness = late.rows.map((r) => r.resolvedAt - r.dueAt).sort((a, b) => a - b);

    // Simultaneous deadlines: all in the same second.
    const sizes = (process.env["BENCH_SIMULTANEOUS"] ?? "100,300,1000,3000").split(",").map(Number);
    const deliveredN = Number(process.env["BENCH_DELIVERED_N"] ?? 1000);
    const newspaperSizes = (process.env["BENCH_NEWSPAPER"] ?? "1000,3000").split(",").map(Number);
    const committed: Record<string, number> = {};
    const newspaperS: Record<string, NewspaperTimes> = {};
    const criticalFloor: Record<string, number> = {};
    let delivery: Delivery | undefined;
    let load: number[] = [];
    for (const n of sizes) {
      const deliver = n === deliveredN;
      const { load_avg_1m } = await settle();
      progress(
        `${n} games due in the same second${deliver ? ", until every effect is delivered" : ""} (load ${load_avg_1m})`,
      );
      // Spread over one second, starting once the copies exist (and Redis has the jobs).
      const result = await run(
        n,
        () => {
          const at = Date.now() + 2_000 + Math.ceil(n / 500) * 1_000;
          return Array.from({ length: n }, (_, i) => at + Math.floor((i * 1000) / n));
        },
        deliver,
        newspaperSizes.includes(n),
      );
      if (result.news && result.floor !== undefined) {
        newspaperS[String(n)] = result.news;
        criticalFloor[String(n)] = result.floor;
        progress(`${n} games: newspapers ${JSON.stringify(result.news)}, critical floor ${result.floor} s`);
      }
      const last = Math.max(...result.rows.map((r) => r.resolvedAt));
      committed[String(n)] = Number(((last - result.at) / 1000).toFixed(2));
      if (result.delivery) {
        delivery = result.delivery;
        load = loadavg();
      }
      await clear(result.ids);
      await sleep(500);
    }
    return {
      "deadline.lateness_ms": {
        p50: Math.round(percentile(lateness, 50)),
        p99: Math.round(percentile(lateness, 99)),
        n: lateness.length,
      },
      "simultaneous.committed_s": committed,
      "simultaneous.delivered_ratio": delivery
        ? Number((delivery.delivered_s / delivery.floor_s).toFixed(2))
        : null,
      "simultaneous.delivered": delivery ? { ...delivery, load_avg_1m_at_end: load[0] ?? null } : null,
      "simultaneous.newspaper_s": newspaperS,
      "simultaneous.critical_floor_s": criticalFloor,
      "simultaneous.templates": templates.map((t) => ({
        ruleset: t.spec.ruleset,
        players: t.spec.players,
        phase: t.phaseLabel,
        inputs: t.inputs,
        open_phase_inputs: t.openPhaseInputs,
      })),
      "memory_mb.worker": workerPeakMb,
    };
  } finally {
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}:*`);
      for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
    }
    await redis.quit();
    await emu.close();
    await database.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchDeadlines();
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.exit(0);
}

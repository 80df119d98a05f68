import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { inArray, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { phases } from "../src/db/schema/index.js";
import { startEmulator } from "../src/emulator/index.js";
import { createQueue, Scheduler } from "../src/jobs/scheduler.js";
import { createMigratedDatabase } from "../test/support/db.js";
import { TEST_REDIS_URL } from "../test/support/env.js";
import {
  cloneGames,
  processEnv,
  retire,
  sleep,
  spawnWorker,
  templateGame,
  uniquePrefix,
  until,
} from "../test/worker/support.js";

/**
 * Deadline figures of the worker process (`src/worker/main.ts`, one process, default
 * concurrency) on the machine's Postgres and Redis, Discord emulated:
 * - deadline.lateness_ms: resolvedAt − deadlineAt over staggered deadlines (goal p99 ≤ 1000 ms);
 * - simultaneous.games_1000_s: 1000 games due in the same second, time until all committed
 *   (goal ≤ 60 s), and simultaneous.scaling for 100 / 300 / 1000;
 * - memory_mb.worker: the worker's peak RSS (VmHWM) during the runs.
 */

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? Number.NaN;
}

function peakRssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const status = execFileSync("cat", [`/proc/${pid}/status`]).toString();
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
}

export async function benchDeadlines(): Promise<Record<string, unknown>> {
  const database = await createMigratedDatabase();
  const emu = await startEmulator({ port: 0, strict: true });
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  const prefix = uniquePrefix("bench");
  const worker = spawnWorker(processEnv({ databaseUrl: database.url, emu, prefix }));
  const queue = createQueue(redis, prefix);
  const scheduler = new Scheduler({ queue, db: database.db });
  let peak = 0;
  const sample = setInterval(() => {
    peak = Math.max(peak, peakRssMb(worker.child.pid) || 0);
  }, 500);
  try {
    await until(() => worker.output().includes("worker started") || worker.child.exitCode !== null);
    if (worker.child.exitCode !== null) throw new Error(`worker exited: ${worker.output()}`);
    // Long phases: only the first deadline of each copy falls inside a run.
    const template = await templateGame(database.db, 3_600_000);

    /** Games whose first deadlines are `due`; returns the phase-0 rows once all are resolved. */
    const run = async (due: number[]) => {
      const ids = await cloneGames(database.pool, template, due);
      await scheduler.enqueueDeadlines(await scheduler.pendingOf(ids));
      const done = async () => {
        const [row] = await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(phases)
          .where(
            sql`${inArray(phases.gameId, ids)} AND ${phases.index} = 0 AND ${phases.status} = 'resolved'`,
          );
        return (row?.n ?? 0) === ids.length;
      };
      await until(done, 50);
      const rows = await database.db
        .select({ deadlineAt: phases.deadlineAt, resolvedAt: phases.resolvedAt })
        .from(phases)
        .where(sql`${inArray(phases.gameId, ids)} AND ${phases.index} = 0`);
      await retire(database.db, ids);
      return rows;
    };

    // Lateness: 200 deadlines spread over 10 s (20 a second).
    const start = Date.now() + 3_000;
    const lateN = Number(process.env["BENCH_LATENESS_N"] ?? 200);
    const lateRows = await run(Array.from({ length: lateN }, (_, i) => start + i * 50));
    const lateness = lateRows
      .map((r) => (r.resolvedAt?.getTime() ?? Number.NaN) - (r.deadlineAt?.getTime() ?? 0))
      .sort((a, b) => a - b);

    // Simultaneous deadlines: all in the same second.
    const scaling: [number, number][] = [];
    const sizes = (process.env["BENCH_SIMULTANEOUS"] ?? "100,300,1000").split(",").map(Number);
    for (const n of sizes) {
      const at = Date.now() + 5_000 + Math.floor(n / 50) * 1_000;
      const due = Array.from({ length: n }, (_, i) => at + (i % 1000));
      const rows = await run(due);
      const last = Math.max(...rows.map((r) => r.resolvedAt?.getTime() ?? Number.NaN));
      scaling.push([n, Number(((last - at) / 1000).toFixed(2))]);
      await sleep(500);
    }
    peak = Math.max(peak, peakRssMb(worker.child.pid) || 0);
    return {
      "deadline.lateness_ms": {
        p50: Math.round(percentile(lateness, 50)),
        p99: Math.round(percentile(lateness, 99)),
        n: lateness.length,
      },
      "simultaneous.games_1000_s": scaling.find(([n]) => n === 1000)?.[1] ?? null,
      "simultaneous.scaling": scaling,
      "memory_mb.worker": peak,
    };
  } finally {
    clearInterval(sample);
    worker.child.kill("SIGTERM");
    await worker.exited;
    const keys = await redis.keys(`${prefix}:*`);
    for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
    await queue.close();
    await redis.quit();
    await emu.close();
    await database.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await benchDeadlines();
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}

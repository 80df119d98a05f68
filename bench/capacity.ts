import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { startEmulator } from "../src/emulator/index.js";
import { jobIds, OUTBOX_QUEUE_NAME, QUEUE_NAME } from "../src/jobs/registry.js";
import { createMigratedDatabase } from "../test/support/db.js";
import { TEST_REDIS_URL } from "../test/support/env.js";
import { processEnv, spawnScript, spawnWorker, uniquePrefix, until } from "../test/worker/support.js";
import { buildTemplates } from "./fleet.js";

/**
 * The figures behind docs/scaling.md's capacity model (`npx tsx bench/capacity.ts`, about two
 * minutes; not part of `npm run bench`):
 * - capacity.postgres: rows and bytes per game and per resolved phase, from bench/fleet.ts's eight
 *   templates played to mid-game through the service (every ruleset, 10–24 seats, posts, votes and
 *   orders each phase), per table (row bytes: pg_column_size of the rows; on disk: the tables'
 *   pg_total_relation_size with indexes and TOAST);
 * - capacity.redis: bytes per pending job (a delayed `phase.resolve` as the scheduler adds it, and a
 *   waiting `outbox.drain`), by INFO memory's used_memory before and after 2,000 of each and by
 *   MEMORY USAGE of their keys;
 * - capacity.connections: Postgres and Redis connections of a bot and of a worker process at rest
 *   (default settings): their established TCP connections to ports 5432 and 6379 (`ss`).
 */

const JOBS = 2_000;
const progress = (line: string) => process.stderr.write(`bench capacity: ${line}\n`);

async function usedMemory(redis: Redis): Promise<number> {
  const info = await redis.info("memory");
  return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? Number.NaN);
}

async function keysBytes(redis: Redis, prefix: string): Promise<{ keys: number; bytes: number }> {
  const keys = await redis.keys(`${prefix}:*`);
  let bytes = 0;
  for (const key of keys) bytes += Number(await redis.call("MEMORY", "USAGE", key, "SAMPLES", "0")) || 0;
  return { keys: keys.length, bytes };
}

export async function benchCapacity(): Promise<Record<string, unknown>> {
  const database = await createMigratedDatabase();
  const emu = await startEmulator({ port: 0, oracle: false });
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  const prefixes: string[] = [];
  try {
    progress("playing the template games to mid-game");
    const templates = await buildTemplates(database.db, emu);
    const phases = templates.reduce((n, t) => n + t.phaseIndex, 0);
    await database.pool.query("VACUUM ANALYZE");
    const tables = await database.pool.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns
       WHERE table_schema = 'public' AND column_name = 'game_id' ORDER BY table_name`,
    );
    const perTable: Record<
      string,
      { rows_per_game: number; bytes_per_phase: number; disk_bytes_per_phase: number }
    > = {};
    let rowsPerPhase = 0;
    let bytesPerPhase = 0;
    let diskPerPhase = 0;
    for (const { table_name: table } of tables.rows) {
      const result = await database.pool.query<{ n: string; bytes: string | null; disk: string }>(
        `SELECT count(*) AS n, sum(pg_column_size(t.*)) AS bytes, pg_total_relation_size('${table}') AS disk
         FROM "${table}" t`,
      );
      const row = result.rows[0];
      const n = Number(row?.n ?? 0);
      if (n === 0) continue;
      const bytes = Number(row?.bytes ?? 0);
      const disk = Number(row?.disk ?? 0);
      perTable[table] = {
        rows_per_game: Math.round(n / templates.length),
        bytes_per_phase: Math.round(bytes / phases),
        disk_bytes_per_phase: Math.round(disk / phases),
      };
      rowsPerPhase += n / phases;
      bytesPerPhase += bytes / phases;
      diskPerPhase += disk / phases;
    }
    const postgres = {
      games: templates.length,
      phases_resolved: phases,
      players: templates.reduce((n, t) => n + t.spec.players, 0),
      rows_per_phase: Math.round(rowsPerPhase),
      row_bytes_per_phase: Math.round(bytesPerPhase),
      disk_bytes_per_phase: Math.round(diskPerPhase),
      tables: perTable,
    };

    progress(`redis: ${JOBS} delayed resolutions and ${JOBS} waiting drains`);
    const prefix = uniquePrefix("capacity");
    prefixes.push(prefix);
    const deadlinesQueue = new Queue(QUEUE_NAME, { connection: redis, prefix });
    const drainsQueue = new Queue(OUTBOX_QUEUE_NAME, { connection: redis, prefix });
    const measure = async (add: (i: number) => Promise<unknown>) => {
      const before = await usedMemory(redis);
      const keysBefore = await keysBytes(redis, prefix);
      for (let i = 0; i < JOBS; i += 100)
        await Promise.all(Array.from({ length: 100 }, (_, k) => add(i + k)));
      const after = await usedMemory(redis);
      const keysAfter = await keysBytes(redis, prefix);
      return {
        info_bytes_per_job: Math.round((after - before) / JOBS),
        key_bytes_per_job: Math.round((keysAfter.bytes - keysBefore.bytes) / JOBS),
      };
    };
    const options = { attempts: 8, backoff: { type: "exponential", delay: 1_000 } } as const;
    const resolve = await measure((i) => {
      const gameId = randomUUID();
      const due = new Date(Date.now() + 86_400_000 + i);
      return deadlinesQueue.add(
        "phase.resolve",
        { gameId, phaseIndex: 3, deadlineId: 100_000 + i },
        { ...options, jobId: jobIds.phaseDeadline("resolve", gameId, 3, "", due), delay: 86_400_000 },
      );
    });
    await drainsQueue.pause();
    const drain = await measure((i) => {
      const gameId = randomUUID();
      return drainsQueue.add("outbox.drain", { gameId }, { ...options, jobId: jobIds.drain(gameId, i) });
    });
    await deadlinesQueue.close();
    await drainsQueue.close();

    progress("connections of a bot and a worker at rest");
    /** The process's open TCP connections to a port (`ss -tnp`, by its pid): exact on a shared machine. */
    const socketsTo = (pid: number | undefined, port: number): number =>
      execFileSync("ss", ["-tnpH", "state", "established", "dport", `:${port}`], { encoding: "utf8" })
        .split("\n")
        .filter((line) => line.includes(`pid=${pid},`)).length;
    const connectionsOf = async (script: "src/bot/main.ts" | "src/worker/main.ts") => {
      const own = uniquePrefix("capacity");
      prefixes.push(own);
      const env = processEnv({ databaseUrl: database.url, emu, prefix: own });
      const child = script === "src/worker/main.ts" ? spawnWorker(env) : spawnScript(script, env);
      try {
        await until(
          () => /"(bot|worker) started"/.test(child.output()) || child.child.exitCode !== null,
          200,
        );
        await new Promise((r) => setTimeout(r, 3_000));
        const pid = child.child.pid;
        const counts = { postgres: socketsTo(pid, 5432), redis: socketsTo(pid, 6379) };
        // Under load: a deadline due now in a game of its own would open the pool further; the
        // configured ceilings are src/worker/main.ts (2 × (16 + 4) + 4) and src/db/client.ts (10).
        return counts;
      } finally {
        child.child.kill("SIGTERM");
        await child.exited;
      }
    };
    const bot = await connectionsOf("src/bot/main.ts");
    const worker = await connectionsOf("src/worker/main.ts");
    return {
      "capacity.postgres": postgres,
      "capacity.redis": { jobs: JOBS, phase_resolve_delayed: resolve, outbox_drain_waiting: drain },
      "capacity.connections": { bot_at_rest: bot, worker_at_rest: worker },
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
  const result = await benchCapacity();
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.exit(0);
}

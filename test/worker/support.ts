import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { and, eq, inArray, sql } from "drizzle-orm";
import type pg from "pg";
import type { Db } from "../../src/db/client.js";
import { deadlines, games, outbox } from "../../src/db/schema/index.js";
import { drainUnlessRunning, pendingRows } from "../../src/discord/outbox.js";
import { systemClock, type Clock } from "../../src/games/service.js";
import { jobIds } from "../../src/jobs/registry.js";
import { BOT_NODE_FLAGS } from "../../src/runtime/node-flags.js";
import type { DrainFn } from "../../src/worker/handlers.js";
import { TEST_REDIS_URL } from "../support/env.js";
import { classicFive, startedGame } from "../support/factories.js";

export const root = fileURLToPath(new URL("../../", import.meta.url));

/** A BullMQ key prefix of its own, so test files (and bench runs) never share jobs. */
export function uniquePrefix(tag: string): string {
  return `t-${tag}-${randomBytes(4).toString("hex")}`;
}

/**
 * A started game to copy: its phase 0 and resolve deadline are rewritten per copy; later phases
 * take `phaseDurationMs` each. The default, regnum with three dealt seats, runs for dozens of
 * phases without any input; classic's five (the factories' seats) end after night 1.
 */
export async function templateGame(
  db: Db,
  phaseDurationMs: number,
  options: { ruleset?: "regnum" | "classic"; clock?: Clock } = {},
) {
  const ruleset = options.ruleset ?? "regnum";
  const { game } = await startedGame(db, options.clock ?? systemClock, {
    ruleset,
    seats: ruleset === "classic" ? classicFive : [{ user: "u1" }, { user: "u2" }, { user: "u3" }],
    phaseDurationMs,
  });
  await retire(db, [game.id]);
  return game.id;
}

/** Ends games (their pending deadlines cancelled), so later workers on the same database leave them be. */
export async function retire(db: Db, gameIds: string[]): Promise<void> {
  if (gameIds.length === 0) return;
  await db.update(games).set({ status: "ended" }).where(inArray(games.id, gameIds));
  await db
    .update(deadlines)
    .set({ status: "cancelled" })
    .where(and(inArray(deadlines.gameId, gameIds), eq(deadlines.status, "pending")));
}

/**
 * Copies a started game `due.length` times in a few statements (far faster than the service's
 * lobby), copy i's first deadline at `due[i]` (ms). Returns the new game ids.
 */
export async function cloneGames(pool: pg.Pool, templateId: string, due: number[]): Promise<string[]> {
  const ids = due.map(() => crypto.randomUUID());
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const args = [ids, due.map((d) => new Date(d).toISOString()), templateId];
    const copy = `WITH m AS (SELECT * FROM unnest($1::uuid[], $2::timestamptz[]) AS m(id, due))`;
    await client.query(
      `${copy} INSERT INTO games (id, guild_id, name, ruleset, options, seed, status, publish_mode, timezone,
         phase_duration_ms, reminders, created_by)
       SELECT m.id, t.guild_id, t.name, t.ruleset, t.options, t.seed, 'running', t.publish_mode, t.timezone,
         t.phase_duration_ms, t.reminders, t.created_by FROM m, games t WHERE t.id = $3`,
      args,
    );
    await client.query(
      `${copy} INSERT INTO game_masters (game_id, user_id) SELECT m.id, t.user_id FROM m, game_masters t WHERE t.game_id = $3`,
      args,
    );
    await client.query(
      `${copy} INSERT INTO players (game_id, seat_id, seat, user_id, display_name, setup)
       SELECT m.id, t.seat_id, t.seat, t.user_id, t.display_name, t.setup FROM m, players t WHERE t.game_id = $3`,
      args,
    );
    await client.query(
      `${copy} INSERT INTO game_snapshots (game_id, input_seq, state)
       SELECT m.id, t.input_seq, t.state FROM m, game_snapshots t WHERE t.game_id = $3`,
      args,
    );
    await client.query(
      `${copy} INSERT INTO phases (game_id, index, label, kind, number, status, started_at, deadline_at,
         delivered_public, delivered_private)
       SELECT m.id, t.index, t.label, t.kind, t.number, t.status, now(), m.due, t.delivered_public,
         t.delivered_private FROM m, phases t WHERE t.game_id = $3`,
      args,
    );
    await client.query(
      // Job ids from the registry, as the service makes them (phase 0's resolve deadline).
      `WITH m AS (SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::text[]) AS m(id, due, job_id))
       INSERT INTO deadlines (game_id, phase_index, kind, key, due_at, job_id, payload)
       SELECT m.id, 0, 'resolve', '', m.due, m.job_id, '{}'::jsonb FROM m`,
      [ids, args[1], ids.map((id, i) => jobIds.phaseDeadline("resolve", id, 0, "", new Date(due[i] ?? 0)))],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  } finally {
    client.release();
  }
  return ids;
}

/**
 * A stand-in for src/discord/outbox.ts in in-process tests: performs a game's pending rows
 * (those not waiting for a GM's review) by counting each dedupe key's deliveries, then marks
 * them done. A key delivered twice is a message posted twice.
 */
export function countingDrain(db: Db) {
  const deliveries = new Map<string, number>();
  const deliver = async (db: Db, gameId: string) => {
    const rows = (await pendingRows(db, gameId)).map((r) => ({ id: r.id, key: r.dedupeKey }));
    for (const row of rows) deliveries.set(row.key, (deliveries.get(row.key) ?? 0) + 1);
    if (rows.length > 0) {
      await db
        .update(outbox)
        .set({ status: "done", doneAt: sql`now()` })
        .where(
          inArray(
            outbox.id,
            rows.map((r) => r.id),
          ),
        );
    }
    return { done: rows.length, failed: 0 };
  };
  // The drain's own lock, as src/discord/outbox.ts `drainOutbox` takes it: one per game at a time.
  // (The worker always asks it not to wait: a busy drain answers at once.)
  const drain: DrainFn = (gameId) => drainUnlessRunning(db, gameId, (locked) => deliver(locked, gameId));
  return { drain, deliveries };
}

/** Polls until `check` holds (no timing assertion: the test's own timeout is the limit). */
export async function until(check: () => Promise<boolean> | boolean, everyMs = 100): Promise<void> {
  for (;;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface ChildWorker {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * The environment of a bot or worker process of a test or benchmark: the database, Redis, the
 * emulator as Discord, a queue prefix of its own, and `extra` (timings, ports) on top.
 */
export function processEnv(
  parts: {
    databaseUrl: string;
    emu: { botToken: string; applicationId: string; apiBase: string };
    prefix: string;
  },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    DATABASE_URL: parts.databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    DISCORD_TOKEN: parts.emu.botToken,
    DISCORD_APPLICATION_ID: parts.emu.applicationId,
    DISCORD_API_URL: parts.emu.apiBase,
    LOG_LEVEL: "info",
    WORKER_QUEUE_PREFIX: parts.prefix,
    ...extra,
  };
}

let built = false;

/**
 * `npm run build` once per test process: the processes the tests start run from dist/, as
 * `npm start`, `npm run bot`, `npm run worker` and the image run them. The build rewrites only
 * what changed, by renames, so test files building at once never read half a file.
 */
export function ensureBuilt(): void {
  if (built) return;
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
  built = true;
}

/** The built module of a source entry point: `src/worker/main.ts` → `dist/worker/main.js`. */
export function builtEntry(script: string): string {
  if (!/^src\/.+\.ts$/.test(script)) throw new Error(`not an entry point under src/: ${script}`);
  ensureBuilt();
  return `dist/${script.slice("src/".length, -".ts".length)}.js`;
}

/** The Node flags the entry point runs with wherever it starts (src/runtime/node-flags.ts). */
export function nodeFlagsOf(script: string): readonly string[] {
  return script === "src/bot/main.ts" ? BOT_NODE_FLAGS : [];
}

/** `npm run worker` as a child process (the built worker on node), with the given environment. */
export function spawnWorker(env: Record<string, string>, nodeArgs: string[] = []): ChildWorker {
  return spawnScript("src/worker/main.ts", env, nodeArgs);
}

/**
 * A process of the project (`src/bot/main.ts`, …) as npm runs it (built, on node), with the
 * given environment. Its HTTP server takes a free port unless `env` names one, so parallel test
 * files never collide.
 */
export function spawnScript(
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): ChildWorker {
  const child = spawn(process.execPath, [...nodeFlagsOf(script), ...nodeArgs, builtEntry(script)], {
    cwd: root,
    env: { ...process.env, BOT_HTTP_PORT: "0", WORKER_HTTP_PORT: "0", CONSOLE_PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { chats, games as gameTable, inputs, outbox, players } from "../src/db/schema/index.js";
import { rulesetOrThrow } from "../src/games/state.js";
import { startEmulator } from "../src/emulator/index.js";
import { createQueue, Scheduler } from "../src/jobs/scheduler.js";
import { createMigratedDatabase } from "../test/support/db.js";
import { TEST_REDIS_URL } from "../test/support/env.js";
import { builtEntry, nodeFlagsOf, processEnv, uniquePrefix, until } from "../test/worker/support.js";
import { buildTemplates, cloneFleet, setDue } from "./fleet.js";

/**
 * `memory_mb` {bot, worker}: the peak resident set (VmHWM) of each process under the
 * benchmark's load. Both run as real child processes (built, on Node, as `npm run bot` /
 * `npm run worker` run them); the load is bench/interactions.ts's (50 slash commands a
 * second against the bot through the emulator, the worker draining and resolving phases).
 * bench/run.ts also counts the worker's peak under bench/deadlines.ts's 1000-game load.
 */

export const root = fileURLToPath(new URL("../", import.meta.url));

/** The process's peak RSS so far in MB (Linux VmHWM), NaN when unknown. */
export function peakRssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
}

export interface Proc {
  name: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** The highest VmHWM seen (sampled every 250 ms and at stop). */
  peakMb(): number;
  /** Resolves when `text` appears in the output; rejects when the process exits first. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Runs an entry point of src/ as a child process, built, as `npm run bot` / `npm run worker` do. */
export function spawnProcess(name: string, script: string, env: Record<string, string>): Proc {
  // BENCH_NODE_ARGS: Node flags for the child, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env["BENCH_NODE_ARGS"] ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeFlagsOf(script), ...nodeArgs, builtEntry(script)], {
    cwd: root,
    // Free ports unless the part names its own: a bot already running on 9101–9103 is no obstacle.
    env: { ...process.env, BOT_HTTP_PORT: "0", WORKER_HTTP_PORT: "0", CONSOLE_PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > 400_000) out = out.slice(-200_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let peak = 0;
  const sample = () => {
    const mb = peakRssMb(child.pid);
    if (Number.isFinite(mb)) peak = Math.max(peak, mb);
  };
  const timer = setInterval(sample, 250);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      clearInterval(timer);
      resolve(code);
    }),
  );
  return {
    name,
    child,
    output: () => out,
    exited,
    peakMb: () => {
      sample();
      return peak;
    },
    async waitFor(text, timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      while (!out.includes(text)) {
        if (child.exitCode !== null)
          throw new Error(`${name} exited (${child.exitCode}): ${out.slice(-2000)}`);
        if (Date.now() > until)
          throw new Error(`${name}: "${text}" not seen within ${timeoutMs} ms: ${out.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      sample();
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await Promise.race([
        exited,
        new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 20_000)),
      ]);
      if (code === "timeout") child.kill("SIGKILL");
      clearInterval(timer);
    },
  };
}

/**
 * `memory_mb.bot_100_games` and `memory_mb.worker_100_games`: the peak RSS (VmHWM) of the bot
 * and the worker processes with `BENCH_MEMORY_GAMES` (100) running games (copies of bench/fleet.ts's
 * mid-game templates, every ruleset, each in a Discord guild of its own, rate limits on). The bot
 * connects and receives every guild; in every game `BENCH_MEMORY_POSTS` (5) seats post a line in
 * a chat they may write in and the bot logs each post as the seat's input; then every game's
 * open phase falls due at once and the worker resolves them all and drains their Discord effects
 * (up to `BENCH_MEMORY_DRAIN_S`, 300 s).
 */
export async function benchMemoryGames(): Promise<Record<string, unknown>> {
  const games = Number(process.env["BENCH_MEMORY_GAMES"] ?? 100);
  const postsPerGame = Number(process.env["BENCH_MEMORY_POSTS"] ?? 5);
  const drainS = Number(process.env["BENCH_MEMORY_DRAIN_S"] ?? 300);
  const database = await createMigratedDatabase();
  const emu = await startEmulator({ port: 0, strict: true });
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  const prefix = uniquePrefix("bench-mem");
  const queue = createQueue(redis, prefix);
  const scheduler = new Scheduler({ queue, db: database.db });
  const procs: Proc[] = [];
  try {
    const templates = await buildTemplates(database.db, emu);
    const { ids } = await cloneFleet(database.pool, emu, templates, games, () =>
      Array.from({ length: games }, () => Date.now() + 3_600_000),
    );
    const env = processEnv({ databaseUrl: database.url, emu, prefix });
    const bot = spawnProcess("bot", "src/bot/main.ts", { ...env, BOT_HTTP_PORT: "0", CONSOLE_PORT: "0" });
    const worker = spawnProcess("worker", "src/worker/main.ts", { ...env, WORKER_HTTP_PORT: "0" });
    procs.push(bot, worker);
    await Promise.all([bot.waitFor("bot started", 180_000), worker.waitFor("worker started", 180_000)]);
    await scheduler.enqueueDeadlines(await scheduler.pendingOf(ids));

    // Players talk in every game: where the rules count posts (a `post` action: not mayor's or
    // reichstag's), the bot logs each as an input of the seat.
    const logged = async () => {
      const [row] = await database.db
        .select({ n: count() })
        .from(inputs)
        .where(
          and(
            inArray(inputs.gameId, ids),
            eq(inputs.type, "action"),
            sql`${inputs.payload}->>'action' = 'post'`,
          ),
        );
      return row?.n ?? 0;
    };
    const before = await logged();
    let sent = 0;
    let counted = 0;
    const rulesetOf = new Map(
      (await database.db.select({ id: gameTable.id, ruleset: gameTable.ruleset }).from(gameTable)).map(
        (g) => [g.id, rulesetOrThrow(g.ruleset)],
      ),
    );
    for (const gameId of ids) {
      const countsPosts = Object.hasOwn(rulesetOf.get(gameId)?.actions ?? {}, "post");
      const rooms = await database.db
        .select({ key: chats.chatKey, id: chats.discordId })
        .from(chats)
        .where(and(eq(chats.gameId, gameId), sql`${chats.chatKey} LIKE 'chat:%'`));
      const seats = await database.db.select().from(players).where(eq(players.gameId, gameId));
      let posted = 0;
      for (const seat of seats) {
        if (posted >= postsPerGame) break;
        const room = rooms.find((r) => emu.canSend(seat.userId, r.id));
        if (!room) continue;
        emu.user(seat.userId).send(room.id, "I have a feeling about this.");
        posted++;
        sent++;
        if (countsPosts) counted++;
        await new Promise((r) => setTimeout(r, 20)); // about 50 posts a second
      }
    }
    const until0 = Date.now() + 120_000;
    await until(async () => (await logged()) >= before + counted || Date.now() > until0, 250);
    const postsLogged = (await logged()) - before;

    // Every game's phase falls due now: the worker resolves them all and drains their effects.
    await setDue(
      database.pool,
      templates,
      ids,
      ids.map(() => Date.now()),
    );
    await scheduler.enqueueDeadlines(await scheduler.pendingOf(ids));
    const pending = async () => {
      const [row] = await database.db
        .select({ n: count() })
        .from(outbox)
        .where(and(inArray(outbox.gameId, ids), eq(outbox.status, "pending")));
      return row?.n ?? 0;
    };
    const resolved = async () => {
      const rows = await database.db.execute<{ n: number }>(
        sql`SELECT count(DISTINCT game_id)::int AS n FROM inputs
             WHERE game_id IN (${sql.join(
               ids.map((id) => sql`${id}`),
               sql`, `,
             )}) AND type = 'resolve' AND at > now() - interval '1 hour'`,
      );
      return rows.rows[0]?.n ?? 0;
    };
    const stopAt = Date.now() + drainS * 1000;
    await until(
      async () => ((await resolved()) >= ids.length && (await pending()) === 0) || Date.now() > stopAt,
      1000,
    );
    return {
      "memory_mb.bot_100_games": bot.peakMb(),
      "memory_mb.worker_100_games": worker.peakMb(),
      "memory_mb.games_load": {
        games: ids.length,
        posts_sent: sent,
        posts_counted_by_rules: counted,
        posts_logged: postsLogged,
        resolved: await resolved(),
        outbox_pending_at_end: await pending(),
        // Error lines the processes logged (level ≥ 50): a post that failed is a lost post.
        bot_errors: errorLines(bot.output()),
        worker_errors: errorLines(worker.output()),
      },
    };
  } finally {
    for (const p of procs) await p.stop();
    const keys = await redis.keys(`${prefix}:*`);
    for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
    await queue.close();
    await redis.quit();
    await emu.close();
    await database.drop();
  }
}

function errorLines(output: string): number {
  return output.split("\n").filter((line) => /"level":(5|6)\d/.test(line)).length;
}

export async function benchMemory(): Promise<Record<string, unknown>> {
  const { runInteractionLoad } = await import("./interactions.js");
  const figures = await runInteractionLoad();
  return { memory_mb: figures.memory_mb };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result =
    process.argv[2] === "games"
      ? await benchMemoryGames()
      : { ...(await benchMemory()), ...(await benchMemoryGames()) };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  process.exit(0);
}

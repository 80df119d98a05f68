import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, freemem, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { benchDiscord } from "./discord.js";
import { benchEngine } from "./engine.js";
import { benchOrderStatements } from "./order.js";
import type { InteractionFigures } from "./interactions.js";
import { settle } from "./settle.js";
import { parseFlags, runCli } from "../src/cli/args.js";

/**
 * `npm run bench`: every benchmark, one JSON document on stdout and in bench/results/latest.json.
 * Keys are documented in bench/README.md; progress goes to stderr. Each part also runs alone
 * (`npx tsx bench/<part>.ts`).
 */

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

function machine() {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model.trim() ?? "unknown",
    cores: cpu.length,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    memory_gb: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    free_memory_gb: Math.round((freemem() / 2 ** 30) * 10) / 10,
    load_avg_1m_at_start: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    date: new Date().toISOString(),
  };
}

/**
 * A timed part in a process of its own, as `npx tsx bench/<file>` runs it alone: it measures its
 * own work, not the heap and handles an earlier part left behind in this process (the emulator
 * the bot talks to lives in the bench's process: after the 3000-game run its collections paused
 * the interactions' replies, p99 189 ms in the full run against 33 ms alone). Its progress goes
 * to stderr; its stdout is its JSON.
 */
async function inOwnProcess(file: string, args: string[] = []): Promise<Record<string, unknown>> {
  const script = fileURLToPath(new URL(file, import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, script, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
    env: process.env,
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`bench ${file} exited with code ${code}`);
  return JSON.parse(out) as Record<string, unknown>;
}

export async function runAll(): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = { machine: machine() };
  /** The load each timed part started on, after `settle` (bench/settle.ts). */
  const settled: Record<string, { load_avg_1m: number; waited_s: number }> = {};
  result["settled"] = settled;
  const rest = async (part: string) => {
    settled[part] = await settle();
    log(`${part}: starting on a 1-minute load of ${settled[part].load_avg_1m}`);
  };

  log("engine: pure resolution rate per ruleset");
  Object.assign(result, benchEngine());

  log("order: SQL statements of one accepted /order");
  Object.assign(result, await benchOrderStatements());

  log("discord_calls: Discord calls per state change");
  const discord = await benchDiscord();
  for (const key of ["discord_calls.phase_switch", "discord_calls.death_in_k_chats"])
    result[key] = discord[key] ?? null;

  log("deadline / simultaneous: the worker process under staggered and simultaneous deadlines");
  await rest("deadlines");
  const deadlines = await inOwnProcess("./deadlines.ts");

  log("interactions: 50 slash commands a second against the bot process; deadline → newspaper");
  await rest("interactions");
  const interactions = (await inOwnProcess("./interactions.ts")) as unknown as InteractionFigures;

  result["deadline.lateness_ms"] = deadlines["deadline.lateness_ms"] ?? null;
  result["deadline.publish_ms"] = interactions["deadline.publish_ms"];
  result["deadline.publish_bound_ms"] = interactions["deadline.publish_bound_ms"];
  result["deadline.publish_samples_ms"] = interactions["deadline.publish_samples_ms"];
  for (const key of [
    "simultaneous.committed_s",
    "simultaneous.delivered_ratio",
    "simultaneous.delivered",
    "simultaneous.templates",
  ])
    result[key] = deadlines[key] ?? null;
  result["interactions.ack_ms"] = interactions["interactions.ack_ms"];
  result["interactions.reply_ms"] = interactions["interactions.reply_ms"];
  const workerUnderDeadlines = Number(deadlines["memory_mb.worker"] ?? 0) || 0;
  result["memory_mb"] = {
    bot: interactions.memory_mb.bot,
    worker: Math.max(interactions.memory_mb.worker, workerUnderDeadlines),
    worker_under_interactions: interactions.memory_mb.worker,
    worker_under_deadlines: workerUnderDeadlines || null,
  };
  log("memory: the bot and the worker with 100 running games");
  await rest("memory");
  const games = await inOwnProcess("./memory.ts", ["games"]);
  for (const key of ["memory_mb.bot_100_games", "memory_mb.worker_100_games", "memory_mb.games_load"])
    result[key] = games[key] ?? null;
  return result;
}

const USAGE = `usage: npm run bench

Runs every benchmark (bench/README.md explains each key) against the test Postgres and Redis
(TEST_DATABASE_URL, TEST_REDIS_URL) and prints one JSON document, also written to
bench/results/latest.json. Progress goes to stderr. Every process it starts listens on a free
port, so it runs beside a bot already running on the machine. It takes no flags.`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runCli("bench", USAGE, async (argv) => {
    parseFlags(argv, {});
    const result = await runAll();
    const json = `${JSON.stringify(result, null, 2)}\n`;
    const dir = fileURLToPath(new URL("./results/", import.meta.url));
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}latest.json`, json);
    process.stdout.write(json);
    process.exit(0);
  });
}

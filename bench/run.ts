import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, freemem, loadavg, totalmem } from "node:os";
import { fileURLToPath } from "node:url";
import { benchDiscord } from "./discord.js";
import { benchEngine } from "./engine.js";
import { benchOrderStatements } from "./order.js";
import { runInteractionLoad } from "./interactions.js";
import { benchMemoryGames } from "./memory.js";
import { settle } from "./settle.js";

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

type Deadlines = () => Promise<Record<string, unknown>>;

/** bench/deadlines.ts (the worker's figures), when it is there. */
async function loadDeadlines(): Promise<Deadlines | undefined> {
  try {
    const mod = (await import("./deadlines.js")) as { benchDeadlines?: Deadlines };
    return mod.benchDeadlines;
  } catch (error) {
    log(`bench/deadlines.ts could not be loaded: ${(error as Error).message}`);
    return undefined;
  }
}

export async function runAll(): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = { machine: machine() };
  const missing: string[] = [];
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

  let deadlines: Record<string, unknown> = {};
  const benchDeadlines = await loadDeadlines();
  if (benchDeadlines) {
    log("deadline / simultaneous: the worker process under staggered and simultaneous deadlines");
    await rest("deadlines");
    deadlines = await benchDeadlines();
  } else missing.push("deadline.lateness_ms", "simultaneous.committed_s", "simultaneous.delivered_ratio");

  log("interactions: 50 slash commands a second against the bot process; deadline → newspaper");
  await rest("interactions");
  const interactions = await runInteractionLoad();

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
  const games = await benchMemoryGames();
  for (const key of ["memory_mb.bot_100_games", "memory_mb.worker_100_games", "memory_mb.games_load"])
    result[key] = games[key] ?? null;
  if (missing.length > 0) result["missing"] = missing;
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await runAll();
  const json = `${JSON.stringify(result, null, 2)}\n`;
  const dir = fileURLToPath(new URL("./results/", import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}latest.json`, json);
  process.stdout.write(json);
  process.exit(0);
}

import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { chats, games, phases } from "../src/db/schema/index.js";
import { startEmulator, type InteractionHandle } from "../src/emulator/index.js";
import { countPending } from "../src/games/service.js";
import { createMigratedDatabase } from "../test/support/db.js";
import { TEST_REDIS_URL } from "../test/support/env.js";
import { spawnProcess } from "./memory.js";

/**
 * The bot and the worker as real processes against the emulator, on the machine's Postgres
 * and Redis, one 24-player classic game:
 * - interactions.ack_ms {p50, p99}: from the user's interaction to the bot's first answer
 *   (the emulator's clock), at 50 slash commands a second for BENCH_INTERACTIONS_S (20) s;
 *   no emulated network latency (add your round trip to Discord).
 * - deadline.publish_ms: from a phase's deadline (the GM's /gm force sets it to now) to the
 *   newspaper message being visible in the emulator, with 50 ms emulated latency per request;
 *   deadline.publish_bound_ms: the latency of the calls that must precede it (the post itself).
 * - memory_mb {bot, worker}: both processes' peak RSS over the run (see bench/memory.ts).
 */

const RATE = 50;
const LATENCY_MS = 50;
const PLAYERS = 24;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? Number.NaN;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export interface InteractionFigures {
  "interactions.ack_ms": { p50: number; p99: number; n: number; failed: number; rate_per_s: number };
  "deadline.publish_ms": number;
  "deadline.publish_bound_ms": number;
  "deadline.publish_samples_ms": number[];
  memory_mb: { bot: number; worker: number };
}

export async function runInteractionLoad(): Promise<InteractionFigures> {
  const seconds = Number(process.env["BENCH_INTERACTIONS_S"] ?? 20);
  const emu = await startEmulator({ port: 0, oracle: false });
  const guild = emu.createGuild({ name: "bench", members: PLAYERS });
  const lobby = emu.createChannel(guild.id, { name: "lobby" });
  const gm = guild.ownerId;
  const users = guild.members.map((m) => m.id);
  const database = await createMigratedDatabase();
  const prefix = `bench-ia-${Math.random().toString(36).slice(2, 10)}`;
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    DISCORD_TOKEN: emu.botToken,
    DISCORD_APPLICATION_ID: emu.applicationId,
    DISCORD_API_URL: emu.apiBase,
    LOG_LEVEL: "info",
    WORKER_QUEUE_PREFIX: prefix,
  };
  const bot = spawnProcess("bot", "src/bot/main.ts", env);
  const worker = spawnProcess("worker", "src/worker/main.ts", env);
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  try {
    await Promise.all([bot.waitFor("bot started"), worker.waitFor("worker started")]);
    const slash = async (user: string, line: string, options: Record<string, unknown> = {}) =>
      (await emu.user(user).slash(lobby, line, options).reply(30_000)) as Record<string, unknown>;
    // Commands are registered as the bot starts; ready when one answers.
    for (let i = 0; ; i++) {
      try {
        await slash(gm, "settings", { language: "en" });
        break;
      } catch (error) {
        if (i > 100) throw error;
        await sleep(100);
      }
    }
    await slash(gm, "game create", { ruleset: "classic", name: "Bench" });
    for (const user of users) await slash(user, "game join");
    await slash(gm, "game start");
    const [game] = await database.db.select().from(games);
    if (!game) throw new Error("no game");
    const drained = async () => {
      for (let i = 0; i < 600 && (await countPending(database.db, game.id)) > 0; i++) await sleep(100);
    };
    await drained();

    // 50 interactions a second: the commands players use most, fired on a fixed schedule.
    const mix: [string, Record<string, unknown>][] = [
      ["role", {}],
      ["orders", {}],
      ["game status", {}],
      ["order", {}],
      ["vote", { choice: "p1" }],
    ];
    const total = Math.round(seconds * RATE);
    const handles: InteractionHandle[] = [];
    const t0 = Date.now();
    for (let i = 0; i < total; i++) {
      const due = t0 + (i * 1000) / RATE;
      const wait = due - Date.now();
      if (wait > 0) await sleep(wait);
      const [line, options] = mix[i % mix.length] ?? ["role", {}];
      const user = users[i % users.length] ?? gm;
      try {
        handles.push(emu.user(user).slash(lobby, line, options));
      } catch {
        // Refused before reaching the bot (never expected): not an acknowledgement sample.
      }
    }
    const firedIn = (Date.now() - t0) / 1000;
    const acks: number[] = [];
    let failed = 0;
    for (const handle of handles) {
      try {
        const first = await handle.waitFor((e) => e.kind === "callback" || e.kind === "failed", 30_000);
        if (first.kind === "failed") failed++;
        else acks.push(first.at - handle.rec.createdAt);
      } catch {
        failed++;
      }
    }
    acks.sort((a, b) => a - b);
    await drained();

    // Deadline → newspaper, with emulated Discord latency.
    emu.setLatency(LATENCY_MS);
    const [paper] = await database.db
      .select()
      .from(chats)
      .where(and(eq(chats.gameId, game.id), eq(chats.chatKey, "newspaper")));
    if (!paper) throw new Error("no newspaper channel");
    const samples: number[] = [];
    let bound = 0;
    for (let k = 0; k < 5; k++) {
      const [open] = await database.db
        .select()
        .from(phases)
        .where(and(eq(phases.gameId, game.id), eq(phases.status, "open")));
      if (!open) break;
      const before = new Set(emu.messages(paper.discordId).map((m) => String(m["id"])));
      const visible = emu.waitForMessage(paper.discordId, (m) => !before.has(String(m["id"])), 60_000);
      await slash(gm, "gm force");
      await visible;
      const seenAt = Date.now();
      const [resolved] = await database.db
        .select()
        .from(phases)
        .where(and(eq(phases.gameId, game.id), eq(phases.index, open.index)));
      if (!resolved?.deadlineAt) break;
      samples.push(seenAt - resolved.deadlineAt.getTime());
      await drained();
      // The one call that must precede a visible newspaper: its POST (the resolution, the job
      // hand-offs and the reconcile of chats are not Discord calls, or come after it).
      bound = LATENCY_MS;
      await sleep(200);
    }
    const sortedSamples = [...samples].sort((a, b) => a - b);
    return {
      "interactions.ack_ms": {
        p50: Math.round(percentile(acks, 50)),
        p99: Math.round(percentile(acks, 99)),
        n: acks.length,
        failed,
        rate_per_s: Math.round((handles.length / firedIn) * 10) / 10,
      },
      "deadline.publish_ms": Math.round(percentile(sortedSamples, 50)),
      "deadline.publish_bound_ms": bound,
      "deadline.publish_samples_ms": samples,
      memory_mb: { bot: bot.peakMb(), worker: worker.peakMb() },
    };
  } finally {
    await Promise.all([bot.stop(), worker.stop()]);
    const keys = await redis.keys(`${prefix}:*`);
    for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
    await redis.quit();
    await emu.close();
    await database.drop();
  }
}

/** `npx tsx bench/interactions.ts`: this part alone. */
export async function benchInteractions(): Promise<Record<string, unknown>> {
  const figures = await runInteractionLoad();
  return { "interactions.ack_ms": figures["interactions.ack_ms"] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(await runInteractionLoad(), null, 2)}\n`);
}

import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { chats, games, phases } from "../src/db/schema/index.js";
import {
  startEmulator,
  type Emulator,
  type InteractionHandle,
  type RequestRecord,
} from "../src/emulator/index.js";
import { countPending } from "../src/games/service.js";
import { createMigratedDatabase } from "../test/support/db.js";
import { TEST_REDIS_URL } from "../test/support/env.js";
import { processEnv } from "../test/worker/support.js";
import { spawnProcess } from "./memory.js";
import { acceptedActions, speakInDay } from "./players.js";

/**
 * The bot and the worker as real processes against the emulator, on the machine's Postgres
 * and Redis, one 24-player classic game:
 * - interactions.ack_ms {p50, p99}: from the user's interaction to the bot's first answer
 *   (the emulator's clock), at 50 slash commands a second for BENCH_INTERACTIONS_S (20) s;
 *   no emulated network latency (add your round trip to Discord).
 * - interactions.reply_ms {p50, p99}: from the user's interaction to the final reply the user
 *   reads, in the same load, where every other command is a vote (day 1) or an order (night 1)
 *   the rules accept, picked from what the autocomplete offers that player.
 * - deadline.publish_ms: from a phase's deadline (the GM's /gm force sets it to now) to the
 *   newspaper message being visible in the emulator, with 50 ms emulated latency per request;
 *   deadline.publish_bound_ms: the time the Discord calls that preceded it took, measured by
 *   the emulator (median over the same phases).
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

interface Fired {
  user: string;
  line: string;
  options: Record<string, unknown>;
}

const VIEWS: [string, Record<string, unknown>][] = [
  ["role", {}],
  ["orders", {}],
  ["game status", {}],
];

/** Not a role's order: chat posts and leaving the game are offered too, but are not the mix. */
const NOT_AN_ORDER = new Set(["post", "leave"]);

async function choicesOf(
  emu: Emulator,
  user: string,
  channel: string,
  line: string,
  options: Record<string, unknown>,
  focused: string,
): Promise<string[]> {
  const choices = await emu.user(user).autocomplete(channel, line, options, focused).choices(30_000);
  return choices.map((c) => String(c.value));
}

/**
 * For every player, a command the rules accept now, built the way a player builds it: the
 * action and its targets picked among what the bot's autocomplete offers that player.
 */
async function acceptedCommands(
  kind: "vote" | "order",
  users: string[],
  channel: string,
  emu: Emulator,
): Promise<Fired[]> {
  // Two commands a player, with different choices, fired in turns: each of a player's writes
  // changes his vote or order (as players do during a day), so each is accepted, never refused
  // as a repeat.
  const first: Fired[] = [];
  const second: Fired[] = [];
  for (const [n, user] of users.entries()) {
    if (kind === "vote") {
      const choices = await choicesOf(emu, user, channel, "vote", { choice: "" }, "choice");
      for (const [k, list] of [first, second].entries()) {
        const choice = choices[(n + k) % Math.max(1, choices.length)];
        if (choice) list.push({ user, line: "vote", options: { choice } });
      }
      continue;
    }
    const actions = (await choicesOf(emu, user, channel, "order", { action: "" }, "action")).filter(
      (value) => !NOT_AN_ORDER.has(value.split("|")[0] ?? value),
    );
    const action = actions[0];
    if (!action) continue;
    const targets = await choicesOf(emu, user, channel, "order", { action, target: "" }, "target");
    for (const [k, list] of [first, second].entries()) {
      const target = targets[(n + k) % Math.max(1, targets.length)];
      list.push({ user, line: "order", options: target ? { action, target } : { action } });
    }
  }
  return [...first, ...second];
}

/**
 * Fires `total` interactions at `rate` per second on a fixed schedule, then collects for each
 * the time to the bot's first answer (ack) and to its final reply (the content the user reads:
 * an immediate message, or the edit of a deferred one).
 */
async function fireAt(
  emu: Emulator,
  channel: string,
  rate: number,
  total: number,
  next: (i: number) => Fired,
): Promise<{
  acks: number[];
  replies: number[];
  repliesBy: Map<string, number[]>;
  failed: number;
  fired: number;
  seconds: number;
}> {
  const handles: InteractionHandle[] = [];
  const lines: string[] = [];
  const t0 = Date.now();
  for (let i = 0; i < total; i++) {
    const wait = t0 + (i * 1000) / rate - Date.now();
    if (wait > 0) await sleep(wait);
    const { user, line, options } = next(i);
    lines.push(line);
    handles.push(emu.user(user).slash(channel, line, options));
  }
  const seconds = (Date.now() - t0) / 1000;
  const acks: number[] = [];
  const replies: number[] = [];
  const repliesBy = new Map<string, number[]>();
  let failed = 0;
  for (const [i, handle] of handles.entries()) {
    try {
      const first = await handle.waitFor((e) => e.kind === "callback" || e.kind === "failed", 30_000);
      const final = await handle.waitFor(
        (e) =>
          e.kind === "failed" ||
          (e.kind === "callback" && (e.type === 4 || e.type === 7)) ||
          (e.kind === "edit" && e.data?.["original"] === true),
        30_000,
      );
      if (first.kind === "failed" || final.kind === "failed") {
        failed++;
        continue;
      }
      acks.push(first.at - handle.rec.createdAt);
      replies.push(final.at - handle.rec.createdAt);
      const line = lines[i] ?? "?";
      repliesBy.set(line, [...(repliesBy.get(line) ?? []), final.at - handle.rec.createdAt]);
    } catch {
      failed++;
    }
  }
  return { acks, replies, repliesBy, failed, fired: handles.length, seconds };
}

/**
 * The floor of deadline → newspaper for this run: how long the bot's Discord calls that came
 * before the newspaper was visible took, measured by the emulator (the union of their
 * [received, answered] intervals from the deadline to the newspaper POST's answer, so calls made
 * in parallel count once). Interaction answers are left out: they are the GM's reply, not on
 * the newspaper's path.
 */
function precedingCallsMs(requests: RequestRecord[], deadlineAt: number, paperChannel: string): number {
  const paperPost = requests.find(
    (r) => r.method === "POST" && r.path === `/channels/${paperChannel}/messages` && r.status < 300,
  );
  if (!paperPost) return Number.NaN;
  const intervals = requests
    .filter(
      (r) =>
        r.actor === "bot" &&
        !r.route.startsWith("/interactions/") &&
        !r.route.startsWith("/webhooks/") &&
        r.startedAt >= deadlineAt &&
        r.finishedAt <= paperPost.finishedAt,
    )
    .map((r) => [r.startedAt, r.finishedAt] as const)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of intervals) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}

export interface InteractionFigures {
  "interactions.ack_ms": { p50: number; p99: number; n: number; failed: number; rate_per_s: number };
  "interactions.reply_ms": {
    p50: number;
    p99: number;
    n: number;
    failed: number;
    accepted_writes: number;
    writes_fired: number;
    /** The same figure for each command of the mix. */
    by_command: Record<string, { p50: number; p99: number }>;
  };
  "deadline.publish_ms": number;
  "deadline.publish_bound_ms": number;
  "deadline.publish_samples_ms": number[];
  memory_mb: { bot: number; worker: number };
}

export async function runInteractionLoad(): Promise<InteractionFigures> {
  const seconds = Number(process.env["BENCH_INTERACTIONS_S"] ?? 20);
  const emu = await startEmulator({ port: 0, strict: true });
  const guild = emu.createGuild({ name: "bench", members: PLAYERS });
  const lobby = emu.createChannel(guild.id, { name: "lobby" });
  const gm = guild.ownerId;
  const users = guild.members.map((m) => m.id);
  const database = await createMigratedDatabase();
  const prefix = `bench-ia-${Math.random().toString(36).slice(2, 10)}`;
  const env = processEnv({ databaseUrl: database.url, emu, prefix });
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

    // 50 interactions a second for `seconds`: half in day 1 (votes), half in night 1 (orders).
    // Each accepted command (a vote or an order, with a choice the autocomplete offered that
    // user) alternates with the views players use most, so the mix writes as well as reads.
    const acks: number[] = [];
    const replies: number[] = [];
    const repliesBy = new Map<string, number[]>();
    let failed = 0;
    let fired = 0;
    let firedAccepting = 0;
    let accepted = 0;
    const firedFor = { s: 0 };
    for (const kind of ["vote", "order"] as const) {
      await slash(gm, "gm force"); // night 0 → day 1, then day 1 → night 1
      await drained();
      if (kind === "vote") await speakInDay(database.db, emu, game.id, users);
      const writes = await acceptedCommands(kind, users, lobby, emu);
      if (writes.length === 0) throw new Error(`no ${kind} is open to any player`);
      const before = await acceptedActions(database.db, game.id);
      const run = await fireAt(emu, lobby, RATE, (seconds / 2) * RATE, (i) => {
        if (i % 2 === 0) return writes[(i / 2) % writes.length] as Fired;
        const [line, options] = VIEWS[((i - 1) / 2) % VIEWS.length] ?? ["role", {}];
        return { user: users[i % users.length] ?? gm, line, options };
      });
      acks.push(...run.acks);
      replies.push(...run.replies);
      for (const [line, times] of run.repliesBy)
        repliesBy.set(line, [...(repliesBy.get(line) ?? []), ...times]);
      failed += run.failed;
      fired += run.fired;
      firedAccepting += Math.ceil(run.fired / 2);
      firedFor.s += run.seconds;
      accepted += (await acceptedActions(database.db, game.id)) - before;
      await drained();
    }
    acks.sort((a, b) => a - b);
    replies.sort((a, b) => a - b);

    // Deadline → newspaper, with emulated Discord latency.
    emu.setLatency(LATENCY_MS);
    const [paper] = await database.db
      .select()
      .from(chats)
      .where(and(eq(chats.gameId, game.id), eq(chats.chatKey, "newspaper")));
    if (!paper) throw new Error("no newspaper channel");
    const samples: number[] = [];
    const bounds: number[] = [];
    for (let k = 0; k < 5; k++) {
      const [open] = await database.db
        .select()
        .from(phases)
        .where(and(eq(phases.gameId, game.id), eq(phases.status, "open")));
      if (!open) break;
      const before = new Set(emu.messages(paper.discordId).map((m) => String(m["id"])));
      const visible = emu.waitForMessage(paper.discordId, (m) => !before.has(String(m["id"])), 60_000);
      emu.resetRequestCounts();
      await slash(gm, "gm force");
      await visible;
      const seenAt = Date.now();
      const [resolved] = await database.db
        .select()
        .from(phases)
        .where(and(eq(phases.gameId, game.id), eq(phases.index, open.index)));
      if (!resolved?.deadlineAt) break;
      samples.push(seenAt - resolved.deadlineAt.getTime());
      bounds.push(precedingCallsMs(emu.requests(), resolved.deadlineAt.getTime(), paper.discordId));
      await drained();
      await sleep(200);
    }
    const sortedSamples = [...samples].sort((a, b) => a - b);
    return {
      "interactions.ack_ms": {
        p50: Math.round(percentile(acks, 50)),
        p99: Math.round(percentile(acks, 99)),
        n: acks.length,
        failed,
        rate_per_s: Math.round((fired / firedFor.s) * 10) / 10,
      },
      "interactions.reply_ms": {
        p50: Math.round(percentile(replies, 50)),
        p99: Math.round(percentile(replies, 99)),
        n: replies.length,
        failed,
        accepted_writes: accepted,
        writes_fired: firedAccepting,
        by_command: Object.fromEntries(
          [...repliesBy].map(([line, times]) => {
            const sorted = [...times].sort((a, b) => a - b);
            return [
              line,
              { p50: Math.round(percentile(sorted, 50)), p99: Math.round(percentile(sorted, 99)) },
            ];
          }),
        ),
      },
      "deadline.publish_ms": Math.round(percentile(sortedSamples, 50)),
      "deadline.publish_bound_ms": Math.round(
        percentile(
          [...bounds].sort((a, b) => a - b),
          50,
        ),
      ),
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
  return {
    "interactions.ack_ms": figures["interactions.ack_ms"],
    "interactions.reply_ms": figures["interactions.reply_ms"],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(await runInteractionLoad(), null, 2)}\n`);
}

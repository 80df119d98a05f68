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
 * and Redis, twelve servers each running a 24-player classic game (BENCH_INTERACTIONS_GAMES):
 * - interactions.ack_ms {p50, p99}: from the user's interaction to the bot's first answer
 *   (the emulator's clock), at 50 slash commands a second; no emulated network latency (add
 *   your round trip to Discord).
 * - interactions.reply_ms {p50, p99}: from the user's interaction to the final reply the user
 *   reads, in the same load, where every other command is a write the rules accept: in day 1
 *   each player's vote, in night 1 each order of a player who has one (given once, as the
 *   classic rules allow no change), picked from what the autocomplete offers that player.
 * - deadline.publish_ms: from a phase's deadline (the GM's /gm force sets it to now) to the
 *   newspaper message being visible in the emulator, with 50 ms emulated latency per request;
 *   deadline.publish_bound_ms: the time the Discord calls that preceded it took, measured by
 *   the emulator (median over the same phases: those of the first three servers' games).
 * - memory_mb {bot, worker}: both processes' peak RSS over the run (see bench/memory.ts).
 */

const RATE = 50;
const LATENCY_MS = 50;
const PLAYERS = 24;
/** Servers, each running one 24-player classic game (BENCH_INTERACTIONS_GAMES). */
const GAMES = 12;
/** Servers whose games' phases are forced for deadline.publish_ms, one after another. */
const PUBLISH_GAMES = 3;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? Number.NaN;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface Fired {
  user: string;
  /** The lobby of the player's server, where he types it. */
  channel: string;
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
  const commands: Fired[] = [];
  for (const [n, user] of users.entries()) {
    if (kind === "vote") {
      const choices = await choicesOf(emu, user, channel, "vote", { choice: "" }, "choice");
      const choice = choices[n % Math.max(1, choices.length)];
      if (choice) commands.push({ user, channel, line: "vote", options: { choice } });
      continue;
    }
    const actions = (await choicesOf(emu, user, channel, "order", { action: "" }, "action")).filter(
      (value) => !NOT_AN_ORDER.has(value.split("|")[0] ?? value),
    );
    const action = actions[0];
    if (!action) continue;
    const targets = await choicesOf(emu, user, channel, "order", { action, target: "" }, "target");
    const target = targets[n % Math.max(1, targets.length)];
    commands.push({ user, channel, line: "order", options: target ? { action, target } : { action } });
  }
  return commands;
}

/**
 * Fires `total` interactions at `rate` per second on a fixed schedule, then collects for each
 * the time to the bot's first answer (ack) and to its final reply (the content the user reads:
 * an immediate message, or the edit of a deferred one).
 */
async function fireAt(
  emu: Emulator,
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
    const { user, channel, line, options } = next(i);
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
  const tableCount = Number(process.env["BENCH_INTERACTIONS_GAMES"] ?? GAMES);
  const emu = await startEmulator({ port: 0, strict: true });
  // One game a server, as the bot serves many: each server its lobby, its owner the GM.
  const tables = Array.from({ length: tableCount }, (_, k) => {
    const guild = emu.createGuild({ name: `bench ${k + 1}`, members: PLAYERS });
    const lobby = emu.createChannel(guild.id, { name: "lobby" });
    return { guildId: guild.id, lobby, gm: guild.ownerId, users: guild.members.map((m) => m.id), gameId: "" };
  });
  const database = await createMigratedDatabase();
  const prefix = `bench-ia-${Math.random().toString(36).slice(2, 10)}`;
  const env = processEnv({ databaseUrl: database.url, emu, prefix });
  const bot = spawnProcess("bot", "src/bot/main.ts", env);
  const worker = spawnProcess("worker", "src/worker/main.ts", env);
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  try {
    await Promise.all([bot.waitFor("bot started"), worker.waitFor("worker started")]);
    const slash = async (user: string, lobby: string, line: string, options: Record<string, unknown> = {}) =>
      (await emu.user(user).slash(lobby, line, options).reply(30_000)) as Record<string, unknown>;
    for (const table of tables) {
      // Commands are registered as the bot starts; ready when one answers.
      for (let i = 0; ; i++) {
        try {
          await slash(table.gm, table.lobby, "settings", { language: "en" });
          break;
        } catch (error) {
          if (i > 100) throw error;
          await sleep(100);
        }
      }
      await slash(table.gm, table.lobby, "game create", { ruleset: "classic", name: "Bench" });
      for (const user of table.users) await slash(user, table.lobby, "game join");
      await slash(table.gm, table.lobby, "game start");
      const [game] = await database.db.select().from(games).where(eq(games.guildId, table.guildId));
      if (!game) throw new Error("no game");
      table.gameId = game.id;
    }
    const drained = async () => {
      for (const { gameId } of tables)
        for (let i = 0; i < 600 && (await countPending(database.db, gameId)) > 0; i++) await sleep(100);
    };
    const acceptedInAll = async () => {
      let n = 0;
      for (const { gameId } of tables) n += await acceptedActions(database.db, gameId);
      return n;
    };
    await drained();

    // 50 interactions a second: in day 1 every player votes once, in night 1 every player with
    // an order gives it once (a command the rules accept, with a choice the autocomplete offered
    // him; the servers' games take turns), each write followed by one of the views players use
    // most, so the mix writes as much as it reads.
    const players = tables.flatMap((t) => t.users.map((user) => ({ user, channel: t.lobby })));
    const acks: number[] = [];
    const replies: number[] = [];
    const repliesBy = new Map<string, number[]>();
    let failed = 0;
    let fired = 0;
    let firedAccepting = 0;
    let accepted = 0;
    const firedFor = { s: 0 };
    for (const kind of ["vote", "order"] as const) {
      // night 0 → day 1, then day 1 → night 1
      await Promise.all(tables.map((t) => slash(t.gm, t.lobby, "gm force")));
      await drained();
      if (kind === "vote") for (const t of tables) await speakInDay(database.db, emu, t.gameId, t.users);
      const perTable = await Promise.all(tables.map((t) => acceptedCommands(kind, t.users, t.lobby, emu)));
      const longest = Math.max(0, ...perTable.map((w) => w.length));
      const writes = Array.from({ length: longest }, (_, n) => perTable.flatMap((w) => w[n] ?? [])).flat();
      if (writes.length === 0) throw new Error(`no ${kind} is open to any player`);
      const before = await acceptedInAll();
      const run = await fireAt(emu, RATE, writes.length * 2, (i) => {
        if (i % 2 === 0) return writes[i / 2] as Fired;
        const [line, options] = VIEWS[((i - 1) / 2) % VIEWS.length] ?? ["role", {}];
        const player = players[((i - 1) / 2) % players.length] ?? { user: tables[0]?.gm ?? "", channel: "" };
        return { ...player, line, options };
      });
      acks.push(...run.acks);
      replies.push(...run.replies);
      for (const [line, times] of run.repliesBy)
        repliesBy.set(line, [...(repliesBy.get(line) ?? []), ...times]);
      failed += run.failed;
      fired += run.fired;
      firedAccepting += writes.length;
      firedFor.s += run.seconds;
      accepted += (await acceptedInAll()) - before;
      await drained();
    }
    acks.sort((a, b) => a - b);
    replies.sort((a, b) => a - b);

    // Deadline → newspaper, with emulated Discord latency, in the first servers' games, one after
    // another: each phase until its game ends (about three), so the median is of nine or so.
    emu.setLatency(LATENCY_MS);
    const samples: number[] = [];
    const bounds: number[] = [];
    for (const first of tables.slice(0, PUBLISH_GAMES)) {
      const game = { id: first.gameId };
      const [paper] = await database.db
        .select()
        .from(chats)
        .where(and(eq(chats.gameId, game.id), eq(chats.chatKey, "newspaper")));
      if (!paper) throw new Error("no newspaper channel");
      for (let k = 0; k < 5; k++) {
        const [open] = await database.db
          .select()
          .from(phases)
          .where(and(eq(phases.gameId, game.id), eq(phases.status, "open")));
        if (!open) break;
        const before = new Set(emu.messages(paper.discordId).map((m) => String(m["id"])));
        const visible = emu.waitForMessage(paper.discordId, (m) => !before.has(String(m["id"])), 60_000);
        emu.resetRequestCounts();
        await slash(first.gm, first.lobby, "gm force");
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
  process.exit(0);
}

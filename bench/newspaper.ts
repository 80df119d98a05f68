import { REST } from "@discordjs/rest";
import { and, eq, inArray, sql } from "drizzle-orm";
import type pg from "pg";
import { pino } from "pino";
import type { Db } from "../src/db/client.js";
import { chats, outbox } from "../src/db/schema/index.js";
import { drainOutbox } from "../src/discord/outbox.js";
import type { Emulator } from "../src/emulator/index.js";
import { EFFECT_PRIORITY } from "../src/games/effects.js";
import { GameService } from "../src/games/service.js";
import { cloneFleet, type Template } from "./fleet.js";

/**
 * When each game's newspaper is visible after many games' deadlines in the same second (the
 * fair share of Discord's global limit, docs/worker.md), against its floor: the critical calls
 * of all the games ÷ Discord's 50 requests a second.
 */

const DISCORD_GLOBAL_PER_S = 50;
/** The outbox kinds whose rows go first (src/games/effects.ts EFFECT_PRIORITY). */
export const CRITICAL_KINDS = Object.entries(EFFECT_PRIORITY)
  .filter(([, priority]) => priority === "critical")
  .map(([kind]) => kind);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? Number.NaN;
}

/**
 * The Discord calls of one game's critical effects at its deadline, per template: a copy of each
 * resolved here (not by a worker) and drained for one turn of critical rows (the worker's own
 * drain, src/discord/outbox.ts), counting the requests the emulator served the bot meanwhile.
 */
export async function criticalCallsPerTemplate(
  db: Db,
  pool: pg.Pool,
  emu: Emulator,
  templates: Template[],
): Promise<{ calls: number[]; ids: string[] }> {
  const { ids } = await cloneFleet(pool, emu, templates, templates.length, () =>
    templates.map(() => Date.now() + 86_400_000),
  );
  const service = new GameService(db);
  const rest = new REST({ api: emu.apiBase, retries: 3 }).setToken(emu.botToken);
  const deps = { db, rest, log: pino({ level: "silent" }) };
  const calls: number[] = [];
  for (const [i, id] of ids.entries()) {
    await service.resolveDue(id, templates[i]?.phaseIndex ?? 0, null);
    const before = emu.requests().length;
    for (let turn = 0; turn < 100; turn++) {
      const result = await drainOutbox(deps, id, { turn: { rows: 1_000_000 } });
      if (result.more !== "critical" && !result.retryAt) break;
      const retryAt = result.retryAt?.getTime();
      if (retryAt !== undefined) await new Promise((r) => setTimeout(r, Math.max(10, retryAt - Date.now())));
    }
    const served = emu
      .requests()
      .slice(before)
      .filter((r) => r.actor === "bot" && r.status !== 429);
    calls.push(served.length);
  }
  return { calls, ids };
}

/** Whether any critical row of the games is still pending. */
export async function criticalPending(db: Db, ids: string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(
      and(inArray(outbox.gameId, ids), eq(outbox.status, "pending"), inArray(outbox.kind, CRITICAL_KINDS)),
    );
  return row?.n ?? 0;
}

export interface NewspaperTimes {
  p50: number;
  p99: number;
  max: number;
  /** Games whose newspaper was found (every copy's resolution posts one). */
  games: number;
  /** p99 ÷ the critical floor (goal ≤ 1.5). */
  ratio_p99: number;
}

/**
 * Per game, seconds from its deadline until the emulator answered the first post of the run in
 * its newspaper channel (the newspaper of the resolution is the phase's first post there).
 */
export async function newspaperTimes(
  db: Db,
  emu: Emulator,
  ids: string[],
  dueAt: number[],
  floorS: number,
): Promise<NewspaperTimes> {
  const rows = await db
    .select({ gameId: chats.gameId, channel: chats.discordId })
    .from(chats)
    .where(and(inArray(chats.gameId, ids), eq(chats.chatKey, "newspaper")));
  const channelOf = new Map(rows.map((r) => [r.gameId, r.channel]));
  const start = Math.min(...dueAt);
  const firstPost = new Map<string, number>();
  for (const r of emu.requests()) {
    if (r.actor !== "bot" || r.method !== "POST" || r.status >= 300 || r.startedAt < start) continue;
    const m = /\/channels\/(\d+)\/messages$/.exec(r.path);
    if (!m?.[1] || firstPost.has(m[1])) continue;
    firstPost.set(m[1], r.finishedAt);
  }
  const seconds: number[] = [];
  for (const [i, id] of ids.entries()) {
    const channel = channelOf.get(id);
    const at = channel === undefined ? undefined : firstPost.get(channel);
    if (at !== undefined) seconds.push((at - (dueAt[i] ?? start)) / 1000);
  }
  seconds.sort((a, b) => a - b);
  const p99 = percentile(seconds, 99);
  return {
    p50: Number(percentile(seconds, 50).toFixed(2)),
    p99: Number(p99.toFixed(2)),
    max: Number((seconds.at(-1) ?? Number.NaN).toFixed(2)),
    games: seconds.length,
    ratio_p99: Number((p99 / floorS).toFixed(2)),
  };
}

/** The floor of the critical calls of `count` copies (copy i of template i mod templates). */
export function criticalFloorS(callsPerTemplate: number[], count: number): number {
  let calls = 0;
  for (let i = 0; i < count; i++) calls += callsPerTemplate[i % callsPerTemplate.length] ?? 0;
  return Number((calls / DISCORD_GLOBAL_PER_S).toFixed(2));
}

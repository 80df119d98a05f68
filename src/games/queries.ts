import { and, asc, desc, eq, getTableColumns, inArray, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import {
  chats,
  gameMasters,
  games,
  guildSettings,
  inputPayload,
  inputs,
  outbox,
  players,
  resolutions,
} from "../db/schema/index.js";
import type { Lang } from "../engine/types.js";
import { outboxPayload } from "./effects.js";
import type { GameRow } from "./rows.js";
import { DEFAULT_MAX_RUNNING_GAMES } from "./lobby.js";

/**
 * Read models and small writes the Discord layer needs beside GameService: which game a
 * channel belongs to, a server's games, its settings, a seat's orders of the phase, drafts,
 * and GM announcements written to the outbox (the worker posts them, like every effect).
 */

/** The game whose chat (channel or thread) this Discord id is, if any. */
export async function gameOfDiscordChannel(db: Db, discordIds: string[]): Promise<string | undefined> {
  const ids = discordIds.filter((id) => id.length > 0);
  if (ids.length === 0) return undefined;
  const [row] = await db
    .select({ gameId: chats.gameId })
    .from(chats)
    .where(and(inArray(chats.discordId, ids), ne(chats.discordKind, "role")));
  return row?.gameId;
}

/** The chat key of a Discord channel or thread of a game (`personal:p3`, `newspaper`, …). */
export async function chatKeyOf(db: Db, discordId: string): Promise<string | undefined> {
  const [row] = await db.select({ key: chats.chatKey }).from(chats).where(eq(chats.discordId, discordId));
  return row?.key;
}

/** The Discord id of a game's chat, once the worker has created it. */
export async function discordIdOf(db: Db, gameId: string, chatKey: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: chats.discordId })
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, chatKey)));
  return row?.id;
}

/**
 * Which game an interaction may mean, in one statement: the game whose chat is one of
 * `channelIds` (the first id wins over the others: a thread before its parent), and the server's
 * games that are not over, newest first, each with whether the user plays or runs it.
 */
export async function gamesAround(
  db: Db,
  guildId: string,
  channelIds: string[],
  userId: string,
): Promise<{ here: GameRow | undefined; active: { game: GameRow; involved: boolean }[] }> {
  const ids = channelIds.filter((id) => id.length > 0);
  // Qualified by hand: a one-table select leaves the table out of its columns' names.
  const qualified = (table: string, column: string) =>
    sql`${sql.identifier(table)}.${sql.identifier(column)}`;
  const hereId =
    ids.length > 0
      ? sql`(select ${qualified("chats", "game_id")} from ${chats} where ${qualified("chats", "discord_id")} in ${ids} and ${qualified("chats", "discord_kind")} <> 'role' order by ${qualified("chats", "discord_id")} = ${ids[0]} desc limit 1)`
      : sql`null::uuid`;
  const gameId = qualified("games", "id");
  const rows = await db
    .select({
      game: getTableColumns(games),
      here: sql<boolean>`coalesce(${gameId} = ${hereId}, false)`,
      involved: sql<boolean>`(exists (select 1 from ${players} where ${qualified("players", "game_id")} = ${gameId} and ${qualified("players", "user_id")} = ${userId}) or exists (select 1 from ${gameMasters} where ${qualified("game_masters", "game_id")} = ${gameId} and ${qualified("game_masters", "user_id")} = ${userId}))`,
    })
    .from(games)
    .where(or(and(eq(games.guildId, guildId), ne(games.status, "ended")), sql`${games.id} = ${hereId}`))
    .orderBy(desc(games.createdAt));
  return {
    here: rows.find((r) => r.here)?.game,
    active: rows
      .filter((r) => r.game.guildId === guildId && r.game.status !== "ended")
      .map((r) => ({ game: r.game, involved: r.involved })),
  };
}

/** Games of a server that are not over, newest first. */
export async function activeGames(db: Db, guildId: string): Promise<GameRow[]> {
  return db
    .select()
    .from(games)
    .where(and(eq(games.guildId, guildId), ne(games.status, "ended")))
    .orderBy(desc(games.createdAt));
}

/** Games of a server (any status), newest first, at most `limit`. */
export async function guildGames(db: Db, guildId: string, limit = 25): Promise<GameRow[]> {
  return db
    .select()
    .from(games)
    .where(eq(games.guildId, guildId))
    .orderBy(desc(games.createdAt))
    .limit(limit);
}

/** Ids of the given games in which the user is a player or a GM. */
export async function involvedIn(db: Db, gameIds: string[], userId: string): Promise<Set<string>> {
  if (gameIds.length === 0) return new Set();
  const seats = await db
    .select({ gameId: players.gameId })
    .from(players)
    .where(and(inArray(players.gameId, gameIds), eq(players.userId, userId)));
  const gms = await db
    .select({ gameId: gameMasters.gameId })
    .from(gameMasters)
    .where(and(inArray(gameMasters.gameId, gameIds), eq(gameMasters.userId, userId)));
  return new Set([...seats, ...gms].map((r) => r.gameId));
}

/** How many seats each of the given games has. */
export async function seatCounts(db: Db, gameIds: string[]): Promise<Map<string, number>> {
  if (gameIds.length === 0) return new Map();
  const rows = await db
    .select({ gameId: players.gameId, n: sql<number>`count(*)::int` })
    .from(players)
    .where(inArray(players.gameId, gameIds))
    .groupBy(players.gameId);
  return new Map(rows.map((r) => [r.gameId, r.n]));
}

/** Ids of the given games in which the user has a seat. */
export async function playingIn(db: Db, gameIds: string[], userId: string): Promise<Set<string>> {
  if (gameIds.length === 0) return new Set();
  const rows = await db
    .select({ gameId: players.gameId })
    .from(players)
    .where(and(inArray(players.gameId, gameIds), eq(players.userId, userId)));
  return new Set(rows.map((r) => r.gameId));
}

export interface GuildSettings {
  language: Lang;
  gmRoleId: string | null;
  /** The zone of the server's new games; null: DEFAULT_TIMEZONE. */
  timezone: string | null;
  /** How many games may run (started, not over) at once. */
  maxRunningGames: number;
}

/**
 * Each server's settings as this process last read them, per database, for a minute: every
 * interaction needs them (its language, who is a GM) and they change only through /settings
 * (`saveSettings`, which replaces the entry). The minute bounds how long another process's
 * change could go unseen.
 */
const settingsCache = new WeakMap<Db, Map<string, { until: number; settings: GuildSettings }>>();
const SETTINGS_TTL_MS = 60_000;
/** Bumped by every save: a read that began before a save does not fill the cache after it. */
let settingsGeneration = 0;

function cachedSettings(db: Db): Map<string, { until: number; settings: GuildSettings }> {
  let byGuild = settingsCache.get(db);
  if (!byGuild) {
    byGuild = new Map();
    settingsCache.set(db, byGuild);
  }
  return byGuild;
}

export async function settingsOf(db: Db, guildId: string): Promise<GuildSettings> {
  const byGuild = cachedSettings(db);
  const cached = byGuild.get(guildId);
  if (cached && cached.until > Date.now()) return { ...cached.settings };
  const generation = settingsGeneration;
  const [row] = await db.select().from(guildSettings).where(eq(guildSettings.guildId, guildId));
  const settings: GuildSettings = {
    language: row?.language ?? "ru",
    gmRoleId: row?.gmRoleId ?? null,
    timezone: row?.timezone ?? null,
    maxRunningGames: row?.maxRunningGames ?? DEFAULT_MAX_RUNNING_GAMES,
  };
  if (generation === settingsGeneration)
    byGuild.set(guildId, { until: Date.now() + SETTINGS_TTL_MS, settings });
  return { ...settings };
}

/**
 * A server new to the bot takes `language` (its Discord locale's, src/discord/welcome.ts); a
 * server with settings keeps them. True when the server was new.
 */
export async function adoptGuildLanguage(db: Db, guildId: string, language: Lang): Promise<boolean> {
  settingsGeneration++;
  cachedSettings(db).delete(guildId);
  const inserted = await db
    .insert(guildSettings)
    .values({ guildId, language })
    .onConflictDoNothing({ target: guildSettings.guildId })
    .returning({ guildId: guildSettings.guildId });
  settingsGeneration++;
  cachedSettings(db).delete(guildId);
  return inserted.length > 0;
}

export async function saveSettings(
  db: Db,
  guildId: string,
  patch: { language?: Lang; gmRoleId?: string | null; timezone?: string | null; maxRunningGames?: number },
): Promise<GuildSettings> {
  const set = { ...patch, updatedAt: new Date() };
  settingsGeneration++;
  cachedSettings(db).delete(guildId);
  await db
    .insert(guildSettings)
    .values({ guildId, ...patch })
    .onConflictDoUpdate({ target: guildSettings.guildId, set });
  settingsGeneration++;
  cachedSettings(db).delete(guildId);
  return settingsOf(db, guildId);
}

export interface LoggedOrder {
  seq: number;
  action: string;
  targets: string[];
  params: Record<string, unknown>;
}

/** A seat's accepted actions of a phase, from the input log, in order. */
export async function ordersOf(
  db: Db,
  gameId: string,
  seatId: string,
  phase: string,
): Promise<LoggedOrder[]> {
  const rows = await db
    .select({ seq: inputs.seq, payload: inputs.payload })
    .from(inputs)
    .where(
      and(
        eq(inputs.gameId, gameId),
        eq(inputs.seatId, seatId),
        eq(inputs.phase, phase),
        eq(inputs.type, "action"),
        eq(inputs.accepted, true),
      ),
    )
    .orderBy(asc(inputs.seq));
  return rows.map((r) => {
    const payload = inputPayload.parse(r.payload);
    return {
      seq: r.seq,
      action: payload.action ?? "?",
      targets: payload.targets ?? [],
      params: payload.params ?? {},
    };
  });
}

export type ResolutionRow = typeof resolutions.$inferSelect;

/** The draft (or held) resolution of a phase index, or the latest one when index is null. */
export async function draftOf(
  db: Db,
  gameId: string,
  phaseIndex: number | null,
): Promise<ResolutionRow | undefined> {
  const [row] = await db
    .select()
    .from(resolutions)
    .where(
      and(
        eq(resolutions.gameId, gameId),
        or(eq(resolutions.status, "draft"), eq(resolutions.status, "held")),
        phaseIndex === null ? sql`true` : eq(resolutions.phaseIndex, phaseIndex),
      ),
    )
    .orderBy(desc(resolutions.phaseIndex))
    .limit(1);
  return row;
}

/** The newspaper text a draft will publish (what a GM edits). */
export async function draftText(db: Db, resolutionId: number): Promise<string> {
  const rows = await db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(
      and(
        eq(outbox.resolutionId, resolutionId),
        eq(outbox.status, "pending"),
        sql`${outbox.payload}->>'chat' = 'newspaper'`,
      ),
    );
  return rows
    .map((r) => outboxPayload.parse(r.payload))
    .flatMap((effect) => (effect.type === "post" ? [effect.content] : []))
    .join("\n");
}

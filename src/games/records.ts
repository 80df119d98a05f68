import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { inTransaction } from "../db/client.js";
import {
  gameResults,
  games,
  hiddenRecords,
  inputs,
  playerReplacements,
  players,
  resolutions,
  seatResults,
} from "../db/schema/index.js";
import { pool } from "../runtime/pool.js";
import { hasStarted, rulesetOrThrow, type Tx } from "./state.js";
import { stateOf } from "./reads.js";

/**
 * The server's records (docs/community.md): what each finished game ended as, read from rows
 * written once after its end. A game's result is recorded the first time the server's records are
 * read after it ended (`recordFinishedGames`): an ended game never changes, so the row is final,
 * and nothing of a running game is ever written or read here. Unranked games (`games.ranked`
 * false) are recorded like the others and left out of every count.
 */

/** Records every ended game of the server that has no result yet; returns how many it wrote. */
export async function recordFinishedGames(db: Db, guildId: string): Promise<number> {
  const missing = await db
    .select({ id: games.id, ruleset: games.ruleset, endedAt: games.updatedAt })
    .from(games)
    .leftJoin(gameResults, eq(gameResults.gameId, games.id))
    .where(and(eq(games.guildId, guildId), eq(games.status, "ended"), isNull(gameResults.gameId)));
  let written = 0;
  await pool(missing, 2, async (game) => {
    if (await recordGame(db, guildId, game)) written++;
  });
  return written;
}

async function recordGame(
  db: Db,
  guildId: string,
  game: { id: string; ruleset: string; endedAt: Date },
): Promise<boolean> {
  const started = await hasStarted(db, game.id);
  const result = { gameId: game.id, guildId, ruleset: game.ruleset, endedAt: game.endedAt };
  if (!started) {
    const written = await db
      .insert(gameResults)
      .values({ ...result, played: false })
      .onConflictDoNothing()
      .returning({ id: gameResults.gameId });
    return written.length > 0;
  }
  rulesetOrThrow(game.ruleset);
  const state = await stateOf(db, game.id);
  // Ended by a GM before its rules decided it (/game end): no outcome to count (docs/community.md).
  if (!state.ended) {
    const written = await db
      .insert(gameResults)
      .values({ ...result, played: false })
      .onConflictDoNothing()
      .returning({ id: gameResults.gameId });
    return written.length > 0;
  }
  const seats = await db.select().from(players).where(eq(players.gameId, game.id));
  const account = new Map(seats.map((s) => [s.seatId, s.userId]));
  const [phases] = await db
    .select({ n: count() })
    .from(resolutions)
    .where(and(eq(resolutions.gameId, game.id), eq(resolutions.status, "published")));
  return inTransaction(db, async (tx) => {
    const written = await tx
      .insert(gameResults)
      .values({ ...result, played: true, winners: [...state.winners], phases: phases?.n ?? 0 })
      .onConflictDoNothing()
      .returning({ id: gameResults.gameId });
    // Another reader recorded it first: its rows stand.
    if (written.length === 0) return false;
    const rows = state.players.flatMap((p) => {
      const userId = account.get(p.id);
      if (userId === undefined) return [];
      return [
        {
          gameId: game.id,
          seatId: p.id,
          userId,
          role: p.role,
          faction: p.faction,
          won: state.winners.includes(p.faction),
          survived: p.alive,
          substitute: p.replacedBy.length > 0,
        },
      ];
    });
    if (rows.length > 0) await tx.insert(seatResults).values(rows);
    return true;
  });
}

/** The finished, played, ranked games of a server (a subquery of their ids). */
function rankedGames(db: Tx, guildId: string) {
  return db
    .select({ id: gameResults.gameId })
    .from(gameResults)
    .innerJoin(games, eq(games.id, gameResults.gameId))
    .where(and(eq(gameResults.guildId, guildId), eq(gameResults.played, true), eq(games.ranked, true)));
}

export interface Tally {
  ruleset: string;
  key: string;
  games: number;
  wins: number;
}

export interface MemberRecord {
  games: number;
  wins: number;
  survived: number;
  /** Seats the member took over as a substitute, and seats he left to one. */
  substitute: number;
  replacedOut: number;
  /** Orders and votes the member gave (accepted) in those games, and the games he acted in. */
  actions: number;
  lastPlayed: Date | null;
  bySide: Tally[];
  byRole: Tally[];
}

/** Whether the member hides his record on the server. */
export async function isHidden(db: Tx, guildId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: hiddenRecords.userId })
    .from(hiddenRecords)
    .where(and(eq(hiddenRecords.guildId, guildId), eq(hiddenRecords.userId, userId)));
  return row !== undefined;
}

/** Hides or shows the member's record on the server. */
export async function setHidden(db: Db, guildId: string, userId: string, hidden: boolean): Promise<void> {
  if (hidden) await db.insert(hiddenRecords).values({ guildId, userId }).onConflictDoNothing();
  else
    await db
      .delete(hiddenRecords)
      .where(and(eq(hiddenRecords.guildId, guildId), eq(hiddenRecords.userId, userId)));
}

const tallies = (rows: { ruleset: string; key: string; games: number; wins: number }[]): Tally[] =>
  rows
    .map((r) => ({ ruleset: r.ruleset, key: r.key, games: Number(r.games), wins: Number(r.wins) }))
    .sort((a, b) => b.games - a.games || b.wins - a.wins || a.key.localeCompare(b.key));

/** A member's record on the server, from its finished ranked games. */
export async function memberRecord(db: Db, guildId: string, userId: string): Promise<MemberRecord> {
  const ranked = rankedGames(db, guildId);
  const mine = and(eq(seatResults.userId, userId), inArray(seatResults.gameId, ranked));
  const won = sql<number>`count(*) filter (where ${seatResults.won})::int`;
  const [totals, bySide, byRole, out, acted] = await Promise.all([
    db
      .select({
        games: sql<number>`count(*)::int`,
        wins: won,
        survived: sql<number>`count(*) filter (where ${seatResults.survived})::int`,
        substitute: sql<number>`count(*) filter (where ${seatResults.substitute})::int`,
        last: sql<string | null>`max(${gameResults.endedAt})`,
      })
      .from(seatResults)
      .innerJoin(gameResults, eq(gameResults.gameId, seatResults.gameId))
      .where(mine),
    db
      .select({
        ruleset: gameResults.ruleset,
        key: seatResults.faction,
        games: sql<number>`count(*)::int`,
        wins: won,
      })
      .from(seatResults)
      .innerJoin(gameResults, eq(gameResults.gameId, seatResults.gameId))
      .where(mine)
      .groupBy(gameResults.ruleset, seatResults.faction),
    db
      .select({
        ruleset: gameResults.ruleset,
        key: seatResults.role,
        games: sql<number>`count(*)::int`,
        wins: won,
      })
      .from(seatResults)
      .innerJoin(gameResults, eq(gameResults.gameId, seatResults.gameId))
      .where(mine)
      .groupBy(gameResults.ruleset, seatResults.role),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(playerReplacements)
      .where(and(eq(playerReplacements.fromUserId, userId), inArray(playerReplacements.gameId, ranked))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(inputs)
      .where(
        and(
          eq(inputs.userId, userId),
          eq(inputs.type, "action"),
          eq(inputs.accepted, true),
          inArray(inputs.gameId, ranked),
        ),
      ),
  ]);
  const total = totals[0];
  return {
    games: total?.games ?? 0,
    wins: total?.wins ?? 0,
    survived: total?.survived ?? 0,
    substitute: total?.substitute ?? 0,
    replacedOut: out[0]?.n ?? 0,
    actions: acted[0]?.n ?? 0,
    lastPlayed: total?.last ? new Date(total.last) : null,
    bySide: tallies(bySide),
    byRole: tallies(byRole),
  };
}

export interface ServerRecord {
  /** Finished ranked games per ruleset, with their mean length in phases and those nobody won. */
  rulesets: { ruleset: string; games: number; phases: number; nobody: number }[];
  /** Per ruleset and side: the games it played in and the games it won. */
  sides: Tally[];
  /** Per ruleset and role: the seats dealt it, and those that won. */
  roles: Tally[];
  players: number;
}

/** The server's record: its finished ranked games, every seat counted (hidden records too, anonymous). */
export async function serverRecord(db: Db, guildId: string): Promise<ServerRecord> {
  const ranked = rankedGames(db, guildId);
  const [rulesets, sides, roles, people] = await Promise.all([
    db
      .select({
        ruleset: gameResults.ruleset,
        games: sql<number>`count(*)::int`,
        phases: sql<number>`coalesce(round(avg(${gameResults.phases})), 0)::int`,
        nobody: sql<number>`count(*) filter (where jsonb_array_length(${gameResults.winners}) = 0)::int`,
      })
      .from(gameResults)
      .where(inArray(gameResults.gameId, ranked))
      .groupBy(gameResults.ruleset)
      .orderBy(desc(sql`count(*)`), gameResults.ruleset),
    db
      .select({
        ruleset: gameResults.ruleset,
        key: seatResults.faction,
        games: sql<number>`count(distinct ${seatResults.gameId})::int`,
        wins: sql<number>`count(distinct ${seatResults.gameId}) filter (where ${seatResults.won})::int`,
      })
      .from(seatResults)
      .innerJoin(gameResults, eq(gameResults.gameId, seatResults.gameId))
      .where(inArray(seatResults.gameId, ranked))
      .groupBy(gameResults.ruleset, seatResults.faction),
    db
      .select({
        ruleset: gameResults.ruleset,
        key: seatResults.role,
        games: sql<number>`count(*)::int`,
        wins: sql<number>`count(*) filter (where ${seatResults.won})::int`,
      })
      .from(seatResults)
      .innerJoin(gameResults, eq(gameResults.gameId, seatResults.gameId))
      .where(inArray(seatResults.gameId, ranked))
      .groupBy(gameResults.ruleset, seatResults.role),
    db
      .select({ n: sql<number>`count(distinct ${seatResults.userId})::int` })
      .from(seatResults)
      .where(inArray(seatResults.gameId, ranked)),
  ]);
  return {
    rulesets: rulesets.map((r) => ({
      ...r,
      games: Number(r.games),
      phases: Number(r.phases),
      nobody: Number(r.nobody),
    })),
    sides: tallies(sides),
    roles: tallies(roles),
    players: people[0]?.n ?? 0,
  };
}

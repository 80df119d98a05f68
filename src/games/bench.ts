import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { players, substitutes } from "../db/schema/index.js";
import { changeGame } from "./changes.js";
import { UserError } from "./errors.js";
import type { Tx } from "./state.js";

/**
 * A game's bench of substitutes (docs/community.md): with `/game create max_players`, members who
 * join a full table wait here in the order they came; `/gm replace` without `with` seats the first
 * of them. A member on the bench has no seat: he sees nothing of the game until he takes one.
 */

export interface Substitute {
  userId: string;
  displayName: string;
}

/** The bench in order (first come first). */
export async function benchOf(db: Tx, gameId: string): Promise<Substitute[]> {
  return db
    .select({ userId: substitutes.userId, displayName: substitutes.displayName })
    .from(substitutes)
    .where(eq(substitutes.gameId, gameId))
    .orderBy(asc(substitutes.addedAt), asc(substitutes.userId));
}

/**
 * Puts the member on the bench of a game whose table is full; returns his place (1 = next in).
 * Refused while a seat is free (he joins the table), for a member seated in the game, and after the end.
 */
export async function joinBench(
  db: Db,
  gameId: string,
  userId: string,
  displayName: string,
): Promise<number> {
  return changeGame(db, gameId, async (tx, game) => {
    if (game.status === "ended") throw new UserError("game.ended");
    const seats = await tx.select({ userId: players.userId }).from(players).where(eq(players.gameId, gameId));
    if (seats.some((s) => s.userId === userId)) throw new UserError("game.already_joined");
    if (game.status === "lobby" && (game.maxPlayers === null || seats.length < game.maxPlayers))
      throw new UserError("bench.seat_free");
    await tx.insert(substitutes).values({ gameId, userId, displayName }).onConflictDoNothing();
    const bench = await benchOf(tx, gameId);
    return bench.findIndex((s) => s.userId === userId) + 1;
  });
}

/** Takes the member off the bench; false when he was not on it. */
export async function leaveBench(db: Db, gameId: string, userId: string): Promise<boolean> {
  const gone = await db
    .delete(substitutes)
    .where(and(eq(substitutes.gameId, gameId), eq(substitutes.userId, userId)))
    .returning({ userId: substitutes.userId });
  return gone.length > 0;
}

/** Whether a lobby's table is full by the GM's `max_players` (the next member goes on the bench). */
export async function tableFull(db: Tx, game: { id: string; maxPlayers: number | null }): Promise<boolean> {
  if (game.maxPlayers === null) return false;
  const seats = await db.select({ id: players.id }).from(players).where(eq(players.gameId, game.id));
  return seats.length >= game.maxPlayers;
}

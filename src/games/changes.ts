import { eq, sql, type SQLWrapper } from "drizzle-orm";
import pg from "pg";
import { inTransaction, type Db } from "../db/client.js";
import { inTurn } from "../db/locks.js";
import { games, outbox } from "../db/schema/index.js";
import { UserError } from "./errors.js";
import type { OutboxEffect } from "./effects.js";
import type { GameRow, DeadlineRow } from "./rows.js";
import type { Tx } from "./state.js";

/**
 * How every change of a game is written, whoever makes it (the service's commands, the worker's
 * deadlines and reminders): one transaction under the game's lock with its version bumped, and
 * its Discord effects as outbox rows in the same transaction.
 */

/** What must happen after a commit: enqueue new deadline jobs, drain the outbox. */
export interface AfterCommit {
  deadlines: DeadlineRow[];
  outbox: boolean;
  /** The game's version this commit published (a drain request is named by it). */
  version?: number;
  /** The early close was already judged inside the transaction (nothing to check after it). */
  earlyCloseJudged?: boolean;
}

export interface Committed<T> extends AfterCommit {
  value: T;
}

/**
 * One change of a game: its row locked for the whole transaction and its version bumped, in
 * one statement (the UPDATE takes the row lock a SELECT … FOR UPDATE would, and waits for any
 * other change of the game to commit first); `work` sees the row as it was before the bump.
 * A committed result carries the version it published (`AfterCommit.version`).
 *
 * Changes of one game from this process take turns before they take a connection: twenty votes
 * arriving at once in one game would otherwise hold twenty pooled connections waiting for the
 * row, and every other command of the process (a player's /role in another game) would wait for
 * a connection behind them.
 */
export async function changeGame<T>(
  db: Db,
  gameId: string,
  work: (tx: Tx, game: GameRow) => Promise<T>,
): Promise<T> {
  if (!(db.$client instanceof pg.Pool)) return changeInTransaction(db, gameId, work);
  return inTurn(`game:${gameId}`, () => changeInTransaction(db, gameId, work));
}

async function changeInTransaction<T>(
  db: Db,
  gameId: string,
  work: (tx: Tx, game: GameRow) => Promise<T>,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    const [bumped] = await tx
      .update(games)
      .set({ version: sql`${games.version} + 1` })
      .where(eq(games.id, gameId))
      .returning();
    if (!bumped) throw new UserError("game.not_found");
    const result = await work(tx, { ...bumped, version: bumped.version - 1 });
    if (result !== null && typeof result === "object" && "deadlines" in result && "outbox" in result)
      (result as AfterCommit).version = bumped.version;
    return result;
  });
}

/** A write built and not yet sent (an insert or update without RETURNING). */
export type Writing = PromiseLike<unknown> & SQLWrapper;

/**
 * The insert of effects into the outbox, not yet sent. Idempotent: each row's dedupe key is
 * `<game>:<origin>:<index>`, so writing the same origin again adds nothing.
 */
export function outboxInsert(
  tx: Tx,
  gameId: string,
  origin: string,
  effects: readonly OutboxEffect[],
  resolutionId: number | null,
): Writing | null {
  return outboxGroupsInsert(tx, gameId, [{ origin, effects, resolutionId }]);
}

/** Effects of one origin (see outboxInsert), written with others in one statement. */
export interface OutboxGroup {
  origin: string;
  effects: readonly OutboxEffect[];
  resolutionId: number | null;
}

/**
 * The insert of several origins' effects, in the groups' order: one INSERT, whose rows take their
 * ids (the drain's order) in the order given, which two inserts in one statement would not keep.
 */
export function outboxGroupsInsert(tx: Tx, gameId: string, groups: readonly OutboxGroup[]): Writing | null {
  const rows = groups.flatMap(({ origin, effects, resolutionId }) =>
    effects.map((effect, i) => ({
      gameId,
      dedupeKey: `${gameId}:${origin}:${i}`,
      kind: effect.type,
      payload: effect,
      resolutionId,
    })),
  );
  if (rows.length === 0) return null;
  return tx.insert(outbox).values(rows).onConflictDoNothing();
}

/** Writes effects to the outbox now (see outboxInsert). */
export async function writeOutbox(
  tx: Tx,
  gameId: string,
  origin: string,
  effects: readonly OutboxEffect[],
  resolutionId: number | null,
): Promise<void> {
  const insert = outboxInsert(tx, gameId, origin, effects, resolutionId);
  if (insert) await insert;
}

/**
 * Writes that do not depend on one another in one statement: all but the last as data-modifying
 * CTEs of the last (Postgres runs every one of them, on the same snapshot). They must not touch
 * the same rows. Returns the rows the last one's RETURNING gave, keyed by column name (see
 * `fromReturnedRows`), or none.
 */
export async function together(tx: Tx, writes: Writing[]): Promise<Record<string, unknown>[]> {
  if (writes.length === 0) return [];
  const last = writes[writes.length - 1] as Writing;
  const ctes = writes.slice(0, -1).map((w, i) => sql`${sql.raw(`w${i}`)} as (${w.getSQL()})`);
  const statement = ctes.length > 0 ? sql`with ${sql.join(ctes, sql`, `)} ${last.getSQL()}` : last.getSQL();
  const result = await tx.execute<Record<string, unknown>>(statement);
  return result.rows;
}

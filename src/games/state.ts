import { eq, sql, type SQL } from "drizzle-orm";
import { applyInput, copyGameState } from "../engine/game.js";
import type { RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState, Input } from "../engine/types.js";
import type { Db } from "../db/client.js";
import { actionPayload, gameSnapshots, gmPayload, inputs } from "../db/schema/index.js";
import { getRuleset } from "../rulesets/index.js";

/** A transaction or the pool: every repository function works on either. */
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

export function rulesetOrThrow(id: string): RulesetDefinition<AnyGameState> {
  const ruleset = getRuleset(id);
  if (!ruleset) throw new Error(`unknown ruleset ${id}`);
  return ruleset;
}

/** The stored input as the engine replays it, its payload parsed by the row's type. */
export function toEngineInput(row: { type: string; payload: unknown; at: Date | number }): Input {
  const at = typeof row.at === "number" ? row.at : row.at.getTime();
  switch (row.type) {
    case "action":
      return { ...actionPayload.parse(row.payload), type: "action", at };
    case "gm":
      return { ...gmPayload.parse(row.payload), type: "gm", at };
    case "resolve":
      return { type: "resolve", at };
    default:
      throw new Error(`a log row of type ${row.type} is not an input of the engine`);
  }
}

/** Whether the game ever started (a game ended from its lobby has no state to show or reveal). */
export async function hasStarted(tx: Tx, gameId: string): Promise<boolean> {
  const [snapshot] = await tx
    .select({ gameId: gameSnapshots.gameId })
    .from(gameSnapshots)
    .where(eq(gameSnapshots.gameId, gameId))
    .limit(1);
  return snapshot !== undefined;
}

/**
 * The last state each game's log was replayed to, so the next load reads only the inputs after
 * it (one query instead of the snapshot and the log, and no replay of the day so far). Sound
 * because the log is append-only (a trigger refuses UPDATE and DELETE on `inputs`): an entry is
 * used only when the row it ends on is still there under the same id, so a state computed inside
 * a transaction that then rolled back (its seq later reused by another row) is never trusted.
 */
interface Replayed {
  seq: number;
  /** The id of the input row at `seq`; null for a snapshot taken before any input. */
  inputId: number | null;
  state: AnyGameState;
}
const replayed = new Map<string, Replayed>();
const REPLAYED_GAMES = 512;

function remember(gameId: string, entry: Replayed): void {
  replayed.delete(gameId);
  replayed.set(gameId, entry);
  if (replayed.size > REPLAYED_GAMES) {
    const oldest = replayed.keys().next().value;
    if (oldest !== undefined) replayed.delete(oldest);
  }
}

interface LogRow {
  id: number;
  seq: number;
  type: string;
  payload: unknown;
  at: Date;
  accepted: boolean;
}

/** The log rows from `fromSeq` on (and before `beforeSeq`), as one JSON array (a scalar subquery). */
function logJson(gameId: string, fromSeq: SQL | number, beforeSeq?: number): SQL {
  const row = sql`json_build_object('id', ${inputs.id}, 'seq', ${inputs.seq}, 'type', ${inputs.type}, 'payload', ${inputs.payload}, 'at', ${inputs.at}, 'accepted', ${inputs.accepted})`;
  const until = beforeSeq === undefined ? sql`` : sql` and ${inputs.seq} < ${beforeSeq}`;
  return sql`(select json_agg(${row} order by ${inputs.seq}) from ${inputs} where ${inputs.gameId} = ${gameId} and ${inputs.seq} >= ${fromSeq}${until})`;
}

function logRows(value: unknown): LogRow[] {
  if (!Array.isArray(value)) return [];
  return (value as (Omit<LogRow, "at"> & { at: string })[]).map((r) => ({ ...r, at: new Date(r.at) }));
}

/**
 * A read of the game's state that shares a statement with the caller's other reads: `sql` is a
 * scalar subquery (the log after the state this process last replayed, or the latest snapshot
 * with the log after it), `finish` replays its value. `finish` gives null when the remembered
 * state no longer holds (a rolled-back transaction's seq was reused); `loadState` reads again.
 */
export interface StateRead {
  readonly sql: SQL;
  finish(
    value: unknown,
    ruleset: RulesetDefinition<AnyGameState>,
  ): { state: AnyGameState; seq: number } | null;
}

export function stateRead(gameId: string, fromSnapshot = false): StateRead {
  const known = fromSnapshot ? undefined : replayed.get(gameId);
  if (known) {
    return {
      sql: logJson(gameId, known.seq),
      finish(value, ruleset) {
        const rows = logRows(value);
        const first = rows[0];
        const stillThere = known.inputId === null ? first?.seq !== known.seq : first?.id === known.inputId;
        if (!stillThere) {
          if (replayed.get(gameId) === known) replayed.delete(gameId);
          return null;
        }
        return replay(gameId, ruleset, known, known.inputId === null ? rows : rows.slice(1));
      },
    };
  }
  return {
    sql: snapshotJson(gameId),
    finish: (value, ruleset) => replaySnapshot(gameId, ruleset, value, true),
  };
}

/**
 * The latest snapshot (before log entry `beforeSeq`, if given) with the log after it (up to that
 * entry), as one JSON object (a scalar subquery).
 */
function snapshotJson(gameId: string, beforeSeq?: number): SQL {
  const before = beforeSeq === undefined ? sql`` : sql` and ${gameSnapshots.inputSeq} < ${beforeSeq}`;
  return sql`(select json_build_object('seq', ${gameSnapshots.inputSeq}, 'state', ${gameSnapshots.state}, 'log', ${logJson(gameId, sql`${gameSnapshots.inputSeq}`, beforeSeq)}) from ${gameSnapshots} where ${gameSnapshots.gameId} = ${gameId}${before} order by ${gameSnapshots.inputSeq} desc limit 1)`;
}

/** The state from a `snapshotJson` value: the snapshot and a replay of its log (remembered if `keep`). */
function replaySnapshot(
  gameId: string,
  ruleset: RulesetDefinition<AnyGameState>,
  value: unknown,
  keep: boolean,
): { state: AnyGameState; seq: number } {
  const snapshot = value as { seq: number; state: AnyGameState; log: unknown } | null | undefined;
  if (!snapshot) throw new Error(`game ${gameId} has no snapshot`);
  const rows = logRows(snapshot.log);
  const atSnapshot = rows[0]?.seq === snapshot.seq ? rows[0] : undefined;
  const start: Replayed = { seq: snapshot.seq, inputId: atSnapshot?.id ?? null, state: snapshot.state };
  return replay(gameId, ruleset, start, atSnapshot ? rows.slice(1) : rows, keep);
}

/**
 * The game's current engine state: the latest snapshot (or the last state this process replayed)
 * and a replay of the accepted inputs after it, read in one statement. The replay goes through
 * the same reducer as the live inputs, so it is exact; an accepted input the engine now rejects
 * is corruption and throws, naming the game and input. The caller owns the returned state (a
 * copy) and may change it.
 */
export async function loadState(
  tx: Tx,
  gameId: string,
  ruleset: RulesetDefinition<AnyGameState>,
): Promise<{ state: AnyGameState; seq: number }> {
  const read = stateRead(gameId);
  const result = await tx.execute<{ s: unknown }>(sql`select ${read.sql} as s`);
  const loaded = read.finish(result.rows[0]?.s, ruleset);
  return loaded ?? loadFromSnapshot(tx, gameId, ruleset);
}

/**
 * The state as it stood just before log entry `seq` (the last snapshot before it and a replay of
 * the entries up to it), for a view of a phase that is over. Not remembered: it is not the state
 * the next load continues from.
 */
export async function stateBefore(
  tx: Tx,
  gameId: string,
  ruleset: RulesetDefinition<AnyGameState>,
  seq: number,
): Promise<AnyGameState> {
  const result = await tx.execute<{ s: unknown }>(sql`select ${snapshotJson(gameId, seq)} as s`);
  return replaySnapshot(gameId, ruleset, result.rows[0]?.s, false).state;
}

/** The state from the latest snapshot, whatever this process remembers. */
async function loadFromSnapshot(
  tx: Tx,
  gameId: string,
  ruleset: RulesetDefinition<AnyGameState>,
): Promise<{ state: AnyGameState; seq: number }> {
  const read = stateRead(gameId, true);
  const result = await tx.execute<{ s: unknown }>(sql`select ${read.sql} as s`);
  const loaded = read.finish(result.rows[0]?.s, ruleset);
  if (!loaded) throw new Error(`game ${gameId}: no state from its snapshot`);
  return loaded;
}

/**
 * `loadState` for a caller whose statement carried `read.sql`: the state from its value, or
 * (when the remembered state no longer holds) from a second read.
 */
export async function finishRead(
  tx: Tx,
  gameId: string,
  read: StateRead,
  value: unknown,
  ruleset: RulesetDefinition<AnyGameState>,
): Promise<{ state: AnyGameState; seq: number }> {
  return read.finish(value, ruleset) ?? loadFromSnapshot(tx, gameId, ruleset);
}

function replay(
  gameId: string,
  ruleset: RulesetDefinition<AnyGameState>,
  from: Replayed,
  rows: LogRow[],
  keep = true,
): { state: AnyGameState; seq: number } {
  let { seq, inputId } = from;
  // The remembered state is shared: the replay works on one copy of it, input after input.
  let state = rows.length > 0 ? copyGameState(ruleset, from.state) : from.state;
  for (const row of rows) {
    seq = row.seq;
    inputId = row.id;
    if (!row.accepted || row.type === "control") continue;
    const applied = applyInput(ruleset, state, toEngineInput(row), "inPlace");
    // An input accepted when it was submitted and refused now means the stored log and the
    // engine disagree: continuing would silently change the game, so stop and say where.
    if (applied.rejection) {
      throw new Error(
        `game ${gameId}: replay diverged at input ${row.seq}: the accepted input is now rejected (${applied.rejection.code})`,
      );
    }
    state = applied.state;
  }
  if (!keep) return { state, seq };
  remember(gameId, { seq, inputId, state });
  return { state: copyGameState(ruleset, state), seq };
}

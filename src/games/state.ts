import { and, asc, desc, eq, gte } from "drizzle-orm";
import { applyInput } from "../engine/game.js";
import type { RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState, Input } from "../engine/types.js";
import type { Db } from "../db/client.js";
import { gameSnapshots, inputs } from "../db/schema/index.js";
import { getRuleset } from "../rulesets/index.js";

/** A transaction or the pool: every repository function works on either. */
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

export function rulesetOrThrow(id: string): RulesetDefinition<AnyGameState> {
  const ruleset = getRuleset(id);
  if (!ruleset) throw new Error(`unknown ruleset ${id}`);
  return ruleset;
}

/** The stored input as the engine replays it. */
export function toEngineInput(row: { type: string; payload: unknown; at: Date }): Input {
  const payload = row.payload as Record<string, unknown>;
  return { ...(payload as object), type: row.type, at: row.at.getTime() } as Input;
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

function logFrom(tx: Tx, gameId: string, fromSeq: number): Promise<LogRow[]> {
  return tx
    .select({
      id: inputs.id,
      seq: inputs.seq,
      type: inputs.type,
      payload: inputs.payload,
      at: inputs.at,
      accepted: inputs.accepted,
    })
    .from(inputs)
    .where(and(eq(inputs.gameId, gameId), gte(inputs.seq, fromSeq)))
    .orderBy(asc(inputs.seq));
}

/**
 * The game's current engine state: the latest snapshot (or the last state this process replayed)
 * and a replay of the accepted inputs after it. The replay goes through the same reducer as the
 * live inputs, so it is exact; an accepted input the engine now rejects is corruption and throws,
 * naming the game and input. The caller owns the returned state (a copy) and may change it.
 */
export async function loadState(
  tx: Tx,
  gameId: string,
  ruleset: RulesetDefinition<AnyGameState>,
): Promise<{ state: AnyGameState; seq: number }> {
  const known = replayed.get(gameId);
  if (known) {
    const rows = await logFrom(tx, gameId, known.seq);
    const first = rows[0];
    const stillThere = known.inputId === null ? first?.seq !== known.seq : first?.id === known.inputId;
    if (stillThere) {
      const after = known.inputId === null ? rows : rows.slice(1);
      return replay(gameId, ruleset, known, after);
    }
  }
  const [snapshot] = await tx
    .select()
    .from(gameSnapshots)
    .where(eq(gameSnapshots.gameId, gameId))
    .orderBy(desc(gameSnapshots.inputSeq))
    .limit(1);
  if (!snapshot) throw new Error(`game ${gameId} has no snapshot`);
  const rows = await logFrom(tx, gameId, snapshot.inputSeq);
  const atSnapshot = rows[0]?.seq === snapshot.inputSeq ? rows[0] : undefined;
  const start: Replayed = {
    seq: snapshot.inputSeq,
    inputId: atSnapshot?.id ?? null,
    state: snapshot.state as AnyGameState,
  };
  return replay(gameId, ruleset, start, atSnapshot ? rows.slice(1) : rows);
}

function replay(
  gameId: string,
  ruleset: RulesetDefinition<AnyGameState>,
  from: Replayed,
  rows: LogRow[],
): { state: AnyGameState; seq: number } {
  let { state, seq, inputId } = from;
  for (const row of rows) {
    seq = row.seq;
    inputId = row.id;
    if (!row.accepted || row.type === "control") continue;
    const applied = applyInput(ruleset, state, toEngineInput(row));
    // An input accepted when it was submitted and refused now means the stored log and the
    // engine disagree: continuing would silently change the game, so stop and say where.
    if (applied.rejection) {
      throw new Error(
        `game ${gameId}: replay diverged at input ${row.seq}: the accepted input is now rejected (${applied.rejection.code})`,
      );
    }
    state = applied.state;
  }
  remember(gameId, { seq, inputId, state });
  return { state: structuredClone(state), seq };
}

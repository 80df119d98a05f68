import { and, asc, desc, eq, gt } from "drizzle-orm";
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
 * The game's current engine state: the latest snapshot and a replay of the accepted inputs
 * after it. The replay goes through the same reducer as the live inputs, so it is exact; an
 * accepted input the engine now rejects is corruption and throws, naming the game and input.
 */
export async function loadState(
  tx: Tx,
  gameId: string,
  ruleset: RulesetDefinition<AnyGameState>,
): Promise<{ state: AnyGameState; seq: number }> {
  const [snapshot] = await tx
    .select()
    .from(gameSnapshots)
    .where(eq(gameSnapshots.gameId, gameId))
    .orderBy(desc(gameSnapshots.inputSeq))
    .limit(1);
  if (!snapshot) throw new Error(`game ${gameId} has no snapshot`);
  const rows = await tx
    .select({
      seq: inputs.seq,
      type: inputs.type,
      payload: inputs.payload,
      at: inputs.at,
      accepted: inputs.accepted,
    })
    .from(inputs)
    .where(and(eq(inputs.gameId, gameId), gt(inputs.seq, snapshot.inputSeq)))
    .orderBy(asc(inputs.seq));
  let state = snapshot.state as AnyGameState;
  let seq = snapshot.inputSeq;
  for (const row of rows) {
    seq = row.seq;
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
  return { state, seq };
}

import type { Db } from "../db/client.js";
import type { RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState } from "../engine/types.js";
import { games } from "../db/schema/index.js";
import { eq } from "drizzle-orm";
import { changeGame, type Committed } from "./changes.js";
import { gameContext, type Clock, type GameContext } from "./context.js";
import { moveDeadlineLocked } from "./deadlines.js";
import { currentPhase, pendingDraft } from "./reads.js";
import type { DeadlineRow, GameRow, PhaseRow } from "./rows.js";
import { loadState, rulesetOrThrow, type Tx } from "./state.js";

/**
 * Early close: where the ruleset allows it (`closesEarly`: everyone required has acted —
 * reichstag's decided steps and unanimous elections, clans' complete night), the open phase's
 * deadline moves to now, as the system, and the worker resolves it at once.
 */

/**
 * After an accepted input: when the ruleset says the open phase needs nothing more, its resolve
 * deadline moves to now. Returns the deadline rows to enqueue (none when nothing changed).
 */
export function closeEarlyIfComplete(
  db: Db,
  clock: Clock,
  gameId: string,
): Promise<Committed<DeadlineRow | null>> {
  return closeEarly(gameContext(db, clock), gameId);
}

/**
 * Early close as its own change, called after every accepted input; does nothing unless the
 * ruleset allows it and everyone required has acted.
 */
export async function closeEarly(ctx: GameContext, gameId: string): Promise<Committed<DeadlineRow | null>> {
  // Most inputs cannot close a phase (the ruleset has no early close, or the game is not
  // running): a plain read says so without a transaction, a row lock or a version bump.
  const [current] = await ctx.db
    .select({ status: games.status, ruleset: games.ruleset })
    .from(games)
    .where(eq(games.id, gameId));
  if (!current || current.status !== "running" || !rulesetOrThrow(current.ruleset).closesEarly)
    return { value: null, deadlines: [], outbox: false };
  return changeGame(ctx.db, gameId, async (tx, game) => {
    const nothing = { value: null, deadlines: [], outbox: false };
    const ruleset = rulesetOrThrow(game.ruleset);
    if (game.status !== "running" || !ruleset.closesEarly) return nothing;
    const phase = await currentPhase(tx, gameId);
    const now = ctx.clock.now();
    if (!phase?.deadlineAt || phase.deadlineAt.getTime() <= now.getTime()) return nothing;
    if (await pendingDraft(tx, gameId)) return nothing;
    const { state } = await loadState(tx, gameId, ruleset);
    const rows = await closeEarlyLocked(ctx, tx, game, ruleset, phase, state, false);
    return { value: rows.find((r) => r.kind === "resolve") ?? null, deadlines: rows, outbox: false };
  });
}

/**
 * The early close itself, under the game's lock: when the game runs, the ruleset allows it,
 * the open phase's deadline is still ahead, no draft waits and everyone required has acted in
 * `state`, the deadline moves to now (as the system). Returns the new deadline rows, or none.
 */
export async function closeEarlyLocked(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
  phase: PhaseRow | undefined,
  state: AnyGameState,
  drafted: boolean,
): Promise<DeadlineRow[]> {
  if (game.status !== "running" || !ruleset.closesEarly || drafted) return [];
  const now = ctx.clock.now();
  if (!phase?.deadlineAt || phase.deadlineAt.getTime() <= now.getTime()) return [];
  if (state.ended || !ruleset.closesEarly(state)) return [];
  return moveDeadlineLocked(ctx, tx, game, phase, now, "system", "early_close");
}

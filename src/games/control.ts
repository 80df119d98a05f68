import { inputs } from "../db/schema/index.js";
import type { Json } from "../engine/types.js";
import type { GameContext } from "./context.js";
import { UserError } from "./errors.js";
import { currentPhase, isGm, lastSeq } from "./reads.js";
import type { Tx } from "./state.js";

/** Who may control a game (its GMs), and the record of what they did in its input log. */

export async function requireGm(ctx: GameContext, tx: Tx, gameId: string, userId: string): Promise<void> {
  if (!(await isGm(ctx, gameId, userId, tx))) throw new UserError("game.gm_only");
}

/** The acting member's shown name for the log, when the input is theirs. */
export function actorName(ctx: GameContext, userId: string): string | null {
  return ctx.actor && ctx.actor.userId === userId ? ctx.actor.name : null;
}

/** A GM's schedule action goes into the input log too; the engine never replays it. Returns its seq. */
export async function logControl(
  ctx: GameContext,
  tx: Tx,
  gameId: string,
  userId: string,
  action: string,
  payload: Record<string, Json>,
): Promise<number> {
  const last = await lastSeq(tx, gameId);
  const phase = await currentPhase(tx, gameId);
  const seq = last + 1;
  await tx.insert(inputs).values({
    gameId,
    seq,
    phase: phase?.label ?? "lobby",
    type: "control",
    userId,
    actorName: actorName(ctx, userId),
    payload: { action, ...payload },
    accepted: true,
    at: ctx.clock.now(),
  });
  return seq;
}

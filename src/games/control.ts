import { and, eq } from "drizzle-orm";
import { gameMasters, inputs } from "../db/schema/index.js";
import type { Json } from "../engine/types.js";
import type { GameContext } from "./context.js";
import { UserError } from "./errors.js";
import { actsAsGm, type GmStanding } from "./authority.js";
import { currentPhase, gmStanding, lastSeq } from "./reads.js";
import type { Tx } from "./state.js";

/** Who may control a game (its GMs), and the record of what they did in its input log. */

export async function requireGm(ctx: GameContext, tx: Tx, gameId: string, userId: string): Promise<void> {
  refuseUnlessGm(await gmStanding(ctx, gameId, userId, tx));
}

/** The refusal of a member who is not a GM of the game: a seat's own words when the seat is why. */
export function refuseUnlessGm(standing: GmStanding): void {
  if (standing === "seated") throw new UserError("game.gm_seated");
  if (!actsAsGm(standing)) throw new UserError("game.gm_only");
}

/**
 * A GM of the game cannot take one of its seats (src/games/authority.ts): `own` refuses the
 * member joining himself, else the GM names the member for a seat (`/game assign`, `/gm replace`).
 */
export async function refuseSeatForGm(tx: Tx, gameId: string, userId: string, own: boolean): Promise<void> {
  const listed = await tx
    .select({ userId: gameMasters.userId })
    .from(gameMasters)
    .where(and(eq(gameMasters.gameId, gameId), eq(gameMasters.userId, userId)));
  if (listed.length > 0) throw new UserError(own ? "game.gm_cannot_join" : "game.gm_cannot_sit");
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

import { eq } from "drizzle-orm";
import { submitGmAction } from "../engine/game.js";
import type { GmInput } from "../engine/types.js";
import { deadlines } from "../db/schema/index.js";
import { changeGame, type Committed } from "./changes.js";
import type { GameContext } from "./context.js";
import { applyLogged } from "./play.js";

/**
 * The ruleset's real-time windows (regnum's interrogation answers): scheduled as deadline rows
 * of kind `interrogation` by deadlines.ts (scheduleTimers) after each accepted input, fired here
 * by the worker's timer job as the GM action `timer` {key}.
 */

/** The worker's timer job: the window's GM action `timer` {key}, as the system, logged. */
export async function fireTimer(
  ctx: GameContext,
  gameId: string,
  job: { deadlineId: number; jobId: string },
): Promise<Committed<boolean>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    const nothing = { value: false, deadlines: [], outbox: false };
    const [row] = await tx.select().from(deadlines).where(eq(deadlines.id, job.deadlineId));
    if (!row || row.status !== "pending" || row.jobId !== job.jobId || game.status === "ended")
      return nothing;
    // A job a few milliseconds early (clock skew) fails and BullMQ retries it with backoff.
    if (row.dueAt.getTime() > ctx.clock.now().getTime()) throw new Error("the window has not ended yet");
    await tx
      .update(deadlines)
      .set({ status: "done", doneAt: ctx.clock.now() })
      .where(eq(deadlines.id, row.id));
    const input: GmInput = { action: "timer", targets: [], params: { key: row.key } };
    const fired = await applyLogged(
      ctx,
      tx,
      game,
      { type: "gm", userId: "system", seatId: null, input },
      (ruleset, state, at) => submitGmAction(ruleset, state, input, at),
    );
    return { value: fired.value.accepted, deadlines: fired.deadlines, outbox: fired.outbox };
  });
}

import { and, eq, inArray, sql } from "drizzle-orm";
import { resolvePhase } from "../engine/game.js";
import type { PhaseReport } from "../engine/types.js";
import { deadlines, outbox, phases, resolutions } from "../db/schema/index.js";
import { changeGame, writeOutbox, type Committed } from "./changes.js";
import type { GameContext } from "./context.js";
import { logControl, requireGm } from "./control.js";
import { endPhaseDeadlines } from "./deadlines.js";
import { UserError } from "./errors.js";
import type { OutboxEffect } from "./effects.js";
import { byWhom } from "./gm-room.js";
import { draftCardEffect, gmStatusEffect } from "./gm-status.js";
import { applyResolution, draftLocked } from "./phases.js";
import { currentPhase, languageOf, pendingDraft } from "./reads.js";
import type { DeadlineRow, GameRow } from "./rows.js";
import { loadState, rulesetOrThrow, type Tx } from "./state.js";

/**
 * Review mode: the GMs' review of a drafted resolution (drafted by phases.ts at the deadline):
 * publish it (or its grace period ends), edit its public text, hold it, or re-run it after a
 * correction. A GM's correction while a draft waits holds the draft (staleDraft).
 */

export { REVIEW_PREFIX } from "./gm-status.js";
export { REVIEW_GRACE_MS } from "./phases.js";

/** JSON with sorted keys: two reports are the same report whatever order jsonb kept their keys in. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/**
 * Review mode: a GM publishes the drafted resolution (`byUserId`), or its grace period ended
 * (`byUserId` null, from the deadline `job`, which must still be the row's current job).
 */
export async function publish(
  ctx: GameContext,
  gameId: string,
  phaseIndex: number,
  byUserId: string | null,
  job?: { deadlineId: number; jobId: string },
): Promise<Committed<boolean>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    const nothing = { value: false, deadlines: [], outbox: false };
    if (byUserId !== null) await requireGm(ctx, tx, gameId, byUserId);
    // An ended game's reveal is its last word: a draft left held is never published after it.
    if (game.status === "ended") {
      if (byUserId !== null) throw new UserError("game.ended");
      return nothing;
    }
    if (byUserId === null && job) {
      const [row] = await tx.select().from(deadlines).where(eq(deadlines.id, job.deadlineId));
      if (!row || row.status !== "pending" || row.jobId !== job.jobId) return nothing;
      // Whatever happens next, this grace period is over: no sweep runs it again.
      await tx
        .update(deadlines)
        .set({ status: "done", doneAt: ctx.clock.now() })
        .where(eq(deadlines.id, row.id));
    }
    const [resolution] = await tx
      .select()
      .from(resolutions)
      .where(and(eq(resolutions.gameId, gameId), eq(resolutions.phaseIndex, phaseIndex)));
    if (!resolution) throw new UserError("game.no_draft");
    if (resolution.status === "published") return nothing;
    if (resolution.status === "held" && byUserId === null) return nothing;
    const now = ctx.clock.now();
    const ruleset = rulesetOrThrow(game.ruleset);
    const [phase] = await tx
      .select()
      .from(phases)
      .where(and(eq(phases.gameId, gameId), eq(phases.index, phaseIndex)));
    let scheduled: DeadlineRow[] = [];
    if (phase?.status === "open") {
      const { state } = await loadState(tx, gameId, ruleset);
      const again = resolvePhase(ruleset, state, resolution.createdAt.getTime());
      if (canonical(again.report) !== canonical(resolution.report)) {
        // The log changed after the draft (a GM's correction, a ruleset timer): never publish
        // what nobody reviewed. A GM is told to re-run; the grace period holds it.
        if (byUserId !== null) throw new UserError("game.draft_stale");
        await logControl(ctx, tx, gameId, "system", "hold", { phaseIndex, stale: true });
        await tx.update(resolutions).set({ status: "held" }).where(eq(resolutions.id, resolution.id));
        const lang = await languageOf(tx, game.guildId);
        const card = await draftCardEffect(ctx, tx, game, ruleset, resolution, {
          kind: "stale",
          by: byWhom(lang, null),
        });
        await writeOutbox(tx, gameId, `stale:${resolution.id}:${now.getTime()}`, [card], null);
        return { value: false, deadlines: [], outbox: true };
      }
      await logControl(ctx, tx, gameId, byUserId ?? "system", "publish", { phaseIndex });
      const card = await draftCardEffect(
        ctx,
        tx,
        game,
        ruleset,
        resolution,
        byUserId === null ? { kind: "published_auto" } : { kind: "published", by: byWhom("en", byUserId) },
      );
      const status = await gmStatusEffect(ctx, tx, game, ruleset, state, phase, "published");
      await tx
        .update(resolutions)
        .set({ status: "published", publishedAt: now })
        .where(eq(resolutions.id, resolution.id));
      await writeOutbox(tx, gameId, `published:${resolution.id}`, [card, status], null);
      scheduled = await applyResolution(ctx, tx, game, ruleset, phase, again.state, resolution.createdAt);
    } else {
      // A draft of the older review mode, whose resolution was applied when it was drafted.
      await logControl(ctx, tx, gameId, byUserId ?? "system", "publish", { phaseIndex });
      await tx
        .update(resolutions)
        .set({ status: "published", publishedAt: now })
        .where(eq(resolutions.id, resolution.id));
    }
    await endPhaseDeadlines(tx, gameId, phaseIndex, { status: "done", at: now, kind: "publish" });
    return { value: true, deadlines: scheduled, outbox: true };
  });
}

/**
 * The game ends: every draft still waiting (a draft or a held one) gets its card's last word,
 * without its buttons; nothing is published into an ended game (`publish` refuses it).
 */
export async function endedDraftCards(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  byUserId: string,
): Promise<OutboxEffect[]> {
  const waiting = await tx
    .select()
    .from(resolutions)
    .where(and(eq(resolutions.gameId, game.id), inArray(resolutions.status, ["draft", "held"])));
  if (waiting.length === 0) return [];
  const ruleset = rulesetOrThrow(game.ruleset);
  const lang = await languageOf(tx, game.guildId);
  const cards: OutboxEffect[] = [];
  for (const resolution of waiting)
    cards.push(
      await draftCardEffect(ctx, tx, game, ruleset, resolution, {
        kind: "ended",
        by: byWhom(lang, byUserId),
      }),
    );
  return cards;
}

/** A GM holds the draft: its grace timer stops for good (the deadline row is cancelled). */
export async function hold(
  ctx: GameContext,
  gameId: string,
  phaseIndex: number,
  byUserId: string,
): Promise<Committed<null>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    if (game.status === "ended") throw new UserError("game.ended");
    await logControl(ctx, tx, gameId, byUserId, "hold", { phaseIndex });
    const [updated] = await tx
      .update(resolutions)
      .set({ status: "held" })
      .where(
        and(
          eq(resolutions.gameId, gameId),
          eq(resolutions.phaseIndex, phaseIndex),
          inArray(resolutions.status, ["draft", "held"]),
        ),
      )
      .returning();
    if (!updated) throw new UserError("game.no_draft");
    await cancelGrace(ctx, tx, gameId, phaseIndex);
    const ruleset = rulesetOrThrow(game.ruleset);
    const card = await draftCardEffect(ctx, tx, game, ruleset, updated, {
      kind: "held",
      by: byWhom("en", byUserId),
    });
    await writeOutbox(tx, gameId, `hold:${updated.id}:${ctx.clock.now().getTime()}`, [card], null);
    return { value: null, deadlines: [], outbox: true };
  });
}

async function cancelGrace(ctx: GameContext, tx: Tx, gameId: string, phaseIndex: number): Promise<void> {
  await endPhaseDeadlines(tx, gameId, phaseIndex, {
    status: "cancelled",
    at: ctx.clock.now(),
    kind: "publish",
  });
}

/** A GM edits the public text of a draft before it is published; the images stay attached. */
export async function editDraft(
  ctx: GameContext,
  gameId: string,
  phaseIndex: number,
  byUserId: string,
  lines: string[],
): Promise<Committed<null>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    if (game.status === "ended") throw new UserError("game.ended");
    await logControl(ctx, tx, gameId, byUserId, "edit", { phaseIndex, lines });
    const [resolution] = await tx
      .select()
      .from(resolutions)
      .where(and(eq(resolutions.gameId, gameId), eq(resolutions.phaseIndex, phaseIndex)));
    if (!resolution || resolution.status === "published") throw new UserError("game.no_draft");
    const content = lines.join("\n");
    await tx
      .update(outbox)
      .set({ payload: sql`${outbox.payload} || ${JSON.stringify({ content })}::jsonb` })
      .where(
        and(
          eq(outbox.resolutionId, resolution.id),
          eq(outbox.status, "pending"),
          sql`${outbox.payload}->>'chat' = 'newspaper'`,
        ),
      );
    const ruleset = rulesetOrThrow(game.ruleset);
    const card = await draftCardEffect(ctx, tx, game, ruleset, resolution, {
      kind: "edited",
      by: byWhom("en", byUserId),
    });
    await writeOutbox(tx, gameId, `edit:${resolution.id}:${ctx.clock.now().getTime()}`, [card], null);
    return { value: null, deadlines: [], outbox: true };
  });
}

/**
 * Re-run: the draft is discarded (its held effects with it) and the phase resolved again from
 * the log as it is now, with the GMs' corrections (/gm order, statuses, a modkill): a new draft.
 */
export async function rerun(
  ctx: GameContext,
  gameId: string,
  phaseIndex: number,
  byUserId: string,
): Promise<Committed<PhaseReport>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    if (game.status === "ended") throw new UserError("game.ended");
    const phase = await currentPhase(tx, gameId);
    const draft = await pendingDraft(tx, gameId);
    if (!phase || !draft || draft.phaseIndex !== phaseIndex) throw new UserError("game.no_draft");
    await logControl(ctx, tx, gameId, byUserId, "rerun", { phaseIndex });
    await tx.delete(outbox).where(and(eq(outbox.resolutionId, draft.id), eq(outbox.status, "pending")));
    await tx.delete(resolutions).where(eq(resolutions.id, draft.id));
    const ruleset = rulesetOrThrow(game.ruleset);
    const { state } = await loadState(tx, game.id, ruleset);
    const now = ctx.clock.now();
    const { state: next, report } = resolvePhase(ruleset, state, now.getTime());
    return draftLocked(
      ctx,
      tx,
      game,
      ruleset,
      phase,
      { state, next, report, at: now },
      { kind: "rerun", by: byWhom("en", byUserId) },
    );
  });
}

/** After a GM's accepted correction: a waiting draft no longer matches the log, so it is held. */
export async function staleDraft(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  byUserId: string,
): Promise<boolean> {
  if (game.publishMode !== "review") return false;
  const draft = await pendingDraft(tx, game.id);
  if (!draft) return false;
  if (draft.status === "draft") {
    await tx.update(resolutions).set({ status: "held" }).where(eq(resolutions.id, draft.id));
    await cancelGrace(ctx, tx, game.id, draft.phaseIndex);
  }
  const ruleset = rulesetOrThrow(game.ruleset);
  const card = await draftCardEffect(ctx, tx, game, ruleset, draft, {
    kind: "stale",
    by: byWhom("en", byUserId),
  });
  await writeOutbox(tx, game.id, `stale:${draft.id}:${ctx.clock.now().getTime()}`, [card], null);
  return true;
}

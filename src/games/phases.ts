import { eq } from "drizzle-orm";
import { resolvePhase } from "../engine/game.js";
import type { RulesetDefinition } from "../engine/ruleset.js";
import { phaseLabel, type AnyGameState, type PhaseReport } from "../engine/types.js";
import { fromReturnedRows } from "../db/json-row.js";
import { deadlines, events, gameSnapshots, games, inputs, phases, resolutions } from "../db/schema/index.js";
import { jobIds } from "../jobs/registry.js";
import {
  changeGame,
  outboxGroupsInsert,
  together,
  writeOutbox,
  type Committed,
  type OutboxGroup,
  type Writing,
} from "./changes.js";
import type { GameContext } from "./context.js";
import { endPhaseDeadlines, scheduleDeadlines } from "./deadlines.js";
import { emittedEffects, resolutionEffects, withDeadlineNotice } from "./effects.js";
import { deferredGmStatus, draftCardEffect, gmStatusEffect } from "./gm-status.js";
import type { DraftNote } from "./gm-room.js";
import { lastSeq, resolutionReadsOf } from "./reads.js";
import type { DeadlineRow, GameRow, PhaseRow } from "./rows.js";
import { deadlineFor } from "./schedule.js";
import { finishRead, rulesetOrThrow, stateRead, type Tx } from "./state.js";

/**
 * The phase cycle: a phase opens with its deadline; at the deadline (the worker's job) it
 * resolves exactly once, applied at once in auto mode or drafted for the GMs in review mode
 * (review.ts publishes a draft); an applied resolution closes the phase and opens the next one,
 * or ends the game.
 */

/** A reviewed draft publishes itself after this grace period unless a GM holds it. */
export const REVIEW_GRACE_MS = 30 * 60_000;

/**
 * The deadline job's handler: resolves the phase exactly once. A job for a phase that is no
 * longer open, or for a deadline that moved, does nothing.
 */
export async function resolveDue(
  ctx: GameContext,
  gameId: string,
  phaseIndex: number,
  job: { deadlineId: number; jobId: string } | null,
): Promise<Committed<PhaseReport | null>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    const nothing = { value: null, deadlines: [], outbox: false };
    if (game.status !== "running") return nothing;
    const read = stateRead(gameId);
    const found = await resolutionReadsOf(tx, game, job?.deadlineId ?? null, read);
    const phase = found.phase;
    if (!phase || phase.index !== phaseIndex) return nothing;
    if (job !== null) {
      const deadline = found.deadline;
      const current =
        deadline?.status === "pending" && deadline.kind === "resolve" && deadline.jobId === job.jobId;
      if (!current) return nothing;
    }
    // Already drafted (review mode): this deadline has nothing left to do.
    if (found.drafted) {
      if (job !== null)
        await tx
          .update(deadlines)
          .set({ status: "done", doneAt: ctx.clock.now() })
          .where(eq(deadlines.id, job.deadlineId));
      return nothing;
    }
    const loaded = await finishRead(tx, gameId, read, found.state, rulesetOrThrow(game.ruleset));
    return resolveLocked(ctx, tx, game, phase, loaded, found.resolutionId);
  });
}

/**
 * Resolves the open phase. In auto mode the resolution is applied at once. In review mode it is
 * only drafted (draftLocked, then review.ts): the report, its newspaper and private results wait
 * for a GM, and nothing of it reaches the state players read until publication.
 */
async function resolveLocked(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  phase: PhaseRow,
  loaded: { state: AnyGameState; seq: number },
  /** The id reserved for the resolution's row, so that it is written with the rest. */
  resolutionId: number,
): Promise<Committed<PhaseReport>> {
  const ruleset = rulesetOrThrow(game.ruleset);
  const { state } = loaded;
  const now = ctx.clock.now();
  const { state: next, report } = resolvePhase(ruleset, state, now.getTime());
  if (game.publishMode === "review") {
    return draftLocked(ctx, tx, game, ruleset, phase, { state, next, report, at: now });
  }
  const resolution = tx.insert(resolutions).values({
    id: resolutionId,
    gameId: game.id,
    phaseIndex: phase.index,
    phase: phase.label,
    report,
    status: "published",
    createdAt: now,
    publishedAt: now,
  });
  const effects = await resolutionEffects(ctx, tx, game, ruleset, phase, { state, next, report });
  // The phase's last status in the GM room, as it stood at the deadline, rendered when it is
  // delivered (later deferred updates of a phase that is over are skipped).
  effects.push(deferredGmStatus(phase.index, "published"));
  const scheduled = await applyResolution(
    ctx,
    tx,
    game,
    ruleset,
    phase,
    next,
    now,
    {
      writes: [resolution, eventsInsert(tx, game.id, resolutionId, report)],
      effects: { origin: `resolve:${phase.index}`, effects, resolutionId: null },
    },
    loaded.seq,
  );
  return { value: report, deadlines: scheduled, outbox: true };
}

/**
 * Review mode's resolution: the draft, its held effects, its card in the GM room and its grace
 * timer.
 *
 * In review mode a resolution is a draft until a GM publishes it (or its grace period ends):
 * the draft row keeps the report, the newspaper and private results wait in the outbox under
 * it, and the log, the snapshot and the phase stay as they were, so every view players have
 * (state, /role, /game status, chat access, the newspaper) is the one before the resolution.
 * Publication (review.ts) applies it by resolving the phase again from the log at the draft's
 * time (the engine is deterministic: the same report) and opens the next phase then. While a
 * draft is pending, players' inputs are refused; a GM's correction holds the draft until a Re-run.
 */
export async function draftLocked(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
  phase: PhaseRow,
  resolved: { state: AnyGameState; next: AnyGameState; report: PhaseReport; at: Date },
  note?: DraftNote,
): Promise<Committed<PhaseReport>> {
  const { report, at } = resolved;
  const [resolution] = await tx
    .insert(resolutions)
    .values({
      gameId: game.id,
      phaseIndex: phase.index,
      phase: phase.label,
      report,
      status: "draft",
      // The time the report was computed for: publication resolves again at this time.
      createdAt: at,
    })
    .returning();
  if (!resolution) throw new Error("insert returned nothing");
  await eventsInsert(tx, game.id, resolution.id, report);
  const effects = await resolutionEffects(ctx, tx, game, ruleset, phase, resolved);
  await writeOutbox(tx, game.id, `draft:${resolution.id}`, effects, resolution.id);
  // The phase's own timers are over (it stays open, closed to players, until publication).
  await endPhaseDeadlines(tx, game.id, phase.index, { status: "done", at });
  const dueAt = new Date(at.getTime() + REVIEW_GRACE_MS);
  const [publish] = await tx
    .insert(deadlines)
    .values({
      gameId: game.id,
      phaseIndex: phase.index,
      kind: "publish",
      dueAt,
      jobId: jobIds.publish(game.id, phase.index, dueAt),
    })
    .onConflictDoUpdate({
      target: [deadlines.gameId, deadlines.phaseIndex, deadlines.kind, deadlines.key],
      set: { dueAt, jobId: jobIds.publish(game.id, phase.index, dueAt), status: "pending", doneAt: null },
    })
    .returning();
  const card = await draftCardEffect(ctx, tx, game, ruleset, resolution, note ?? { kind: "waiting" });
  const status = await gmStatusEffect(ctx, tx, game, ruleset, resolved.state, phase, "drafted");
  await writeOutbox(tx, game.id, `draft-card:${resolution.id}`, [status, card], null);
  return { value: report, deadlines: publish ? [publish] : [], outbox: true };
}

/** The insert of a resolution's event rows (deaths, then the report's events), not yet sent. */
export function eventsInsert(
  tx: Tx,
  gameId: string,
  resolutionId: number,
  report: PhaseReport,
): Writing | null {
  const eventRows = [
    ...report.deaths.map((d) => ({ type: "death", payload: d })),
    ...report.events.map((e) => ({ type: e.type, payload: e })),
  ];
  if (eventRows.length === 0) return null;
  return tx.insert(events).values(eventRows.map((e, position) => ({ gameId, resolutionId, position, ...e })));
}

/**
 * Makes a resolution part of the game: the resolve input (at `at`, the time it was computed
 * for, so a replay gives the same report) and its snapshot, the phase closed, and the next
 * phase opened now with its deadlines and what it posts as it opens (or the game ended). Returns
 * the new phase's deadlines. `alongside`: the caller's writes that depend on none of these (its
 * events) and its effects, which go out before the next phase's. All of it is one statement
 * after the reads: a resolution's round trips are what the newspaper waits for. `logSeq`: the
 * log's last seq, when the caller loaded the state under the game's lock (read again otherwise).
 */
export async function applyResolution(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
  phase: PhaseRow,
  next: AnyGameState,
  at: Date,
  alongside: { writes: (Writing | null)[]; effects?: OutboxGroup } = { writes: [] },
  logSeq?: number,
): Promise<DeadlineRow[]> {
  const now = ctx.clock.now();
  const resolveSeq = (logSeq ?? (await lastSeq(tx, game.id))) + 1;
  const writes: Writing[] = [
    ...alongside.writes.filter((w): w is Writing => w !== null),
    tx.insert(inputs).values({
      gameId: game.id,
      seq: resolveSeq,
      phase: phase.label,
      type: "resolve",
      userId: "system",
      payload: {},
      accepted: true,
      at,
    }),
    tx.update(phases).set({ status: "resolved", resolvedAt: now }).where(eq(phases.id, phase.id)),
    endPhaseDeadlines(tx, game.id, phase.index, { status: "done", at: now }),
    tx.insert(gameSnapshots).values({ gameId: game.id, inputSeq: resolveSeq, state: next }),
  ];
  const effects: OutboxGroup[] = alongside.effects ? [alongside.effects] : [];
  if (next.ended) {
    writes.push(tx.update(games).set({ status: "ended", updatedAt: now }).where(eq(games.id, game.id)));
    effects.push({ origin: "reveal", effects: [{ type: "reveal" }], resolutionId: null });
    const outboxRows = outboxGroupsInsert(tx, game.id, effects);
    await together(tx, outboxRows ? [...writes, outboxRows] : writes);
    return [];
  }
  const index = phase.index + 1;
  const opening = phaseValues(ctx, game, ruleset, next, index);
  // What the new phase emitted as it opened (ruleset.onPhaseOpen) goes out at once, then the
  // panels; its row is written as having delivered it.
  const emitted = await emittedEffects(ctx, tx, game, ruleset, next, {
    label: opening.label,
    deliveredPublic: 0,
    deliveredPrivate: 0,
  });
  const posts = await withDeadlineNotice(tx, game, opening, emitted);
  posts.push({ type: "panels", phaseIndex: index }, deferredGmStatus(index));
  effects.push({ origin: `open:${index}`, effects: posts, resolutionId: null });
  writes.push(
    tx.insert(phases).values({
      ...opening,
      deliveredPublic: next.output.public.length,
      deliveredPrivate: next.output.private.length,
    }),
  );
  const outboxRows = outboxGroupsInsert(tx, game.id, effects);
  if (outboxRows) writes.push(outboxRows);
  if (!opening.deadlineAt) {
    await together(tx, writes);
    return [];
  }
  // Last, so the statement returns the new deadlines' rows (their ids name the jobs).
  writes.push(scheduleDeadlines(ctx, tx, game, index, opening.deadlineAt));
  return fromReturnedRows(deadlines, await together(tx, writes));
}

/** The row of the phase the state is in, as row `index`, opening now with its deadline. */
function phaseValues(
  ctx: GameContext,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
  state: AnyGameState,
  index: number,
) {
  const now = ctx.clock.now();
  const deadlineAt = deadlineFor(ruleset.deadline(state), now, {
    timezone: game.timezone,
    phaseDurationMs: game.phaseDurationMs,
  });
  return {
    gameId: game.id,
    index,
    label: phaseLabel(state.phase),
    kind: state.phase.kind,
    number: state.phase.n,
    startedAt: now,
    deadlineAt,
  };
}

/** Opens the phase the state is in, as row `index`, with its deadline and reminders scheduled. */
export async function openPhase(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
  state: AnyGameState,
  index: number,
): Promise<{ phase: PhaseRow; deadlines: DeadlineRow[] }> {
  const values = phaseValues(ctx, game, ruleset, state, index);
  const [phase] = await tx.insert(phases).values(values).returning();
  if (!phase) throw new Error("insert returned nothing");
  const rows = values.deadlineAt ? await scheduleDeadlines(ctx, tx, game, index, values.deadlineAt) : [];
  return { phase, deadlines: rows };
}

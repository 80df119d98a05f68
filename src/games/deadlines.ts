import { and, asc, eq, sql } from "drizzle-orm";
import type { RulesetDefinition } from "../engine/ruleset.js";
import { phaseLabel, type AnyGameState } from "../engine/types.js";
import { deadlines, games, phases } from "../db/schema/index.js";
import { phaseName, t } from "../i18n/index.js";
import { jobIds } from "../jobs/registry.js";
import { changeGame, writeOutbox, type Committed, type Writing } from "./changes.js";
import type { GameContext } from "./context.js";
import { logControl, requireGm } from "./control.js";
import { UserError } from "./errors.js";
import { deferredGmStatus } from "./gm-status.js";
import { currentPhase, languageOf, pendingDraft } from "./reads.js";
import type { DeadlineRow, GameRow, PhaseRow } from "./rows.js";
import { deadlineFor, reminderTimes } from "./schedule.js";
import type { Tx } from "./state.js";
import { discordTime, localTime } from "./time.js";

/**
 * The deadline scheduler: a phase's resolve deadline and its reminders, the ruleset's real-time
 * windows, as rows of `deadlines` written in the change's transaction (their jobs are enqueued
 * after the commit, src/jobs/scheduler.ts); the GM's commands that move the clock (force,
 * extend, set, pause, resume) and the rules' own moves of it. The times themselves are
 * computed by schedule.ts.
 */

const DAY_MS = 24 * 3_600_000;

/** How far ahead a GM may set a deadline (`/gm deadline`): a typo of a year is refused. */
export const DEADLINE_MAX_DAYS = 30;

/**
 * The resolve deadline and its reminders, as rows; the jobs are enqueued after commit. The
 * statement is built and sent when awaited (its rows back), or sent with others (`together`).
 */
export function scheduleDeadlines(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  phaseIndex: number,
  deadlineAt: Date,
) {
  const now = ctx.clock.now();
  const wanted = [
    { kind: "resolve" as const, key: "", dueAt: deadlineAt, payload: {} },
    ...reminderTimes(deadlineAt, game.reminders, now).map((r) => ({
      kind: "reminder" as const,
      key: String(r.minutes),
      dueAt: r.at,
      payload: { minutesBefore: r.minutes },
    })),
  ];
  // One statement for all of them; on a move (extend, resume) the rows are updated in place.
  return tx
    .insert(deadlines)
    .values(
      wanted.map((w) => ({
        gameId: game.id,
        phaseIndex,
        kind: w.kind,
        key: w.key,
        dueAt: w.dueAt,
        jobId: jobIds.phaseDeadline(w.kind, game.id, phaseIndex, w.key, deadlineAt),
        payload: w.payload,
      })),
    )
    .onConflictDoUpdate({
      target: [deadlines.gameId, deadlines.phaseIndex, deadlines.kind, deadlines.key],
      set: {
        dueAt: sql`excluded.due_at`,
        jobId: sql`excluded.job_id`,
        status: "pending",
        doneAt: null,
        payload: sql`excluded.payload`,
      },
    })
    .returning();
}

/**
 * The ruleset's real-time windows (regnum's interrogation answers) as deadline rows of kind
 * `interrogation`, keyed by the window; an existing row is kept (the window does not move).
 * Their jobs fire through timers.ts.
 */
export async function scheduleTimers(
  tx: Tx,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
  state: AnyGameState,
  phaseIndex: number,
): Promise<DeadlineRow[]> {
  const timers = ruleset.timers?.(state) ?? [];
  if (timers.length === 0) return [];
  return tx
    .insert(deadlines)
    .values(
      timers.map((t) => ({
        gameId: game.id,
        phaseIndex,
        kind: "interrogation" as const,
        key: t.key,
        dueAt: new Date(t.at),
        jobId: jobIds.timer(game.id, t.key, t.at),
        payload: { key: t.key },
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/**
 * Ends a phase's pending deadlines (all of them, or those of one kind): `done` when their time
 * came (the phase resolved or was published), `cancelled` when they were moved or dropped. A job
 * that fires for an ended row finds it no longer pending and does nothing. Not sent until awaited
 * (or written `together` with others).
 */
export function endPhaseDeadlines(
  tx: Tx,
  gameId: string,
  phaseIndex: number,
  end: { status: "done" | "cancelled"; at?: Date; kind?: DeadlineRow["kind"] },
): Writing {
  return tx
    .update(deadlines)
    .set({ status: end.status, ...(end.at ? { doneAt: end.at } : {}) })
    .where(
      and(
        eq(deadlines.gameId, gameId),
        eq(deadlines.phaseIndex, phaseIndex),
        eq(deadlines.status, "pending"),
        end.kind ? eq(deadlines.kind, end.kind) : undefined,
      ),
    );
}

/** Moves the open phase's deadline (and its reminders), logged as a control input. */
export async function moveDeadlineLocked(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  phase: PhaseRow,
  deadlineAt: Date,
  byUserId: string,
  action: string,
): Promise<DeadlineRow[]> {
  await logControl(ctx, tx, game.id, byUserId, action, { deadlineAt: deadlineAt.toISOString() });
  await tx.update(phases).set({ deadlineAt }).where(eq(phases.id, phase.id));
  await endPhaseDeadlines(tx, game.id, phase.index, { status: "cancelled" });
  return scheduleDeadlines(ctx, tx, game, phase.index, deadlineAt);
}

/**
 * Players learn of a moved deadline in the newspaper, as a timestamp each reads in their own
 * zone, and on their orders panels (edited in place); the GM room's status of the phase shows it.
 */
export async function announceDeadline(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  phase: PhaseRow,
  key: "deadline.moved" | "deadline.rules_moved" | "deadline.resumed",
): Promise<void> {
  if (!phase.deadlineAt) return;
  const lang = await languageOf(tx, game.guildId);
  const content = t(lang, key, {
    phase: phaseName(lang, phase.label),
    when: discordTime(phase.deadlineAt),
  });
  await writeOutbox(
    tx,
    game.id,
    `${key}:${phase.index}:${phase.deadlineAt.getTime()}`,
    [
      { type: "post", chat: "newspaper", content },
      deferredGmStatus(phase.index),
      { type: "panels", phaseIndex: phase.index, refresh: true },
    ],
    null,
  );
}

/**
 * An input that moves the rules' deadline (reichstag's extension requests, a new step) moves
 * the real one by as much. In a game on a fixed phase duration (a blitz or the sandbox) the
 * rules' hours are scaled so that a rules day (24 h) is one phase (docs/rules/reichstag.md).
 */
export async function followRulesDeadline(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
  before: AnyGameState,
  after: AnyGameState,
  phase: PhaseRow,
): Promise<DeadlineRow[]> {
  const was = ruleset.deadline(before);
  const now = ruleset.deadline(after);
  if (JSON.stringify(was) === JSON.stringify(now) || phaseLabel(before.phase) !== phaseLabel(after.phase))
    return [];
  const rulesOnly = { timezone: game.timezone, phaseDurationMs: null };
  const from = deadlineFor(was, phase.startedAt, rulesOnly);
  const to = deadlineFor(now, phase.startedAt, rulesOnly);
  if (!from || !to) return [];
  let shift = to.getTime() - from.getTime();
  if (game.phaseDurationMs !== null) shift = Math.round((shift * game.phaseDurationMs) / DAY_MS);
  if (shift === 0) return [];
  if (phase.remainingMs !== null) {
    // Paused: the frozen remainder moves; resume schedules from it.
    await tx
      .update(phases)
      .set({ remainingMs: Math.max(0, phase.remainingMs + shift) })
      .where(eq(phases.id, phase.id));
    return [];
  }
  if (!phase.deadlineAt || game.status !== "running") return [];
  const deadlineAt = new Date(Math.max(ctx.clock.now().getTime(), phase.deadlineAt.getTime() + shift));
  const rows = await moveDeadlineLocked(ctx, tx, game, phase, deadlineAt, "system", "rules_deadline");
  await announceDeadline(ctx, tx, game, { ...phase, deadlineAt }, "deadline.rules_moved");
  return rows;
}

async function moveDeadline(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
  action: "force" | "extend" | "deadline",
  to: (current: Date, game: GameRow) => Date,
): Promise<Committed<DeadlineRow>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    if (game.status !== "running") throw new UserError("game.not_running");
    const phase = await currentPhase(tx, gameId);
    if (!phase) throw new UserError("game.not_running");
    if (await pendingDraft(tx, gameId)) throw new UserError("game.in_review");
    const deadlineAt = to(phase.deadlineAt ?? ctx.clock.now(), game);
    const rows = await moveDeadlineLocked(ctx, tx, game, phase, deadlineAt, byUserId, action);
    const resolve = rows.find((r) => r.kind === "resolve");
    if (!resolve) throw new Error("no resolve deadline scheduled");
    if (action === "force") return { value: resolve, deadlines: rows, outbox: false };
    await announceDeadline(ctx, tx, game, { ...phase, deadlineAt }, "deadline.moved");
    return { value: resolve, deadlines: rows, outbox: true };
  });
}

/** The GM forces the phase to resolve now. Runs in the worker like any deadline. */
export async function forceNow(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
): Promise<Committed<DeadlineRow>> {
  return moveDeadline(ctx, gameId, byUserId, "force", () => ctx.clock.now());
}

export async function extend(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
  minutes: number,
): Promise<Committed<DeadlineRow>> {
  if (!Number.isInteger(minutes) || minutes <= 0 || minutes > 7 * 24 * 60) {
    throw new UserError("game.bad_extension");
  }
  return moveDeadline(
    ctx,
    gameId,
    byUserId,
    "extend",
    (current) => new Date(current.getTime() + minutes * 60_000),
  );
}

/**
 * The GM sets the open phase's deadline to a given time (docs/time.md): not in the past, at
 * most DEADLINE_MAX_DAYS ahead. The resolve job and the reminders move like an extension's.
 */
export async function setDeadline(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
  at: Date,
): Promise<Committed<DeadlineRow>> {
  return moveDeadline(ctx, gameId, byUserId, "deadline", (_current, game) => {
    const now = ctx.clock.now();
    if (at.getTime() <= now.getTime()) {
      throw new UserError("gm.deadline_past", { local: localTime(at, game.timezone), zone: game.timezone });
    }
    if (at.getTime() - now.getTime() > DEADLINE_MAX_DAYS * DAY_MS)
      throw new UserError("gm.deadline_too_far", { max_days: DEADLINE_MAX_DAYS });
    return at;
  });
}

/** The GM stops the clock: the open phase keeps what was left of it. */
export async function pause(ctx: GameContext, gameId: string, byUserId: string): Promise<Committed<null>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    await logControl(ctx, tx, gameId, byUserId, "pause", {});
    if (game.status !== "running") throw new UserError("game.not_running");
    // A draft waits: Hold is how a GM stops its clock.
    if (await pendingDraft(tx, gameId)) throw new UserError("game.in_review");
    const phase = await currentPhase(tx, gameId);
    const now = ctx.clock.now();
    if (phase?.deadlineAt) {
      await tx
        .update(phases)
        .set({ pausedAt: now, remainingMs: Math.max(0, phase.deadlineAt.getTime() - now.getTime()) })
        .where(eq(phases.id, phase.id));
    }
    if (phase) {
      await endPhaseDeadlines(tx, gameId, phase.index, { status: "cancelled" });
    }
    await tx.update(games).set({ status: "paused", updatedAt: now }).where(eq(games.id, gameId));
    if (!phase?.deadlineAt) return { value: null, deadlines: [], outbox: false };
    // Players learn that the clock stopped (the deadline they were shown no longer holds).
    const lang = await languageOf(tx, game.guildId);
    await writeOutbox(
      tx,
      gameId,
      `paused:${phase.index}:${now.getTime()}`,
      [
        {
          type: "post",
          chat: "newspaper",
          content: t(lang, "deadline.paused", { phase: phaseName(lang, phase.label) }),
        },
        // The GM room's status and the players' panels no longer show a deadline.
        deferredGmStatus(phase.index),
        { type: "panels", phaseIndex: phase.index, refresh: true },
      ],
      null,
    );
    return { value: null, deadlines: [], outbox: true };
  });
}

/** The GM restarts the clock: the open phase's deadline is now plus what was left of it. */
export async function resume(ctx: GameContext, gameId: string, byUserId: string): Promise<Committed<null>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    await logControl(ctx, tx, gameId, byUserId, "resume", {});
    if (game.status !== "paused") throw new UserError("game.not_paused");
    const phase = await currentPhase(tx, gameId);
    const now = ctx.clock.now();
    await tx.update(games).set({ status: "running", updatedAt: now }).where(eq(games.id, gameId));
    if (!phase || phase.remainingMs === null) return { value: null, deadlines: [], outbox: false };
    const deadlineAt = new Date(now.getTime() + phase.remainingMs);
    await tx
      .update(phases)
      .set({ deadlineAt, pausedAt: null, remainingMs: null })
      .where(eq(phases.id, phase.id));
    const running = { ...game, status: "running" as const };
    const rows = await scheduleDeadlines(ctx, tx, running, phase.index, deadlineAt);
    await announceDeadline(ctx, tx, running, { ...phase, deadlineAt }, "deadline.resumed");
    return { value: null, deadlines: rows, outbox: true };
  });
}

/** Deadlines that should have a job: the worker re-enqueues them at start. */
export async function pendingDeadlines(ctx: GameContext): Promise<DeadlineRow[]> {
  return ctx.db.select().from(deadlines).where(eq(deadlines.status, "pending")).orderBy(asc(deadlines.dueAt));
}

export async function markDeadlineDone(ctx: GameContext, deadlineId: number): Promise<void> {
  await ctx.db
    .update(deadlines)
    .set({ status: "done", doneAt: ctx.clock.now() })
    .where(and(eq(deadlines.id, deadlineId), eq(deadlines.status, "pending")));
}

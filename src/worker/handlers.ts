import { DelayedError, UnrecoverableError } from "bullmq";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { deadlines, games } from "../db/schema/index.js";
import { deadlineLatenessSeconds, phaseResolutions, phaseResolutionSeconds } from "../http/metrics.js";
import { UserError } from "../games/errors.js";
import { sendReminder } from "../games/reminders.js";
import { closeSignups, remindSignups } from "../games/signups.js";
import type { Clock, GameService } from "../games/service.js";
import type { JobHandlers } from "../jobs/registry.js";
import type { Scheduler } from "../jobs/scheduler.js";
import type { Logger } from "../log.js";
import type { DrainTurn } from "../discord/outbox.js";
import type { EffectPriority } from "../games/effects.js";

/**
 * Performs a game's pending outbox rows (src/discord/outbox.ts `drainOutbox`, bound to its deps);
 * `retryAt` when a row waits after a transient failure. Given `{ wait: false }`, it answers
 * `busy` at once when another drain of the game holds the game's drain lock (a Postgres advisory
 * lock, src/db/locks.ts `tryAdvisoryLock`) instead of waiting for it.
 */
export type DrainFn = (
  gameId: string,
  options: { wait: false; turn?: DrainTurn },
) => Promise<{ done: number; failed: number; retryAt?: Date; busy?: true; more?: EffectPriority }>;

export interface HandlerDeps {
  db: Db;
  service: GameService;
  scheduler: Scheduler;
  drain: DrainFn;
  log: Logger;
  clock: Clock;
}

/** Counts a committed resolution, its duration and how late it came after its deadline. */
async function recordResolution(
  deps: Pick<HandlerDeps, "db" | "clock">,
  gameId: string,
  deadlineId: number,
  seconds: number,
): Promise<void> {
  const [row] = await deps.db
    .select({ ruleset: games.ruleset, dueAt: deadlines.dueAt })
    .from(deadlines)
    .innerJoin(games, eq(games.id, deadlines.gameId))
    .where(and(eq(deadlines.id, deadlineId), eq(deadlines.gameId, gameId)));
  const ruleset = row?.ruleset ?? "unknown";
  phaseResolutions.inc({ ruleset });
  phaseResolutionSeconds.observe({ ruleset }, seconds);
  if (row)
    deadlineLatenessSeconds.observe(Math.max(0, deps.clock.now().getTime() - row.dueAt.getTime()) / 1000);
}

/** A game that no longer exists will never succeed: no retries. */
function unrecoverable(error: unknown): never {
  if (error instanceof UserError && error.key === "game.not_found") {
    throw new UnrecoverableError(`game not found`);
  }
  throw error;
}

/** How long a drain that finds another drain of the same game running waits before it tries again. */
const DRAIN_BUSY_DELAY_MS = 200;

/**
 * The fair share of Discord's global limit (docs/scaling.md): a drain job performs one turn of
 * its game, at most this many outbox rows of one priority, then goes back in line. With critical
 * rows left it goes to the end of the queue (games in turn); with only cosmetic rows left it
 * waits behind every critical drain (a BullMQ priority: jobs without one are taken first), so
 * every game's newspaper and chats go out before any game's tally edits and panels.
 */
export const DRAIN_TURN: DrainTurn = { rows: 8 };
/** The BullMQ priority of a drain with only cosmetic rows left (any positive one is after none). */
export const COSMETIC_DRAIN_PRIORITY = 10;

export function createHandlers(deps: HandlerDeps): JobHandlers {
  const { service, scheduler, log } = deps;

  /**
   * After a commit: request a drain, then enqueue every pending deadline of the game (not just
   * the ones the commit returned, so a retry after a failed enqueue heals it). The drain goes
   * first: the newspaper waits for nothing else, and a deadline enqueued a few milliseconds
   * later is still far from due. `version`: what the commit published, when this job committed.
   */
  const settle = async (gameId: string, version: number | undefined) => {
    await scheduler.requestDrain(gameId, version);
    const rows = await deps.db
      .select()
      .from(deadlines)
      .where(and(eq(deadlines.gameId, gameId), eq(deadlines.status, "pending")));
    await scheduler.enqueueDeadlines(rows);
  };

  return {
    "phase.resolve": async ({ gameId, phaseIndex, deadlineId }, job) => {
      const started = performance.now();
      const committed = await service
        .resolveDue(gameId, phaseIndex, { deadlineId, jobId: job.id ?? "" })
        .catch(unrecoverable);
      if (committed.value) {
        const seconds = (performance.now() - started) / 1000;
        log.info({ gameId, phaseIndex, phase: committed.value.phase, jobId: job.id }, "phase resolved");
        // Off the job's path: metrics never delay the follow-ups.
        void recordResolution(deps, gameId, deadlineId, seconds).catch((error: unknown) =>
          log.debug({ err: (error as Error).message }, "resolution metrics not recorded"),
        );
      }
      // Also on a retry that found the phase already resolved: its follow-ups must exist.
      await settle(gameId, committed.version);
    },

    "phase.remind": async ({ gameId, phaseIndex, deadlineId }, job) => {
      const committed = await sendReminder(deps.db, deps.clock, gameId, phaseIndex, {
        deadlineId,
        jobId: job.id ?? "",
      }).catch(unrecoverable);
      if (committed.value.sent) log.info({ gameId, phaseIndex, ...committed.value }, "reminder sent");
      await scheduler.afterCommit(gameId, { deadlines: [], outbox: true });
    },

    "phase.publish": async ({ gameId, phaseIndex, deadlineId }, job) => {
      let version: number | undefined;
      try {
        const committed = await service.publish(gameId, phaseIndex, null, {
          deadlineId,
          jobId: job.id ?? "",
        });
        version = committed.version;
        if (committed.value) log.info({ gameId, phaseIndex }, "draft published after its grace period");
      } catch (error) {
        if (error instanceof UserError && error.key === "game.no_draft") {
          await service.markDeadlineDone(deadlineId);
          return;
        }
        unrecoverable(error);
      }
      // Publication opened the next phase: the drain, and its deadlines.
      await settle(gameId, version);
    },

    "game.timer": async ({ gameId, deadlineId }, job) => {
      try {
        const committed = await service.fireTimer(gameId, { deadlineId, jobId: job.id ?? "" });
        await scheduler.afterCommit(gameId, committed);
      } catch (error) {
        unrecoverable(error);
      }
    },

    "signup.close": async ({ gameId, deadlineId }, job) => {
      const committed = await closeSignups(deps.db, deps.clock, gameId, {
        deadlineId,
        jobId: job.id ?? "",
      }).catch(unrecoverable);
      if (committed.value !== "nothing") log.info({ gameId, outcome: committed.value }, "sign-ups closed");
      if (committed.value === "started") await settle(gameId, committed.version);
      else await scheduler.afterCommit(gameId, committed);
    },

    "signup.remind": async ({ gameId, deadlineId }, job) => {
      const committed = await remindSignups(deps.db, deps.clock, gameId, {
        deadlineId,
        jobId: job.id ?? "",
      }).catch(unrecoverable);
      await scheduler.afterCommit(gameId, committed);
    },

    "outbox.drain": async ({ gameId }, job, token) => {
      // One drain per game at a time (across workers): the drain's own Postgres advisory lock,
      // tried without waiting. A drain running in this worker drains again instead of this job
      // (handed over: the job is done); one running in another worker makes this job busy, and
      // it is delayed, so it holds neither a worker slot nor a connection; a killed worker's
      // lock ends with its session.
      const result = await deps.drain(gameId, { wait: false, turn: DRAIN_TURN });
      if (result.busy) {
        await job.moveToDelayed(Date.now() + DRAIN_BUSY_DELAY_MS, token);
        throw new DelayedError();
      }
      if (result.done > 0 || result.failed > 0) log.debug({ gameId, ...result }, "outbox drained");
      if (result.failed > 0) log.warn({ gameId, failed: result.failed }, "outbox rows refused for good");
      // Its turn is over with rows ready: back in line (at the end, or behind every critical
      // drain), without spending an attempt. The job keeps its id: a request meanwhile is a no-op.
      if (result.more) {
        await job.changePriority({ priority: result.more === "critical" ? 0 : COSMETIC_DRAIN_PRIORITY });
        await job.moveToDelayed(Date.now(), token);
        throw new DelayedError();
      }
      // A row waits out a transient Discord failure: the same job runs again then, without
      // spending one of its attempts, so a drain never gives up during an outage.
      if (result.retryAt) {
        await job.moveToDelayed(Math.max(Date.now(), result.retryAt.getTime()), token);
        throw new DelayedError();
      }
    },
  };
}

import { DelayedError, UnrecoverableError } from "bullmq";
import { and, eq } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Db } from "../db/client.js";
import { deadlines, games } from "../db/schema/index.js";
import { deadlineLatenessSeconds, phaseResolutions, phaseResolutionSeconds } from "../http/metrics.js";
import { UserError } from "../games/errors.js";
import { sendReminder } from "../games/reminders.js";
import type { Clock, GameService } from "../games/service.js";
import type { JobHandlers } from "../jobs/registry.js";
import type { Scheduler } from "../jobs/scheduler.js";
import type { Logger } from "../log.js";

/**
 * Performs a game's pending outbox rows (src/discord/outbox.ts `drainOutbox`, bound to its deps);
 * `retryAt` when a row waits after a transient failure.
 */
export type DrainFn = (gameId: string) => Promise<{ done: number; failed: number; retryAt?: Date }>;

export interface HandlerDeps {
  db: Db;
  redis: Redis;
  /** Namespace of the worker's own Redis keys (the queue prefix). */
  lockPrefix: string;
  /** How long a drain lock lives: the lock of a killed worker expires after this. */
  drainLockMs: number;
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
const RELEASE_LOCK = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

export function createHandlers(deps: HandlerDeps): JobHandlers {
  const { service, scheduler, log } = deps;

  /**
   * After a commit: enqueue every pending deadline of the game (not just the ones the commit
   * returned, so a retry after a failed enqueue heals it) and request a drain.
   */
  const settle = async (gameId: string, outbox: boolean) => {
    const rows = await deps.db
      .select()
      .from(deadlines)
      .where(and(eq(deadlines.gameId, gameId), eq(deadlines.status, "pending")));
    await scheduler.enqueueDeadlines(rows);
    if (outbox) await scheduler.requestDrain(gameId);
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
      await settle(gameId, true);
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
      try {
        const committed = await service.publish(gameId, phaseIndex, null, {
          deadlineId,
          jobId: job.id ?? "",
        });
        if (committed.value) log.info({ gameId, phaseIndex }, "draft published after its grace period");
      } catch (error) {
        if (error instanceof UserError && error.key === "game.no_draft") {
          await service.markDeadlineDone(deadlineId);
          return;
        }
        unrecoverable(error);
      }
      // Publication opened the next phase: its deadlines, then the drain.
      await settle(gameId, true);
    },

    "game.timer": async ({ gameId, deadlineId }, job) => {
      try {
        const committed = await service.fireTimer(gameId, { deadlineId, jobId: job.id ?? "" });
        await scheduler.afterCommit(gameId, committed);
      } catch (error) {
        unrecoverable(error);
      }
    },

    "outbox.drain": async ({ gameId }, job, token) => {
      // One drain per game at a time (across workers): a short Redis lock with an owner token,
      // released at the end or by expiry if this process dies. Postgres connections are not held.
      const key = `${deps.lockPrefix}:drain-lock:${gameId}`;
      const owner = `${job.id ?? ""}:${token ?? ""}`;
      const locked = await deps.redis.set(key, owner, "PX", deps.drainLockMs, "NX");
      if (locked !== "OK") {
        await job.moveToDelayed(Date.now() + DRAIN_BUSY_DELAY_MS, token);
        throw new DelayedError();
      }
      let retryAt: Date | undefined;
      try {
        const result = await deps.drain(gameId);
        if (result.done > 0 || result.failed > 0) log.debug({ gameId, ...result }, "outbox drained");
        if (result.failed > 0) log.warn({ gameId, failed: result.failed }, "outbox rows refused for good");
        retryAt = result.retryAt;
      } finally {
        await deps.redis.eval(RELEASE_LOCK, 1, key, owner).catch(() => undefined);
      }
      // A row waits out a transient Discord failure: the same job runs again then, without
      // spending one of its attempts, so a drain never gives up during an outage.
      if (retryAt) {
        await job.moveToDelayed(Math.max(Date.now(), retryAt.getTime()), token);
        throw new DelayedError();
      }
    },
  };
}

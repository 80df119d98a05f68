import { Queue, type Job, type JobsOptions } from "bullmq";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Redis } from "ioredis";
import type { Db } from "../db/client.js";
import { deadlinePayload, deadlines, games, outbox } from "../db/schema/index.js";
import type { AfterCommit, Clock, DeadlineRow } from "../games/service.js";
import type { Logger } from "../log.js";
import {
  assertJobId,
  jobForDeadlineKind,
  jobIds,
  OUTBOX_QUEUE_NAME,
  QUEUE_NAME,
  type JobName,
  type JobPayload,
} from "./registry.js";

/**
 * Enqueues the jobs that Postgres says must exist. Postgres is the truth: every deadline is a
 * row with a deterministic job id, so enqueueing twice is a no-op and a lost Redis is healed by
 * `recover()`. Both processes use it after their commits (the bot after inputs and GM
 * commands, the worker after resolutions).
 */

export const DEFAULT_PREFIX = "gm";

/** Retries with exponential backoff: 1 s, 2 s, 4 s, … (about 4 minutes in all). */
export const JOB_ATTEMPTS = 8;
export const JOB_BACKOFF_MS = 1_000;

const baseOptions: JobsOptions = {
  attempts: JOB_ATTEMPTS,
  backoff: { type: "exponential", delay: JOB_BACKOFF_MS },
  // Kept for a while so a late duplicate add of the same id is still a no-op.
  removeOnComplete: { age: 3_600, count: 20_000 },
  removeOnFail: { age: 7 * 24 * 3_600 },
};

/**
 * Deadlines first: a resolution job carries no priority (BullMQ runs those before any
 * prioritized job), reminders and review publications next. Outbox drains are on a queue of
 * their own (OUTBOX_QUEUE_NAME), so a slow Discord never makes a deadline late.
 */
export const JOB_PRIORITY = { remind: 2, publish: 2 } as const;

export function createQueue(redis: Redis, prefix = DEFAULT_PREFIX): Queue {
  const queue = new Queue(QUEUE_NAME, { connection: redis, prefix, defaultJobOptions: baseOptions });
  return queue;
}

/** The outbox drains' queue beside `queue` (same connection and prefix). */
export function outboxQueueBeside(queue: Queue): Queue {
  return new Queue(OUTBOX_QUEUE_NAME, {
    connection: queue.opts.connection,
    prefix: queue.opts.prefix ?? DEFAULT_PREFIX,
    defaultJobOptions: baseOptions,
  });
}

export interface SchedulerDeps {
  /** The deadlines' queue; the outbox queue is made beside it. */
  queue: Queue;
  db: Db;
  log?: Logger;
  clock?: Clock;
}

/** The job name, payload and options of a deadline row, or undefined for a kind without a job. */
export function deadlineJob(
  row: DeadlineRow,
  now: Date,
): { name: JobName; data: JobPayload<JobName>; opts: JobsOptions } | undefined {
  const name = jobForDeadlineKind(row.kind);
  if (!name) return undefined;
  const delay = Math.max(0, row.dueAt.getTime() - now.getTime());
  const base = { gameId: row.gameId, phaseIndex: row.phaseIndex, deadlineId: row.id };
  const payload = deadlinePayload.parse(row.payload);
  const data =
    name === "phase.remind" ? { ...base, minutesBefore: payload.minutesBefore ?? Number(row.key) } : base;
  const priority =
    name === "phase.remind"
      ? JOB_PRIORITY.remind
      : name === "phase.publish"
        ? JOB_PRIORITY.publish
        : undefined;
  return {
    name,
    data,
    opts: { ...baseOptions, jobId: assertJobId(row.jobId), delay, ...(priority ? { priority } : {}) },
  };
}

export interface RecoveryReport {
  /** Pending deadline rows whose job was missing from Redis (re-added). */
  deadlines: number;
  /** Jobs of pending rows that had failed for good (retried). */
  retried: number;
  /** Games with pending outbox rows (a drain requested). */
  drains: number;
  /** Pending deadlines overdue by more than LATE_AFTER_MS (each logged with its cause). */
  late: number;
}

/** A deadline still pending this long after it fell due is reported by the sweep. */
export const LATE_AFTER_MS = 30_000;

/** Why a deadline's job has not done its work yet, from the job's state in Redis. */
function lateCause(found: { job: Job; state: string } | undefined): string {
  if (!found || found.state === "unknown") return "its job was missing from Redis (re-added now)";
  const reason = found.job.failedReason ? `: ${found.job.failedReason}` : "";
  switch (found.state) {
    case "completed":
      return "its job completed but the deadline row was not marked done (run again now)";
    case "failed":
      return `its job failed for good${reason} (retried now)`;
    case "active":
      return found.job.attemptsMade > 0 ? `running again after failing${reason}` : "its job is still running";
    case "delayed":
      return found.job.attemptsMade > 0 ? `waiting to retry after failing${reason}` : "its job is delayed";
    default:
      return "its job is waiting for a free worker (the queue is backed up)";
  }
}

export class Scheduler {
  readonly queue: Queue;
  readonly outboxQueue: Queue;
  private readonly db: Db;
  private readonly log: Logger | undefined;
  private readonly clock: Clock;

  constructor(deps: SchedulerDeps) {
    this.queue = deps.queue;
    this.outboxQueue = outboxQueueBeside(deps.queue);
    this.db = deps.db;
    this.log = deps.log;
    this.clock = deps.clock ?? { now: () => new Date() };
  }

  /** Delayed jobs for new deadline rows (delay = dueAt − now, jobId = row.jobId). */
  async enqueueDeadlines(rows: readonly DeadlineRow[]): Promise<void> {
    const now = this.clock.now();
    const bulk = [];
    for (const row of rows) {
      if (row.status !== "pending") continue;
      const job = deadlineJob(row, now);
      if (!job) {
        this.log?.warn({ kind: row.kind, deadlineId: row.id }, "deadline kind without a job; not scheduled");
        continue;
      }
      bulk.push(job);
    }
    if (bulk.length > 0) await this.queue.addBulk(bulk);
  }

  /**
   * Asks for a drain of the game's outbox. The id is the game's version: requests for the same
   * committed state collapse into one job, and any later commit gets a new one, so a row
   * written while a drain runs is never left behind.
   */
  async requestDrain(gameId: string, committedVersion?: number): Promise<void> {
    // The version the caller's commit published names its drain as well as the version read
    // now would: a later commit requests a drain of its own.
    const [row] =
      committedVersion !== undefined
        ? [{ version: committedVersion }]
        : await this.db.select({ version: games.version }).from(games).where(eq(games.id, gameId));
    if (!row) return;
    await this.outboxQueue.add(
      "outbox.drain",
      { gameId },
      { ...baseOptions, jobId: jobIds.drain(gameId, row.version) },
    );
  }

  /** What a service call returned: its deadlines and, when needed, a drain. */
  async afterCommit(gameId: string, committed: AfterCommit): Promise<void> {
    await this.enqueueDeadlines(committed.deadlines);
    if (committed.outbox) await this.requestDrain(gameId, committed.version);
  }

  /**
   * Makes Redis agree with Postgres: every pending deadline has its job (re-added when
   * missing, retried when it failed for good), every game with pending outbox rows a drain.
   */
  async recover(): Promise<RecoveryReport> {
    const report: RecoveryReport = { deadlines: 0, retried: 0, drains: 0, late: 0 };
    const rows = await this.db
      .select()
      .from(deadlines)
      .where(eq(deadlines.status, "pending"))
      .orderBy(deadlines.dueAt);
    const missing: DeadlineRow[] = [];
    const chunk = 200;
    for (let i = 0; i < rows.length; i += chunk) {
      const part = rows.slice(i, i + chunk).filter((r) => jobForDeadlineKind(r.kind));
      const states = await Promise.all(
        part.map(async (r) => {
          const job = await this.queue.getJob(r.jobId);
          return job ? { job, state: await job.getState() } : undefined;
        }),
      );
      for (const [j, found] of states.entries()) {
        const row = part[j];
        if (!row) continue;
        const lateMs = this.clock.now().getTime() - row.dueAt.getTime();
        if (lateMs > LATE_AFTER_MS) {
          report.late += 1;
          this.log?.warn(
            {
              gameId: row.gameId,
              deadlineId: row.id,
              kind: row.kind,
              dueAt: row.dueAt.toISOString(),
              lateSeconds: Math.round(lateMs / 1000),
              jobState: found?.state ?? "missing",
              attempts: found?.job.attemptsMade ?? 0,
              cause: lateCause(found),
            },
            "deadline is late",
          );
        }
        if (!found || found.state === "unknown" || found.state === "completed") {
          // Completed yet pending: the job ran but its commit did not land; run it again.
          if (found) await found.job.remove().catch(() => undefined);
          missing.push(row);
        } else if (found.state === "failed") {
          await found.job.retry("failed");
          report.retried += 1;
        }
      }
    }
    await this.enqueueDeadlines(missing);
    report.deadlines = missing.length;

    const withOutbox = await this.db
      .selectDistinct({ gameId: outbox.gameId })
      .from(outbox)
      .where(eq(outbox.status, "pending"));
    for (const { gameId } of withOutbox) {
      const [game] = await this.db.select({ version: games.version }).from(games).where(eq(games.id, gameId));
      if (!game) continue;
      const id = jobIds.drain(gameId, game.version);
      const job = await this.outboxQueue.getJob(id);
      if (job && (await job.getState()) === "failed") await job.retry("failed");
      else if (!job) await this.requestDrain(gameId);
      report.drains += 1;
    }
    return report;
  }

  /** Closes the outbox queue it made (the deadlines' queue and the connection are the caller's). */
  async close(): Promise<void> {
    await this.outboxQueue.close();
  }

  /** Pending deadline rows of the given games (tests and tools). */
  async pendingOf(gameIds: readonly string[]): Promise<DeadlineRow[]> {
    if (gameIds.length === 0) return [];
    return this.db
      .select()
      .from(deadlines)
      .where(and(eq(deadlines.status, "pending"), inArray(deadlines.gameId, [...gameIds])))
      .orderBy(sql`${deadlines.dueAt}`);
  }
}

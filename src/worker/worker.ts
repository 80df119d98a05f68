import { Worker } from "bullmq";
import type { Redis } from "ioredis";
import type { Db } from "../db/client.js";
import { DEFAULT_RETRY } from "../discord/outbox.js";
import { GameService, systemClock, type Clock } from "../games/service.js";
import { checkHandlers, dispatch, OUTBOX_QUEUE_NAME, QUEUE_NAME } from "../jobs/registry.js";
import { createQueue, DEFAULT_PREFIX, Scheduler, type RecoveryReport } from "../jobs/scheduler.js";
import type { Logger } from "../log.js";
import { createHandlers, type DrainFn } from "./handlers.js";

/**
 * The worker: a BullMQ Worker on the deadlines' queue and one on the outbox drains' queue, each
 * with its own slots, the handlers of the job registry, recovery of Redis from Postgres at start
 * and periodically after.
 */

export interface WorkerSettings {
  /** BullMQ key prefix (one per deployment; tests use one per file). */
  prefix: string;
  /** Deadline jobs (resolutions, reminders, publications, timers) in hand at once in this process. */
  concurrency: number;
  /** Outbox drains in hand at once in this process (each holds a database connection while it runs). */
  drainConcurrency: number;
  /** How long a job's lock lives without renewal: a killed worker's job is taken over after it. */
  lockDurationMs: number;
  /** How often stalled jobs (of a dead worker) are looked for. */
  stalledIntervalMs: number;
  /** How often Postgres and Redis are compared (a flushed Redis heals without a restart). */
  sweepMs: number;
  /** Outbox backoff after a transient Discord failure: first wait, and the cap of the doubling. */
  outboxRetryBaseMs: number;
  outboxRetryCapMs: number;
}

export const defaultWorkerSettings: WorkerSettings = {
  prefix: DEFAULT_PREFIX,
  concurrency: 16,
  drainConcurrency: 4,
  lockDurationMs: 30_000,
  stalledIntervalMs: 15_000,
  sweepMs: 60_000,
  outboxRetryBaseMs: DEFAULT_RETRY.baseMs,
  outboxRetryCapMs: DEFAULT_RETRY.capMs,
};

export interface WorkerDeps {
  db: Db;
  redis: Redis;
  drain: DrainFn;
  log: Logger;
  clock?: Clock;
  settings?: Partial<WorkerSettings>;
}

export interface RunningWorker {
  worker: Worker;
  /** The Worker of the outbox drains' queue. */
  drainWorker: Worker;
  scheduler: Scheduler;
  recovered: RecoveryReport;
  /** Stops taking jobs, waits for the ones in hand, closes the queue (not Redis or Postgres). */
  stop(): Promise<void>;
}

export async function startWorker(deps: WorkerDeps): Promise<RunningWorker> {
  const settings = { ...defaultWorkerSettings, ...deps.settings };
  const { log } = deps;
  const clock = deps.clock ?? systemClock;
  const queue = createQueue(deps.redis, settings.prefix);
  queue.on("error", (error) => log.warn({ err: error.message }, "queue error"));
  const scheduler = new Scheduler({ queue, db: deps.db, log, clock });
  const service = new GameService(deps.db, clock);
  const handlers = createHandlers({
    db: deps.db,
    service,
    scheduler,
    drain: deps.drain,
    log,
    clock,
  });
  checkHandlers(handlers);

  const workerOn = (queueName: string, concurrency: number): Worker => {
    const worker = new Worker(queueName, (job, token) => dispatch(handlers, job, token), {
      connection: deps.redis,
      prefix: settings.prefix,
      concurrency,
      lockDuration: settings.lockDurationMs,
      stalledInterval: settings.stalledIntervalMs,
      // A worker killed while holding a job is no fault of the job: let it stall many times.
      maxStalledCount: 20,
      autorun: false,
    });
    worker.on("error", (error) => log.warn({ err: error.message }, "worker error"));
    worker.on("failed", (job, error) => {
      const final = job && job.attemptsMade >= (job.opts.attempts ?? 1);
      log[final ? "error" : "warn"](
        { jobId: job?.id, name: job?.name, attempt: job?.attemptsMade, err: error.message },
        final ? "job failed for good" : "job failed; will retry",
      );
    });
    return worker;
  };
  const worker = workerOn(QUEUE_NAME, settings.concurrency);
  const drainWorker = workerOn(OUTBOX_QUEUE_NAME, settings.drainConcurrency);

  const recovered = await scheduler.recover();
  log.info({ ...recovered }, "recovered jobs from Postgres");
  for (const running of [worker, drainWorker])
    void running.run().catch((error: unknown) => log.error({ err: error }, "worker stopped with an error"));

  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    scheduler
      .recover()
      .then((r) => {
        if (r.deadlines + r.retried > 0) log.warn({ ...r }, "re-enqueued jobs missing from Redis");
      })
      .catch((error: unknown) => log.warn({ err: (error as Error).message }, "sweep failed"))
      .finally(() => {
        sweeping = false;
      });
  }, settings.sweepMs);
  sweep.unref();

  return {
    worker,
    drainWorker,
    scheduler,
    recovered,
    async stop() {
      clearInterval(sweep);
      await Promise.all([worker.close(), drainWorker.close()]);
      await scheduler.close();
      await queue.close();
    },
  };
}

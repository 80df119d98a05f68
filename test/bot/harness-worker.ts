import { drainOutbox } from "../../src/discord/outbox.js";
import { startWorker, type RunningWorker, type WorkerSettings } from "../../src/worker/worker.js";
import { silentLog, type Harness } from "./harness.js";

/**
 * The real worker beside a harness's bot: its database, Redis, queue prefix and manual clock, its
 * outbox drained through the emulator. No recovery sweep within an hour unless `settings` says so.
 */
export function startHarnessWorker(
  h: Harness,
  options: { publicUrl?: string; settings?: Partial<WorkerSettings> } = {},
): Promise<RunningWorker> {
  const publicUrl = options.publicUrl;
  return startWorker({
    db: h.database.db,
    redis: h.redis,
    drain: (gameId, drainOptions) =>
      drainOutbox(
        {
          db: h.database.db,
          rest: h.rest,
          log: silentLog,
          ...(publicUrl !== undefined ? { publicUrl } : {}),
        },
        gameId,
        drainOptions,
      ),
    log: silentLog,
    clock: h.clock,
    settings: { prefix: h.queue.opts.prefix ?? "", sweepMs: 3_600_000, ...options.settings },
  });
}

import { z } from "zod";
import { defaultWorkerSettings, type WorkerSettings } from "./worker.js";

/** The worker's own optional tuning variables (the shared ones are in src/config/env.ts). */
const positive = z.coerce.number().int().positive();
const schema = z.object({
  WORKER_QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, { error: "letters, digits, '_' or '-'" })
    .default(defaultWorkerSettings.prefix),
  WORKER_CONCURRENCY: positive.max(256).default(defaultWorkerSettings.concurrency),
  WORKER_DRAIN_CONCURRENCY: positive.max(64).default(defaultWorkerSettings.drainConcurrency),
  WORKER_LOCK_MS: positive.min(500).default(defaultWorkerSettings.lockDurationMs),
  WORKER_STALLED_MS: positive.min(200).default(defaultWorkerSettings.stalledIntervalMs),
  WORKER_SWEEP_MS: positive.min(200).default(defaultWorkerSettings.sweepMs),
  OUTBOX_RETRY_BASE_MS: positive.min(10).default(defaultWorkerSettings.outboxRetryBaseMs),
  OUTBOX_RETRY_CAP_MS: positive.min(10).default(defaultWorkerSettings.outboxRetryCapMs),
});

export function workerSettingsFromEnv(source: Record<string, string | undefined>): WorkerSettings {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = source[key];
    if (value !== undefined && value.trim() !== "") cleaned[key] = value.trim();
  }
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    process.stderr.write(`Configuration error: ${String(issue?.path[0])}: ${issue?.message ?? "invalid"}\n`);
    process.exit(1);
  }
  const s = parsed.data;
  return {
    prefix: s.WORKER_QUEUE_PREFIX,
    concurrency: s.WORKER_CONCURRENCY,
    drainConcurrency: s.WORKER_DRAIN_CONCURRENCY,
    lockDurationMs: s.WORKER_LOCK_MS,
    stalledIntervalMs: s.WORKER_STALLED_MS,
    sweepMs: s.WORKER_SWEEP_MS,
    outboxRetryBaseMs: s.OUTBOX_RETRY_BASE_MS,
    outboxRetryCapMs: Math.max(s.OUTBOX_RETRY_CAP_MS, s.OUTBOX_RETRY_BASE_MS),
  };
}

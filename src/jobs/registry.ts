import { z } from "zod";

/**
 * The one registry of job names. Each name has a zod payload schema here and exactly one
 * handler in the worker (checked at start); job ids are deterministic, so enqueueing the same
 * deadline twice is a no-op.
 */
export const QUEUE_NAME = "gm-bot";

const gameId = z.string().uuid();
const phaseIndex = z.number().int().nonnegative();
/** The deadline row the job was enqueued for; a job for a moved or cancelled deadline does nothing. */
const deadlineId = z.number().int().positive();

export const jobPayloads = {
  /** The phase's deadline: resolve it (exactly once). */
  "phase.resolve": z.object({ gameId, phaseIndex, deadlineId }),
  /** A reminder some minutes before the deadline. */
  "phase.remind": z.object({ gameId, phaseIndex, deadlineId, minutesBefore: z.number().int().positive() }),
  /** Review mode: the grace period of a drafted resolution ended. */
  "phase.publish": z.object({ gameId, phaseIndex, deadlineId }),
  /** Perform the game's pending Discord side effects. */
  "outbox.drain": z.object({ gameId }),
} as const;

export type JobName = keyof typeof jobPayloads;
export type JobPayload<N extends JobName> = z.infer<(typeof jobPayloads)[N]>;
export const jobNames = Object.keys(jobPayloads) as JobName[];

/** Deterministic job id: one job per (game, phase, kind[, key]). BullMQ forbids ':' in ids. */
export function jobId(name: JobName, payload: Record<string, string | number>): string {
  const parts = Object.keys(payload)
    .sort()
    .map((key) => String(payload[key]));
  return [name.replace(".", "-"), ...parts].join("_");
}

export function parsePayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  return jobPayloads[name].parse(data) as JobPayload<N>;
}

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(jobPayloads, name);
}

export type JobHandlers = { [N in JobName]: (payload: JobPayload<N>) => Promise<void> };

/** Refuses a handler table that misses a job name or has one the registry does not know. */
export function checkHandlers(handlers: Record<string, unknown>): void {
  const missing = jobNames.filter((name) => typeof handlers[name] !== "function");
  const unknown = Object.keys(handlers).filter((name) => !isJobName(name));
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(`job handlers: missing [${missing.join(", ")}], unknown [${unknown.join(", ")}]`);
  }
}

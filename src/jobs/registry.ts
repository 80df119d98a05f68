import type { Job } from "bullmq";
import { z } from "zod";

/**
 * The one registry of job names. Each name has a zod payload schema here and exactly one
 * handler in the worker (checked at start); job ids are deterministic, so enqueueing the same
 * deadline twice is a no-op.
 */
export const QUEUE_NAME = "gm-bot";
/**
 * Outbox drains have a queue (and worker slots) of their own: a drain spends most of its time
 * waiting on Discord's rate limits, so on the deadlines' queue it could only come after every
 * resolution (or a slow Discord would make deadlines late); here delivery starts while the
 * resolutions of a busy minute are still committing, and never takes a deadline's slot.
 */
export const OUTBOX_QUEUE_NAME = "gm-bot-outbox";

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
  /** A real-time window of the ruleset ran out (regnum's interrogation answers). */
  "game.timer": z.object({ gameId, phaseIndex, deadlineId }),
  /** Timed sign-ups (src/games/signups.ts): their close starts the game or tells the GM. */
  "signup.close": z.object({ gameId, phaseIndex: z.number().int(), deadlineId }),
  /** A reminder in the sign-up channel before the close. */
  "signup.remind": z.object({ gameId, phaseIndex: z.number().int(), deadlineId }),
  /** Perform the game's pending Discord side effects. */
  "outbox.drain": z.object({ gameId }),
} as const;

export type JobName = keyof typeof jobPayloads;
export type JobPayload<N extends JobName> = z.infer<(typeof jobPayloads)[N]>;
export const jobNames = Object.keys(jobPayloads) as JobName[];

/** The deadline kinds of the `deadlines` table that have a job; others are not scheduled here. */
export const deadlineJobs = {
  resolve: "phase.resolve",
  reminder: "phase.remind",
  publish: "phase.publish",
  interrogation: "game.timer",
  signup_close: "signup.close",
  signup_remind: "signup.remind",
} as const satisfies Record<string, JobName>;

export function jobForDeadlineKind(kind: string): JobName | undefined {
  return Object.hasOwn(deadlineJobs, kind) ? deadlineJobs[kind as keyof typeof deadlineJobs] : undefined;
}

/** BullMQ uses ':' as its key separator and refuses it in custom ids. */
export function assertJobId(id: string): string {
  if (id.includes(":") || id.length === 0) throw new Error(`bad job id "${id}"`);
  return id;
}

/** Joins an id's parts with '_'; every job id is built here. */
function formatJobId(prefix: string, ...parts: readonly (string | number)[]): string {
  return assertJobId([prefix, ...parts.map(String)].join("_"));
}

/**
 * Deterministic job ids, one job per thing it is for, so enqueueing it twice is a no-op. A
 * deadline's id is stored in `deadlines.job_id` and the handler compares it with the running
 * job's id, so these formats are part of the stored data: changing one strands the pending
 * rows of running games. `cloneGames` in test/worker/support.ts builds the resolve id in SQL
 * with the same format.
 */
export const jobIds = {
  /**
   * A phase's resolve deadline or one of its reminders (key: minutes before, "" for resolve).
   * The phase's deadline is part of the id, so moving it (extend, resume) gives a new job and
   * the old one finds its row changed.
   */
  phaseDeadline: (
    kind: "resolve" | "reminder",
    gameId: string,
    phaseIndex: number,
    key: string,
    phaseDeadlineAt: Date,
  ): string => formatJobId(kind, gameId, phaseIndex, key || "0", phaseDeadlineAt.getTime()),
  /**
   * Review mode: the end of a drafted resolution's grace period. Drafts since re-runs existed
   * carry the end (ms), so a re-run's new grace period is a new job; older rows keep the id
   * without it (their jobs compare with the stored id).
   */
  publish: (gameId: string, phaseIndex: number, dueAt?: Date): string =>
    dueAt === undefined
      ? formatJobId("publish", gameId, phaseIndex)
      : formatJobId("publish", gameId, phaseIndex, dueAt.getTime()),
  /** A ruleset's real-time window, by its key and end (ms). */
  timer: (gameId: string, key: string, at: number): string => formatJobId("interrogation", gameId, key, at),
  /** A sign-up close or its reminder, by the close time (ms): extending gives new jobs. */
  signup: (kind: "signup_close" | "signup_remind", gameId: string, until: Date): string =>
    formatJobId(kind.replace("_", "-"), gameId, until.getTime()),
  /** A drain of the game's outbox for one committed version of the game. */
  drain: (gameId: string, version: number): string => formatJobId("outbox-drain", gameId, version),
} as const;

export function parsePayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  return jobPayloads[name].parse(data) as JobPayload<N>;
}

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(jobPayloads, name);
}

/** A handler gets the parsed payload, the BullMQ job (its id, attempts) and the job's lock token. */
export type JobHandler<N extends JobName> = (
  payload: JobPayload<N>,
  job: Job,
  token: string | undefined,
) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** Refuses a handler table that misses a job name or has one the registry does not know. */
export function checkHandlers(handlers: Record<string, unknown>): void {
  const missing = jobNames.filter((name) => typeof handlers[name] !== "function");
  const unknown = Object.keys(handlers).filter((name) => !isJobName(name));
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(`job handlers: missing [${missing.join(", ")}], unknown [${unknown.join(", ")}]`);
  }
}

/** Runs the one handler of `job.name` with its validated payload. */
export async function dispatch(handlers: JobHandlers, job: Job, token?: string): Promise<void> {
  if (!isJobName(job.name)) throw new Error(`unknown job name ${job.name}`);
  const name: JobName = job.name;
  const payload = parsePayload(name, job.data);
  await (handlers[name] as JobHandler<typeof name>)(payload, job, token);
}

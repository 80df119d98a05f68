import { Redis } from "ioredis";
import type { Logger } from "../log.js";
import { createDatabase, type Database } from "../db/client.js";

/** A dependency the process cannot start without, with a message fit for one log line. */
export class DependencyError extends Error {
  constructor(
    readonly dependency: string,
    readonly target: string,
    reason: string,
  ) {
    super(`${dependency} is unreachable at ${target}: ${reason}`);
  }
}

/** The URL without credentials, safe to print. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = url.username ? "***" : "";
    url.password = "";
    return url.toString();
  } catch {
    return "(malformed URL)";
  }
}

function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reasonOf(error.errors[0]);
  if (error instanceof Error) return error.message || error.constructor.name;
  return String(error);
}

export async function connectPostgres(
  url: string,
  log: Logger,
  options: { max?: number } = {},
): Promise<Database> {
  const database = createDatabase(url, { ...options, log });
  try {
    const result = await database.pool.query<{ version: string }>(
      "SELECT current_setting('server_version') AS version",
    );
    log.info(
      { dependency: "postgres", target: redactUrl(url), version: result.rows[0]?.version },
      "postgres reached",
    );
    return database;
  } catch (error) {
    await database.close().catch(() => undefined);
    throw new DependencyError("Postgres", redactUrl(url), reasonOf(error));
  }
}

/**
 * Opens a Redis connection for BullMQ (`maxRetriesPerRequest: null`, as its production guide
 * requires). At start a failed connection is fatal; later ioredis reconnects by itself.
 */
export async function connectRedis(url: string, log: Logger): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: true, retryStrategy: () => null });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    const info = await redis.info("server");
    const version = /redis_version:(\S+)/.exec(info)?.[1];
    log.info({ dependency: "redis", target: redactUrl(url), version }, "redis reached");
  } catch (error) {
    redis.disconnect();
    throw new DependencyError("Redis", redactUrl(url), reasonOf(error));
  }
  // From now on, reconnect with backoff instead of giving up.
  redis.options.retryStrategy = (times: number) => Math.min(times * 200, 5_000);
  redis.removeAllListeners("error");
  redis.on("error", (error: Error) =>
    log.warn({ dependency: "redis", err: error.message }, "redis connection error"),
  );
  return redis;
}

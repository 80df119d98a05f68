import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Logger } from "../log.js";
import * as schema from "./schema/index.js";

/** A handle on the pool, or on one connection of it that holds a lock (see locks.ts). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool | pg.PoolClient };

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function createDatabase(url: string, options: { max?: number; log?: Logger } = {}): Database {
  // A connection that cannot be had in 10 s fails the work instead of hanging it (an interaction
  // must still be answered; a job is retried).
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    connectionTimeoutMillis: 10_000,
  });
  const lost = (error: Error) =>
    options.log?.warn(
      { dependency: "postgres", code: (error as { code?: string }).code, err: error.message },
      "postgres connection lost",
    );
  // A connection the server terminates (57P01, a restart, a cut network) emits 'error' on its
  // client, idle or checked out; unhandled, that event kills the process. The pool drops the
  // client, and the query in flight fails and is retried or refused by its caller.
  pool.on("error", lost);
  pool.on("connect", (client) => client.on("error", lost));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** Errors that mean Postgres was unreachable or the connection was cut, not that the query was wrong. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (/^08/.test(code) || /^57P0[1-3]$/.test(code))) return true;
  if (typeof code === "string" && ["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"].includes(code))
    return true;
  if (
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      error.message,
    )
  )
    return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isConnectionError(cause);
}

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

/** One drizzle handle per pooled connection, made once (a connection is reused many times). */
const bound = new WeakMap<pg.PoolClient, Db>();

/**
 * `client` with its queries sent one after another: several tasks may share one connection (a
 * drain's lanes share the connection holding its lock), and pg must not be given a query while
 * another runs on the connection (deprecated in pg 8, refused in pg 9).
 */
function oneQueryAtATime(client: pg.PoolClient): pg.PoolClient {
  let tail: Promise<unknown> = Promise.resolve();
  const query = (...args: unknown[]): Promise<unknown> => {
    const run = tail.then(() => (client.query as (...a: unknown[]) => Promise<unknown>)(...args));
    tail = run.catch(() => undefined);
    return run;
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** One drizzle handle per connection shared by concurrent tasks (see `drizzleShared`). */
const shared = new WeakMap<pg.PoolClient, Db>();

/**
 * A drizzle handle whose queries run on `client` one at a time, for a connection several tasks
 * use at once (the connection holding a drain's lock, whose lanes run side by side). Measured: a
 * transaction's own connection does without it (5 ms less from a deadline to its newspaper).
 */
export function drizzleShared(client: pg.PoolClient): Db {
  let db = shared.get(client);
  if (!db) {
    db = drizzle(oneQueryAtATime(client), { schema });
    shared.set(client, db);
  }
  return db;
}

/** A drizzle handle whose queries run on `client`, one connection checked out of the pool. */
export function drizzleOn(client: pg.PoolClient): Db {
  let db = bound.get(client);
  if (!db) {
    db = drizzle(client, { schema });
    bound.set(client, db);
  }
  return db;
}

/** What a transaction's work is given: `db`'s queries, on the transaction's connection. */
export type DbTransaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * `db.transaction(work)`, with the connection given back to the pool whatever fails. drizzle's
 * own (0.45.4), on a pool, checks a connection out and sends BEGIN before its try: a BEGIN that
 * fails on a connection the server cut never gives it back, so each cut leaked one connection
 * until the pool had none and every command waited out the connection timeout (found by
 * test/bot/postgres-outage.test.ts). A connection whose transaction failed for want of it is
 * destroyed, not pooled again.
 */
export async function inTransaction<T>(db: Db, work: (tx: DbTransaction) => Promise<T>): Promise<T> {
  if (!(db.$client instanceof pg.Pool)) return db.transaction(work);
  const client = await db.$client.connect();
  let lost = false;
  try {
    return await drizzleOn(client).transaction(work);
  } catch (error) {
    lost = isConnectionError(error);
    throw error;
  } finally {
    client.release(lost || undefined);
  }
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

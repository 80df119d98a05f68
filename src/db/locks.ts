import pg from "pg";
import { drizzleShared, type Db } from "./client.js";

/** The in-process queue of each key: its tail, which the next holder waits for. */
const tails = new Map<string, Promise<void>>();

/** Keys with a coalesced run in progress in this process: whether another run was asked for. */
const reruns = new Map<string, boolean>();

/** The run in progress of each key, told at once when another run is asked for. */
const askedListeners = new Map<string, () => void>();

/** What `runCoalesced` gives: the runs' merged value, or `handedOver` to a run in progress. */
export type CoalescedResult<T> = { handedOver: false; value: T } | { handedOver: true };

/**
 * For work that performs whatever is pending when it runs (a game's drain): when a run of `key`
 * is in progress in this process, a caller neither waits nor runs, it asks that run to go once
 * more when it finishes and answers `{ handedOver: true }` at once; the run in progress repeats
 * until nobody asked again (values merged by `merge`). Nothing asked for is left behind: a
 * caller that comes after the last check finds no run in progress and runs itself. A run that
 * can take up new work while it runs registers `onAsked`, called at each such request.
 */
export async function runCoalesced<T>(
  key: string,
  run: (onAsked: (listener: () => void) => void) => Promise<T>,
  merge: (earlier: T, later: T) => T,
): Promise<CoalescedResult<T>> {
  if (reruns.has(key)) {
    reruns.set(key, true);
    askedListeners.get(key)?.();
    return { handedOver: true };
  }
  reruns.set(key, false);
  const onAsked = (listener: () => void) => askedListeners.set(key, listener);
  try {
    let value: T = await run(onAsked);
    while (reruns.get(key) === true) {
      reruns.set(key, false);
      value = merge(value, await run(onAsked));
    }
    return { handedOver: false, value };
  } finally {
    reruns.delete(key);
    askedListeners.delete(key);
  }
}

/**
 * Runs `work` when every earlier caller of this process with the same `key` has finished (first
 * come, first served), so that of many callers wanting one lock only one at a time takes a pooled
 * connection to wait for it in Postgres; the others wait here, holding nothing. It orders this
 * process only: what excludes other processes is the Postgres lock `work` takes. Never nest two
 * turns of one key (the inner one would wait for the outer).
 */
export async function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve();
  let release = () => {};
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = before.then(() => mine);
  tails.set(key, tail);
  try {
    await before;
    return await work();
  } finally {
    release();
    if (tails.get(key) === tail) tails.delete(key);
  }
}

/**
 * Runs `work` holding the Postgres session advisory lock `key` (across processes), on one
 * connection that `work` must use for its queries: it is given as `db`.
 *
 * Why so: a holder that waited for a second connection while others held the whole pool waiting
 * for its lock would deadlock until the pool's timeout, and what it was doing (a masked post, a
 * drain) would fail. Here a holder needs no second connection, and waiters in this process queue
 * in memory, so only one of them per key holds a connection in `pg_advisory_lock`. Called with a
 * `db` that already holds a lock, the same connection takes this one too (locks nest).
 */
export async function withAdvisoryLock<T>(db: Db, key: string, work: (db: Db) => Promise<T>): Promise<T> {
  if (!(db.$client instanceof pg.Pool)) return holding(db.$client, db, key, work);
  const pool = db.$client;
  return inTurn(`advisory:${key}`, () =>
    onOwnConnection(pool, (client, lockedDb, state) => holding(client, lockedDb, key, work, state)),
  );
}

/** What `tryAdvisoryLock` gives: the work's value, or `busy` when the lock was held elsewhere. */
export type TryLockResult<T> = { busy: false; value: T } | { busy: true };

/**
 * As `withAdvisoryLock`, but never waits: when the key is held (by another session, or by a caller
 * of this process, holding it or queued for it) it answers `{ busy: true }` at once and `work` does
 * not run. A busy caller in this process takes no connection; otherwise one is taken for
 * `pg_try_advisory_lock` and, if that fails, given back at once. While this caller holds the key,
 * `withAdvisoryLock` callers of this process queue behind it in memory as behind any holder.
 *
 * For work that another holder makes redundant, whose caller can come back later (the worker's
 * drain: a busy drain delays its job instead of holding a worker slot and a connection).
 */
export async function tryAdvisoryLock<T>(
  db: Db,
  key: string,
  work: (db: Db) => Promise<T>,
): Promise<TryLockResult<T>> {
  if (!(db.$client instanceof pg.Pool)) return tryHolding(db.$client, db, key, work);
  const pool = db.$client;
  const turn = `advisory:${key}`;
  if (tails.has(turn)) return { busy: true };
  return inTurn(turn, () =>
    onOwnConnection(pool, (client, lockedDb, state) => tryHolding(client, lockedDb, key, work, state)),
  );
}

interface Unlocked {
  unlocked: boolean;
}

/** Runs `use` on a connection of its own from `pool` and its drizzle handle. */
async function onOwnConnection<T>(
  pool: pg.Pool,
  use: (client: pg.PoolClient, db: Db, state: Unlocked) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const lockedDb = drizzleShared(client);
  const state = { unlocked: false };
  try {
    return await use(client, lockedDb, state);
  } finally {
    // A connection whose unlock did not run must not go back to the pool still holding the lock.
    client.release(state.unlocked ? undefined : true);
  }
}

async function holding<T>(
  client: pg.PoolClient,
  db: Db,
  key: string,
  work: (db: Db) => Promise<T>,
  state: Unlocked = { unlocked: false },
): Promise<T> {
  await client.query("SELECT pg_advisory_lock(hashtext($1))", [key]);
  try {
    return await work(db);
  } finally {
    await client.query("SELECT pg_advisory_unlock(hashtext($1))", [key]);
    state.unlocked = true;
  }
}

async function tryHolding<T>(
  client: pg.PoolClient,
  db: Db,
  key: string,
  work: (db: Db) => Promise<T>,
  state: Unlocked = { unlocked: false },
): Promise<TryLockResult<T>> {
  const { rows } = await client.query<{ locked: boolean }>(
    "SELECT pg_try_advisory_lock(hashtext($1)) AS locked",
    [key],
  );
  if (rows[0]?.locked !== true) {
    state.unlocked = true;
    return { busy: true };
  }
  try {
    return { busy: false, value: await work(db) };
  } finally {
    await client.query("SELECT pg_advisory_unlock(hashtext($1))", [key]);
    state.unlocked = true;
  }
}

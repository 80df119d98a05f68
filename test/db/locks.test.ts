import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, inTransaction } from "../../src/db/client.js";
import { runCoalesced, tryAdvisoryLock, withAdvisoryLock } from "../../src/db/locks.js";
import { TEST_DATABASE_URL } from "../support/env.js";

const prefix = `locks-test-${randomBytes(4).toString("hex")}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("withAdvisoryLock", () => {
  // One connection in the pool: any holder that needed a second one would wait out the pool's
  // 10 s timeout and fail, which is how masked posts were lost under load.
  const small = createDatabase(TEST_DATABASE_URL, { max: 1 });
  const other = createDatabase(TEST_DATABASE_URL, { max: 2 });
  afterAll(async () => {
    await small.close();
    await other.close();
  });

  it("GIVEN a pool of one connection WHEN twelve holders of one key and others of other keys query inside THEN all finish, one holder of a key at a time", async () => {
    const inside = new Map<string, number>();
    const overlaps: string[] = [];
    const finished: number[] = [];
    const work = (key: string, n: number) =>
      withAdvisoryLock(small.db, key, async (db) => {
        inside.set(key, (inside.get(key) ?? 0) + 1);
        if ((inside.get(key) ?? 0) > 1) overlaps.push(key);
        await db.execute(sql`SELECT 1`);
        await pause(5);
        // A lock taken inside another runs on the same connection.
        await withAdvisoryLock(db, `${key}:inner`, (inner) => inner.execute(sql`SELECT 2`));
        await inTransaction(db, async (tx) => tx.execute(sql`SELECT 3`));
        inside.set(key, (inside.get(key) ?? 1) - 1);
        finished.push(n);
      });
    await Promise.all([
      ...Array.from({ length: 12 }, (_, n) => work(`${prefix}:chat`, n)),
      ...Array.from({ length: 4 }, (_, n) => work(`${prefix}:game-${n}`, 100 + n)),
    ]);
    expect(overlaps).toEqual([]);
    expect(finished).toHaveLength(16);
  });

  it("waits for a holder in another process (another session), and frees the key after a failure", async () => {
    const key = `${prefix}:drain`;
    await expect(
      withAdvisoryLock(small.db, key, async () => {
        throw new Error("work failed");
      }),
    ).rejects.toThrow("work failed");
    // Another process: its own session takes the key first.
    const elsewhere = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await elsewhere.connect();
    try {
      await elsewhere.query("SELECT pg_advisory_lock(hashtext($1))", [key]);
      const order: string[] = [];
      const mine = withAdvisoryLock(other.db, key, async () => {
        order.push("mine");
      });
      await pause(300);
      expect(order).toEqual([]);
      order.push("elsewhere done");
      await elsewhere.query("SELECT pg_advisory_unlock(hashtext($1))", [key]);
      await mine;
      expect(order).toEqual(["elsewhere done", "mine"]);
    } finally {
      await elsewhere.end();
    }
  });

  it("tryAdvisoryLock: busy at once while another session holds the key, free after it lets go", async () => {
    const key = `${prefix}:try`;
    const elsewhere = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await elsewhere.connect();
    try {
      await elsewhere.query("SELECT pg_advisory_lock(hashtext($1))", [key]);
      const ran: string[] = [];
      const busy = await tryAdvisoryLock(small.db, key, async () => {
        ran.push("while held");
      });
      expect(busy).toEqual({ busy: true });
      expect(ran).toEqual([]);
      // The busy attempt gave its connection back (the pool has one): a query still runs.
      await small.db.execute(sql`SELECT 1`);
      await elsewhere.query("SELECT pg_advisory_unlock(hashtext($1))", [key]);
      const free = await tryAdvisoryLock(small.db, key, async (db) => {
        ran.push("after");
        await db.execute(sql`SELECT 1`);
        return 7;
      });
      expect(free).toEqual({ busy: false, value: 7 });
      expect(ran).toEqual(["after"]);
      // It let go: the other session takes the key without waiting.
      const { rows } = await elsewhere.query<{ locked: boolean }>(
        "SELECT pg_try_advisory_lock(hashtext($1)) AS locked",
        [key],
      );
      expect(rows[0]?.locked).toBe(true);
    } finally {
      await elsewhere.end();
    }
  });

  it("tryAdvisoryLock: busy without a connection while a caller of this process holds or awaits the key", async () => {
    const key = `${prefix}:try-local`;
    let release = () => {};
    const held = withAdvisoryLock(small.db, key, () => new Promise<void>((resolve) => (release = resolve)));
    await pause(50);
    // The pool's one connection is the holder's: a try that took a connection would wait here.
    expect(await tryAdvisoryLock(small.db, key, async () => "ran")).toEqual({ busy: true });
    release();
    await held;
    expect(await tryAdvisoryLock(small.db, key, async () => "ran")).toEqual({ busy: false, value: "ran" });
    // While a try holds the key, a waiting caller of this process queues behind it.
    const order: string[] = [];
    let finish = () => {};
    const trying = tryAdvisoryLock(small.db, key, async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      order.push("try");
    });
    await pause(50);
    const waiting = withAdvisoryLock(small.db, key, async () => {
      order.push("waiter");
    });
    await pause(50);
    expect(order).toEqual([]);
    finish();
    await Promise.all([trying, waiting]);
    expect(order).toEqual(["try", "waiter"]);
  });

  it("runCoalesced: callers during a run hand over at once and the run goes once more for all of them; a caller after it runs itself", async () => {
    const key = `${prefix}:coalesced`;
    let runs = 0;
    let finish = () => {};
    const run = async () => {
      runs++;
      if (runs === 1) await new Promise<void>((resolve) => (finish = resolve));
      return 1;
    };
    const sum = (a: number, b: number) => a + b;
    const first = runCoalesced(key, run, sum);
    await pause(10);
    // Two callers while the first run is in progress: neither runs nor waits.
    expect(await runCoalesced(key, run, sum)).toEqual({ handedOver: true });
    expect(await runCoalesced(key, run, sum)).toEqual({ handedOver: true });
    expect(runs).toBe(1);
    finish();
    // The run in progress went once more (not twice), merging what it did.
    expect(await first).toEqual({ handedOver: false, value: 2 });
    expect(runs).toBe(2);
    // Nothing in progress: the next caller runs itself.
    expect(await runCoalesced(key, run, sum)).toEqual({ handedOver: false, value: 1 });
    expect(runs).toBe(3);
  });

  it("runCoalesced: a run that fails lets the next caller run", async () => {
    const key = `${prefix}:coalesced-fail`;
    const failing = runCoalesced(
      key,
      () => Promise.reject(new Error("cut")),
      (a: number) => a,
    );
    await expect(failing).rejects.toThrow("cut");
    expect(
      await runCoalesced(
        key,
        async () => 7,
        (a: number) => a,
      ),
    ).toEqual({ handedOver: false, value: 7 });
  });
});

import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "../../src/db/client.js";
import { withAdvisoryLock } from "../../src/db/locks.js";
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
        await db.transaction(async (tx) => tx.execute(sql`SELECT 3`));
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
});

import { Writable } from "node:stream";
import { Redis } from "ioredis";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQueue, LATE_AFTER_MS, Scheduler } from "../../src/jobs/scheduler.js";
import { createMigratedDatabase } from "../support/db.js";
import { TEST_REDIS_URL } from "../support/env.js";
import { classicFive, ManualClock, startedGame } from "../support/factories.js";
import { uniquePrefix } from "./support.js";

/** The sweep notices a deadline that did not fire on time and logs why. */

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let redis: Redis;
const prefix = uniquePrefix("late");

beforeAll(async () => {
  database = await createMigratedDatabase();
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await database.drop();
});

describe("a late deadline", () => {
  it("is logged as a warning by the sweep with the state of its job as the cause", async () => {
    const clock = new ManualClock();
    const { game } = await startedGame(database.db, clock, { seats: classicFive, phaseDurationMs: 60_000 });
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const log = pino({ level: "warn" }, sink);
    const queue = createQueue(redis, prefix);
    try {
      const scheduler = new Scheduler({ queue, db: database.db, log, clock });
      // On time: nothing to say.
      expect((await scheduler.recover()).late).toBe(0);
      // The job was lost from Redis and nobody noticed until well after the deadline.
      await queue.obliterate({ force: true });
      clock.advance(60_000 + LATE_AFTER_MS + 5_000);
      const report = await scheduler.recover();
      expect(report.late).toBe(1);
      const late = lines.filter((l) => l["msg"] === "deadline is late");
      expect(late).toHaveLength(1);
      expect(late[0]).toMatchObject({ gameId: game.id, kind: "resolve", jobState: "missing" });
      expect(String(late[0]?.["cause"])).toContain("missing from Redis");
      expect(Number(late[0]?.["lateSeconds"])).toBeGreaterThanOrEqual(LATE_AFTER_MS / 1000);
    } finally {
      await queue.close();
    }
  });
});

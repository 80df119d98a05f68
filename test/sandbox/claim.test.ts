import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { claimName } from "../../src/sandbox/stack.js";
import { TEST_REDIS_URL } from "../support/env.js";

const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
afterAll(() => redis.quit());

describe("two sandboxes on one machine", () => {
  it("the second takes the next free database name and queue prefix; a name given back is free again", async () => {
    const base = `gm_claim_${process.pid}`;
    const first = await claimName(redis, base);
    const second = await claimName(redis, base);
    expect([first.name, second.name]).toEqual([base, `${base}_2`]);
    await first.release();
    const third = await claimName(redis, base);
    expect(third.name).toBe(base);
    await second.release();
    await third.release();
    expect(await redis.exists(`gm-sandbox-claim:${base}`, `gm-sandbox-claim:${base}_2`)).toBe(0);
  });
});

import { Routes } from "discord.js";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRestClient } from "../../src/discord/client.js";
import { redisGlobalLimiter } from "../../src/discord/global-limit.js";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { TEST_REDIS_URL } from "../support/env.js";

/**
 * Three processes' REST clients on one token (the bot and two workers: each is what
 * src/bot/main.ts and src/worker/main.ts build), each with its own discord.js limit of 50/s,
 * share one global limit through Redis: the emulator never sees more than 50 requests in any
 * one-second window.
 */

let emu: Emulator;
let redis: Redis;
const prefix = `t-limit-${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, oracle: false });
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await emu.close();
});

/** The most requests that arrived within any one second. */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[i] ?? 0) - (sorted[j] ?? 0) >= 1_000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe("the token's global limit", { timeout: 60_000 }, () => {
  it("holds for the bot and two workers together: never above 50 requests in any second", async () => {
    const clients = [0, 1, 2].map(() =>
      createRestClient(emu.botToken, emu.apiBase, {
        limiter: redisGlobalLimiter(redis, emu.botToken, { prefix }),
        applicationId: emu.applicationId,
      }),
    );
    emu.resetRequestCounts();
    await Promise.all(
      clients.flatMap((rest) => Array.from({ length: 80 }, () => rest.get(Routes.user("@me")))),
    );
    const arrivals = emu
      .requests()
      .filter((r) => r.actor === "bot")
      .map((r) => r.startedAt);
    expect(arrivals.length).toBeGreaterThanOrEqual(240);
    expect(busiestSecond(arrivals)).toBeLessThanOrEqual(50);
    // The limit is shared, not a per-process one: 240 requests cannot fit in ~2 s at 3 × 50/s.
    const span = Math.max(...arrivals) - Math.min(...arrivals);
    expect(span).toBeGreaterThan(4_000);
  });
});

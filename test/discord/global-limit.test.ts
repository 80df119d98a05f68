import { Routes } from "discord.js";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRestClient } from "../../src/discord/client.js";
import { redisGlobalLimiter } from "../../src/discord/global-limit.js";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { TEST_REDIS_URL } from "../support/env.js";

/**
 * Three processes' REST clients on one token (the bot and two workers: each is what
 * src/bot/main.ts and src/worker/main.ts build) share one global limit through Redis: the
 * emulator never sees more than 50 requests in any one-second window. Interaction answers are
 * outside it, and without Redis each process keeps the limit alone.
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

  it("leaves interaction answers out, as Discord does: a burst of replies is not held to 50 a second", async () => {
    const rest = createRestClient(emu.botToken, emu.apiBase, {
      limiter: redisGlobalLimiter(redis, emu.botToken, { prefix: `${prefix}-answers` }),
      applicationId: emu.applicationId,
    });
    emu.resetRequestCounts();
    // 150 edits of 150 interactions' replies (unknown to the emulator: 404, which is an answer too).
    await Promise.allSettled(
      Array.from({ length: 150 }, (_, i) =>
        rest.patch(Routes.webhookMessage(emu.applicationId, `token-${i}`, "@original"), {
          body: { content: "ok" },
        }),
      ),
    );
    const arrivals = emu
      .requests()
      .filter((r) => r.route.startsWith("/webhooks/"))
      .map((r) => r.startedAt);
    expect(arrivals).toHaveLength(150);
    expect(busiestSecond(arrivals)).toBeGreaterThan(50);
  });

  it("keeps the limit in each process when Redis does not answer", async () => {
    const deadRedis = new Redis("redis://127.0.0.1:1", {
      maxRetriesPerRequest: null,
      lazyConnect: true,
      retryStrategy: () => 1_000,
    });
    deadRedis.on("error", () => {}); // refused connections are the point here
    try {
      const rest = createRestClient(emu.botToken, emu.apiBase, {
        limiter: redisGlobalLimiter(deadRedis, emu.botToken, { prefix }),
        applicationId: emu.applicationId,
      });
      emu.resetRequestCounts();
      await Promise.all(Array.from({ length: 100 }, () => rest.get(Routes.user("@me"))));
      const arrivals = emu
        .requests()
        .filter((r) => r.actor === "bot")
        .map((r) => r.startedAt);
      expect(arrivals).toHaveLength(100);
      expect(busiestSecond(arrivals)).toBeLessThanOrEqual(50);
    } finally {
      deadRedis.disconnect();
    }
  });
});

import { createHash, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import type { Logger } from "../log.js";

/**
 * One global request limit for the bot token across every process (the bot and any number of
 * workers), shared through Redis: a sliding one-second log of request reservations, checked and
 * appended atomically by a Lua script on Redis' own clock. Discord allows 50 requests per second
 * per token; the default leaves headroom for the spread between a reservation and its arrival.
 * Interaction answers are exempt (Discord does not count them against the global limit).
 */

export const GLOBAL_LIMIT_PER_SECOND = 45;
const WINDOW_MS = 1_000;
/** If Redis does not answer in this time the request is limited by this process alone (`local`). */
const REDIS_WAIT_MS = 2_000;
/** After Redis failed to answer, how long requests go by the local limit before asking it again. */
const REDIS_RETRY_MS = 5_000;

const RESERVE = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local member = ARGV[3]
local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call("ZREMRANGEBYSCORE", key, "-inf", now - window)
if redis.call("ZCARD", key) < limit then
  redis.call("ZADD", key, now, member)
  redis.call("PEXPIRE", key, window * 2)
  return 0
end
local oldest = redis.call("ZRANGE", key, 0, 0, "WITHSCORES")
return math.max(1, tonumber(oldest[2]) + window - now)
`;

export interface GlobalLimiter {
  /** Resolves when this process may send one more request with the token. */
  acquire(): Promise<void>;
}

export function redisGlobalLimiter(
  redis: Redis,
  token: string,
  options: { perSecond?: number; log?: Logger; prefix?: string } = {},
): GlobalLimiter {
  const limit = options.perSecond ?? GLOBAL_LIMIT_PER_SECOND;
  const hash = createHash("sha256").update(token).digest("hex").slice(0, 16);
  const key = `${options.prefix ?? "discord"}:global-limit:${hash}`;
  let warned = false;
  // Without Redis each process keeps the limit by itself (one process's share can then be the
  // whole limit: a short outage may cost a few 429s, which discord.js honours).
  const local: number[] = [];
  const localTurn = async (): Promise<void> => {
    for (;;) {
      const now = Date.now();
      while (local.length > 0 && (local[0] ?? 0) <= now - WINDOW_MS) local.shift();
      if (local.length < limit) {
        local.push(now);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, (local[0] ?? now) + WINDOW_MS - now)));
    }
  };
  let redisDownUntil = 0;
  return {
    async acquire() {
      if (Date.now() < redisDownUntil) return localTurn();
      for (;;) {
        const member = randomBytes(8).toString("hex");
        let wait: number;
        try {
          wait = Number(
            await Promise.race([
              redis.eval(RESERVE, 1, key, limit, WINDOW_MS, member),
              new Promise((_, reject) =>
                setTimeout(() => reject(new Error("redis timeout")), REDIS_WAIT_MS).unref(),
              ),
            ]),
          );
        } catch (error) {
          if (!warned) {
            options.log?.warn(
              { err: (error as Error).message },
              "shared Discord rate limit unavailable; this process keeps the limit alone",
            );
            warned = true;
          }
          redisDownUntil = Date.now() + REDIS_RETRY_MS;
          await localTurn();
          return;
        }
        warned = false;
        if (wait <= 0) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },
  };
}

/** Requests Discord does not count against the global limit: interaction answers and their follow-ups. */
export function exemptFromGlobalLimit(url: string, applicationId: string | undefined): boolean {
  const path = new URL(url).pathname.replace(/^\/api(\/v\d+)?/, "");
  if (path.startsWith("/interactions/")) return true;
  return applicationId !== undefined && path.startsWith(`/webhooks/${applicationId}/`);
}

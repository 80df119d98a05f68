export interface BucketLimit {
  limit: number;
  windowMs: number;
}

/**
 * Discord's rate limits (https://discord.com/developers/docs/topics/rate-limits): a global limit of
 * 50 requests per second per bot token (interaction endpoints exempt) and per-route buckets keyed by
 * the route and its top-level resource (channel, guild or webhook).
 */
export interface RateLimitOptions {
  /**
   * On by default: the bot meets the limits everywhere it runs against the emulator (tests, sandbox,
   * benchmarks). `false` is for a test that measures something else and says why.
   */
  enabled?: boolean;
  /** Requests per second per bot token across all routes (Discord: 50). */
  globalPerSecond?: number;
  /** Default bucket for routes not listed. */
  default?: BucketLimit;
  /** Per route, keyed "METHOD /template", e.g. "POST /channels/{channel_id}/messages". */
  routes?: Record<string, BucketLimit>;
}

/**
 * Discord publishes no per-route figures ("rate limits should not be hard coded"). Messages (5 per
 * 5 s per channel) and deletes (5 per 1 s) are the widely observed values of its headers; the others
 * are conservative stand-ins, so a bot that reads the headers copes with whatever Discord answers.
 */
export const DISCORD_LIKE_ROUTES: Record<string, BucketLimit> = {
  "POST /channels/{channel_id}/messages": { limit: 5, windowMs: 5000 },
  "PATCH /channels/{channel_id}/messages/{message_id}": { limit: 5, windowMs: 5000 },
  "DELETE /channels/{channel_id}/messages/{message_id}": { limit: 5, windowMs: 1000 },
  "PUT /channels/{channel_id}/permissions/{overwrite_id}": { limit: 10, windowMs: 10000 },
  "PUT /guilds/{guild_id}/members/{user_id}/roles/{role_id}": { limit: 10, windowMs: 10000 },
  "POST /webhooks/{webhook_id}/{webhook_token}": { limit: 5, windowMs: 2000 },
};

export interface LimitResult {
  headers: Record<string, string>;
  limited: null | { retryAfter: number; global: boolean; scope: string };
}

function hashOf(s: string): string {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h.toString(16).padStart(8, "0") + ((h ^ 0xdeadbeef) >>> 0).toString(16).padStart(8, "0");
}

export class RateLimiter {
  opts: Required<RateLimitOptions>;
  private readonly buckets = new Map<string, { remaining: number; resetAt: number }>();
  private readonly global = new Map<string, { count: number; resetAt: number }>();
  private readonly forced: { key: string; retryAfterMs: number; global: boolean }[] = [];

  constructor(opts: RateLimitOptions = {}) {
    this.opts = {
      enabled: opts.enabled ?? true,
      globalPerSecond: opts.globalPerSecond ?? 50,
      default: opts.default ?? { limit: 50, windowMs: 1000 },
      routes: { ...DISCORD_LIKE_ROUTES, ...(opts.routes ?? {}) },
    };
  }

  configure(opts: RateLimitOptions): void {
    this.opts = {
      enabled: opts.enabled ?? this.opts.enabled,
      globalPerSecond: opts.globalPerSecond ?? this.opts.globalPerSecond,
      default: opts.default ?? this.opts.default,
      routes: { ...this.opts.routes, ...(opts.routes ?? {}) },
    };
    this.buckets.clear();
    this.global.clear();
  }

  /** The next request on `routeKey` ("METHOD /template") answers 429 with this retry_after. */
  force(routeKey: string, retryAfterMs: number, global = false): void {
    this.forced.push({ key: routeKey, retryAfterMs, global });
  }

  check(routeKey: string, major: string, identity: string | null, exemptGlobal: boolean): LimitResult {
    const now = Date.now();
    const forced = this.forced.findIndex((f) => f.key === routeKey);
    if (forced >= 0) {
      const f = this.forced.splice(forced, 1)[0];
      if (f)
        return {
          headers: {},
          limited: {
            retryAfter: f.retryAfterMs / 1000,
            global: f.global,
            scope: f.global ? "global" : "user",
          },
        };
    }
    if (!this.opts.enabled) return { headers: {}, limited: null };
    if (identity && !exemptGlobal) {
      const g = this.global.get(identity) ?? { count: 0, resetAt: now + 1000 };
      if (now >= g.resetAt) {
        g.count = 0;
        g.resetAt = now + 1000;
      }
      g.count++;
      this.global.set(identity, g);
      if (g.count > this.opts.globalPerSecond)
        return {
          headers: {},
          limited: { retryAfter: (g.resetAt - now) / 1000, global: true, scope: "global" },
        };
    }
    const lim = this.opts.routes[routeKey] ?? this.opts.default;
    const key = `${identity ?? "anon"}|${routeKey}|${major}`;
    let b = this.buckets.get(key);
    if (!b || now >= b.resetAt) {
      b = { remaining: lim.limit, resetAt: now + lim.windowMs };
      this.buckets.set(key, b);
    }
    const resetAfter = Math.max(0, b.resetAt - now) / 1000;
    const headers: Record<string, string> = {
      "X-RateLimit-Limit": String(lim.limit),
      "X-RateLimit-Reset": (b.resetAt / 1000).toFixed(3),
      "X-RateLimit-Reset-After": resetAfter.toFixed(3),
      "X-RateLimit-Bucket": hashOf(routeKey),
    };
    if (b.remaining <= 0) {
      headers["X-RateLimit-Remaining"] = "0";
      return { headers, limited: { retryAfter: resetAfter, global: false, scope: "user" } };
    }
    b.remaining--;
    headers["X-RateLimit-Remaining"] = String(b.remaining);
    return { headers, limited: null };
  }
}

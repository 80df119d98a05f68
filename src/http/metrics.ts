import type { REST } from "@discordjs/rest";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (prom-client), served at `/metrics` by src/http/server.ts.
 * Every metric is a named export so the code that knows a fact records it where it happens;
 * gauges about shared state (outbox, games, queue) are refreshed at scrape time by the sources
 * registered with `onScrape`. Both processes report those shared gauges: aggregate them with
 * `max`, not `sum`.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Seconds buckets from 5 ms to 2 min: resolutions and lateness span both. */
const secondsBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

export const phaseResolutions = new Counter({
  name: "gm_phase_resolutions_total",
  help: "Phases resolved at their deadline (or forced by a GM), by ruleset",
  labelNames: ["ruleset"] as const,
  registers: [registry],
});

export const phaseResolutionSeconds = new Histogram({
  name: "gm_phase_resolution_duration_seconds",
  help: "Time to resolve one phase: lock, engine, commit",
  labelNames: ["ruleset"] as const,
  buckets: secondsBuckets,
  registers: [registry],
});

export const deadlineLatenessSeconds = new Histogram({
  name: "gm_deadline_lateness_seconds",
  help: "How long after its deadline a phase was resolved",
  buckets: secondsBuckets,
  registers: [registry],
});

export const outboxDepth = new Gauge({
  name: "gm_outbox_pending",
  help: "Discord side effects waiting in the outbox",
  registers: [registry],
});

export const outboxOldestAgeSeconds = new Gauge({
  name: "gm_outbox_oldest_pending_age_seconds",
  help: "Age of the oldest pending outbox row (0 when the outbox is empty)",
  registers: [registry],
});

/** Discord effects the outbox gave up for good (a permanent refusal); the GMs are offered a Retry. */
export const outboxFailures = new Counter({
  name: "gm_outbox_failed_total",
  help: "Outbox effects given up for good after a permanent refusal of Discord, by effect kind",
  labelNames: ["kind"] as const,
  registers: [registry],
});

export const outboxFailed = new Gauge({
  name: "gm_outbox_failed",
  help: "Outbox effects failed for good and not retried yet (each one was reported to its game's GMs)",
  registers: [registry],
});

export const discordRequests = new Counter({
  name: "gm_discord_requests_total",
  help: "Discord REST responses by method, route (Discord's rate-limit route) and HTTP status; 429s included",
  labelNames: ["method", "route", "status"] as const,
  registers: [registry],
});

/**
 * Posts the bot removed because their seat has no voice in the chat (src/discord/activity.ts):
 * `net: "safety"` where a Discord permission should have refused the post (a wrong permission:
 * the GM room is told; it stays at zero while the layout holds), `net: "rule"` where removal is
 * still the mechanism (docs/secrecy.md lists those cases).
 */
export const voicelessRemovals = new Counter({
  name: "gm_voiceless_posts_removed_total",
  help: "Posts removed from a seat without a voice in the chat, by ruleset and whether a permission should have refused them (safety) or removal is the rule there (rule)",
  labelNames: ["ruleset", "net"] as const,
  registers: [registry],
});

export const discordRateLimits = new Counter({
  name: "gm_discord_rate_limited_total",
  help: "Times a request waited for a Discord rate limit, by route and scope (user, shared, global)",
  labelNames: ["route", "scope"] as const,
  registers: [registry],
});

export const interactionAckSeconds = new Histogram({
  name: "gm_interaction_ack_seconds",
  help: "From an interaction's arrival on the gateway to Discord accepting its first response",
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5],
  registers: [registry],
});

export const activeGames = new Gauge({
  name: "gm_active_games",
  help: "Games running now, by ruleset",
  labelNames: ["ruleset"] as const,
  registers: [registry],
});

export const queueJobs = new Gauge({
  name: "gm_queue_jobs",
  help: "BullMQ jobs of the deadline and outbox queues by state (waiting, delayed, active, failed)",
  labelNames: ["state"] as const,
  registers: [registry],
});

type ScrapeSource = () => Promise<void>;
const scrapeSources = new Set<ScrapeSource>();

/** Runs `refresh` before every scrape (it sets gauges from Postgres or Redis); returns how to stop. */
export function onScrape(refresh: ScrapeSource): () => void {
  scrapeSources.add(refresh);
  return () => scrapeSources.delete(refresh);
}

/**
 * The exposition text. A source that fails leaves its gauges at their last value, so one
 * unreachable dependency does not blank the whole page (its failure shows in /readyz).
 */
export async function renderMetrics(): Promise<string> {
  await Promise.allSettled([...scrapeSources].map((refresh) => refresh()));
  return registry.metrics();
}

/** Interactions received and not yet acknowledged, by id: the start of their ack time. */
const pendingAcks = new Map<string, number>();

/** The bot calls this when an interaction arrives; the REST response to its callback ends it. */
export function interactionReceived(id: string): void {
  pendingAcks.set(id, performance.now());
  // Discord's window to acknowledge is 3 s: a stale entry is dropped, never leaked.
  if (pendingAcks.size > 10_000) pendingAcks.clear();
}

/** Forgets an interaction whose handling ended without a callback (it was ignored). */
export function interactionDone(id: string): void {
  pendingAcks.delete(id);
}

const CALLBACK_PATH = /^\/interactions\/(\d+)\/[^/]+\/callback/;

/** Records every response and rate-limit wait of a REST client (the worker's, or the bot's `client.rest`). */
export function instrumentRest(rest: REST): void {
  rest.on("response", (request, response) => {
    discordRequests.inc({ method: request.method, route: request.route, status: String(response.status) });
    const id = CALLBACK_PATH.exec(request.path)?.[1];
    const received = id === undefined ? undefined : pendingAcks.get(id);
    if (id !== undefined && received !== undefined) {
      pendingAcks.delete(id);
      interactionAckSeconds.observe((performance.now() - received) / 1000);
    }
  });
  rest.on("rateLimited", (info) => discordRateLimits.inc({ route: info.route, scope: info.scope }));
}

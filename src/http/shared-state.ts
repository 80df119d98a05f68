import type { Queue } from "bullmq";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import {
  activeGames,
  onScrape,
  outboxDepth,
  outboxFailed,
  outboxOldestAgeSeconds,
  queueJobs,
} from "./metrics.js";

/** The queue states an operator watches; `prioritized` jobs are waiting too. */
const QUEUE_STATES = ["waiting", "prioritized", "delayed", "active", "failed"] as const;

/**
 * Refreshes the gauges of shared state at each scrape: the outbox (depth and oldest age), the
 * running games by ruleset, and the queues' jobs by state (deadlines and outbox drains together). Returns how to stop.
 */
export function watchSharedState(deps: { db: Db; queues: readonly Queue[] }): () => void {
  return onScrape(async () => {
    const [outbox, games, counts] = await Promise.all([
      deps.db.execute<{ n: number; age: number; failed: number }>(
        sql`SELECT count(*) FILTER (WHERE status = 'pending')::int AS n,
                   COALESCE(EXTRACT(EPOCH FROM now() - min(created_at) FILTER (WHERE status = 'pending')), 0)::float8 AS age,
                   count(*) FILTER (WHERE status = 'failed')::int AS failed
              FROM outbox WHERE status IN ('pending', 'failed')`,
      ),
      deps.db.execute<{ ruleset: string; n: number }>(
        sql`SELECT ruleset, count(*)::int AS n FROM games WHERE status = 'running' GROUP BY ruleset`,
      ),
      Promise.all(deps.queues.map((queue) => queue.getJobCounts(...QUEUE_STATES))),
    ]);
    outboxDepth.set(outbox.rows[0]?.n ?? 0);
    outboxOldestAgeSeconds.set(outbox.rows[0]?.age ?? 0);
    outboxFailed.set(outbox.rows[0]?.failed ?? 0);
    activeGames.reset();
    for (const row of games.rows) activeGames.set({ ruleset: row.ruleset }, row.n);
    for (const state of QUEUE_STATES)
      queueJobs.set(
        { state },
        counts.reduce((sum, byState) => sum + (byState[state] ?? 0), 0),
      );
  });
}

/**
 * What `/healthz` tells beside "alive": the Discord effects failed for good and not retried
 * (each was reported to its game's GMs with a Retry), over the whole outbox and by game.
 */
export function outboxHealth(db: Db): () => Promise<Record<string, unknown>> {
  return async () => {
    const rows = await db.execute<{ game_id: string; n: number }>(
      sql`SELECT game_id, count(*)::int AS n FROM outbox WHERE status = 'failed' GROUP BY game_id ORDER BY n DESC LIMIT 20`,
    );
    const failed = rows.rows.reduce((sum, r) => sum + r.n, 0);
    return { outbox: { failed, byGame: Object.fromEntries(rows.rows.map((r) => [r.game_id, r.n])) } };
  };
}

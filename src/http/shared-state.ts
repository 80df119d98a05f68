import type { Queue } from "bullmq";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { activeGames, onScrape, outboxDepth, outboxOldestAgeSeconds, queueJobs } from "./metrics.js";

/** The queue states an operator watches; `prioritized` jobs are waiting too. */
const QUEUE_STATES = ["waiting", "prioritized", "delayed", "active", "failed"] as const;

/**
 * Refreshes the gauges of shared state at each scrape: the outbox (depth and oldest age), the
 * running games by ruleset, and the queues' jobs by state (deadlines and outbox drains together). Returns how to stop.
 */
export function watchSharedState(deps: { db: Db; queues: readonly Queue[] }): () => void {
  return onScrape(async () => {
    const [outbox, games, counts] = await Promise.all([
      deps.db.execute<{ n: number; age: number }>(
        sql`SELECT count(*)::int AS n,
                   COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS age
              FROM outbox WHERE status = 'pending'`,
      ),
      deps.db.execute<{ ruleset: string; n: number }>(
        sql`SELECT ruleset, count(*)::int AS n FROM games WHERE status = 'running' GROUP BY ruleset`,
      ),
      Promise.all(deps.queues.map((queue) => queue.getJobCounts(...QUEUE_STATES))),
    ]);
    outboxDepth.set(outbox.rows[0]?.n ?? 0);
    outboxOldestAgeSeconds.set(outbox.rows[0]?.age ?? 0);
    activeGames.reset();
    for (const row of games.rows) activeGames.set({ ruleset: row.ruleset }, row.n);
    for (const state of QUEUE_STATES)
      queueJobs.set(
        { state },
        counts.reduce((sum, byState) => sum + (byState[state] ?? 0), 0),
      );
  });
}

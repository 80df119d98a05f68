import { cpus, loadavg } from "node:os";
import pg from "pg";
import { TEST_DATABASE_URL } from "../test/support/env.js";

/**
 * Lets the machine come to rest before a timed part: a Postgres CHECKPOINT (the WAL and dirty
 * pages a previous part wrote are flushed now, not in the middle of the next part's measure),
 * then a wait, up to `maxWaitS`, until the 1-minute load average is under a third of the cores.
 * A part measures its own work, not the tail of the one before it. Returns the load it starts on.
 */
export async function settle(maxWaitS = 90): Promise<{ load_avg_1m: number; waited_s: number }> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query("CHECKPOINT");
  } finally {
    await client.end();
  }
  const calm = cpus().length / 3;
  const started = Date.now();
  while ((loadavg()[0] ?? 0) > calm && Date.now() - started < maxWaitS * 1000)
    await new Promise((r) => setTimeout(r, 1000));
  return {
    load_avg_1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    waited_s: Math.round((Date.now() - started) / 1000),
  };
}

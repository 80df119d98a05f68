import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Database } from "./client.js";

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** An arbitrary fixed key: the CLI and both processes migrate at start, one at a time. */
const MIGRATION_LOCK = 724_311_019;

/**
 * Applies the committed SQL migrations; applying them twice changes nothing. The advisory lock
 * and the migrations share one connection (drizzle's migrator over the locked client, not over
 * the pool), so a pool of one connection cannot deadlock waiting for a second.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

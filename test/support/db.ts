import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDatabase, type Database } from "../../src/db/client.js";
import { migrateDatabase } from "../../src/db/migrate.js";
import { TEST_DATABASE_URL } from "./env.js";

/**
 * A fresh database per test file, so files run in parallel without seeing each other.
 * Returns its URL and a drop() for afterAll.
 */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `gm_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A fresh, migrated database with a connection pool. */
export async function createMigratedDatabase(): Promise<Database & { url: string; drop(): Promise<void> }> {
  const fresh = await createTestDatabase();
  const database = createDatabase(fresh.url);
  await migrateDatabase(database);
  return {
    ...database,
    url: fresh.url,
    async drop() {
      await database.close();
      await fresh.drop();
    },
  };
}

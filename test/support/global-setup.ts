import pg from "pg";
import { TEST_DATABASE_URL } from "./env.js";

/**
 * Vitest's global setup: the database TEST_DATABASE_URL names (`test` by default) is where the
 * tests connect to create their own databases, so it is created when the server lacks it.
 * A server that does not answer stops the run here with one line saying what the tests need.
 */
export default async function setup(): Promise<void> {
  const url = new URL(TEST_DATABASE_URL);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    throw new Error(`TEST_DATABASE_URL: unusable database name "${name}"`);
  const server = new URL(url);
  server.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: server.toString(), connectionTimeoutMillis: 10_000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `The tests need PostgreSQL at TEST_DATABASE_URL (${url.host}; default postgres://postgres@127.0.0.1:5432/test) and Redis at TEST_REDIS_URL: ${(error as Error).message}`,
      { cause: error },
    );
  }
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) {
      await admin.query(`CREATE DATABASE "${name}"`).catch((error: { code?: string }) => {
        // Another run created it at the same moment.
        if (error.code !== "42P04") throw error;
      });
    }
  } finally {
    await admin.end();
  }
}

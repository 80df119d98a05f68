import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../../src/db/client.js";
import { type Emulator, startEmulator } from "../../src/emulator/index.js";
import { createTestDatabase } from "../support/db.js";
import { TEST_REDIS_URL } from "../support/env.js";
import { root, spawnWorker, uniquePrefix, until } from "../worker/support.js";

/** `npm run db:migrate` exactly as a user (and the compose `migrate` service) runs it. */

const journal = JSON.parse(
  readFileSync(new URL("../../drizzle/meta/_journal.json", import.meta.url), "utf8"),
) as {
  entries: unknown[];
};

function runMigrateCli(url: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "db:migrate"], {
      cwd: root,
      env: { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "", DATABASE_URL: url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => resolve({ code, output }));
  });
}

async function appliedMigrations(database: Database): Promise<number> {
  const result = await database.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations",
  );
  return result.rows[0]?.n ?? 0;
}

const cleanups: (() => Promise<unknown>)[] = [];
let emu: Emulator;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, strict: true });
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await emu.close();
});

async function freshDatabase(): Promise<{ url: string; database: Database }> {
  const fresh = await createTestDatabase();
  const database = createDatabase(fresh.url);
  cleanups.push(
    () => fresh.drop(),
    () => database.close(),
  );
  return { url: fresh.url, database };
}

describe("npm run db:migrate", { timeout: 120_000 }, () => {
  it("applies every migration to a fresh database and exits 0, and a second run changes nothing", async () => {
    const { url, database } = await freshDatabase();
    const first = await runMigrateCli(url);
    expect(first, first.output).toMatchObject({ code: 0 });
    expect(first.output).toContain("migrations applied");
    expect(await appliedMigrations(database)).toBe(journal.entries.length);

    const second = await runMigrateCli(url);
    expect(second, second.output).toMatchObject({ code: 0 });
    expect(await appliedMigrations(database)).toBe(journal.entries.length);
  });

  it("runs beside a worker starting on the same fresh database: both finish, migrations applied once", async () => {
    const { url, database } = await freshDatabase();
    const prefix = uniquePrefix("migrate");
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    cleanups.push(async () => {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });
    const worker = spawnWorker({
      DATABASE_URL: url,
      REDIS_URL: TEST_REDIS_URL,
      DISCORD_TOKEN: emu.botToken,
      DISCORD_APPLICATION_ID: emu.applicationId,
      DISCORD_API_URL: emu.apiBase,
      WORKER_QUEUE_PREFIX: prefix,
    });
    const migration = await runMigrateCli(url);
    expect(migration, migration.output).toMatchObject({ code: 0 });
    await until(() => worker.output().includes("worker started") || worker.child.exitCode !== null);
    expect(worker.child.exitCode, worker.output()).toBeNull();
    worker.child.kill("SIGTERM");
    expect(await worker.exited, worker.output()).toBe(0);
    expect(await appliedMigrations(database)).toBe(journal.entries.length);
  });
});

import { readFileSync } from "node:fs";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../../src/db/client.js";
import { migrateDatabase } from "../../src/db/migrate.js";
import * as schema from "../../src/db/schema/index.js";
import { games, inputs, resolutions } from "../../src/db/schema/index.js";
import { outboxPayload } from "../../src/games/effects.js";
import { createTestDatabase } from "../support/db.js";

let fresh: { url: string; drop(): Promise<void> };
let database: Database;

beforeAll(async () => {
  fresh = await createTestDatabase();
  database = createDatabase(fresh.url);
});
afterAll(async () => {
  await database.close();
  await fresh.drop();
});

async function schemaFingerprint(): Promise<string> {
  const result = await database.pool.query<{ t: string }>(
    `SELECT string_agg(table_name || '.' || column_name || ':' || data_type, ',' ORDER BY table_name, column_name) AS t
       FROM information_schema.columns WHERE table_schema = 'public'`,
  );
  return result.rows[0]?.t ?? "";
}

async function createGameRow(): Promise<string> {
  const [row] = await database.db
    .insert(games)
    .values({ guildId: "1", name: "g", ruleset: "classic", seed: 1, createdBy: "1" })
    .returning({ id: games.id });
  if (!row) throw new Error("no game");
  return row.id;
}

describe("migrations", () => {
  it("apply to an empty database and create every table of the schema", async () => {
    await migrateDatabase(database);
    const tables = await database.pool.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    // Every table the drizzle schema declares, and nothing else.
    const declared: string[] = [];
    for (const value of Object.values(schema) as unknown[]) {
      if (is(value, PgTable)) declared.push(getTableName(value));
    }
    declared.sort();
    expect(declared).toContain("games");
    expect(tables.rows.map((r) => r.table_name)).toEqual(declared);
  });

  it("are idempotent: migrating again changes nothing", async () => {
    const before = await schemaFingerprint();
    const applied = await database.pool.query("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
    await migrateDatabase(database);
    await Promise.all([migrateDatabase(database), migrateDatabase(database)]);
    expect(await schemaFingerprint()).toBe(before);
    const again = await database.pool.query("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
    expect(again.rows[0]).toEqual(applied.rows[0]);
  });

  it("refuse a second resolution of the same (game, phase)", async () => {
    const gameId = await createGameRow();
    const row = { gameId, phaseIndex: 0, phase: "night 0", report: {}, status: "published" as const };
    await database.db.insert(resolutions).values(row);
    await expect(database.db.insert(resolutions).values(row)).rejects.toMatchObject({
      cause: expect.objectContaining({ constraint: "resolutions_game_phase_uq" }),
    });
    const count = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM resolutions WHERE game_id = ${gameId}`,
    );
    expect(count.rows[0]).toEqual({ n: 1 });
  });

  it("keep the input log append-only: updates and deletes are refused", async () => {
    const gameId = await createGameRow();
    await database.db.insert(inputs).values({
      gameId,
      seq: 1,
      phase: "night 0",
      type: "action",
      userId: "1",
      payload: { action: "kill" },
      accepted: true,
      at: new Date(0),
    });
    await expect(
      database.db.execute(sql`UPDATE inputs SET accepted = false WHERE game_id = ${gameId}`),
    ).rejects.toThrow();
    await expect(database.db.execute(sql`DELETE FROM inputs WHERE game_id = ${gameId}`)).rejects.toThrow();
    const count = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM inputs WHERE game_id = ${gameId} AND accepted`,
    );
    expect(count.rows[0]).toEqual({ n: 1 });
  });
});

describe("0010_outbox_lanes", () => {
  it("gives what the relay's own queue left to deliver an outbox row in its chat's lane, once", async () => {
    await migrateDatabase(database);
    const gameId = await createGameRow();
    const relay = (
      key: string,
      status: "pending" | "sending" | "done" | "failed",
      chatKey = "chat:mafia",
    ) => ({
      gameId,
      chatKey,
      channelId: "10",
      threadId: "11",
      seatId: "p1",
      userId: "1",
      kind: "post" as const,
      idempotencyKey: key,
      status,
    });
    await database.db.insert(schema.maskRelays).values([
      relay("said-done", "done"),
      relay("said-done#21", "pending"), // a reader's copy still to deliver
      relay("said-sending", "sending", "personal:p1"),
      relay("said-pending", "pending"),
      relay("said-failed", "failed"),
      relay("all-done", "done"),
      relay("all-done#21", "done"),
    ]);
    const file = readFileSync(new URL("../../drizzle/0010_outbox_lanes.sql", import.meta.url), "utf8");
    const moveQueue = file.split("--> statement-breakpoint")[1] ?? "";
    expect(moveQueue).toContain("INSERT INTO");
    await database.pool.query(moveQueue);
    await database.pool.query(moveQueue); // an upgrade that ran twice adds nothing
    const rows = await database.db.select().from(schema.outbox).where(eq(schema.outbox.gameId, gameId));
    const keyOf = new Map(
      (await database.db.select().from(schema.maskRelays)).map((r) => [r.id, r.idempotencyKey]),
    );
    expect(
      rows.map((r) => {
        const payload = outboxPayload.parse(r.payload);
        return [r.kind, r.lane, payload.type === "relay" ? keyOf.get(payload.relayId) : null];
      }),
    ).toEqual([
      ["relay", "chat:mafia", "said-done"],
      ["relay", "personal:p1", "said-sending"],
      ["relay", "chat:mafia", "said-pending"],
    ]);
  });
});

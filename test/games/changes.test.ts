import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "../../src/db/client.js";
import { fromReturnedRows } from "../../src/db/json-row.js";
import { deadlines, games, phases } from "../../src/db/schema/index.js";
import { changeGame, together } from "../../src/games/changes.js";
import { createMigratedDatabase } from "../support/db.js";

describe("changeGame", () => {
  let fresh: Awaited<ReturnType<typeof createMigratedDatabase>>;
  let small: Database;
  beforeAll(async () => {
    fresh = await createMigratedDatabase();
    // Three connections: without the in-process turns, five changes of one game waiting for its
    // row would hold all three, and any other query of the process would wait out the pool.
    small = createDatabase(fresh.url, { max: 3 });
  });
  afterAll(async () => {
    await small.close();
    await fresh.drop();
  });

  it("GIVEN another process holds a game's row WHEN five changes of it wait here THEN they hold one connection between them: other queries of this process go on, and all five apply in turn", async () => {
    const [game] = await fresh.db
      .insert(games)
      .values({ guildId: "g1", name: "Turns", ruleset: "classic", createdBy: "u1" })
      .returning();
    if (!game) throw new Error("game");
    const elsewhere = new pg.Client({ connectionString: fresh.url });
    await elsewhere.connect();
    try {
      await elsewhere.query("BEGIN");
      await elsewhere.query("UPDATE games SET version = version + 1 WHERE id = $1", [game.id]);
      const order: number[] = [];
      const changes = Array.from({ length: 5 }, (_, n) =>
        changeGame(small.db, game.id, async () => {
          order.push(n);
          return n;
        }),
      );
      // Every other query of the process still finds a connection while the five wait.
      for (let i = 0; i < 6; i++) {
        const result = await small.db.execute(sql`SELECT ${i}::int AS n`);
        expect(result.rows[0]).toEqual({ n: i });
      }
      expect(order).toEqual([]);
      await elsewhere.query("COMMIT");
      expect(await Promise.all(changes)).toEqual([0, 1, 2, 3, 4]);
      expect(order).toEqual([0, 1, 2, 3, 4]);
      const [after] = await fresh.db
        .select({ version: games.version })
        .from(games)
        .where(eq(games.id, game.id));
      expect(after?.version).toBe(6);
    } finally {
      await elsewhere.end();
    }
  });
});

describe("together", () => {
  let fresh: Awaited<ReturnType<typeof createMigratedDatabase>>;
  beforeAll(async () => {
    fresh = await createMigratedDatabase();
  });
  afterAll(async () => {
    await fresh.drop();
  });

  it("sends independent writes as one statement and gives the last one's RETURNING rows as Drizzle's select does", async () => {
    const [game] = await fresh.db
      .insert(games)
      .values({ guildId: "g2", name: "Together", ruleset: "classic", createdBy: "u1" })
      .returning();
    if (!game) throw new Error("game");
    const dueAt = new Date("2026-12-02T22:00:00.123Z");
    const returned = await together(fresh.db, [
      fresh.db
        .insert(phases)
        .values({ gameId: game.id, index: 0, label: "night-0", kind: "night", number: 0, startedAt: dueAt }),
      fresh.db
        .insert(deadlines)
        .values({
          gameId: game.id,
          phaseIndex: 0,
          kind: "resolve",
          key: "",
          dueAt,
          jobId: "j1",
          payload: { a: [1] },
        })
        .returning(),
    ]);
    const rows = fromReturnedRows(deadlines, returned);
    expect(rows).toEqual(await fresh.db.select().from(deadlines).where(eq(deadlines.gameId, game.id)));
    expect(rows[0]?.dueAt).toEqual(dueAt);
    expect(rows[0]?.payload).toEqual({ a: [1] });
    expect(await fresh.db.select().from(phases).where(eq(phases.gameId, game.id))).toHaveLength(1);
  });
});

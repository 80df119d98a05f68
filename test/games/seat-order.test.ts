import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { players } from "../../src/db/schema/index.js";
import { setMaskMode } from "../../src/games/masks.js";
import { GameService } from "../../src/games/service.js";
import { createMigratedDatabase } from "../support/db.js";
import { ManualClock } from "../support/factories.js";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
beforeAll(async () => {
  database = await createMigratedDatabase();
});
afterAll(async () => {
  await database.drop();
});

const users = Array.from({ length: 12 }, (_, i) => `u${i + 1}`);

async function seatsAfterStart(masked: boolean, seed: number | undefined): Promise<string[]> {
  const service = new GameService(database.db, new ManualClock());
  const game = await service.create({
    guildId: "100",
    name: "seats",
    ruleset: "clans",
    createdBy: "gm",
    ...(seed === undefined ? {} : { seed }),
    publishMode: "auto",
    phaseDurationMs: null,
  });
  await setMaskMode(database.db, game.id, "gm", masked ? "masks" : "off");
  for (const user of users) await service.join(game.id, user, `name-${user}`);
  await service.start(game.id, "gm");
  const rows = await database.db
    .select()
    .from(players)
    .where(eq(players.gameId, game.id))
    .orderBy(asc(players.seat));
  rows.forEach((row, i) => expect(row.seatId).toBe(`p${i + 1}`));
  return rows.map((row) => row.userId);
}

describe("seat order", () => {
  it("an unmasked game seats players in the order they joined", async () => {
    expect(await seatsAfterStart(false, 3)).toEqual(users);
  });

  it("a masked game seats players in a secret order, so seat order does not lead from a mask to an account", async () => {
    const orders = await Promise.all([seatsAfterStart(true, undefined), seatsAfterStart(true, undefined)]);
    for (const order of orders) {
      expect([...order].sort()).toEqual([...users].sort());
      expect(order).not.toEqual(users);
    }
    // Each game draws its own order from its own secret.
    expect(orders[0]).not.toEqual(orders[1]);
  });

  it("a masked game with a public seed (the sandbox, tests) seats the same way every time", async () => {
    expect(await seatsAfterStart(true, 5)).toEqual(await seatsAfterStart(true, 5));
  });
});

import { eq, max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inputs } from "../../src/db/schema/index.js";
import { loadState, rulesetOrThrow } from "../../src/games/state.js";
import { createMigratedDatabase } from "../support/db.js";
import { classicFive, ManualClock, startedGame } from "../support/factories.js";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
beforeAll(async () => {
  database = await createMigratedDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe("loading a game's state from its snapshot and log", () => {
  it("GIVEN a stored accepted input the engine now refuses THEN loading fails naming the game, the input and the rejection", async () => {
    const clock = new ManualClock(new Date("2026-03-01T07:00:00Z"));
    const { game } = await startedGame(database.db, clock, { seats: classicFive });
    const ruleset = rulesetOrThrow("classic");
    const before = await loadState(database.db, game.id, ruleset);
    const [last] = await database.db
      .select({ seq: max(inputs.seq) })
      .from(inputs)
      .where(eq(inputs.gameId, game.id));
    const seq = (last?.seq ?? 0) + 1;
    await database.db.insert(inputs).values({
      gameId: game.id,
      seq,
      phase: "night-1",
      type: "action",
      userId: "u1",
      seatId: before.state.players[0]?.id ?? null,
      payload: { actor: before.state.players[0]?.id, action: "no_such_action", targets: [], params: {} },
      accepted: true,
      at: clock.now(),
    });
    await expect(loadState(database.db, game.id, ruleset)).rejects.toThrow(
      new RegExp(`game ${game.id}: replay diverged at input ${seq}: .*rejected \\(\\S+\\)`),
    );
  });
});

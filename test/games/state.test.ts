import { eq, max } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "../../src/db/client.js";
import { inputs } from "../../src/db/schema/index.js";
import { loadState, rulesetOrThrow, stateBefore } from "../../src/games/state.js";
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

  it("GIVEN a state replayed inside a transaction that rolled back WHEN another input takes its seq THEN the next load replays the committed input, not the rolled-back one", async () => {
    const clock = new ManualClock(new Date("2026-03-01T07:00:00Z"));
    const { game } = await startedGame(database.db, clock, { seats: classicFive });
    const ruleset = rulesetOrThrow("classic");
    const before = await loadState(database.db, game.id, ruleset);
    const actor = before.state.players[0]?.id ?? "";
    const post = (text: string) => ({
      gameId: game.id,
      seq: before.seq + 1,
      phase: "night 0",
      type: "action" as const,
      userId: "u1",
      seatId: actor,
      payload: { actor, action: "post", targets: [], params: { text } },
      accepted: true,
      at: clock.now(),
    });
    const rolledBack = new Error("roll back");
    await expect(
      inTransaction(database.db, async (tx) => {
        await tx.insert(inputs).values(post("never committed"));
        const inside = await loadState(tx, game.id, ruleset);
        expect(inside.seq).toBe(before.seq + 1);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    await database.db.insert(inputs).values({
      ...post("committed"),
      type: "gm",
      payload: { action: "modkill", targets: [actor], params: {} },
    });
    const after = await loadState(database.db, game.id, ruleset);
    expect(after.seq).toBe(before.seq + 1);
    expect((after.state.data as { modkills: string[] }).modkills).toEqual([actor]);
  });

  it("hands each caller its own copy: changing a loaded state changes no later load", async () => {
    const clock = new ManualClock(new Date("2026-03-01T07:00:00Z"));
    const { game } = await startedGame(database.db, clock, { seats: classicFive });
    const ruleset = rulesetOrThrow("classic");
    const first = await loadState(database.db, game.id, ruleset);
    const player = first.state.players[0];
    if (player) player.alive = false;
    const second = await loadState(database.db, game.id, ruleset);
    expect(second.state.players[0]?.alive).toBe(true);
  });

  it("stateBefore gives the state as it stood before a log entry, and a later load still gives the latest", async () => {
    const clock = new ManualClock(new Date("2026-03-01T07:00:00Z"));
    const { game } = await startedGame(database.db, clock, { seats: classicFive });
    const ruleset = rulesetOrThrow("classic");
    const before = await loadState(database.db, game.id, ruleset);
    const actor = before.state.players[0]?.id ?? "";
    const modkill = {
      gameId: game.id,
      seq: before.seq + 1,
      phase: "night 0",
      type: "gm" as const,
      userId: "gm",
      payload: { action: "modkill", targets: [actor], params: {} },
      accepted: true,
      at: clock.now(),
    };
    await database.db.insert(inputs).values(modkill);
    const after = await loadState(database.db, game.id, ruleset);
    expect((after.state.data as { modkills: string[] }).modkills).toEqual([actor]);
    // Before the modkill: nobody removed yet; at the entry after it: the modkill is in.
    const earlier = await stateBefore(database.db, game.id, ruleset, before.seq + 1);
    expect((earlier.data as { modkills: string[] }).modkills).toEqual([]);
    const through = await stateBefore(database.db, game.id, ruleset, before.seq + 2);
    expect((through.data as { modkills: string[] }).modkills).toEqual([actor]);
    // A later load is unaffected: the latest state, with the modkill.
    const again = await loadState(database.db, game.id, ruleset);
    expect(again.seq).toBe(before.seq + 1);
    expect((again.state.data as { modkills: string[] }).modkills).toEqual([actor]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { players } from "../../src/db/schema/index.js";
import { GameService } from "../../src/games/service.js";
import { tableMinimum } from "../../src/games/table.js";
import { rulesets } from "../../src/rulesets/index.js";
import { createMigratedDatabase } from "../support/db.js";
import { ManualClock } from "../support/factories.js";

/**
 * Every ruleset deals a valid default setup (no options) for every table size the bot deals:
 * from its table minimum to its maximum, a lobby of that many seats starts and every seat has a
 * role (classic below and above 24 deals proportionally, `defaultRoles`).
 */

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
beforeAll(async () => {
  database = await createMigratedDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe("the default deal of every table size", () => {
  for (const ruleset of Object.values(rulesets)) {
    const min = tableMinimum(ruleset, false);
    it(`${ruleset.id} starts with its default options at every size from ${min} to ${ruleset.players.max}`, async () => {
      const service = new GameService(database.db, new ManualClock());
      const failed: string[] = [];
      for (let n = min; n <= ruleset.players.max; n++) {
        const game = await service.create({
          guildId: "100",
          name: `${ruleset.id} ${n}`,
          ruleset: ruleset.id,
          createdBy: "gm",
          seed: n,
        });
        await database.db.insert(players).values(
          Array.from({ length: n }, (_, i) => ({
            gameId: game.id,
            seatId: `p${i + 1}`,
            seat: i + 1,
            userId: `u${i + 1}`,
            displayName: `Player ${i + 1}`,
          })),
        );
        try {
          await service.start(game.id, "gm");
          const state = await service.state(game.id);
          expect(state.players).toHaveLength(n);
          for (const p of state.players) expect(typeof p.role === "string" && p.role !== "").toBe(true);
        } catch (error) {
          failed.push(`${n}: ${(error as Error).message} ${String((error as { cause?: unknown }).cause)}`);
        }
      }
      expect(failed).toEqual([]);
    }, 180_000);
  }
});

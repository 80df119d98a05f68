import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameSecrets, gameSnapshots, games, outbox } from "../../src/db/schema/index.js";
import type { AnyGameState } from "../../src/engine/types.js";
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

/** A classic game of 24 seats dealt by the engine, created and started at the clock's instant. */
async function dealtGame(service: GameService) {
  const game = await service.create({ guildId: "100", name: "same", ruleset: "classic", createdBy: "gm" });
  for (let i = 1; i <= 24; i++) await service.join(game.id, `u${i}`, `name-${i}`);
  await service.start(game.id, "gm");
  const [first] = await database.db.select().from(gameSnapshots).where(eq(gameSnapshots.gameId, game.id));
  const [secret] = await database.db.select().from(gameSecrets).where(eq(gameSecrets.gameId, game.id));
  return {
    game,
    secret: secret?.secret ?? "",
    deal: (first?.state as AnyGameState).players.map((p) => p.role),
    state: first?.state as AnyGameState,
  };
}

describe("a game's secret randomness", () => {
  it("two games created in the same millisecond, by the same GM, with the same name get different deals", async () => {
    const frozen = new ManualClock(new Date("2026-03-01T07:00:00.123Z"));
    const service = new GameService(database.db, frozen);
    const a = await dealtGame(service);
    const b = await dealtGame(service);
    expect(a.secret).not.toBe(b.secret);
    expect(a.deal).not.toEqual(b.deal);
    expect([...a.deal].sort()).toEqual([...b.deal].sort());
  });

  it("the stored secret has 128 bits and is no function of the time or the ids: the same clock gives new secrets", async () => {
    const frozen = new ManualClock(new Date("2026-03-01T07:00:00.000Z"));
    const service = new GameService(database.db, frozen);
    const secrets: string[] = [];
    for (let i = 0; i < 8; i++) {
      const game = await service.create({ guildId: "100", name: "x", ruleset: "mayor", createdBy: "gm" });
      const [row] = await database.db.select().from(gameSecrets).where(eq(gameSecrets.gameId, game.id));
      const secret = row?.secret ?? "";
      expect(secret).toMatch(/^[0-9a-f]{32}$/);
      // Nothing public is the seed: the game row has no seed, and the secret is not made of its id or time.
      const [stored] = await database.db.select().from(games).where(eq(games.id, game.id));
      expect(stored?.seed).toBeNull();
      const fromId = createHash("sha256").update(game.id).digest("hex");
      expect(fromId).not.toContain(secret);
      expect(game.id.replaceAll("-", "")).not.toBe(secret);
      secrets.push(secret);
    }
    expect(new Set(secrets).size).toBe(8);
  });

  it("the secret is the whole PRNG state of the deal, and the starting newspaper carries only its SHA-256", async () => {
    const service = new GameService(database.db, new ManualClock());
    const { game, secret, state } = await dealtGame(service);
    expect(state.seed).toBe(secret);
    const posts = await database.db.select().from(outbox).where(eq(outbox.gameId, game.id));
    const text = JSON.stringify(posts.map((p) => p.payload));
    const commitment = createHash("sha256").update(Buffer.from(secret, "hex")).digest("hex");
    const newspaper = posts.map((p) => p.payload as { type: string; chat?: string; content?: string });
    expect(newspaper.find((p) => p.chat === "newspaper")?.content).toContain(commitment);
    expect(text).not.toContain(secret);
  });

  it("a public integer seed (the sandbox, tests) keeps dealing as before and draws no secret", async () => {
    const service = new GameService(database.db, new ManualClock());
    const game = await service.create({
      guildId: "100",
      name: "s",
      ruleset: "classic",
      createdBy: "gm",
      seed: 7,
    });
    expect((await database.db.select().from(gameSecrets).where(eq(gameSecrets.gameId, game.id))).length).toBe(
      0,
    );
    expect((await service.game(game.id)).seed).toBe(7);
  });
});

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../src/db/schema/index.js";
import { phaseName } from "../../src/i18n/index.js";
import { createMigratedDatabase } from "../support/db.js";
import { ManualClock, startedGame } from "../support/factories.js";

/**
 * reichstag 3.4: a granted extension request moves the real deadline by the granted hours, up to
 * the per-phase cap; a refused one moves nothing. In a fixed-duration game (blitz, sandbox) a
 * rules day is one phase, so 12 h are half a phase.
 */

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
beforeAll(async () => {
  database = await createMigratedDatabase();
});
afterAll(async () => {
  await database.drop();
});

const five = ["u1", "u2", "u3", "u4", "u5"].map((user) => ({ user }));
const HOUR = 3_600_000;

describe("the rules move the real deadline", () => {
  it("GIVEN a reichstag phase WHEN players request extensions THEN the deadline moves by 12 h, 12 h, then the cap refuses", async () => {
    const clock = new ManualClock(new Date("2026-03-01T07:00:00Z"));
    const { service, game, started } = await startedGame(database.db, clock, {
      ruleset: "reichstag",
      seats: five,
    });
    const opened = started.value.deadlineAt?.getTime() ?? 0;
    expect(opened).toBeGreaterThan(0);
    clock.advance(60_000);
    const first = await service.submit(game.id, "u1", {
      action: "request_extension",
      targets: [],
      params: {},
    });
    expect(first.value.accepted).toBe(true);
    expect(first.deadlines.find((d) => d.kind === "resolve")?.dueAt.getTime()).toBe(opened + 12 * HOUR);
    expect((await service.currentPhase(game.id))?.deadlineAt?.getTime()).toBe(opened + 12 * HOUR);
    // Players read the new deadline in the newspaper, as a Discord timestamp.
    expect(first.outbox).toBe(true);
    const unix = Math.floor((opened + 12 * HOUR) / 1000);
    const posted = await database.db.select().from(outbox).where(eq(outbox.gameId, game.id));
    expect(posted.map((r) => (r.payload as { content?: string }).content)).toContain(
      `⏰ По правилам срок сдвинут: ${phaseName("ru", "nomination 1")} заканчивается <t:${unix}:F> (<t:${unix}:R>).`,
    );
    await service.submit(game.id, "u2", { action: "request_extension", targets: [], params: { hours: 20 } });
    // The cap of 24 h per phase grants the remainder (12 h) of the 20 asked.
    expect((await service.currentPhase(game.id))?.deadlineAt?.getTime()).toBe(opened + 24 * HOUR);
    const refused = await service.submit(game.id, "u3", {
      action: "request_extension",
      targets: [],
      params: {},
    });
    expect(refused.value.accepted).toBe(false);
    expect((await service.currentPhase(game.id))?.deadlineAt?.getTime()).toBe(opened + 24 * HOUR);
  });

  it("GIVEN a blitz reichstag game of 15-minute phases WHEN a player requests 12 h THEN the deadline moves by half a phase", async () => {
    const clock = new ManualClock(new Date("2026-03-01T07:00:00Z"));
    const { service, game, started } = await startedGame(database.db, clock, {
      ruleset: "reichstag",
      seats: five,
      phaseDurationMs: 15 * 60_000,
    });
    const opened = started.value.deadlineAt?.getTime() ?? 0;
    await service.submit(game.id, "u4", { action: "request_extension", targets: [], params: {} });
    expect((await service.currentPhase(game.id))?.deadlineAt?.getTime()).toBe(opened + 7.5 * 60_000);
  });

  it("GIVEN a classic game WHEN a player acts THEN the deadline stays where the schedule put it", async () => {
    const clock = new ManualClock(new Date("2026-03-01T07:00:00Z"));
    const { service, game, started } = await startedGame(database.db, clock, {
      seats: [
        { user: "u1", setup: { role: "maniac" } },
        { user: "u2", setup: { role: "citizen" } },
        { user: "u3", setup: { role: "citizen" } },
      ],
    });
    await service.submit(game.id, "u1", { action: "kill", targets: ["p2"], params: {} });
    expect((await service.currentPhase(game.id))?.deadlineAt).toEqual(started.value.deadlineAt);
  });
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deadlines, inputs, outbox, phases, resolutions } from "../../src/db/schema/index.js";
import { UserError } from "../../src/games/errors.js";
import { createMigratedDatabase } from "../support/db.js";
import { ManualClock, classicFive, startedGame } from "../support/factories.js";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
beforeAll(async () => {
  database = await createMigratedDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe("a game's lifecycle on Postgres", () => {
  it("GIVEN a lobby of five WHEN the GM starts it THEN night 0 opens with its deadline and reminders stored", async () => {
    const clock = new ManualClock(new Date("2026-03-01T07:00:00Z"));
    const { game, started } = await startedGame(database.db, clock, { seats: classicFive });
    expect(started.value.label).toBe("night 0");
    // night 0 ends at the first 10:00 Moscow at least 12 hours after the deal.
    expect(started.value.deadlineAt?.toISOString()).toBe("2026-03-02T07:00:00.000Z");
    const rows = await database.db.select().from(deadlines).where(eq(deadlines.gameId, game.id));
    expect(rows.map((r) => `${r.kind}:${r.key}`).sort()).toEqual(["reminder:10", "reminder:60", "resolve:"]);
    const posts = await database.db.select().from(outbox).where(eq(outbox.gameId, game.id));
    // role cards go out at the deal, one per seat, plus the first reconcile
    expect(
      posts.filter((p) => (p.payload as { chat: string }).chat?.startsWith("personal:")).length,
    ).toBeGreaterThanOrEqual(5);
  });

  it("logs a refused order with its reason and changes nothing", async () => {
    const clock = new ManualClock();
    const { service, game } = await startedGame(database.db, clock, { seats: classicFive });
    const refused = await service.submit(game.id, "u3", { action: "heal", targets: ["p4"], params: {} });
    expect(refused.value.accepted).toBe(false);
    expect(refused.value.rejection?.reason).toBe("only the maniac acts on night 0");
    const accepted = await service.submit(game.id, "u1", { action: "kill", targets: ["p5"], params: {} });
    expect(accepted.value.accepted).toBe(true);
    const log = await database.db.select().from(inputs).where(eq(inputs.gameId, game.id));
    // After the GM's lobby entries (five assigns and the start), the refused and the accepted order.
    expect(log.filter((r) => r.type === "action").map((r) => r.accepted)).toEqual([false, true]);
    const state = await service.state(game.id);
    expect(state.players.every((p) => p.alive)).toBe(true);
  });

  it("refuses non-players and non-GMs with expected errors", async () => {
    const clock = new ManualClock();
    const { service, game } = await startedGame(database.db, clock, { seats: classicFive });
    await expect(
      service.submit(game.id, "stranger", { action: "post", targets: [], params: {} }),
    ).rejects.toThrow(UserError);
    await expect(service.forceNow(game.id, "u1")).rejects.toMatchObject({ key: "game.gm_only" });
  });

  it("resolves a phase exactly once, even when two workers race for it", async () => {
    const clock = new ManualClock();
    const { service, game } = await startedGame(database.db, clock, { seats: classicFive });
    await service.submit(game.id, "u1", { action: "kill", targets: ["p5"], params: {} });
    const [resolve] = await database.db
      .select()
      .from(deadlines)
      .where(and(eq(deadlines.gameId, game.id), eq(deadlines.kind, "resolve")));
    const results = await Promise.all([
      service.resolveDue(game.id, 0, { deadlineId: resolve?.id ?? 0, jobId: resolve?.jobId ?? "" }),
      service.resolveDue(game.id, 0, { deadlineId: resolve?.id ?? 0, jobId: resolve?.jobId ?? "" }),
    ]);
    expect(results.filter((r) => r.value !== null)).toHaveLength(1);
    const report = results.find((r) => r.value)?.value;
    expect(report?.deaths).toEqual([{ player: "p5", cause: "maniac" }]);
    const done = await database.db.select().from(resolutions).where(eq(resolutions.gameId, game.id));
    expect(done).toHaveLength(1);
    const open = await service.currentPhase(game.id);
    expect(open?.label).toBe("day 1");
    const newspaper = await database.db.select().from(outbox).where(eq(outbox.gameId, game.id));
    expect(newspaper.some((p) => (p.payload as { content?: string }).content?.includes("name-u5"))).toBe(
      true,
    );
  });

  it("replays the state from snapshot and log byte for byte", async () => {
    const clock = new ManualClock();
    const { service, game } = await startedGame(database.db, clock, { seats: classicFive });
    await service.submit(game.id, "u1", { action: "kill", targets: ["p4"], params: {} });
    const before = JSON.stringify(await service.state(game.id));
    const again = JSON.stringify(await service.state(game.id));
    expect(again).toBe(before);
    const [phase] = await database.db.select().from(phases).where(eq(phases.gameId, game.id));
    expect(phase?.index).toBe(0);
  });

  it("moves the deadline on extend and keeps the old job from resolving", async () => {
    const clock = new ManualClock();
    const { service, game, started } = await startedGame(database.db, clock, { seats: classicFive });
    const [old] = started.deadlines.filter((d) => d.kind === "resolve");
    const extended = await service.extend(game.id, "gm", 90);
    expect(extended.value.dueAt.getTime() - (started.value.deadlineAt?.getTime() ?? 0)).toBe(90 * 60_000);
    expect(extended.value.jobId).not.toBe(old?.jobId);
    // The old job still fires at the old time: it names a job id the row no longer holds.
    const stale = await service.resolveDue(game.id, 0, { deadlineId: old?.id ?? 0, jobId: old?.jobId ?? "" });
    expect(stale.value).toBeNull();
    const current = await service.resolveDue(game.id, 0, {
      deadlineId: extended.value.id,
      jobId: extended.value.jobId,
    });
    expect(current.value?.phase).toBe("night 0");
  });
});

describe("the GM's schedule actions", () => {
  it("are in the input log and leave the engine state as it was", async () => {
    const clock = new ManualClock();
    const { service, game } = await startedGame(database.db, clock, { seats: classicFive });
    const before = JSON.stringify(await service.state(game.id));
    await service.extend(game.id, "gm", 30);
    await service.pause(game.id, "gm");
    await service.resume(game.id, "gm");
    const log = await database.db.select().from(inputs).where(eq(inputs.gameId, game.id));
    expect(log.map((r) => [r.type, (r.payload as { action: string }).action])).toEqual([
      ...classicFive.map(() => ["control", "assign"]),
      ["control", "start"],
      ["control", "extend"],
      ["control", "pause"],
      ["control", "resume"],
    ]);
    expect(JSON.stringify(await service.state(game.id))).toBe(before);
  });

  it("pause keeps the time left and resume restores it from the moment of resuming", async () => {
    const clock = new ManualClock(new Date("2026-03-01T07:00:00Z"));
    const { service, game, started } = await startedGame(database.db, clock, {
      seats: classicFive,
      phaseDurationMs: 60 * 60_000,
    });
    expect(started.value.deadlineAt?.toISOString()).toBe("2026-03-01T08:00:00.000Z");
    clock.advance(20 * 60_000);
    await service.pause(game.id, "gm");
    clock.advance(5 * 60 * 60_000);
    const resumed = await service.resume(game.id, "gm");
    const resolve = resumed.deadlines.find((d) => d.kind === "resolve");
    expect(resolve?.dueAt.toISOString()).toBe("2026-03-01T13:00:00.000Z");
  });
});

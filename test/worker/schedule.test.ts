import { describe, expect, it } from "vitest";
import { createGame, resolvePhase } from "../../src/engine/game.js";
import { deadlineFor, nextLocalTime, reminderTimes } from "../../src/games/schedule.js";
import { getRuleset } from "../../src/rulesets/index.js";

/** Deadlines in the game's zone across DST changes, and the mayor's fixed hours. */

const settings = (timezone: string) => ({ timezone, phaseDurationMs: null });

describe("daily deadlines across a DST change", () => {
  it("Europe/Berlin, 29 March 2026: a night from 22:00 with 16 h minimum still ends at 14:00 local", () => {
    // 22:00 CET on the 28th; the clocks go 02:00 → 03:00 that night.
    const start = new Date("2026-03-28T21:00:00Z");
    const due = deadlineFor(
      { type: "daily_at", at: "14:00", minMinutes: 960 },
      start,
      settings("Europe/Berlin"),
    );
    expect(due?.toISOString()).toBe("2026-03-29T12:00:00.000Z"); // 14:00 CEST
  });

  it("Europe/Berlin, 25 October 2026 (clocks back): 22:00 the next day is 22:00 CET", () => {
    const start = new Date("2026-10-24T20:00:00Z"); // 22:00 CEST
    const due = deadlineFor(
      { type: "daily_at", at: "22:00", minMinutes: 60 },
      start,
      settings("Europe/Berlin"),
    );
    expect(due?.toISOString()).toBe("2026-10-25T21:00:00.000Z"); // 22:00 CET
  });

  it("America/New_York, 8 March 2026: 02:30 does not exist that day and becomes 03:30 EDT", () => {
    const start = new Date("2026-03-08T05:00:00Z"); // 00:00 EST
    expect(nextLocalTime(start, "02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // And the next day it is 02:30 EDT again.
    expect(nextLocalTime(new Date("2026-03-08T08:00:00Z"), "02:30", "America/New_York").toISOString()).toBe(
      "2026-03-09T06:30:00.000Z",
    );
  });

  it("a duration is elapsed time, also across the change", () => {
    const start = new Date("2026-03-07T17:00:00Z"); // 12:00 EST
    const due = deadlineFor({ type: "duration", minutes: 24 * 60 }, start, settings("America/New_York"));
    expect(due?.toISOString()).toBe("2026-03-08T17:00:00.000Z"); // 13:00 EDT: 24 h later
  });

  it("a GM-set phase duration overrides the ruleset's rule", () => {
    const start = new Date("2026-03-07T17:00:00Z");
    const due = deadlineFor({ type: "daily_at", at: "22:00" }, start, {
      timezone: "Europe/Berlin",
      phaseDurationMs: 1_500,
    });
    expect(due?.getTime()).toBe(start.getTime() + 1_500);
  });

  it("reminders before a deadline keep only those still in the future", () => {
    const due = new Date("2026-03-29T12:00:00Z");
    const now = new Date("2026-03-29T11:30:00Z");
    expect(reminderTimes(due, [60, 10], now)).toEqual([
      { minutes: 10, at: new Date("2026-03-29T11:50:00Z") },
    ]);
  });
});

describe("the mayor's fixed hours", () => {
  const mayor = getRuleset("mayor");
  if (!mayor) throw new Error("mayor ruleset missing");
  const created = createGame(mayor, {
    seed: 1,
    options: {},
    players: Array.from({ length: mayor.players.min }, (_, i) => ({ id: `p${i + 1}` })),
  });
  if (!created.ok) throw new Error(created.rejection.reason);

  it("night ends at 14:00 and day at 22:00 Moscow, every day", () => {
    let state = created.value;
    let at = new Date("2026-03-01T19:00:00Z"); // 22:00 Moscow, the deal
    const seen: string[] = [];
    for (let i = 0; i < 4 && !state.ended; i++) {
      const due = deadlineFor(mayor.deadline(state), at, settings("Europe/Moscow"));
      if (!due) throw new Error("mayor phase without deadline");
      seen.push(`${state.phase.kind}:${due.toISOString()}`);
      state = resolvePhase(mayor, state, due.getTime()).state;
      at = due;
    }
    expect(seen).toEqual([
      "night:2026-03-02T11:00:00.000Z",
      "day:2026-03-02T19:00:00.000Z",
      "night:2026-03-03T11:00:00.000Z",
      "day:2026-03-03T19:00:00.000Z",
    ]);
  });

  it("in Europe/Berlin across 29 March the hours stay 14:00 and 22:00 local", () => {
    let state = created.value;
    let at = new Date("2026-03-28T21:00:00Z"); // 22:00 CET
    const seen: string[] = [];
    for (let i = 0; i < 3 && !state.ended; i++) {
      const due = deadlineFor(mayor.deadline(state), at, settings("Europe/Berlin"));
      if (!due) throw new Error("mayor phase without deadline");
      seen.push(`${state.phase.kind}:${due.toISOString()}`);
      state = resolvePhase(mayor, state, due.getTime()).state;
      at = due;
    }
    expect(seen).toEqual([
      "night:2026-03-29T12:00:00.000Z", // 14:00 CEST
      "day:2026-03-29T20:00:00.000Z", // 22:00 CEST
      "night:2026-03-30T12:00:00.000Z",
    ]);
  });
});

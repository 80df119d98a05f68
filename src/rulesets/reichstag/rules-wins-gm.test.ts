import { describe, expect, it } from "vitest";
import {
  act,
  allJa,
  allPublic,
  deckWith,
  events,
  executive,
  FIVE,
  governs,
  nominate,
  rejections,
  run,
  votes,
} from "../../../test/support/rulesets/reichstag.js";

/** One test per rule of reichstag.md: wins and GM actions (4.2, 5.10, 9, R3, R29). */

describe("wins (9, R3)", () => {
  it("five liberal policies win for the liberals", () => {
    const opts = {
      enacted: { liberal: 4, fascist: 0 },
      deck: deckWith(["L", "F", "F"], { liberal: 4, fascist: 0 }),
    };
    const out = run(governs("ann", "bob", "F", "L"), opts);
    expect(out.final).toMatchObject({ ended: true, winners: ["liberals"] });
    expect(allPublic(out)).toContain("Game over. Winners: liberals.");
    expect(allPublic(out)).toContain(
      "Roles: ann liberal, bob liberal, cid fascist, dan liberal, eve hitler.",
    );
  });

  it("six fascist policies win for the fascists without an executive phase", () => {
    const opts = {
      enacted: { liberal: 0, fascist: 5 },
      deck: deckWith(["F", "F", "L"], { liberal: 0, fascist: 5 }),
    };
    const out = run([...governs("ann", "bob", "F", "F"), executive("ann", [])], opts);
    expect(out.final).toMatchObject({ ended: true, winners: ["fascists"] });
    expect(out.phases).toHaveLength(3);
  });
});

describe("GM actions (4.2, 5.10, R29)", () => {
  it("modkill: the candidate's nomination is missed; a modkilled Hitler ends the game for the liberals", () => {
    const a = run([{ phase: "nomination", actions: [], gm: [{ action: "modkill", targets: ["ann"] }] }]);
    expect(events(a, "nomination 1")).toContainEqual({
      type: "nomination_missed",
      candidate: "ann",
      tracker: 1,
    });
    expect(a.phases[0]!.deaths).toEqual([{ player: "ann", cause: "modkill" }]);
    expect(a.phases[0]!.public).toContain("ann was removed by the host.");
    const b = run([{ phase: "nomination", actions: [], gm: [{ action: "modkill", targets: ["eve"] }] }]);
    expect(b.final).toMatchObject({ ended: true, winners: ["liberals"] });
  });

  it("modkill of the Chancellor voids the session", () => {
    const out = run([
      { phase: "nomination", actions: [nominate("ann", "bob")] },
      { phase: "election", actions: allJa(FIVE, ["ann", "bob"]) },
      {
        phase: "legislative",
        actions: [act("ann", "discard", { policy: "F" })],
        gm: [{ action: "modkill", targets: ["bob"] }],
      },
    ]);
    expect(events(out, "legislative 1")).toContainEqual({
      type: "session_void",
      president: "ann",
      chancellor: "bob",
      tracker: 1,
    });
  });

  it("the GM acts for a player with `as`, with the same validation; end_game ends with the named winners; close resolves the election", () => {
    const out = run([
      {
        phase: "nomination",
        gm: [
          { action: "nominate", as: "ann", targets: ["ann"] },
          { action: "nominate", as: "ann", targets: ["bob"] },
        ],
      },
      {
        phase: "election",
        actions: votes({ cid: "ja" }),
        gm: [{ action: "close" }, { action: "extend", hours: 2 }],
      },
      { phase: "legislative", gm: [{ action: "end_game", winners: ["liberals"] }] },
    ]);
    expect(out.phases[0]!.rejected[0]).toMatchObject({
      gm: true,
      index: 0,
      reason: "cannot nominate yourself",
    });
    expect(events(out, "election 1")).toContainEqual({ type: "phase_closed_early", by: "gm" });
    expect(out.phases[1]!.rejected).toContainEqual(
      expect.objectContaining({ gm: true, index: 1, reason: "the phase is closed" }),
    );
    expect(out.final).toMatchObject({ ended: true, winners: ["liberals"] });
    expect(events(out, "legislative 1")).toContainEqual({
      type: "game_over",
      winners: ["liberals"],
      reason: "gm",
    });
  });

  it("extension requests: granted up to the cap, then refused", () => {
    const out = run([
      {
        phase: "nomination",
        actions: [act("bob", "request_extension", { hours: 24 }), act("cid", "request_extension")],
      },
    ]);
    expect(rejections(out)).toEqual(["the extension limit of this phase is reached"]);
  });
});

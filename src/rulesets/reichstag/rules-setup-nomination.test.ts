import { describe, expect, it } from "vitest";
import {
  deckWith,
  events,
  failedRound,
  FIVE,
  governs,
  nominate,
  rejections,
  run,
  runRaw,
  SEVEN,
} from "../../../test/support/rulesets/reichstag.js";

/** One test per rule of reichstag.md: setup and nomination (2, 5.2, R1–R7, R12). */

describe("setup (2, R1, R2, R34)", () => {
  it("R1: malformed setups are refused: too few players, wrong distribution, partial roles, faction mismatch, bad deck", () => {
    expect(runRaw({ players: FIVE.slice(0, 4), script: [] }).ok).toBe(false);
    expect(runRaw({ players: FIVE.map((p) => ({ ...p, role: "liberal" })), script: [] }).ok).toBe(false);
    expect(runRaw({ players: [{ id: "ann" }, ...FIVE.slice(1)], script: [] }).ok).toBe(false);
    expect(
      runRaw({ players: [{ id: "ann", role: "liberal", faction: "fascists" }, ...FIVE.slice(1)], script: [] })
        .ok,
    ).toBe(false);
    expect(runRaw({ players: FIVE, options: { deck: ["L"] }, script: [] }).ok).toBe(false);
    expect(runRaw({ players: FIVE, options: { unknown: 1 }, script: [] }).ok).toBe(false);
    expect(runRaw({ players: FIVE, options: { enacted: { liberal: 5 } }, script: [] }).ok).toBe(false);
  });

  it("R1: the engine deals the standard table from the seed when no role is given", () => {
    for (let n = 5; n <= 10; n++) {
      const players = Array.from({ length: n }, (_, i) => ({ id: `p${i}` }));
      const out = run([], {}, players, 42);
      expect(out.final.ended).toBe(false);
      const roles = Object.values(out.final.players).map((p) => p.role);
      expect(roles.filter((r) => r === "hitler")).toHaveLength(1);
      const table: Record<number, number> = { 5: 1, 6: 1, 7: 2, 8: 2, 9: 3, 10: 3 };
      expect(roles.filter((r) => r === "fascist")).toHaveLength(table[n] as number);
    }
  });

  it("R2/R34: nomination 1 tells roles; fascists know each other and Hitler; Hitler knows the fascist only in 5–6 player games", () => {
    const five = run([{ phase: "nomination", actions: [] }]).phases[0]!;
    expect(five.private.filter((m) => m.kind === "role")).toHaveLength(5);
    expect(five.private).toContainEqual({ to: "cid", kind: "allies", fascists: [], hitler: "eve" });
    expect(five.private).toContainEqual({ to: "eve", kind: "allies", fascists: ["cid"] });
    expect(
      five.private.filter((m) => m.kind === "allies" && ["ann", "bob", "dan"].includes(m.to)),
    ).toHaveLength(0);
    expect(five.public[0]).toBe("Players: ann, bob, cid, dan, eve. Liberals 3, fascists 1, Hitler 1.");
    const seven = run([{ phase: "nomination", actions: [] }], {}, SEVEN).phases[0]!;
    expect(seven.private).toContainEqual({ to: "cid", kind: "allies", fascists: ["fay"], hitler: "eve" });
    expect(seven.private.some((m) => m.to === "eve" && m.kind === "allies")).toBe(false);
  });

  it("R4: option firstCandidate names the first candidate", () => {
    const out = run([{ phase: "nomination", actions: [] }], { firstCandidate: "cid" });
    expect(events(out, "nomination 1")[0]).toEqual({ type: "candidate", player: "cid", reason: "start" });
  });
});

describe("nomination and term limits (5.2, R5–R7, R12)", () => {
  it("only the candidate nominates; not himself; dead targets are refused", () => {
    const out = run([
      {
        phase: "nomination",
        actions: [nominate("bob", "cid"), nominate("ann", "ann"), nominate("ann", "bob")],
      },
    ]);
    expect(out.phases[0]!.rejected.map((r) => r.reason)).toEqual([
      "only the presidential candidate nominates",
      "cannot nominate yourself",
    ]);
  });

  it("R5: the last elected government is term-limited (with more than 5 alive) until another government is elected; failed rounds do not free them", () => {
    const SIX = [...FIVE, { id: "fay", role: "liberal" }];
    const out = run(
      [
        ...governs("ann", "bob", "F", "L", SIX),
        ...failedRound("bob", "cid"),
        {
          phase: "nomination",
          actions: [nominate("cid", "ann"), nominate("cid", "bob"), nominate("cid", "dan")],
        },
      ],
      { deck: deckWith(["L", "F", "F"]) },
      SIX,
    );
    expect(rejections(out)).toEqual([
      "term-limited: cannot be nominated as Chancellor",
      "term-limited: cannot be nominated as Chancellor",
    ]);
  });

  it("R6: with 5 or fewer alive only the former Chancellor is term-limited", () => {
    const out = run(
      [
        ...governs("ann", "bob", "F", "L"),
        { phase: "nomination", actions: [nominate("bob", "bob"), nominate("bob", "ann")] },
      ],
      { deck: deckWith(["L", "F", "F"]) },
    );
    expect(rejections(out)).toEqual(["cannot nominate yourself"]);
    expect(events(out, "nomination 2")).toContainEqual({
      type: "nominated",
      president: "bob",
      chancellor: "ann",
    });
  });

  it("R12: a missed nomination advances the tracker and moves the candidacy", () => {
    const out = run([{ phase: "nomination", actions: [] }]);
    expect(events(out, "nomination 1")).toContainEqual({
      type: "nomination_missed",
      candidate: "ann",
      tracker: 1,
    });
    expect(out.phases[0]!.public).toContain("ann did not nominate a Chancellor.");
  });
});

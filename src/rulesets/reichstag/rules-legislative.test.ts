import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../engine/types.js";
import {
  act,
  allEvents,
  allJa,
  allPublic,
  deckWith,
  events,
  failedRound,
  FIVE,
  governs,
  nominate,
  run,
  type Entry,
} from "../../../test/support/rulesets/reichstag.js";

/** One test per rule of reichstag.md: legislative session, deck and veto (5.5–5.7, R13, R17, R24, R25, R30). */

describe("legislative session and deck (5.5, 5.7, R17, R30)", () => {
  it("only the President discards, once, a policy he holds; the Chancellor enacts only after the discard, one of his two", () => {
    const out = run(
      [
        { phase: "nomination", actions: [nominate("ann", "bob")] },
        { phase: "election", actions: allJa(FIVE, ["ann", "bob"]) },
        {
          phase: "legislative",
          actions: [
            act("bob", "enact", { policy: "L" }),
            act("cid", "discard", { policy: "L" }),
            act("ann", "discard", { policy: "L" }),
            act("ann", "discard", { policy: "F" }),
            act("ann", "discard", { policy: "F" }),
            act("bob", "enact", { policy: "L" }),
            act("ann", "enact", { policy: "F" }),
            act("bob", "veto"),
            act("bob", "enact", { policy: "F" }),
          ],
        },
      ],
      { deck: deckWith(["F", "F", "F"]) },
    );
    expect(out.phases[2]!.rejected.map((r) => r.reason)).toEqual([
      "the President has not discarded yet",
      "only the President discards",
      "no such policy in hand",
      "already discarded",
      "no such policy in hand",
      "only the Chancellor enacts",
      "veto is not available before five fascist policies",
    ]);
  });

  it("R17: with two or fewer policies left the discard pile is shuffled back", () => {
    // 17 policies: 5 sessions draw 15, leaving 2; the reshuffle comes before the win check.
    const pairs = [
      ["ann", "cid"],
      ["bob", "dan"],
      ["cid", "eve"],
      ["dan", "ann"],
      ["eve", "bob"],
    ] as const;
    const script: Entry[] = pairs.flatMap(([p, c]) => governs(p, c, "F", "L"));
    const deck = [..."LFFLFFLFFLFFLFFLF"];
    const out = run(script, { deck });
    const reshuffle = allEvents(out).find((e) => e.type === "reshuffled");
    expect(reshuffle).toBeDefined();
    expect(reshuffle).toEqual({ type: "reshuffled", deckSize: 12 });
    expect(allPublic(out)).toContain("The policy deck is reshuffled (12 policies).");
    expect(out.final).toMatchObject({ ended: true, winners: ["liberals"] });
  });

  it("the game stalls when the secret choice is missing (R13) and continues in the same phase", () => {
    const out = run(
      [
        { phase: "nomination", actions: [nominate("ann", "bob")] },
        { phase: "election", actions: allJa(FIVE, ["ann", "bob"]) },
        { phase: "legislative", actions: [] },
        { phase: "legislative", actions: [act("ann", "discard", { policy: "F" })] },
        { phase: "legislative", actions: [act("bob", "enact", { policy: "L" })] },
      ],
      { deck: deckWith(["L", "F", "F"]) },
    );
    expect(out.phases.map((p) => p.phase)).toEqual([
      "nomination 1",
      "election 1",
      "legislative 1",
      "legislative 1",
      "legislative 1",
    ]);
    expect(out.phases[2]!.events).toContainEqual({ type: "stalled", waitingFor: ["ann"] });
    expect(out.phases[3]!.events).toContainEqual({ type: "stalled", waitingFor: ["bob"] });
    expect(out.phases[2]!.public).toContain("Waiting for ann.");
    expect(out.phases[2]!.private).toContainEqual({
      to: "ann",
      kind: "policies_drawn",
      policies: ["L", "F", "F"],
    });
  });
});

describe("veto (5.6, R24, R25)", () => {
  const five = {
    enacted: { liberal: 0, fascist: 5 },
    deck: deckWith(["L", "F", "F", "L", "F", "L"], { liberal: 0, fascist: 5 }),
  };
  const session = (actions: JsonObject[]): Entry[] => [
    { phase: "nomination", actions: [nominate("ann", "bob")] },
    { phase: "election", actions: allJa(FIVE, ["ann", "bob"]) },
    { phase: "legislative", actions: [act("ann", "discard", { policy: "F" }), ...actions] },
  ];

  it("an agreed veto discards both, advances the tracker, term-limits the government and moves the candidacy", () => {
    const out = run(
      session([
        act("bob", "veto"),
        act("bob", "enact", { policy: "L" }),
        act("ann", "veto_answer", { agree: true }),
      ]),
      five,
    );
    expect(out.phases[2]!.rejected.map((r) => r.reason)).toEqual([
      "waiting for the President's answer to the veto",
    ]);
    const e = events(out, "legislative 1");
    expect(e).toContainEqual({ type: "veto_requested", chancellor: "bob" });
    expect(e).toContainEqual({ type: "veto", president: "ann", chancellor: "bob", tracker: 1 });
    expect(e).toContainEqual({ type: "candidate", player: "bob", reason: "rotation" });
    expect(out.final.players["bob"]!.statuses).toContain("former_chancellor");
    expect(out.phases[2]!.public).toContain("Veto: no policy enacted. Election tracker: 1/3.");
  });

  it("a refused veto forces an enactment and cannot be requested again", () => {
    const out = run(
      session([
        act("bob", "veto"),
        act("ann", "veto_answer", { agree: false }),
        act("bob", "veto"),
        act("bob", "enact", { policy: "L" }),
      ]),
      five,
    );
    expect(out.phases[2]!.rejected.map((r) => r.reason)).toEqual(["veto already requested in this session"]);
    expect(events(out, "legislative 1")).toContainEqual({ type: "veto_refused", president: "ann" });
    expect(events(out, "legislative 1")).toContainEqual(
      expect.objectContaining({ type: "policy_enacted", policy: "L" }),
    );
  });

  it("only the President answers, only a pending veto", () => {
    const out = run(
      session([
        act("ann", "veto_answer", { agree: true }),
        act("bob", "veto"),
        act("bob", "veto_answer", { agree: true }),
      ]),
      five,
    );
    expect(out.phases[2]!.rejected.map((r) => r.reason)).toEqual([
      "no veto request to answer",
      "only the President answers a veto",
    ]);
  });

  it("a veto at tracker 2 causes chaos", () => {
    const opts = { ...five };
    const out = run(
      [
        ...failedRound("ann", "bob"),
        ...failedRound("bob", "cid"),
        ...(() => {
          const s: Entry[] = [
            { phase: "nomination", actions: [nominate("cid", "dan")] },
            { phase: "election", actions: allJa(FIVE, ["cid", "dan"]) },
            {
              phase: "legislative",
              actions: [
                act("cid", "discard", { policy: "F" }),
                act("dan", "veto"),
                act("cid", "veto_answer", { agree: true }),
              ],
            },
          ];
          return s;
        })(),
      ],
      opts,
    );
    const e = events(out, "legislative 3");
    expect(e).toContainEqual({ type: "veto", president: "cid", chancellor: "dan", tracker: 3 });
    expect(e.some((x) => x.type === "chaos")).toBe(true);
  });
});

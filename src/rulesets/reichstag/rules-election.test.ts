import { describe, expect, it } from "vitest";
import {
  act,
  allEvents,
  allJa,
  deckWith,
  events,
  failedRound,
  FIVE,
  governs,
  nominate,
  run,
  votes,
  type Entry,
} from "../../../test/support/rulesets/reichstag.js";

/** One test per rule of reichstag.md: election, tracker and chaos (5.3, 5.4, 6, R8–R10, R14–R16, R26). */

describe("election (5.3, 6, R8–R10, 3.3)", () => {
  it("candidates cannot vote; a tie fails; the last vote counts", () => {
    const out = run([
      { phase: "nomination", actions: [nominate("ann", "bob")] },
      {
        phase: "election",
        actions: [
          act("bob", "vote", { vote: "ja" }),
          ...votes({ cid: "ja", dan: "nein", eve: "ja" }),
          act("eve", "vote", { vote: "nein" }),
        ],
      },
    ]);
    expect(out.phases[1]!.rejected.map((r) => r.reason)).toEqual(["candidates cannot vote"]);
    expect(events(out, "election 1")).toContainEqual(
      expect.objectContaining({ type: "government_rejected", ja: 1, nein: 2, tracker: 1 }),
    );
  });

  it("R8: 0–0 fails; missing votes are abstentions; option missingVote nein counts them as Nein", () => {
    const a = run([
      { phase: "nomination", actions: [nominate("ann", "bob")] },
      { phase: "election", actions: [] },
    ]);
    expect(events(a, "election 1")[0]).toMatchObject({ type: "government_rejected", ja: 0, nein: 0 });
    expect(a.phases[1]!.public).toContain("Did not vote: cid, dan, eve.");
    const b = run(
      [
        { phase: "nomination", actions: [nominate("ann", "bob")] },
        { phase: "election", actions: votes({ cid: "ja", dan: "ja" }) },
      ],
      { missingVote: "nein" },
    );
    expect(events(b, "election 1")[0]).toMatchObject({ type: "government_elected", ja: 2, nein: 1 });
  });

  it("R9: open voting publishes each vote; openVoting false only at the close", () => {
    const script: Entry[] = [
      { phase: "nomination", actions: [nominate("ann", "bob")] },
      { phase: "election", actions: votes({ cid: "ja", dan: "nein" }) },
    ];
    expect(run(script).phases[1]!.public).toContain("cid votes Ja.");
    const closed = run(script, { openVoting: false }).phases[1]!.public;
    expect(closed).not.toContain("cid votes Ja.");
    expect(closed).toContain("Votes: cid Ja, dan Nein.");
  });

  it("R10: a vote change clears agreements; the election then does not close early", () => {
    const out = run([
      { phase: "nomination", actions: [nominate("ann", "bob")] },
      {
        phase: "election",
        actions: [
          ...votes({ cid: "ja", dan: "ja", eve: "ja" }),
          ...["ann", "bob", "cid", "dan"].map((p) => act(p, "agree_close")),
          act("dan", "vote", { vote: "nein" }),
          act("eve", "agree_close"),
          act("eve", "object_close"),
        ],
      },
    ]);
    expect(events(out, "election 1").some((e) => e.type === "phase_closed_early")).toBe(false);
  });

  it("R26: after three fascist policies an elected Hitler Chancellor wins for the fascists; another Chancellor gets not_hitler", () => {
    const opts = {
      enacted: { liberal: 0, fascist: 3 },
      deck: deckWith(["L", "L", "F"], { liberal: 0, fascist: 3 }),
    };
    const win = run(
      [
        { phase: "nomination", actions: [nominate("ann", "eve")] },
        { phase: "election", actions: allJa(FIVE, ["ann", "eve"]) },
      ],
      opts,
    );
    expect(win.final).toMatchObject({ ended: true, winners: ["fascists"] });
    expect(events(win, "election 1")).toContainEqual({
      type: "game_over",
      winners: ["fascists"],
      reason: "hitler_elected",
    });
    expect(win.phases[1]!.public).toContain("eve is Hitler.");
    const safe = run(
      [
        { phase: "nomination", actions: [nominate("ann", "cid")] },
        { phase: "election", actions: allJa(FIVE, ["ann", "cid"]) },
      ],
      opts,
    );
    expect(events(safe, "election 1")).toContainEqual({ type: "not_hitler", player: "cid" });
    expect(safe.final.players["cid"]!.statuses).toContain("not_hitler");
  });

  it("before three fascist policies Hitler may be elected Chancellor safely", () => {
    const out = run([
      { phase: "nomination", actions: [nominate("ann", "eve")] },
      { phase: "election", actions: allJa(FIVE, ["ann", "eve"]) },
    ]);
    expect(out.final.ended).toBe(false);
  });
});

describe("tracker and chaos (5.4, R14–R16)", () => {
  it("three failed rounds: chaos enacts the top policy, grants no power, clears term limits, picks a random candidate", () => {
    const out = run(
      [
        ...governs("ann", "bob", "F", "L"),
        ...failedRound("bob", "cid"),
        ...failedRound("cid", "dan"),
        ...failedRound("dan", "eve"),
      ],
      { deck: deckWith(["L", "F", "F", "F"]) },
    );
    const e = events(out, "election 4");
    const chaos = e.find((x) => x.type === "chaos")!;
    expect(chaos).toMatchObject({ policy: "F" });
    expect(typeof chaos["candidate"]).toBe("string");
    expect(e).toContainEqual({
      type: "policy_enacted",
      policy: "F",
      by: "chaos",
      liberal: 1,
      fascist: 1,
      tracker: 0,
    });
    expect(e).toContainEqual({ type: "term_limits_cleared" });
    expect(e).toContainEqual({ type: "candidate", player: chaos["candidate"], reason: "chaos" });
    expect(e.some((x) => x.type === "power_granted")).toBe(false);
    expect(out.final.players["ann"]!.statuses).not.toContain("former_president");
    expect(out.phases[out.phases.length - 1]!.public).toContain("Chaos: the top policy is enacted.");
  });

  it("R15: after chaos the rotation continues from the random candidate", () => {
    const out = run(
      [...failedRound("ann", "bob"), ...failedRound("bob", "cid"), ...failedRound("cid", "dan")],
      {
        deck: deckWith(["L"]),
      },
    );
    const chosen = String(allEvents(out).find((x) => x.type === "chaos")!["candidate"]);
    const seat = FIVE.findIndex((p) => p.id === chosen);
    const more = run(
      [
        ...failedRound("ann", "bob"),
        ...failedRound("bob", "cid"),
        ...failedRound("cid", "dan"),
        { phase: "nomination", actions: [] },
      ],
      { deck: deckWith(["L"]) },
    );
    const last = events(more, "nomination 4");
    expect(last).toContainEqual({ type: "candidate", player: FIVE[(seat + 1) % 5]!.id, reason: "rotation" });
  });
});

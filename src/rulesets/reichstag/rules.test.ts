import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../engine/types.js";
import {
  FIVE,
  SEVEN,
  act,
  allEvents,
  allJa,
  allPublic,
  deckWith,
  events,
  governs,
  nominate,
  rejections,
  run,
  runRaw,
  votes,
  type Entry,
} from "../../../test/support/rulesets/reichstag.js";

/** One test per rule of reichstag.md (sections 2–9, R1–R36). */

const ex = (president: string, actions: JsonObject[]): Entry => ({
  phase: "executive",
  actions: actions.map((a) => ({ actor: president, ...a })),
});
const fail = (pres: string, chan: string): Entry[] => [
  { phase: "nomination", actions: [nominate(pres, chan)] },
  { phase: "election", actions: [] },
];

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
        ...fail("bob", "cid"),
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
        ...fail("bob", "cid"),
        ...fail("cid", "dan"),
        ...fail("dan", "eve"),
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
    const out = run([...fail("ann", "bob"), ...fail("bob", "cid"), ...fail("cid", "dan")], {
      deck: deckWith(["L"]),
    });
    const chosen = String(allEvents(out).find((x) => x.type === "chaos")!["candidate"]);
    const seat = FIVE.findIndex((p) => p.id === chosen);
    const more = run(
      [
        ...fail("ann", "bob"),
        ...fail("bob", "cid"),
        ...fail("cid", "dan"),
        { phase: "nomination", actions: [] },
      ],
      { deck: deckWith(["L"]) },
    );
    const last = events(more, "nomination 4");
    expect(last).toContainEqual({ type: "candidate", player: FIVE[(seat + 1) % 5]!.id, reason: "rotation" });
  });
});

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
        ...fail("ann", "bob"),
        ...fail("bob", "cid"),
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

describe("powers (5.8, R18–R23, R31, R35)", () => {
  const fascistFirst = { deck: deckWith(["F", "F", "F", "F", "F", "F", "L", "L", "L"]) };
  const grant = governs("ann", "cid", "F", "F");

  it("R19: execution alone, or two different non-execution powers; the same power twice is refused", () => {
    const out = run(
      [
        ...grant,
        ex("ann", [
          { action: "investigate", targets: ["bob"] },
          { action: "choose_powers", powers: ["peek"] },
          { action: "choose_powers", powers: ["peek", "peek"] },
          { action: "choose_powers", powers: ["execute", "peek"] },
          { action: "choose_powers", powers: ["investigate", "special_election", "peek"] },
          { action: "choose_powers", powers: ["investigate", "special_election"] },
          { action: "choose_powers", powers: ["peek", "execute"] },
          { action: "peek" },
          { action: "investigate", targets: ["ann"] },
        ]),
      ],
      fascistFirst,
    );
    expect(out.phases[3]!.rejected.map((r) => r.reason)).toEqual([
      "choose the powers first",
      "choose two different powers, or execution alone",
      "the same power cannot be chosen twice",
      "execution cannot be combined with other powers",
      "choose two different powers, or execution alone",
      "powers already chosen",
      "this power was not chosen",
      "cannot target yourself",
    ]);
  });

  it("other players cannot act in the executive phase, except to request an extension", () => {
    const out = run(
      [
        ...grant,
        ex("bob", [{ action: "choose_powers", powers: ["execute"] }, { action: "request_extension" }]),
      ],
      fascistFirst,
    );
    expect(out.phases[3]!.rejected.map((r) => r.reason)).toEqual(["only the President acts now"]);
  });

  it("R21: investigation tells the faction (Hitler → fascists) and tells the target; a player is investigated once per game", () => {
    const out = run(
      [
        ...grant,
        ex("ann", [
          { action: "choose_powers", powers: ["investigate", "peek"] },
          { action: "investigate", targets: ["eve"] },
          { action: "investigate", targets: ["bob"] },
          { action: "peek" },
        ]),
        ...governs("bob", "dan", "F", "F"),
        ex("bob", [
          { action: "choose_powers", powers: ["investigate", "peek"] },
          { action: "investigate", targets: ["eve"] },
        ]),
      ],
      fascistFirst,
    );
    const p = out.phases[3]!;
    expect(p.rejected.map((r) => r.reason)).toEqual(["this power was already used"]);
    expect(p.private).toContainEqual({
      to: "ann",
      kind: "investigation_result",
      target: "eve",
      result: "fascists",
    });
    expect(p.private).toContainEqual({ to: "eve", kind: "investigation_notice", by: "ann" });
    expect(p.private).toContainEqual({ to: "ann", kind: "peek_result", policies: ["F", "F", "F"] });
    expect(out.phases[7]!.rejected.map((r) => r.reason)).toEqual([
      "this player has already been investigated",
    ]);
    expect(out.final.players["eve"]!.statuses).toContain("investigated");
  });

  it("special election: the chosen player is next, then the rotation resumes after the calling President (twice if he chose the next player)", () => {
    const out = run(
      [
        ...grant,
        ex("ann", [
          { action: "choose_powers", powers: ["special_election", "peek"] },
          { action: "special_election", targets: ["dan"] },
          { action: "peek" },
        ]),
        ...fail("dan", "ann"),
        ...fail("bob", "ann"),
      ],
      fascistFirst,
    );
    expect(events(out, "executive 1")).toContainEqual({
      type: "candidate",
      player: "dan",
      reason: "special_election",
    });
    expect(events(out, "election 2")).toContainEqual({
      type: "candidate",
      player: "bob",
      reason: "rotation",
    });
    expect(out.phases[3]!.public).toContain("Presidential candidate: dan (special election).");
    const twice = run(
      [
        ...grant,
        ex("ann", [
          { action: "choose_powers", powers: ["special_election", "peek"] },
          { action: "special_election", targets: ["bob"] },
          { action: "peek" },
        ]),
        ...fail("bob", "ann"),
      ],
      fascistFirst,
    );
    expect(events(twice, "election 2")).toContainEqual({
      type: "candidate",
      player: "bob",
      reason: "rotation",
    });
  });

  it("R23: execution kills without revealing; executing Hitler wins for the liberals and reveals him", () => {
    const a = run(
      [
        ...grant,
        ex("ann", [
          { action: "choose_powers", powers: ["execute"] },
          { action: "execute", targets: ["bob"] },
        ]),
      ],
      fascistFirst,
    );
    expect(a.phases[3]!.public).toContain("bob was executed.");
    expect(a.final.players["bob"]!.statuses).toEqual(["executed"]);
    const b = run(
      [
        ...grant,
        ex("ann", [
          { action: "choose_powers", powers: ["execute"] },
          { action: "execute", targets: ["eve"] },
        ]),
      ],
      fascistFirst,
    );
    expect(b.final).toMatchObject({ ended: true, winners: ["liberals"] });
    expect(b.phases[3]!.public).toContain("eve was executed. eve was Hitler.");
    expect(events(b, "executive 1")).toContainEqual({
      type: "game_over",
      winners: ["liberals"],
      reason: "hitler_executed",
    });
  });

  it("R18/R35: every government fascist policy grants powers again; unused powers stall the phase", () => {
    const out = run(
      [
        ...grant,
        ex("ann", [{ action: "choose_powers", powers: ["investigate", "peek"] }, { action: "peek" }]),
        ex("ann", []),
      ],
      fascistFirst,
    );
    expect(out.phases[3]!.events).toContainEqual({ type: "stalled", waitingFor: ["ann"] });
    expect(out.phases[4]!.phase).toBe("executive 1");
  });

  it("dead players cannot act and cannot be targeted", () => {
    const out = run(
      [
        ...grant,
        ex("ann", [
          { action: "choose_powers", powers: ["execute"] },
          { action: "execute", targets: ["bob"] },
        ]),
        { phase: "nomination", actions: [nominate("bob", "dan"), nominate("cid", "bob")] },
      ],
      fascistFirst,
    );
    expect(out.phases[4]!.rejected.map((r) => r.reason)).toEqual([
      "dead players cannot act",
      "target is not alive",
    ]);
  });
});

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
    const out = run([...governs("ann", "bob", "F", "F"), ex("ann", [])], opts);
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

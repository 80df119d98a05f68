import { describe, expect, it } from "vitest";
import {
  deckWith,
  events,
  executive,
  failedRound,
  governs,
  nominate,
  run,
} from "../../../test/support/rulesets/reichstag.js";

/** One test per rule of reichstag.md: presidential powers (5.8, R18–R23, R31, R35). */

describe("powers (5.8, R18–R23, R31, R35)", () => {
  const fascistFirst = { deck: deckWith(["F", "F", "F", "F", "F", "F", "L", "L", "L"]) };
  const grant = governs("ann", "cid", "F", "F");

  it("R19: execution alone, or two different non-execution powers; the same power twice is refused", () => {
    const out = run(
      [
        ...grant,
        executive("ann", [
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
        executive("bob", [{ action: "choose_powers", powers: ["execute"] }, { action: "request_extension" }]),
      ],
      fascistFirst,
    );
    expect(out.phases[3]!.rejected.map((r) => r.reason)).toEqual(["only the President acts now"]);
  });

  it("R21: investigation tells the faction (Hitler → fascists) and tells the target; a player is investigated once per game", () => {
    const out = run(
      [
        ...grant,
        executive("ann", [
          { action: "choose_powers", powers: ["investigate", "peek"] },
          { action: "investigate", targets: ["eve"] },
          { action: "investigate", targets: ["bob"] },
          { action: "peek" },
        ]),
        ...governs("bob", "dan", "F", "F"),
        executive("bob", [
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
        executive("ann", [
          { action: "choose_powers", powers: ["special_election", "peek"] },
          { action: "special_election", targets: ["dan"] },
          { action: "peek" },
        ]),
        ...failedRound("dan", "ann"),
        ...failedRound("bob", "ann"),
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
        executive("ann", [
          { action: "choose_powers", powers: ["special_election", "peek"] },
          { action: "special_election", targets: ["bob"] },
          { action: "peek" },
        ]),
        ...failedRound("bob", "ann"),
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
        executive("ann", [
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
        executive("ann", [
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
        executive("ann", [{ action: "choose_powers", powers: ["investigate", "peek"] }, { action: "peek" }]),
        executive("ann", []),
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
        executive("ann", [
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

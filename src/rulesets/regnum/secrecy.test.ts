import { describe, expect, it } from "vitest";
import { events, play } from "./factory.js";

/**
 * D19 (issue 30): an order is judged by what its giver knows. Each choice of DECISIONS.md D19 as a
 * scenario: the order the giver could not have known to be void is taken, and the rules decide at
 * the resolution.
 */
describe("an order is judged by what its giver knows (D19)", () => {
  it("the Baron's invitation to a character who died unidentified is taken; the dead is told nothing and never joins; a second one is refused", () => {
    const r = play(
      [
        { id: "b", role: "rainbow_baron" },
        { id: "x", role: "citizen" },
        { id: "y", role: "citizen" },
      ],
      [
        { phase: "night", gm: [{ action: "kill", targets: ["x"], body: "burned" }] },
        {
          phase: "day",
          actions: [
            { actor: "b", action: "palace_invite", targets: ["x"] },
            { actor: "b", action: "palace_invite", targets: ["x"] },
          ],
        },
      ],
    );
    expect(r.phases[0]?.public).toContain("A body was found.");
    expect(r.phases[1]?.rejected).toEqual([
      expect.objectContaining({
        index: 1,
        reason: "this character is already in the palace or already invited",
      }),
    ]);
    expect(r.phases[1]?.private.filter((m) => m["to"] === "x")).toEqual([]);
    expect(events(r, 1, "palace_joined")).toEqual([]);
  });

  it("the King's choice of a Director who is no agent is taken and appoints nobody; an agent is appointed", () => {
    const players = [
      { id: "k", role: "citizen", posts: ["king"] },
      { id: "a", role: "ksb_agent" },
      { id: "c", role: "citizen" },
    ];
    const day2 = (target: string) =>
      play(players, [
        { phase: "night" },
        { phase: "day" },
        { phase: "night" },
        { phase: "day", actions: [{ actor: "k", action: "appoint_director", targets: [target] }] },
      ]);
    const wrong = day2("c");
    expect(wrong.phases[3]?.rejected).toEqual([]);
    expect(events(wrong, 3, "director_appointed")).toEqual([]);
    expect(events(day2("a"), 3, "director_appointed")).toEqual([{ type: "director_appointed", player: "a" }]);
  });

  it("units sent against a character abroad are taken and fail: only units in the target's country engage", () => {
    const r = play(
      [
        { id: "cmd", role: "citizen", posts: ["commander_royal"], serviceOf: ["royal"] },
        { id: "t", role: "citizen", location: "norsland" },
      ],
      [
        {
          phase: "night",
          actions: [
            { actor: "cmd", action: "fight", targets: ["royal"] },
            { actor: "cmd", action: "units_attack", targets: ["t"] },
          ],
        },
      ],
      { units: [{ id: "r1", army: "royal", type: "squad", owner: "cmd" }] },
    );
    expect(r.phases[0]?.rejected).toEqual([]);
    expect(r.phases[0]?.private).toContainEqual(
      expect.objectContaining({ to: "cmd", kind: "result", action: "units_attack", result: "failed" }),
    );
    expect(r.final.players["t"]?.["alive"]).toBe(true);
  });
});

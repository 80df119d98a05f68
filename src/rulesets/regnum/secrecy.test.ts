import { describe, expect, it } from "vitest";
import { events, play } from "./factory.js";

/**
 * D19 (issue 30): an order is judged by what its giver knows, within the rules file. Each choice of
 * DECISIONS.md D19 as a scenario: the order the giver could not have known to be void is taken, and
 * the rules decide at the resolution; a free action's stated precondition stays a refusal (§3.4).
 */
describe("an order is judged by what its giver knows (D19)", () => {
  it("a request to the Baron outlives the requester's unidentified death: admitting him is taken and admits nobody", () => {
    const r = play(
      [
        { id: "b", role: "rainbow_baron" },
        { id: "x", role: "citizen" },
      ],
      [
        {
          phase: "night",
          actions: [{ actor: "x", action: "palace_request" }],
          gm: [{ action: "kill", targets: ["x"], body: "burned" }],
        },
        { phase: "day", actions: [{ actor: "b", action: "palace_admit", targets: ["x"] }] },
      ],
    );
    expect(r.phases[0]?.public).toContain("A body was found.");
    expect(r.phases[1]?.rejected).toEqual([]);
    expect(events(r, 1, "palace_joined")).toEqual([]);
  });

  it("a free action's stated precondition is still checked at once, as the rules file says (§3.4): the Baron cannot invite the dead", () => {
    const r = play(
      [
        { id: "b", role: "rainbow_baron" },
        { id: "x", role: "citizen" },
      ],
      [
        { phase: "night", gm: [{ action: "kill", targets: ["x"], body: "burned" }] },
        { phase: "day", actions: [{ actor: "b", action: "palace_invite", targets: ["x"] }] },
      ],
    );
    expect(r.phases[1]?.rejected).toEqual([
      expect.objectContaining({
        reason: "only free corporeal characters in Regnum not yet in the palace can be invited",
      }),
    ]);
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

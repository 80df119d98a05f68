import { describe, expect, it } from "vitest";
import { desiredLayout } from "../../src/discord/layout.js";
import { actsAsGm, gmStandingOf, gmsWithoutSeats } from "../../src/games/authority.js";
import { getRuleset } from "../../src/rulesets/index.js";

/** The one rule of who is a GM (src/games/authority.ts, docs/gm.md): a seat excludes GM powers. */

describe("who is a GM of a game", () => {
  it("a listed GM or a server GM acts as GM; a seat voids either standing; nobody else is one", () => {
    const table = [
      [{ listed: true, seated: false, serverGm: false }, "listed"],
      [{ listed: false, seated: false, serverGm: true }, "server"],
      [{ listed: true, seated: false, serverGm: true }, "listed"],
      [{ listed: false, seated: true, serverGm: true }, "seated"],
      [{ listed: true, seated: true, serverGm: false }, "seated"],
      [{ listed: false, seated: true, serverGm: false }, "none"],
      [{ listed: false, seated: false, serverGm: false }, "none"],
    ] as const;
    for (const [facts, standing] of table) {
      expect(gmStandingOf(facts)).toBe(standing);
      expect(actsAsGm(gmStandingOf(facts))).toBe(standing === "listed" || standing === "server");
    }
  });

  it("a listed GM who holds a seat gets no GM role in the layout (the GM room and threads follow the role)", () => {
    expect(gmsWithoutSeats(["a", "b", "c"], ["b"])).toEqual(["a", "c"]);
    const ruleset = getRuleset("classic");
    if (!ruleset) throw new Error("no classic");
    const layout = desiredLayout({
      gameName: "Осень",
      lang: "ru",
      ruleset,
      state: null,
      ended: false,
      seats: [{ seatId: "p1", userId: "seated-gm", displayName: "Anna" }],
      gmUserIds: ["gm", "seated-gm"],
    });
    expect(layout.memberRoles["gm"]).toEqual(["gm"]);
    expect(layout.memberRoles["seated-gm"] ?? []).not.toContain("gm");
  });
});

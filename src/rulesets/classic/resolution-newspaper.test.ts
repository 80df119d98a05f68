import { describe, expect, it } from "vitest";
import { act, cit, day, ita, night, phase, role, run } from "../../../test/support/rulesets/classic.js";

describe("§7 newspaper and §11 options", () => {
  it("modkill and leave lines reveal roles", () => {
    const players = [cit("a"), cit("b"), cit("c"), ita("i", true), role("man", "maniac")];
    const out = run({
      players,
      script: [
        night(),
        day(
          [...players.map((p) => act(p.id, "post")), act("b", "leave")],
          [{ action: "modkill", targets: ["i"] }],
        ),
      ],
    });
    expect(phase(out, "day 1").public).toEqual([
      "Nobody was hanged.",
      "i was removed by the host. Role: mafia (italians).",
      "b left the game. Role: citizen.",
    ]);
  });

  it("revealNightRoles appends the role to night death lines", () => {
    const out = run({
      options: { revealNightRoles: true },
      players: [role("man", "maniac"), cit("a"), cit("b"), ita("i", true)],
      script: [night([act("man", "kill", ["a"])])],
    });
    expect(phase(out, "night 0").public).toEqual(["a was killed by the maniac. Role: citizen."]);
  });

  it("the bastard son is told he is a citizen; clans learn their bastard son", () => {
    const out = run({
      players: [ita("i", true), role("bs", "bastard_son", { clan: "italians" }), cit("a"), cit("b")],
      script: [night()],
    });
    const n0 = phase(out, "night 0");
    expect(n0.private).toContainEqual({ to: "bs", kind: "role", role: "citizen" });
    expect(n0.private).toContainEqual(
      expect.objectContaining({ to: "i", kind: "team", bastard_son: "bs", don: "i" }),
    );
  });
});

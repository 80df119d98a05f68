import { describe, expect, it } from "vitest";
import {
  act,
  cit,
  day,
  deaths,
  ita,
  night,
  phase,
  role,
  run,
} from "../../../test/support/rulesets/classic.js";

describe("§9 win conditions", () => {
  it("a mafioso and his own bastard son left: the town wins", () => {
    const players = [ita("i", true), role("bs", "bastard_son", { clan: "italians" }), cit("a")];
    const out = run({
      players,
      script: [
        night(),
        day([
          act("i", "vote", ["a"], { reason: "r" }),
          act("bs", "vote", ["a"], { reason: "r" }),
          act("a", "post"),
        ]),
      ],
    });
    expect(out.final.winners).toEqual(["town"]);
    expect(phase(out, "day 1").public).toEqual(["a was hanged. Role: citizen.", "Game over. Winners: town."]);
  });

  it("duel: the one with fewer votes against him wins", () => {
    const players = [role("man", "maniac"), cit("a"), cit("b"), ita("i", true)];
    const out = run({
      players,
      script: [
        night(),
        day([
          act("a", "vote", ["i"], { reason: "r" }),
          act("b", "vote", ["i"], { reason: "r" }),
          act("man", "vote", ["b"], { reason: "r" }),
          act("i", "vote", ["a"], { reason: "r" }),
        ]),
        night([act("man", "kill", ["a"])]),
      ],
    });
    expect(deaths(out, "day 1")).toEqual(["i:lynch"]);
    expect(deaths(out, "night 1")).toEqual(["a:maniac"]);
    expect(phase(out, "night 1").events).toContainEqual({
      type: "duel",
      players: ["man", "b"],
      winner: "man",
      method: "votes",
    });
    expect(out.final.winners).toEqual(["maniac"]);
  });

  it("duel with option gm: the GM's duel_winner decides when nobody was ever voted against", () => {
    const players = [role("man", "maniac"), cit("a"), cit("b")];
    const out = run({
      options: { duel: "gm" },
      players,
      script: [night([act("man", "kill", ["a"])], [{ action: "duel_winner", targets: ["b"] }])],
    });
    expect(phase(out, "night 0").events).toContainEqual({
      type: "duel",
      players: ["man", "b"],
      winner: "b",
      method: "gm",
    });
    expect(out.final.winners).toEqual(["town"]);
    const coin = run({ players, script: [night([act("man", "kill", ["a"])])] });
    expect(phase(coin, "night 0").events.find((e) => e.type === "duel")?.["method"]).toBe("coin");
  });
});

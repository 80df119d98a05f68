import { describe, expect, it } from "vitest";
import {
  act,
  cit,
  day,
  deaths,
  ita,
  night,
  phase,
  quietDay,
  role,
  run,
} from "../../../test/support/rulesets/classic.js";

describe("§5 Army of Darkness and testament", () => {
  it("the army is unavailable while a hero lives, and marches once every hero died by mafia or maniac", () => {
    const players = [
      role("nec", "necromancer"),
      role("doc", "doctor"),
      role("man", "maniac"),
      ita("i", true),
      cit("a"),
      cit("b"),
      cit("c"),
      cit("d"),
    ];
    const out = run({
      players,
      script: [
        night([act("man", "kill", ["doc"])]),
        quietDay(["nec", "man", "i", "a", "b", "c", "d"]),
        night([act("nec", "army_of_darkness", ["i", "man"])]),
      ],
    });
    expect(deaths(out, "night 1")).toEqual([
      "i:army_of_darkness",
      "man:army_of_darkness",
      "nec:army_of_darkness",
    ]);
    expect(phase(out, "night 1").public).toContain("nec was taken by the Darkness.");
    expect(phase(out, "night 1").public).toContain("i was killed by the Army of Darkness.");
    expect(out.final.winners).toEqual(["town"]);

    const early = run({
      players,
      script: [
        night(),
        quietDay(players.map((p) => p.id)),
        night([act("nec", "army_of_darkness", ["i", "man"])]),
      ],
    });
    expect(phase(early, "night 1").rejected.map((r) => r.reason)).toEqual([
      "the army of darkness is not available",
    ]);
  });

  it("GIVEN the hanged ninja's first voter dies tonight THEN the testament takes the second voter", () => {
    const players = [
      role("nin", "ninja"),
      ita("i", true),
      cit("a"),
      cit("b"),
      role("man", "maniac"),
      cit("c"),
    ];
    const out = run({
      players,
      script: [
        night(),
        day([
          act("i", "vote", ["nin"], { reason: "r" }),
          act("a", "vote", ["nin"], { reason: "r" }),
          act("nin", "vote", ["i"], { reason: "r" }),
          act("b", "post"),
          act("man", "post"),
          act("c", "post"),
        ]),
        night([act("man", "kill", ["i"])]),
      ],
    });
    expect(deaths(out, "night 1")).toEqual(["a:testament", "i:maniac"]);
    expect(phase(out, "night 1").public).toEqual([
      "i was killed by the maniac.",
      "a was killed by the ninja's testament.",
    ]);
  });
});

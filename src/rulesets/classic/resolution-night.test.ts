import { describe, expect, it } from "vitest";
import {
  act,
  cit,
  day,
  deaths,
  fromNight1,
  hangDay,
  ita,
  night,
  phase,
  quietDay,
  role,
  run,
  rus,
} from "../../../test/support/rulesets/classic.js";

describe("§5 N3 beating and explosion", () => {
  const base = () => [
    rus("rdon", true),
    role("thug", "thug"),
    ita("idon", true),
    role("kam", "kamikaze"),
    role("com", "commissar"),
    role("doc", "doctor"),
    role("man", "maniac"),
    cit("a"),
    cit("b"),
  ];

  it("GIVEN the thug beats the doctor THEN the doctor's heal is lost, the paper says so and he cannot vote next day", () => {
    const out = fromNight1(
      base(),
      night([act("thug", "beat", ["doc"]), act("doc", "heal", ["a"]), act("man", "kill", ["a"])]),
      day([act("doc", "vote", ["man"], { reason: "x" }), act("doc", "post")]),
    );
    const n1 = phase(out, "night 1");
    expect(n1.public[0]).toBe("doc was beaten by the thug.");
    expect(n1.events).toContainEqual({
      type: "action_lost",
      player: "doc",
      action: "heal",
      reason: "beaten",
    });
    expect(deaths(out, "night 1")).toEqual(["a:maniac"]);
    expect(phase(out, "day 2").rejected.map((r) => r.reason)).toEqual([
      "beaten players cannot vote or post this turn",
      "beaten players cannot vote or post this turn",
    ]);
    // exempt from the activity requirement on that day
    expect(phase(out, "day 2").events.some((e) => e.type === "removed" && e["player"] === "doc")).toBe(false);
  });

  it("GIVEN a shot at the beaten player THEN the thug dies by crossfire even if the victim is healed", () => {
    const out = fromNight1(
      base(),
      night([act("thug", "beat", ["a"]), act("man", "kill", ["a"]), act("doc", "heal", ["a"])]),
    );
    expect(deaths(out, "night 1")).toEqual(["thug:thug_crossfire"]);
    expect(phase(out, "night 1").public).toContain("thug was hit by a stray bullet.");
  });

  it("GIVEN the thug beats the kamikaze THEN both die and the kamikaze blew himself up", () => {
    const out = fromNight1(base(), night([act("thug", "beat", ["kam"])]));
    expect(deaths(out, "night 1")).toEqual(["kam:kamikaze", "thug:kamikaze"]);
    expect(phase(out, "night 1").public).toContain("kam blew himself up.");
  });

  it("GIVEN the kamikaze explodes the thug THEN the thug's beating victim dies too", () => {
    const out = fromNight1(base(), night([act("kam", "explode", ["thug"]), act("thug", "beat", ["a"])]));
    expect(deaths(out, "night 1")).toEqual(["a:kamikaze", "kam:kamikaze", "thug:kamikaze"]);
    expect(phase(out, "night 1").events).toContainEqual({ type: "exploded", player: "kam", target: "thug" });
  });

  it("the explosion kills the maniac in ambush with an intact vest", () => {
    const out = fromNight1(base(), night([act("kam", "explode", ["man"]), act("man", "ambush")]));
    expect(deaths(out, "night 1")).toEqual(["kam:kamikaze", "man:kamikaze"]);
    expect(phase(out, "night 1").public).toContain("man was killed by the kamikaze.");
  });

  it("GIVEN the thug beats the ambushing maniac THEN the thug dies (ambush) and the maniac is not beaten", () => {
    const out = fromNight1(base(), night([act("thug", "beat", ["man"]), act("man", "ambush")]));
    expect(deaths(out, "night 1")).toEqual(["thug:ambush"]);
    expect(out.final.players["man"]?.statuses).not.toContain("beaten");
    expect(phase(out, "night 1").public).toContain("thug was killed by the maniac.");
  });

  it("the thug named as executor shoots and his beating is void", () => {
    const out = fromNight1(
      base(),
      night([act("rdon", "kill", ["a"], { executor: "thug" }), act("thug", "beat", ["b"])]),
    );
    expect(deaths(out, "night 1")).toEqual(["a:mafia"]);
    expect(phase(out, "night 1").events).toContainEqual({
      type: "action_lost",
      player: "thug",
      action: "beat",
      reason: "executor",
    });
  });

  it("a check of the beaten player names the thug", () => {
    const out = fromNight1(base(), night([act("thug", "beat", ["a"]), act("com", "check", ["a"])]));
    expect(phase(out, "night 1").private).toContainEqual({
      to: "com",
      kind: "check_result",
      target: "a",
      result: "citizen",
      thug: "thug",
    });
  });
});

describe("§5 N4–N5 attacks, ambush, heal, vest, resurrection", () => {
  it("GIVEN the maniac attacks the kamikaze on night 0 THEN both die", () => {
    const out = run({
      players: [role("man", "maniac"), role("kam", "kamikaze"), ita("i", true), cit("a"), cit("b")],
      script: [night([act("man", "kill", ["kam"])])],
    });
    expect(deaths(out, "night 0")).toEqual(["kam:maniac", "man:kamikaze"]);
  });

  it("GIVEN the maniac sits in ambush THEN the ninja attacking him and the commissar checking him die, no result", () => {
    const players = [
      role("man", "maniac"),
      role("nin", "ninja"),
      role("com", "commissar"),
      cit("a"),
      cit("b"),
      ita("i", true),
    ];
    const out = fromNight1(
      players,
      night([act("man", "ambush"), act("nin", "kill", ["man"]), act("com", "check", ["man"])]),
    );
    expect(deaths(out, "night 1")).toEqual(["com:ambush", "nin:ambush"]);
    expect(phase(out, "night 1").private.filter((m) => m.kind === "check_result")).toEqual([]);
    expect(out.final.players["man"]?.statuses).toContain("ambush_used");
  });

  it("the ambush can be used once per game", () => {
    const players = [role("man", "maniac"), cit("a"), cit("b"), cit("c"), ita("i", true)];
    const out = run({
      players,
      script: [
        night([act("man", "ambush")]),
        quietDay(["man", "a", "b", "c", "i"]),
        night([act("man", "ambush")]),
      ],
    });
    expect(phase(out, "night 1").rejected.map((r) => r.reason)).toEqual(["the ambush has already been used"]);
  });

  it("an ambush replaced by a kill is not used", () => {
    const players = [role("man", "maniac"), cit("a"), cit("b"), cit("c"), ita("i", true)];
    const out = run({ players, script: [night([act("man", "ambush"), act("man", "kill", ["a"])])] });
    expect(out.final.players["man"]?.statuses).not.toContain("ambush_used");
  });

  it("GIVEN two attacks on the doctor's patient THEN the heal fails", () => {
    const players = [
      role("man", "maniac"),
      ita("i", true),
      role("doc", "doctor"),
      cit("a"),
      cit("b"),
      cit("c"),
    ];
    const out = fromNight1(
      players,
      night([act("man", "kill", ["a"]), act("i", "kill", ["a"]), act("doc", "heal", ["a"])]),
    );
    expect(deaths(out, "night 1")).toEqual(["a:mafia"]);
    expect(phase(out, "night 1").public).toContain("a was killed by the Italian mafia and the maniac.");
  });

  it("the heal never stops the ninja", () => {
    const players = [role("nin", "ninja"), role("doc", "doctor"), ita("i", true), cit("a"), cit("b")];
    const out = fromNight1(players, night([act("nin", "kill", ["i"]), act("doc", "heal", ["i"])]));
    expect(deaths(out, "night 1")).toEqual(["i:ninja"]);
  });

  it("the doctor cannot heal the same player two nights in a row unless he was beaten", () => {
    const players = [
      role("doc", "doctor"),
      rus("r", true),
      role("thug", "thug"),
      cit("a"),
      cit("b"),
      cit("c"),
      cit("z1"),
      cit("z2"),
      cit("z3"),
    ];
    const ids = players.map((p) => p.id);
    const out = run({
      players,
      script: [
        night(),
        hangDay(ids, "z1"),
        night([act("doc", "heal", ["a"])]),
        hangDay(
          ids.filter((i) => i !== "z1"),
          "z2",
        ),
        night([act("doc", "heal", ["a"]), act("thug", "beat", ["doc"])]),
        hangDay(
          ids.filter((i) => i !== "z1" && i !== "z2" && i !== "doc"),
          "z3",
        ),
        night([act("doc", "heal", ["a"])]),
      ],
    });
    expect(phase(out, "night 2").rejected.map((r) => r.reason)).toEqual([
      "cannot heal the same player two turns in a row",
    ]);
    expect(phase(out, "night 3").rejected).toEqual([]);
  });

  it("GIVEN both clans shoot the maniac and the doctor heals him THEN the vest stops one bullet and the other kills", () => {
    const players = [
      role("man", "maniac"),
      ita("i", true),
      rus("r", true),
      role("doc", "doctor"),
      cit("a"),
      cit("b"),
    ];
    const out = fromNight1(
      players,
      night([act("i", "kill", ["man"]), act("r", "kill", ["man"]), act("doc", "heal", ["man"])]),
    );
    const n1 = phase(out, "night 1");
    expect(n1.events.some((e) => e.type === "vest_broken")).toBe(true);
    expect(n1.deaths).toHaveLength(1);
    expect(n1.deaths[0]?.cause).toBe("mafia");
  });

  it("the vest never stops the ninja", () => {
    const players = [role("man", "maniac"), role("nin", "ninja"), ita("i", true), cit("a"), cit("b")];
    const out = fromNight1(players, night([act("nin", "kill", ["man"])]));
    expect(deaths(out, "night 1")).toEqual(["man:ninja"]);
  });

  it("a protect given tonight resurrects tonight's victim; the resurrection is never published", () => {
    const players = [
      role("nec", "necromancer"),
      role("man", "maniac"),
      ita("i", true),
      cit("a"),
      cit("b"),
      cit("c"),
    ];
    const out = fromNight1(
      players,
      night([act("nec", "protect", ["a"]), act("man", "kill", ["a"]), act("i", "kill", ["a"])]),
    );
    const n1 = phase(out, "night 1");
    expect(n1.deaths).toEqual([]);
    expect(n1.events).toContainEqual({ type: "resurrected", player: "a" });
    expect(n1.private).toContainEqual({ to: "nec", kind: "protect_used", target: "a" });
    expect(n1.public).toEqual(["Quiet night."]);
    expect(out.final.players["a"]?.statuses).not.toContain("protected");
  });

  it("protects: nights 1 and 2 only, two per game, one per player", () => {
    const players = [
      role("nec", "necromancer"),
      cit("a"),
      cit("b"),
      cit("c"),
      ita("i", true),
      ita("i2"),
      cit("z1"),
      cit("z2"),
      cit("z3"),
    ];
    const ids = players.map((p) => p.id);
    const out = run({
      players,
      script: [
        night(),
        hangDay(ids, "z1"),
        night([act("nec", "protect", ["a"])]),
        hangDay(ids.slice(0, -2), "z2"),
        night([
          act("nec", "protect", ["a"]),
          act("nec", "protect", ["b", "c"]),
          act("nec", "protect", ["b"]),
        ]),
        hangDay(
          ids.slice(0, -1).filter((i) => i !== "z1" && i !== "z2"),
          "i2",
        ),
        night([act("nec", "protect", ["c"])]),
      ],
    });
    expect(phase(out, "night 2").rejected.map((r) => r.reason)).toEqual([
      "the player already has a protect",
      "no protects left",
    ]);
    expect(phase(out, "night 3").rejected.map((r) => r.reason)).toEqual([
      "protects can only be given on nights 1 and 2",
    ]);
  });

  it("a beaten necromancer resurrects nobody", () => {
    const players = [
      role("nec", "necromancer"),
      rus("r", true),
      role("thug", "thug"),
      role("man", "maniac"),
      cit("a"),
      cit("b"),
      cit("z1"),
      cit("z2"),
    ];
    const ids = players.map((p) => p.id);
    const out = run({
      players,
      script: [
        night(),
        hangDay(ids, "z1"),
        night([act("nec", "protect", ["a"])]),
        hangDay(
          ids.filter((i) => i !== "z1"),
          "z2",
        ),
        night([act("thug", "beat", ["nec"]), act("man", "kill", ["a"])]),
      ],
    });
    expect(deaths(out, "night 2")).toEqual(["a:maniac"]);
  });

  it("the ninja's second peaceful kill is harakiri", () => {
    const players = [
      role("nin", "ninja"),
      cit("a"),
      cit("b"),
      cit("c"),
      ita("i", true),
      role("man", "maniac"),
      cit("z1"),
      cit("z2"),
    ];
    const out = run({
      players,
      script: [
        night(),
        hangDay(
          players.map((p) => p.id),
          "z1",
        ),
        night([act("nin", "kill", ["a"])]),
        hangDay(["nin", "b", "c", "i", "man", "z2"], "z2"),
        night([act("nin", "kill", ["b"])]),
      ],
    });
    expect(deaths(out, "night 2")).toEqual(["b:ninja", "nin:harakiri"]);
    expect(phase(out, "night 2").public).toEqual(["nin committed harakiri.", "b was killed by the ninja."]);
  });
});

import { describe, expect, it } from "vitest";
import { type Out, quietDay, run, runRaw } from "../../../test/support/rulesets/classic.js";

type P = Record<string, unknown> & { id: string };
const cit = (id: string): P => ({ id, role: "citizen" });
const ita = (id: string, don = false): P => ({
  id,
  role: "mafia",
  faction: "italians",
  ...(don ? { don: true } : {}),
});
const rus = (id: string, don = false): P => ({
  id,
  role: "mafia",
  faction: "russians",
  ...(don ? { don: true } : {}),
});
const role = (id: string, r: string, extra: Record<string, unknown> = {}): P => ({ id, role: r, ...extra });
const act = (
  actor: string,
  action: string,
  targets: string[] = [],
  params: Record<string, unknown> = {},
) => ({
  actor,
  action,
  targets,
  ...params,
});
const night = (actions: unknown[] = [], gm: unknown[] = []) => ({ phase: "night", actions, gm });
const day = (actions: unknown[] = [], gm: unknown[] = []) => ({ phase: "day", actions, gm });

function phase(out: Out, label: string) {
  const p = out.phases.find((x) => x.phase === label);
  if (!p) throw new Error(`no phase ${label}`);
  return p;
}
const deaths = (out: Out, label: string) =>
  phase(out, label)
    .deaths.map((d) => `${d.player}:${d.cause}`)
    .sort();

/** A day on which everyone votes to hang `victim` (who posts): nobody refuses twice. */
function hangDay(ids: string[], victim: string) {
  return day(ids.map((id) => (id === victim ? act(id, "post") : act(id, "vote", [victim], { reason: "r" }))));
}

/** A game where night 0 and day 1 pass quietly, then the given night 1 (and more). */
function fromNight1(players: P[], ...rest: unknown[]): Out {
  return run({ players, script: [night(), quietDay(players.map((p) => p.id)), ...rest] });
}

describe("§4 orders and rejections", () => {
  it("an order may be changed only once per night; the third order is rejected", () => {
    const players = [role("man", "maniac"), cit("a"), cit("b"), cit("c"), ita("i", true)];
    const out = run({
      players,
      script: [night([act("man", "kill", ["a"]), act("man", "kill", ["b"]), act("man", "kill", ["c"])])],
    });
    const n0 = phase(out, "night 0");
    expect(n0.rejected.map((r) => r.reason)).toEqual(["an order may be changed only once per turn"]);
    expect(deaths(out, "night 0")).toEqual(["b:maniac"]);
  });

  it("on night 0 only the maniac gives night orders", () => {
    const players = [role("com", "commissar"), role("man", "maniac"), cit("a"), ita("i", true)];
    const out = run({ players, script: [night([act("com", "check", ["man"]), act("i", "kill", ["a"])])] });
    expect(phase(out, "night 0").rejected.map((r) => r.reason)).toEqual([
      "only the maniac acts on night 0",
      "only the maniac acts on night 0",
    ]);
  });

  it("dead, self and wrong-role actions are rejected with the rules file's reasons", () => {
    const players = [role("man", "maniac"), role("doc", "doctor"), cit("a"), cit("b"), ita("i", true)];
    const out = fromNight1(
      players,
      night([
        act("man", "kill", ["man"]),
        act("doc", "heal", ["doc"]),
        act("a", "check", ["b"]),
        act("doc", "vote", ["a"]),
        act("i", "kill", ["i"]),
      ]),
    );
    expect(phase(out, "night 1").rejected.map((r) => r.reason)).toEqual([
      "the maniac cannot commit suicide",
      "the doctor cannot heal himself",
      "this action is not available to your role",
      "wrong phase for this action",
      "mafia cannot attack their own clan",
    ]);
  });

  it("the don must name a living clan executor unless he is the last member", () => {
    const players = [ita("don", true), ita("m2"), cit("a"), cit("b"), cit("c")];
    const out = fromNight1(
      players,
      night([
        act("don", "kill", ["a"]),
        act("don", "kill", ["a"], { executor: "don" }),
        act("don", "kill", ["a"], { executor: "b" }),
        act("m2", "kill", ["a"], { executor: "don" }),
        act("don", "kill", ["a"], { executor: "m2" }),
      ]),
    );
    expect(phase(out, "night 1").rejected.map((r) => r.reason)).toEqual([
      "the don must name an executor",
      "the don executes only when he is the last member of the clan",
      "the executor must be a living member of the clan",
      "only the don may name an executor",
    ]);
    expect(deaths(out, "night 1")).toEqual(["a:mafia"]);
  });

  it("a silent don: the first member order of the night counts in its changed form", () => {
    const players = [ita("don", true), ita("m2"), ita("m3"), cit("a"), cit("b"), cit("c"), cit("d")];
    const out = fromNight1(
      players,
      night([act("m3", "kill", ["a"]), act("m2", "kill", ["b"]), act("m3", "kill", ["c"])]),
    );
    expect(deaths(out, "night 1")).toEqual(["c:mafia"]);
  });

  it("mafia cannot attack or beat their own bastard son", () => {
    const players = [
      rus("r", true),
      role("thug", "thug"),
      role("bs", "bastard_son", { clan: "russians" }),
      cit("a"),
    ];
    const out = fromNight1(
      players,
      night([act("r", "kill", ["bs"], { executor: "thug" }), act("thug", "beat", ["bs"])]),
    );
    expect(phase(out, "night 1").rejected.map((r) => r.reason)).toEqual([
      "mafia cannot attack or beat their own bastard son",
      "mafia cannot attack or beat their own bastard son",
    ]);
  });

  it("a scenario giving roles to some players only is malformed", () => {
    const res = runRaw({ players: [{ id: "a", role: "citizen" }, { id: "b" }, { id: "c" }] });
    expect(res.ok).toBe(false);
    const dup = runRaw({ players: [role("a", "maniac"), role("b", "maniac"), cit("c")] });
    expect(dup.ok).toBe(false);
    const son = runRaw({ players: [role("a", "bastard_son", { clan: "italians" }), cit("b"), cit("c")] });
    expect(son.ok).toBe(false);
  });
});

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

describe("§6 day votes, refusals, missing players", () => {
  it("on a tie the one who first reached the maximum is hanged", () => {
    const players = [cit("a"), cit("b"), cit("c"), cit("d"), ita("i", true), role("man", "maniac")];
    const out = run({
      players,
      script: [
        night(),
        day([
          act("a", "vote", ["c"], { reason: "r" }),
          act("b", "vote", ["d"], { reason: "r" }),
          act("c", "vote", ["d"], { reason: "r" }),
          act("d", "vote", ["c"], { reason: "r" }),
          act("i", "post"),
          act("man", "post"),
        ]),
      ],
    });
    expect(deaths(out, "day 1")).toEqual(["d:lynch"]);
    expect(phase(out, "day 1").events).toContainEqual({ type: "tally", counts: { c: 2, d: 2 } });
  });

  it("votes cannot be changed or cast against oneself", () => {
    const players = [cit("a"), cit("b"), cit("c"), ita("i", true)];
    const out = run({
      players,
      script: [
        night(),
        day([
          act("a", "vote", ["a"], { reason: "r" }),
          act("a", "vote", ["b"], { reason: "r" }),
          act("a", "vote", ["c"], { reason: "r" }),
        ]),
      ],
    });
    expect(phase(out, "day 1").rejected.map((r) => r.reason)).toEqual([
      "cannot vote against yourself",
      "votes cannot be changed",
    ]);
  });

  it("a player without any post goes missing at night with his role revealed", () => {
    const players = [cit("a"), cit("b"), cit("c"), ita("i", true), role("man", "maniac")];
    const out = run({ players, script: [night(), quietDay(["a", "b", "i", "man"]), night()] });
    expect(phase(out, "day 1").events).toContainEqual({ type: "removed", player: "c", reason: "no_post" });
    expect(phase(out, "day 1").private).toContainEqual({ to: "c", kind: "removed", reason: "no_post" });
    expect(deaths(out, "night 1")).toEqual(["c:missing"]);
    expect(phase(out, "night 1").public).toEqual(["c went missing. Role: citizen."]);
  });

  it("two refusals to vote in a game make a player missing; a GM-rejected vote is a refusal", () => {
    const players = [cit("a"), cit("b"), cit("c"), ita("i", true), role("man", "maniac")];
    const ids = players.map((p) => p.id);
    const out = run({
      players,
      script: [
        night(),
        day(
          [act("a", "vote", ["i"], { reason: "r" }), ...ids.map((id) => act(id, "post"))],
          [{ action: "reject_vote", targets: ["a"] }],
        ),
        night(),
        quietDay(ids),
        night(),
      ],
    });
    expect(phase(out, "day 1").events).toContainEqual({ type: "vote_refused", player: "a", count: 1 });
    expect(phase(out, "day 1").events).toContainEqual({ type: "tally", counts: {} });
    expect(phase(out, "day 2").events).toContainEqual({ type: "removed", player: "a", reason: "no_votes" });
    expect(deaths(out, "night 2")).toContain("a:missing");
  });
});

describe("§4 dons, §5 promotion and succession", () => {
  it("the clan's night-0 choose_don takes effect; a clan without one gets its first mafia", () => {
    const players = [ita("i1"), ita("i2"), rus("r1"), rus("r2"), cit("a"), cit("b")];
    const out = run({
      players,
      script: [night([act("i1", "choose_don", ["i2"]), act("i2", "choose_don", ["i2"])])],
    });
    const n0 = phase(out, "night 0");
    expect(n0.events).toContainEqual({ type: "don_assigned", player: "i2", clan: "italians" });
    expect(n0.events).toContainEqual({ type: "don_assigned", player: "r1", clan: "russians" });
    expect(n0.private).toContainEqual({ to: "i1", kind: "don", clan: "italians", player: "i2" });
  });

  it("a hanged don is replaced for the same night; a dead commissar's sergeant is promoted and checks", () => {
    const players = [
      ita("i1", true),
      ita("i2"),
      role("com", "commissar"),
      role("ser", "sergeant"),
      cit("a"),
      cit("b"),
      cit("c"),
    ];
    const out = run({
      players,
      script: [
        night(),
        day([
          act("a", "vote", ["i1"], { reason: "r" }),
          act("b", "vote", ["i1"], { reason: "r" }),
          act("i1", "vote", ["com"], { reason: "r" }),
          act("i2", "vote", ["com"], { reason: "r" }),
          act("c", "vote", ["i1"], { reason: "r" }),
          act("com", "post"),
          act("ser", "post"),
        ]),
        night([act("i2", "kill", ["com"])]),
        day([
          act("i2", "post"),
          ...["ser", "a", "b", "c"].map((id) => act(id, "vote", ["i2"], { reason: "r" })),
        ]),
      ],
    });
    expect(phase(out, "day 1").events).toContainEqual({
      type: "don_assigned",
      player: "i2",
      clan: "italians",
    });
    expect(phase(out, "night 1").events).toContainEqual({ type: "promoted", player: "ser" });
    expect(out.final.winners).toEqual(["town"]);
  });
});

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

import { describe, expect, it } from "vitest";
import {
  act,
  cit,
  day,
  deaths,
  fromNight1,
  ita,
  night,
  phase,
  role,
  run,
  runRaw,
  rus,
} from "../../../test/support/rulesets/classic.js";

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

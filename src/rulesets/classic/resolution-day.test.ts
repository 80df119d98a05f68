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

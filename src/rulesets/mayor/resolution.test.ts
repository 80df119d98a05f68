import { describe, expect, it } from "vitest";
import {
  allAbstain,
  choose,
  eventsOf,
  phaseOf,
  play,
  quietNight,
  verdict,
} from "../../../test/support/rulesets/mayor.js";

const SIX = "ann:mafia bob:mafia cid:maniac dan:doctor eve:agent fay:lawyer";
const SIX_IDS = ["ann", "bob", "cid", "dan", "eve", "fay"];
const day1 = { phase: "day" as const, actions: allAbstain(SIX_IDS) };

describe("5.2 night resolution", () => {
  it("step 0: a GM modkill dies at the night's resolution and his choice is void", () => {
    const out = play(SIX, [
      quietNight,
      day1,
      { phase: "night", actions: [choose("cid", "eve")], gm: [{ action: "modkill", targets: ["cid"] }] },
    ]);
    const n2 = phaseOf(out, "night 2");
    expect(n2.deaths).toEqual([{ player: "cid", cause: "modkill" }]);
    expect(n2.public).toContain("cid was removed by the Mayor.");
    expect(out.final.players["eve"]?.alive).toBe(true);
  });

  it("step 1: no choice at all is a rest (nothing happens, quiet night)", () => {
    const out = play(SIX, [quietNight, day1, quietNight]);
    expect(phaseOf(out, "night 2").public).toEqual(["Quiet night."]);
  });

  it("step 1: the last accepted choice counts and rest replaces an earlier choice", () => {
    const out = play(SIX, [
      quietNight,
      day1,
      {
        phase: "night",
        actions: [choose("cid", "eve"), choose("cid", "dan"), { actor: "ann", action: "rest" }],
      },
    ]);
    const n2 = phaseOf(out, "night 2");
    expect(n2.deaths).toEqual([{ player: "dan", cause: "maniac" }]);
  });

  it("step 2: a lawyer moves a jailed player to ИЗО instead of the execution", () => {
    const out = play(SIX, [
      quietNight,
      day1,
      quietNight,
      {
        phase: "day",
        actions: [
          verdict("dan", "execute", "cid"),
          verdict("eve", "execute", "cid"),
          ...allAbstain(["ann", "bob", "cid", "fay"]),
        ],
      },
      { phase: "night", actions: [choose("fay", "cid")] },
    ]);
    expect(phaseOf(out, "day 2").public).toContain("cid goes to jail (execution).");
    const n3 = phaseOf(out, "night 3");
    expect(n3.deaths).toEqual([]);
    expect(eventsOf(n3, "isolated")).toEqual([
      { type: "isolated", player: "cid", count: 1, reason: "lawyer" },
    ]);
    expect(n3.public).toContain("cid was moved from jail to isolation.");
    expect(out.final.players["cid"]?.statuses).toEqual(["isolated"]);
  });

  it("step 2: a lawyer releases an isolated player at the end of the night; he stays unreachable that night", () => {
    const out = play(SIX, [
      quietNight,
      {
        phase: "day",
        actions: [verdict("ann", "isolate", "eve")],
      },
      { phase: "night", actions: [choose("fay", "eve"), choose("cid", "eve")] },
    ]);
    expect(phaseOf(out, "day 1").public).toContain("eve goes to isolation.");
    const n2 = phaseOf(out, "night 2");
    expect(n2.deaths).toEqual([]);
    expect(eventsOf(n2, "released")).toEqual([{ type: "released", player: "eve", reason: "lawyer" }]);
    expect(n2.public).toContain("eve was released from isolation.");
    expect(eventsOf(n2, "attempt")).toEqual([]);
    expect(out.final.players["eve"]?.statuses).toEqual([]);
  });

  it("step 3: a visitor of the Mayor is shot by his guard, and no doctor saves him", () => {
    const out = play(SIX, [
      quietNight,
      day1,
      { phase: "night", actions: [choose("eve", "mayor"), choose("dan", "eve")] },
    ]);
    const n2 = phaseOf(out, "night 2");
    expect(n2.deaths).toEqual([{ player: "eve", cause: "mayor_guard" }]);
    expect(eventsOf(n2, "mayor_visit")).toEqual([{ type: "mayor_visit", player: "eve" }]);
    expect(n2.public).toContain("eve was shot by the Mayor's guard.");
  });

  it("step 3 / ruling 10: on night 1 the Mayor's visitor survives and is announced", () => {
    const out = play(SIX, [{ phase: "night", actions: [choose("ann", "mayor")] }]);
    const n1 = phaseOf(out, "night 1");
    expect(n1.deaths).toEqual([]);
    expect(n1.public).toContain("ann visited the Mayor and was sent home.");
  });

  it("step 4: an agent learns the alignment of a reachable player even if he dies that night", () => {
    const out = play(SIX, [
      quietNight,
      day1,
      { phase: "night", actions: [choose("eve", "dan"), choose("cid", "dan")] },
    ]);
    const n2 = phaseOf(out, "night 2");
    expect(n2.private).toEqual([{ to: "eve", kind: "check_result", target: "dan", result: "good" }]);
    expect(n2.deaths).toEqual([{ player: "dan", cause: "maniac" }]);
  });

  it("step 4: option agentResult role gives the role id", () => {
    const out = play(SIX, [{ phase: "night", actions: [choose("eve", "fay")] }], { agentResult: "role" });
    expect(phaseOf(out, "night 1").private).toEqual([
      { to: "eve", kind: "check_result", target: "fay", result: "lawyer" },
    ]);
  });

  it("step 4: checking an isolated player fails with reason isolated", () => {
    const out = play(SIX, [
      quietNight,
      { phase: "day", actions: [verdict("ann", "isolate", "cid")] },
      { phase: "night", actions: [choose("eve", "cid")] },
    ]);
    expect(phaseOf(out, "night 2").private).toEqual([
      { to: "eve", kind: "check_failed", target: "cid", reason: "isolated" },
    ]);
  });

  it("step 4: checking a jailed player moved to ИЗО that night fails with reason jailed", () => {
    const out = play(SIX, [
      quietNight,
      day1,
      quietNight,
      {
        phase: "day",
        actions: [
          verdict("dan", "execute", "cid"),
          verdict("ann", "execute", "cid"),
          ...allAbstain(["bob", "cid", "eve", "fay"]),
        ],
      },
      { phase: "night", actions: [choose("fay", "cid"), choose("eve", "cid")] },
    ]);
    expect(phaseOf(out, "night 3").private).toEqual([
      { to: "eve", kind: "check_failed", target: "cid", reason: "jailed" },
    ]);
  });

  it("step 5: the mafia kills the player named by strictly more than half of its choices cast", () => {
    const out = play("ann:mafia bob:mafia cat:mafia dan:doctor eve:agent fay:agent gus:maniac", [
      quietNight,
      { phase: "day", actions: allAbstain(["ann", "bob", "cat", "dan", "eve", "fay", "gus"]) },
      { phase: "night", actions: [choose("ann", "eve"), choose("bob", "eve"), choose("cat", "fay")] },
    ]);
    expect(phaseOf(out, "night 2").deaths).toEqual([{ player: "eve", cause: "mafia" }]);
  });

  it("step 5 / rule 16: without a mafia majority nobody dies and every mafia choice is an attempt", () => {
    const out = play(SIX, [
      quietNight,
      day1,
      { phase: "night", actions: [choose("ann", "eve"), choose("bob", "dan")] },
    ]);
    const n2 = phaseOf(out, "night 2");
    expect(n2.deaths).toEqual([]);
    expect(eventsOf(n2, "mafia_no_majority")).toHaveLength(1);
    expect(n2.public).toContain("Attempts: dan, eve.");
  });

  it("step 5 / ruling 5: resting mafiosi do not count in the majority base (cast)", () => {
    const out = play(SIX, [quietNight, day1, { phase: "night", actions: [choose("ann", "eve")] }]);
    expect(phaseOf(out, "night 2").deaths).toEqual([{ player: "eve", cause: "mafia" }]);
  });

  it("step 5: option mafiaMajorityBase members needs more than half of the eligible mafiosi", () => {
    const out = play(SIX, [quietNight, day1, { phase: "night", actions: [choose("ann", "eve")] }], {
      mafiaMajorityBase: "members",
    });
    const n2 = phaseOf(out, "night 2");
    expect(n2.deaths).toEqual([]);
    expect(n2.public).toContain("Attempts: eve.");
  });

  it("step 5: attacks on an isolated player fizzle silently", () => {
    const out = play(SIX, [
      quietNight,
      { phase: "day", actions: [verdict("ann", "isolate", "eve")] },
      { phase: "night", actions: [choose("cid", "eve"), choose("ann", "eve")] },
    ]);
    const n2 = phaseOf(out, "night 2");
    expect(n2.deaths).toEqual([]);
    expect(eventsOf(n2, "attempt")).toEqual([]);
    expect(n2.public).toEqual(["Quiet night."]);
  });

  it("step 5: an attack on a player shot by the Mayor's guard fizzles", () => {
    const out = play(SIX, [
      quietNight,
      day1,
      { phase: "night", actions: [choose("eve", "mayor"), choose("cid", "eve")] },
    ]);
    expect(phaseOf(out, "night 2").deaths).toEqual([{ player: "eve", cause: "mayor_guard" }]);
  });

  it("step 6: one doctor saves from one attack; the survivor is an attempt", () => {
    const out = play(SIX, [
      quietNight,
      day1,
      { phase: "night", actions: [choose("cid", "eve"), choose("dan", "eve")] },
    ]);
    const n2 = phaseOf(out, "night 2");
    expect(n2.deaths).toEqual([]);
    expect(eventsOf(n2, "healed")).toEqual([{ type: "healed", player: "eve", doctors: 1 }]);
    expect(n2.public).toContain("Attempts: eve.");
  });

  it("step 6 / rule 17: two doctors save from the mafia and the maniac together", () => {
    const out = play("ann:mafia cid:maniac dan:doctor dee:doctor eve:agent", [
      quietNight,
      { phase: "day", actions: allAbstain(["ann", "cid", "dan", "dee", "eve"]) },
      {
        phase: "night",
        actions: [choose("ann", "eve"), choose("cid", "eve"), choose("dan", "eve"), choose("dee", "eve")],
      },
    ]);
    const n2 = phaseOf(out, "night 2");
    expect(n2.deaths).toEqual([]);
    expect(eventsOf(n2, "healed")).toEqual([{ type: "healed", player: "eve", doctors: 2 }]);
    expect(n2.public).toContain("Attempts: eve.");
  });

  it("step 6 / rule 17: one doctor is not enough against a double attack (cause mafia)", () => {
    const out = play("ann:mafia cid:maniac dan:doctor dee:doctor eve:agent", [
      quietNight,
      { phase: "day", actions: allAbstain(["ann", "cid", "dan", "dee", "eve"]) },
      { phase: "night", actions: [choose("ann", "eve"), choose("cid", "eve"), choose("dan", "eve")] },
    ]);
    const n2 = phaseOf(out, "night 2");
    expect(n2.deaths).toEqual([{ player: "eve", cause: "mafia" }]);
    expect(eventsOf(n2, "killed")).toEqual([{ type: "killed", player: "eve", by: ["mafia", "maniac"] }]);
    expect(n2.public).toContain("eve was killed by the Mafia and the Maniac.");
  });

  it("step 6 / ruling 15: a doctor who dies the same night still heals", () => {
    const out = play("ann:mafia bob:mafia cid:maniac dan:doctor eve:agent fay:lawyer", [
      quietNight,
      day1,
      {
        phase: "night",
        actions: [choose("ann", "dan"), choose("bob", "dan"), choose("cid", "eve"), choose("dan", "eve")],
      },
    ]);
    const n2 = phaseOf(out, "night 2");
    expect(n2.deaths).toEqual([{ player: "dan", cause: "mafia" }]);
    expect(out.final.players["eve"]?.alive).toBe(true);
  });

  it("step 6 / rule 6: on night 1 nobody dies and every attack is an attempt, doctors or not", () => {
    const out = play(SIX, [
      {
        phase: "night",
        actions: [choose("ann", "eve"), choose("bob", "eve"), choose("cid", "dan"), choose("dan", "eve")],
      },
    ]);
    const n1 = phaseOf(out, "night 1");
    expect(n1.deaths).toEqual([]);
    expect(eventsOf(n1, "healed")).toEqual([]);
    expect(eventsOf(n1, "killed")).toEqual([]);
    expect(n1.public).toContain("Attempts: dan, eve.");
  });

  it("step 6: news line 5 — night 1 always has an attempts line", () => {
    const out = play(SIX, [quietNight]);
    expect(phaseOf(out, "night 1").public).toEqual([
      "Roles in play: mafia 2, maniac 1, lawyer 1, doctor 1, agent 1.",
      "Attempts: none.",
    ]);
  });

  it("step 7: a jailed player nobody defends is executed at the night's resolution", () => {
    const out = play(SIX, [
      quietNight,
      day1,
      quietNight,
      {
        phase: "day",
        actions: [
          verdict("dan", "execute", "cid"),
          verdict("eve", "execute", "cid"),
          ...allAbstain(["ann", "bob", "cid", "fay"]),
        ],
      },
      { phase: "night", actions: [choose("dan", "cid")] },
    ]);
    const n3 = phaseOf(out, "night 3");
    expect(n3.deaths).toEqual([{ player: "cid", cause: "execution" }]);
    expect(n3.public).toContain("cid was executed.");
  });

  it("step 8: the GM's isolation at night is placed at the end and announced", () => {
    const out = play(SIX, [{ phase: "night", gm: [{ action: "isolate", targets: ["bob"] }] }]);
    const n1 = phaseOf(out, "night 1");
    expect(eventsOf(n1, "isolated")).toEqual([{ type: "isolated", player: "bob", count: 1, reason: "gm" }]);
    expect(n1.public[1]).toBe("bob goes to isolation by the Mayor's decision.");
  });

  it("a night placement lasts until the coming session's close", () => {
    const out = play(SIX, [
      { phase: "night", gm: [{ action: "isolate", targets: ["bob"] }] },
      { phase: "day", actions: [verdict("bob", "abstain")] },
    ]);
    const d1 = phaseOf(out, "day 1");
    expect(out.phases[1]?.rejected[0]?.reason).toBe("isolated players cannot give a verdict");
    expect(eventsOf(d1, "released")).toEqual([{ type: "released", player: "bob", reason: "term_end" }]);
    expect(d1.public).toContain("bob was released from isolation.");
    expect(eventsOf(d1, "missed_verdict").map((e) => e["player"])).not.toContain("bob");
  });
});

it("12: a lawyer transfer is an ИЗО placement; the third one kills at once and attacks on him fizzle", () => {
  const out = play(SIX, [
    { phase: "night", gm: [{ action: "isolate", targets: ["cid"] }] },
    { phase: "day", actions: [verdict("ann", "isolate", "cid")] },
    { phase: "night", actions: [choose("fay", "cid")] },
    {
      phase: "day",
      actions: [
        verdict("dan", "execute", "cid"),
        verdict("eve", "execute", "cid"),
        ...allAbstain(["ann", "bob", "fay"]),
      ],
    },
    {
      phase: "night",
      actions: [choose("fay", "cid"), choose("ann", "cid"), choose("bob", "cid")],
      gm: [{ action: "isolate", targets: ["cid"] }],
    },
  ]);
  const n3 = phaseOf(out, "night 3");
  expect(eventsOf(n3, "isolated")).toEqual([{ type: "isolated", player: "cid", count: 3, reason: "lawyer" }]);
  expect(n3.deaths).toEqual([{ player: "cid", cause: "isolation_limit" }]);
  expect(n3.public).toEqual([
    "cid was moved from jail to isolation.",
    "cid: third isolation, dies. Role: maniac.",
  ]);
  expect(out.final.players["cid"]?.alive).toBe(false);
});

describe("5.3 session resolution", () => {
  it("step 1: the tally lists execute and isolate verdicts per target and the abstentions", () => {
    const out = play(SIX, [
      quietNight,
      day1,
      quietNight,
      {
        phase: "day",
        actions: [
          verdict("ann", "execute", "eve"),
          verdict("bob", "execute", "dan"),
          verdict("cid", "isolate", "fay"),
          verdict("dan", "abstain", "ann"),
          verdict("eve", "abstain"),
          verdict("fay", "execute", "eve"),
        ],
      },
    ]);
    expect(eventsOf(phaseOf(out, "day 2"), "tally")).toEqual([
      { type: "tally", execute: { dan: 1, eve: 2 }, isolate: { fay: 1 }, abstain: 2 },
    ]);
    expect(phaseOf(out, "day 2").public).toContain("eve goes to jail (execution).");
  });

  it("rule 8: a single КАЗНЬ candidate needs two verdicts", () => {
    const out = play(SIX, [
      quietNight,
      day1,
      quietNight,
      {
        phase: "day",
        actions: [verdict("ann", "execute", "eve"), ...allAbstain(["bob", "cid", "dan", "eve", "fay"])],
      },
    ]);
    expect(phaseOf(out, "day 2").public[0]).toBe("No execution.");
  });

  it("rule 8 / ruling 6: equal top КАЗНЬ counts jail nobody", () => {
    const out = play(SIX, [
      quietNight,
      day1,
      quietNight,
      {
        phase: "day",
        actions: [
          verdict("ann", "execute", "eve"),
          verdict("bob", "execute", "eve"),
          verdict("cid", "execute", "dan"),
          verdict("eve", "execute", "dan"),
          ...allAbstain(["dan", "fay"]),
        ],
      },
    ]);
    expect(phaseOf(out, "day 2").public[0]).toBe("No execution.");
    expect(eventsOf(phaseOf(out, "day 2"), "jailed")).toEqual([]);
  });

  it("rule 7 / ruling 11: execute is rejected at the first session and the player may vote again", () => {
    const out = play(SIX, [
      quietNight,
      {
        phase: "day",
        actions: [verdict("ann", "execute", "eve"), verdict("ann", "isolate", "eve"), ...allAbstain(["bob"])],
      },
    ]);
    const d1 = phaseOf(out, "day 1");
    expect(d1.rejected).toEqual([
      { index: 0, actor: "ann", action: "verdict", reason: "no execution at the first session" },
    ]);
    expect(d1.public).toEqual(["No execution at the first session.", "No isolation."]);
  });

  it("rule 9 / ruling 7: one ИЗО verdict with no other candidate and no abstention isolates", () => {
    const out = play(SIX, [quietNight, { phase: "day", actions: [verdict("ann", "isolate", "eve")] }]);
    expect(phaseOf(out, "day 1").public).toContain("eve goes to isolation.");
  });

  it("rule 9: abstentions naming anybody count against every ИЗО candidate", () => {
    const out = play(SIX, [
      quietNight,
      {
        phase: "day",
        actions: [
          verdict("ann", "isolate", "eve"),
          verdict("bob", "isolate", "eve"),
          verdict("cid", "isolate", "fay"),
          verdict("dan", "abstain", "cid"),
        ],
      },
    ]);
    // I(eve) = 2, others + A = 1 + 1 = 2: not more.
    expect(phaseOf(out, "day 1").public).toContain("No isolation.");
  });

  it("step 2 / rule 9: two sessions in a row without a verdict send a player to ИЗО", () => {
    const out = play(SIX, [
      quietNight,
      { phase: "day", actions: allAbstain(["ann", "bob", "cid", "dan", "eve"]) },
      quietNight,
      { phase: "day", actions: allAbstain(["ann", "bob", "cid", "dan", "eve"]) },
    ]);
    const d2 = phaseOf(out, "day 2");
    expect(eventsOf(d2, "missed_verdict")).toEqual([{ type: "missed_verdict", player: "fay", streak: 2 }]);
    expect(eventsOf(d2, "isolated")).toEqual([
      { type: "isolated", player: "fay", count: 1, reason: "missed_verdicts" },
    ]);
    expect(d2.public).toContain("fay goes to isolation for missing two verdicts in a row.");
  });

  it("step 2 / ruling 16: a vacation breaks the streak", () => {
    const out = play(SIX, [
      quietNight,
      { phase: "day", actions: allAbstain(["ann", "bob", "cid", "dan", "eve"]) },
      { phase: "night", actions: [{ actor: "fay", action: "vacation" }] },
      { phase: "day", actions: allAbstain(["ann", "bob", "cid", "dan", "eve"]) },
    ]);
    expect(eventsOf(phaseOf(out, "night 2"), "vacation")).toEqual([
      { type: "vacation", player: "fay", on: true },
    ]);
    expect(eventsOf(phaseOf(out, "day 2"), "missed_verdict")).toEqual([]);
    expect(out.final.players["fay"]?.statuses).toEqual(["vacation"]);
  });

  it("step 3 / ruling 22: a re-isolation at the same close is a new placement, not a release", () => {
    const out = play(SIX, [
      quietNight,
      { phase: "day", actions: [verdict("ann", "isolate", "eve")] },
      quietNight,
      { phase: "day", actions: [verdict("ann", "isolate", "eve")] },
    ]);
    const d2 = phaseOf(out, "day 2");
    expect(eventsOf(d2, "released")).toEqual([]);
    expect(eventsOf(d2, "isolated").filter((e) => e["player"] === "eve")).toEqual([
      { type: "isolated", player: "eve", count: 2, reason: "verdict" },
    ]);
    expect(eventsOf(d2, "alignment_revealed")).toEqual([
      { type: "alignment_revealed", player: "eve", alignment: "good" },
    ]);
    expect(d2.public).toContain("eve: second isolation, alignment good.");
    expect(out.final.players["eve"]?.statuses).toEqual(["isolated", "alignment_revealed"]);
  });

  it("step 4 / ruling 17: jail beats ИЗО for the same player at the same close", () => {
    const out = play(SIX, [
      quietNight,
      day1,
      quietNight,
      {
        phase: "day",
        actions: [
          verdict("ann", "execute", "eve"),
          verdict("bob", "execute", "eve"),
          verdict("cid", "isolate", "eve"),
        ],
      },
    ]);
    const d2 = phaseOf(out, "day 2");
    expect(d2.public.slice(0, 2)).toEqual(["eve goes to jail (execution).", "No isolation."]);
    expect(eventsOf(d2, "isolated")).toEqual([]);
    expect(out.final.players["eve"]?.statuses).toEqual(["jailed"]);
  });

  it("step 5: a player placed for several reasons at one close is placed once (verdict first)", () => {
    const out = play(SIX, [
      quietNight,
      { phase: "day", actions: allAbstain(["ann", "bob", "cid", "dan", "eve"]) },
      quietNight,
      {
        phase: "day",
        actions: [verdict("ann", "isolate", "fay")],
        gm: [{ action: "isolate", targets: ["fay"] }],
      },
    ]);
    expect(eventsOf(phaseOf(out, "day 2"), "isolated")).toEqual([
      { type: "isolated", player: "fay", count: 1, reason: "verdict" },
    ]);
  });

  it("5.4: the third placement reveals the role and kills (isolation_limit)", () => {
    const out = play(SIX, [
      quietNight,
      { phase: "day", actions: [verdict("ann", "isolate", "eve")] },
      quietNight,
      { phase: "day", actions: [verdict("ann", "isolate", "eve")] },
      quietNight,
      { phase: "day", actions: [verdict("ann", "isolate", "eve")] },
    ]);
    const d3 = phaseOf(out, "day 3");
    expect(d3.deaths).toEqual([{ player: "eve", cause: "isolation_limit" }]);
    expect(eventsOf(d3, "role_revealed")).toEqual([{ type: "role_revealed", player: "eve", role: "agent" }]);
    expect(d3.public).toContain("eve: third isolation, dies. Role: agent.");
  });

  it("step 6: a GM modkill at the session close dies hidden", () => {
    const out = play(SIX, [quietNight, { phase: "day", gm: [{ action: "modkill", targets: ["bob"] }] }]);
    const d1 = phaseOf(out, "day 1");
    expect(d1.deaths).toEqual([{ player: "bob", cause: "modkill" }]);
    expect(d1.public).toContain("bob was removed by the Mayor.");
    expect(d1.public.join(" ")).not.toContain("mafia");
  });

  it("option revealRoleOnDeath adds the role to death lines", () => {
    const out = play(SIX, [quietNight, { phase: "day", gm: [{ action: "modkill", targets: ["bob"] }] }], {
      revealRoleOnDeath: true,
    });
    expect(phaseOf(out, "day 1").public).toContain("bob was removed by the Mayor. Role: mafia.");
  });

  it("option executionMajority absolute needs more than half of all verdicts cast", () => {
    const actions = [
      verdict("ann", "execute", "eve"),
      verdict("bob", "execute", "eve"),
      verdict("cid", "execute", "dan"),
      ...allAbstain(["dan", "eve", "fay"]),
    ];
    const rel = play(SIX, [quietNight, day1, quietNight, { phase: "day", actions }]);
    const abs = play(SIX, [quietNight, day1, quietNight, { phase: "day", actions }], {
      executionMajority: "absolute",
    });
    expect(phaseOf(rel, "day 2").public[0]).toBe("eve goes to jail (execution).");
    expect(phaseOf(abs, "day 2").public[0]).toBe("No execution.");
  });

  it("option verdictChange lets a player replace his verdict", () => {
    const out = play(
      SIX,
      [quietNight, { phase: "day", actions: [verdict("ann", "isolate", "eve"), verdict("ann", "abstain")] }],
      {
        verdictChange: true,
      },
    );
    const d1 = phaseOf(out, "day 1");
    expect(d1.rejected).toEqual([]);
    expect(eventsOf(d1, "tally")).toEqual([{ type: "tally", execute: {}, isolate: {}, abstain: 1 }]);
  });
});

describe("section 9: win conditions", () => {
  it("town wins when no mafia and no maniac are alive", () => {
    const out = play("ann:mafia dan:doctor eve:agent fay:lawyer", [
      quietNight,
      { phase: "day", gm: [{ action: "modkill", targets: ["ann"] }] },
    ]);
    expect(out.final).toMatchObject({ ended: true, winners: ["town"] });
    expect(phaseOf(out, "day 1").public.at(-1)).toBe("Game over. Winners: town.");
    expect(eventsOf(phaseOf(out, "day 1"), "game_over")).toEqual([{ type: "game_over", winners: ["town"] }]);
  });

  it("nobody alive: game over with no winners", () => {
    const out = play("ann:mafia cid:maniac dan:doctor", [
      quietNight,
      { phase: "day", gm: [{ action: "modkill", targets: ["ann", "cid", "dan"] }] },
    ]);
    expect(out.final).toMatchObject({ ended: true, winners: [] });
    expect(phaseOf(out, "day 1").public.at(-1)).toBe("Game over. No winners.");
  });

  it("with lawyerFaction mafia the lawyers count as mafia", () => {
    const out = play(
      "ann:mafia fay:lawyer dan:doctor",
      [quietNight, { phase: "day", gm: [{ action: "modkill", targets: ["dan"] }] }],
      { lawyerFaction: "mafia" },
    );
    expect(out.final).toMatchObject({ ended: true, winners: ["mafia"] });
  });

  it("a script entry after the end is ignored", () => {
    const out = play("ann:mafia dan:doctor eve:agent", [
      quietNight,
      { phase: "day", gm: [{ action: "modkill", targets: ["ann"] }] },
      quietNight,
    ]);
    expect(out.phases.map((p) => p.phase)).toEqual(["night 1", "day 1"]);
  });
});

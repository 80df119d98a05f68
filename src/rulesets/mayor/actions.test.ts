import { describe, expect, it } from "vitest";
import { createGame, resolvePhase, submitAction, submitGmAction } from "../../engine/game.js";
import type { ActionInput } from "../../engine/types.js";
import { mayor } from "./index.js";
import { deadline } from "./schedule.js";
import type { MayorState } from "./state.js";
import { table } from "../../../test/support/rulesets/mayor.js";

function game(
  spec = "ann:mafia bob:mafia cid:maniac dan:doctor eve:agent fay:lawyer",
  options = {},
): MayorState {
  const g = createGame(mayor, { seed: 1, players: table(spec), options });
  if (!g.ok) throw new Error(g.rejection.reason);
  return g.value;
}

function act(state: MayorState, actor: string, action: string, targets: string[] = [], params = {}) {
  const input: ActionInput = { actor, action, targets, params };
  return submitAction(mayor, state, input);
}

function reason(state: MayorState, actor: string, action: string, targets: string[] = [], params = {}) {
  const r = act(state, actor, action, targets, params);
  return r.ok ? null : r.rejection.reason;
}

function toDay(state: MayorState): MayorState {
  return resolvePhase(mayor, state).state;
}

describe("section 4: actions and their rejections", () => {
  it("choose: a living player or the Mayor, never oneself; changeable until the deadline", () => {
    const s = game();
    expect(reason(s, "ann", "choose", ["mayor"])).toBeNull();
    expect(reason(s, "ann", "choose", ["ann"])).toBe("cannot choose yourself");
    expect(reason(s, "ann", "choose", ["nobody"])).toBe("target is not alive");
    expect(reason(s, "ann", "choose", [])).toBe("a choice names exactly one player or the Mayor");
    const twice = act(s, "ann", "choose", ["bob"]);
    expect(twice.ok && reason(twice.value, "ann", "choose", ["cid"])).toBeNull();
  });

  it("choose and verdict are refused in the wrong phase", () => {
    const s = game();
    expect(reason(s, "ann", "verdict", ["bob"], { choice: "isolate" })).toBe("wrong phase for this action");
    expect(reason(toDay(s), "ann", "choose", ["bob"])).toBe("wrong phase for this action");
    expect(reason(toDay(s), "ann", "rest")).toBe("wrong phase for this action");
  });

  it("dead players cannot act", () => {
    const s = game();
    const gm = submitGmAction(mayor, s, { action: "modkill", targets: ["ann"], params: {} });
    if (!gm.ok) throw new Error(gm.rejection.reason);
    const day = toDay(gm.value);
    expect(reason(day, "ann", "verdict", [], { choice: "abstain" })).toBe("dead players cannot act");
    expect(reason(day, "ann", "vacation")).toBe("dead players cannot act");
    expect(reason(day, "bob", "verdict", ["ann"], { choice: "isolate" })).toBe("target is not alive");
  });

  it("isolated players cannot choose at night nor give a verdict", () => {
    const gm = submitGmAction(mayor, game(), { action: "isolate", targets: ["ann"], params: {} });
    if (!gm.ok) throw new Error(gm.rejection.reason);
    const day = toDay(gm.value);
    expect(reason(day, "ann", "verdict", [], { choice: "abstain" })).toBe(
      "isolated players cannot give a verdict",
    );
    // Placed again at the close of session 1: isolated through night 2.
    const isolateAgain = submitGmAction(mayor, day, { action: "isolate", targets: ["ann"], params: {} });
    if (!isolateAgain.ok) throw new Error(isolateAgain.rejection.reason);
    const night2 = toDay(isolateAgain.value);
    expect(reason(night2, "ann", "choose", ["bob"])).toBe("isolated players cannot make a night choice");
    expect(reason(night2, "ann", "rest")).toBe("isolated players cannot make a night choice");
  });

  it("jailed players cannot make a night choice", () => {
    let s = toDay(game());
    s = toDay(s); // night 2
    s = toDay(s); // day 2
    for (const [actor, choice] of [
      ["bob", "execute"],
      ["cid", "execute"],
    ] as const) {
      const r = act(s, actor, "verdict", ["ann"], { choice });
      if (!r.ok) throw new Error(r.rejection.reason);
      s = r.value;
    }
    s = toDay(s); // night 3
    expect(s.players[0]?.statuses).toEqual(["jailed"]);
    expect(reason(s, "ann", "choose", ["bob"])).toBe("jailed players cannot make a night choice");
  });

  it("verdict: one per session, not on oneself, execute/isolate need a target, no execution on day 1", () => {
    const day = toDay(game());
    expect(reason(day, "ann", "verdict", ["ann"], { choice: "abstain" })).toBe(
      "cannot give a verdict on yourself",
    );
    expect(reason(day, "ann", "verdict", [], { choice: "isolate" })).toBe("a verdict needs a target");
    expect(reason(day, "ann", "verdict", [], { choice: "execute" })).toBe("a verdict needs a target");
    expect(reason(day, "ann", "verdict", ["bob"], { choice: "execute" })).toBe(
      "no execution at the first session",
    );
    const first = act(day, "ann", "verdict", [], { choice: "abstain" });
    if (!first.ok) throw new Error(first.rejection.reason);
    expect(reason(first.value, "ann", "verdict", ["bob"], { choice: "isolate" })).toBe(
      "a verdict has already been given this session",
    );
  });

  it("an invalid verdict choice is refused", () => {
    expect(act(toDay(game()), "ann", "verdict", ["bob"], { choice: "hang" }).ok).toBe(false);
  });

  it("vacation starts and ends at once, in any phase, and the vacationer may still act", () => {
    const on = act(game(), "ann", "vacation");
    if (!on.ok) throw new Error(on.rejection.reason);
    expect(on.value.players[0]?.statuses).toEqual(["vacation"]);
    expect(on.value.output.events).toEqual([{ type: "vacation", player: "ann", on: true }]);
    expect(reason(on.value, "ann", "choose", ["bob"])).toBeNull();
    expect(reason(on.value, "ann", "vacation")).toBe("already on vacation");
    const off = act(on.value, "ann", "vacation", [], { on: false });
    expect(off.ok && off.value.players[0]?.statuses).toEqual([]);
    expect(reason(game(), "ann", "vacation", [], { on: false })).toBe("not on vacation");
  });

  it("ruling 19: rejections are the same whatever the actor's hidden role", () => {
    const roles = ["mafia", "maniac", "lawyer", "doctor", "agent"];
    for (const tryIt of [
      (s: MayorState) => reason(s, "ann", "choose", ["ann"]),
      (s: MayorState) => reason(toDay(s), "ann", "verdict", ["bob"], { choice: "execute" }),
      (s: MayorState) => reason(s, "ann", "choose", ["mayor"]),
    ]) {
      const answers = roles.map((role) => tryIt(game(`ann:${role} bob:mafia cid:maniac dan:doctor`)));
      expect(new Set(answers).size).toBe(1);
    }
  });

  it("GM actions: modkill and isolate need living targets; unknown ones are refused", () => {
    const s = game();
    expect(submitGmAction(mayor, s, { action: "modkill", targets: ["zed"], params: {} }).ok).toBe(false);
    expect(submitGmAction(mayor, s, { action: "isolate", targets: [], params: {} }).ok).toBe(false);
    expect(submitGmAction(mayor, s, { action: "vacation", targets: ["ann"], params: {} }).ok).toBe(true);
    expect(
      submitGmAction(mayor, s, { action: "replace", targets: ["ann"], params: { with: "zoe" } }).ok,
    ).toBe(true);
    // A status the rules do not know is refused, naming those they do.
    const unknown = submitGmAction(mayor, s, {
      action: "set_status",
      targets: ["ann"],
      params: { status: "x" },
    });
    expect(unknown.ok ? "" : unknown.rejection.reason).toBe(
      "these rules have no status “x”; their statuses: jailed, isolated, vacation, alignment_revealed",
    );
    expect(
      submitGmAction(mayor, s, { action: "set_status", targets: ["ann"], params: { status: "jailed" } }).ok,
    ).toBe(true);
  });
});

describe("availableActions", () => {
  it("offers the same neutral list to every role: choose (players + mayor), rest, vacation at night", () => {
    const s = game();
    const list = mayor.availableActions(s, "ann");
    expect(list.map((a) => a.action)).toEqual(["choose", "rest", "vacation"]);
    expect(list[0]?.targets).toEqual(["bob", "cid", "dan", "eve", "fay", "mayor"]);
    expect(mayor.availableActions(s, "eve").map((a) => a.action)).toEqual(["choose", "rest", "vacation"]);
  });

  it("offers the verdict once per choice (params), no execute at the first session, and all three later", () => {
    const offers = (st: MayorState) =>
      mayor.availableActions(st, "ann").map((a) => [a.action, a.params ?? null, a.minTargets]);
    const day1 = toDay(game());
    expect(offers(day1)).toEqual([
      ["verdict", { choice: "isolate" }, 1],
      ["verdict", { choice: "abstain" }, 0],
      ["vacation", { on: true }, 0],
    ]);
    const day2 = toDay(toDay(day1));
    expect(offers(day2)).toEqual([
      ["verdict", { choice: "execute" }, 1],
      ["verdict", { choice: "isolate" }, 1],
      ["verdict", { choice: "abstain" }, 0],
      ["vacation", { on: true }, 0],
    ]);
    // every offer is accepted with its params
    for (const a of mayor.availableActions(day2, "ann"))
      expect(reason(day2, "ann", a.action, a.targets.slice(0, a.minTargets), a.params)).toBeNull();
  });

  it("a vacationer is offered the end of the vacation as `vacation` with on: false", () => {
    const on = act(game(), "ann", "vacation");
    if (!on.ok) throw new Error(on.rejection.reason);
    const offer = mayor.availableActions(on.value, "ann").find((a) => a.action === "vacation");
    expect(offer?.params).toEqual({ on: false });
    expect(mayor.actions["vacation_end"]).toBeUndefined();
    expect(mayor.actions["verdict_abstain"]).toBeUndefined();
  });
});

describe("deadline: the fixed daily schedule (rule 14) as data", () => {
  it("night 1 closes at the 14:00 after the first 22:00; sessions at 22:00; later nights at 14:00", () => {
    const s = game();
    expect(deadline(s)).toEqual({ type: "daily_at", at: "14:00", minMinutes: 960 });
    const day = toDay(s);
    expect(deadline(day)).toEqual({ type: "daily_at", at: "22:00" });
    expect(deadline(toDay(day))).toEqual({ type: "daily_at", at: "14:00" });
    expect(s.options.timezone).toBe("Europe/Moscow");
  });

  it("follows the schedule options", () => {
    const s = game(undefined, { nightOpen: "21:00", nightClose: "13:30", sessionClose: "23:00" });
    expect(deadline(s)).toEqual({ type: "daily_at", at: "13:30", minMinutes: 990 });
    expect(deadline(toDay(s))).toEqual({ type: "daily_at", at: "23:00" });
  });
});

describe("playerView and chats", () => {
  it("nobody sees any role, not even his own, while the game goes on", () => {
    const s = game();
    const view = JSON.stringify(mayor.playerView(s, "ann"));
    for (const role of ["maniac", "lawyer", "doctor", "agent"])
      expect(view).not.toContain(`"role":"${role}"`);
    expect(view).not.toContain(`"role":"mafia"`);
  });

  it("an agent sees his own check results in his view, nobody else does", () => {
    const r = act(game(), "eve", "choose", ["cid"]);
    if (!r.ok) throw new Error(r.rejection.reason);
    const day = toDay(r.value);
    expect(JSON.stringify(mayor.playerView(day, "eve"))).toContain("check_result");
    expect(JSON.stringify(mayor.playerView(day, "dan"))).not.toContain("check_result");
  });

  it("the town hall is writable only during the session; each Mayor thread belongs to one player", () => {
    const s = game();
    const hall = (st: MayorState) => mayor.chatLayout(st).find((c) => c.id === "town_hall");
    expect(hall(s)?.writers).toEqual([]);
    expect(hall(toDay(s))?.writers).toHaveLength(6);
    const threads = mayor.chatLayout(s).filter((c) => c.kind === "secret");
    expect(threads.map((c) => c.readers)).toEqual([["ann"], ["bob"], ["cid"], ["dan"], ["eve"], ["fay"]]);
    expect(mayor.chatLayout(s).some((c) => c.id === "graveyard")).toBe(false);
  });

  it("the news, the Mayor threads and the GM room are the bot's standard chats (purpose), the town hall is not", () => {
    const s = game();
    const purposes = Object.fromEntries(mayor.chatLayout(s).map((c) => [c.id, c.purpose ?? null]));
    expect(purposes).toEqual({
      town_hall: null,
      news: "newspaper",
      ...Object.fromEntries(s.players.map((p) => [`mayor_${p.id}`, "personal"])),
      gm_room: "gm",
    });
    for (const c of mayor.chatLayout(s).filter((c) => c.purpose === "personal"))
      expect(c.readers).toEqual([c.id.slice("mayor_".length)]);
  });
});

import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../engine/types.js";
import { reichstag } from "./index.js";
import {
  SEVEN,
  FIVE,
  deckWith,
  doAct,
  mustAct,
  newGame,
  resolve,
} from "../../../test/support/rulesets/reichstag.js";
import { boardOf } from "./view.js";
import { deadline, firstDailyAt } from "./schedule.js";
import { texts } from "./texts.js";
import type { ReichstagState } from "./state.js";

const view = (s: ReichstagState, id: string) => reichstag.playerView(s, id) as JsonObject;
const msgs = (s: ReichstagState, id: string) => view(s, id)["messages"] as JsonObject[];

function toLegislative(players = FIVE, deck = deckWith(["L", "F", "F"])) {
  let s = newGame(players, { deck });
  s = mustAct(s, "ann", "nominate", ["bob"]);
  s = resolve(s).state;
  for (const p of players.map((x) => x.id).filter((id) => id !== "ann" && id !== "bob"))
    s = mustAct(s, p, "vote", [], { vote: "ja" });
  return resolve(s).state;
}

describe("playerView: hands and knowledge never leak (2.3, 5.5, 8)", () => {
  it("a liberal sees only his own role; a fascist sees the fascists and Hitler; Hitler (7 players) sees nobody", () => {
    const s = newGame(SEVEN);
    const lib = JSON.stringify(view(s, "ann"));
    expect(lib).not.toMatch(/:"(fascist|hitler)"/);
    expect(msgs(s, "cid")).toContainEqual({ to: "cid", kind: "allies", fascists: ["fay"], hitler: "eve" });
    expect(msgs(s, "eve").map((m) => m["kind"])).toEqual(["role"]);
    expect(JSON.stringify(view(s, "eve"))).not.toContain('"fay"' + ":");
    for (const p of SEVEN) {
      const board = view(s, p.id)["board"] as JsonObject;
      expect(JSON.stringify(board)).not.toContain('"role"');
    }
  });

  it("in 5–6 player games Hitler is told who the fascist is", () => {
    const s = newGame(FIVE);
    expect(msgs(s, "eve")).toContainEqual({ to: "eve", kind: "allies", fascists: ["cid"] });
  });

  it("step 1: only the President sees three policies; step 2: only the Chancellor sees two; nobody else sees any", () => {
    let s = toLegislative();
    expect(view(s, "ann")["hand"]).toEqual(["L", "F", "F"]);
    for (const id of ["bob", "cid", "dan", "eve"]) expect(view(s, id)["hand"]).toBeUndefined();
    s = mustAct(s, "ann", "discard", [], { policy: "F" });
    expect(view(s, "ann")["hand"]).toBeUndefined();
    expect(view(s, "bob")["hand"]).toEqual(["L", "F"]);
    for (const id of ["cid", "dan", "eve"]) {
      expect(view(s, id)["hand"]).toBeUndefined();
      expect(JSON.stringify(msgs(s, id))).not.toContain("policies");
    }
    for (const id of ["ann", "bob", "cid", "dan", "eve"])
      expect(JSON.stringify(view(s, id))).not.toContain('deck":[');
  });

  it("the discard pile and the deck are only sizes on the public board", () => {
    const s = toLegislative();
    const b = boardOf(s);
    expect(b.deckSize).toBe(14);
    expect(Object.keys(b)).not.toContain("deck");
  });

  it("closed voting shows a voter only his own vote", () => {
    let s = newGame(FIVE, { openVoting: false });
    s = mustAct(s, "ann", "nominate", ["bob"]);
    s = resolve(s).state;
    s = mustAct(s, "cid", "vote", [], { vote: "ja" });
    expect(view(s, "dan")["votes"]).toEqual({});
    expect(view(s, "cid")["votes"]).toEqual({ cid: "ja" });
  });

  it("all roles are published at the end", () => {
    let s = newGame(FIVE);
    const r = reichstag.gmActions["end_game"]!;
    s = structuredClone(s);
    r.apply(s, { action: "end_game", targets: [], params: { winners: ["liberals"] } });
    expect(view(s, "ann")["roles"]).toMatchObject({ eve: "hitler" });
    expect(boardOf(s).players.every((p) => p.role !== undefined)).toBe(true);
  });
});

describe("chatLayout (10, R27, R28)", () => {
  it("no faction chat and no dead chat: each private thread has exactly its owner; dead players write nowhere", () => {
    let s = toLegislative();
    const chats = reichstag.chatLayout(s);
    expect(chats.map((c) => c.id)).toEqual([
      "game",
      "announcements",
      ...FIVE.map((p) => `private-${p.id}`),
      "gm",
    ]);
    for (const c of chats.filter((c) => c.kind === "secret")) expect(c.readers.length).toBeLessThanOrEqual(1);
    s = structuredClone(s);
    reichstag.gmActions["modkill"]!.apply(s, { action: "modkill", targets: ["dan"], params: {} });
    const after = reichstag.chatLayout(s);
    for (const c of after) expect(c.writers).not.toContain("dan");
    expect(after.find((c) => c.id === "game")!.readers).toContain("dan");
  });
  it("announcements, the private threads and the GM room are the bot's standard chats; the game channel is not", () => {
    const chats = reichstag.chatLayout(newGame(FIVE));
    expect(Object.fromEntries(chats.map((c) => [c.id, c.purpose ?? null]))).toEqual({
      game: null,
      announcements: "newspaper",
      ...Object.fromEntries(FIVE.map((p) => [`private-${p.id}`, "personal"])),
      gm: "gm",
    });
    for (const c of chats.filter((c) => c.purpose === "personal"))
      expect(c.readers).toEqual([c.id.slice("private-".length)]);
  });
});

describe("deadline (3.2–3.5)", () => {
  it("is the daily 21:00 rule with a 12-hour minimum, also once the phase is decided; extensions move it", () => {
    let s = newGame(FIVE);
    expect(reichstag.deadline(s)).toEqual({ type: "daily_at", at: "21:00", minMinutes: 720 });
    s = mustAct(s, "ann", "nominate", ["bob"]);
    expect(reichstag.deadline(s)).toEqual({ type: "daily_at", at: "21:00", minMinutes: 720 });
    const timed = { ...newGame(FIVE), now: 0 };
    timed.data.phaseOpenedAt = Date.UTC(2024, 0, 1, 18, 0);
    timed.data.stepOpenedAt = timed.data.phaseOpenedAt;
    timed.data.shiftMinutes = 60;
    // opened 21:00 Moscow (18:00 UTC): due next day 21:00 Moscow + 1 h = 25 h.
    expect(deadline(timed)).toEqual({ type: "duration", minutes: 25 * 60 });
    expect(firstDailyAt(Date.UTC(2024, 0, 1, 6, 0), "21:00", "Europe/Moscow", 12)).toBe(
      Date.UTC(2024, 0, 1, 18, 0),
    );
  });
});

describe("availableActions: choices as params (4.1)", () => {
  const offers = (s: ReichstagState, id: string) =>
    reichstag
      .availableActions(s, id)
      .filter((a) => a.action !== "request_extension")
      .map((a) => [a.action, a.targets, a.params ?? null]);
  it("a voter is offered vote ja and vote nein (params), plus agreeing and objecting", () => {
    const s = resolve(mustAct(newGame(FIVE), "ann", "nominate", ["bob"])).state;
    expect(offers(s, "cid")).toEqual([
      ["vote", [], { vote: "ja" }],
      ["vote", [], { vote: "nein" }],
      ["agree_close", [], null],
      ["object_close", [], null],
    ]);
    expect(doAct(s, "cid", "vote", ["ja"]).ok).toBe(false);
  });
  it("the President discards one of the policy types in his hand; the Chancellor enacts one of his two", () => {
    let s = toLegislative(FIVE, deckWith(["L", "F", "F"]));
    expect(offers(s, "ann")).toEqual([
      ["discard", [], { policy: "L" }],
      ["discard", [], { policy: "F" }],
    ]);
    s = mustAct(s, "ann", "discard", [], { policy: "L" });
    expect(offers(s, "bob")).toEqual([["enact", [], { policy: "F" }]]);
  });
  it("the President chooses execution alone or any pair of the other powers", () => {
    let s = toLegislative();
    s = mustAct(s, "ann", "discard", [], { policy: "L" });
    s = resolve(mustAct(s, "bob", "enact", [], { policy: "F" })).state;
    expect(offers(s, "ann").map((o) => (o[2] as JsonObject)["powers"])).toEqual([
      ["execute"],
      ["investigate", "special_election"],
      ["investigate", "peek"],
      ["special_election", "peek"],
    ]);
    for (const a of reichstag.availableActions(s, "ann"))
      expect(doAct(s, "ann", a.action, [], a.params ?? {}).ok).toBe(true);
  });
});

describe("onPhaseOpen (3.6)", () => {
  it("the President gets his three policies as the legislative phase opens, before any input", () => {
    const s = toLegislative(FIVE, deckWith(["L", "F", "F"]));
    expect(s.phase).toEqual({ kind: "legislative", n: 1 });
    expect(s.output.private).toEqual([{ to: "ann", kind: "policies_drawn", policies: ["L", "F", "F"] }]);
    expect(msgs(s, "ann").map((m) => m["kind"])).toContain("policies_drawn");
  });
  it("a stall keeps the phase open and does not draw or send the policies again", () => {
    const s = toLegislative();
    const { state, report } = resolve(s);
    expect(report.events.map((e) => e.type)).toContain("stalled");
    expect(report.private.filter((m) => m.kind === "policies_drawn")).toHaveLength(1);
    expect(state.phase).toEqual({ kind: "legislative", n: 1 });
    expect(state.output.private).toEqual([]);
  });
});

describe("closesEarly (3.1, 3.3)", () => {
  const early = (s: ReichstagState) => reichstag.closesEarly!(s);
  it("a nomination closes at once when the candidate nominates, not before", () => {
    let s = newGame(FIVE);
    expect(early(s)).toBe(false);
    s = mustAct(s, "ann", "nominate", ["bob"]);
    expect(early(s)).toBe(true);
  });
  it("GIVEN every eligible voter voted WHEN every living player agrees after the last vote THEN the election may close early", () => {
    let s = resolve(mustAct(newGame(FIVE), "ann", "nominate", ["bob"])).state;
    for (const p of ["cid", "dan", "eve"]) s = mustAct(s, p, "vote", [], { vote: "ja" });
    expect(early(s)).toBe(false);
    for (const p of ["ann", "bob", "cid", "dan"]) s = mustAct(s, p, "agree_close");
    expect(early(s)).toBe(false);
    const objected = mustAct(s, "dan", "object_close");
    expect(early(mustAct(objected, "eve", "agree_close"))).toBe(false);
    // a changed vote clears every agreement
    const changed = mustAct(s, "cid", "vote", [], { vote: "nein" });
    expect(early(mustAct(changed, "eve", "agree_close"))).toBe(false);
    s = mustAct(s, "eve", "agree_close");
    expect(early(s)).toBe(true);
    expect(reichstag.deadline(s)).toEqual({ type: "daily_at", at: "21:00", minMinutes: 720 });
  });
  it("everyone agreeing while a vote is missing does not close the election", () => {
    let s = resolve(mustAct(newGame(FIVE), "ann", "nominate", ["bob"])).state;
    for (const p of ["cid", "dan"]) s = mustAct(s, p, "vote", [], { vote: "ja" });
    for (const p of FIVE.map((x) => x.id)) s = mustAct(s, p, "agree_close");
    expect(early(s)).toBe(false);
  });
  it("the legislative session closes when the Chancellor enacts, not when the President discards", () => {
    let s = toLegislative();
    expect(early(s)).toBe(false);
    s = mustAct(s, "ann", "discard", [], { policy: "L" });
    expect(early(s)).toBe(false);
    s = mustAct(s, "bob", "enact", [], { policy: "F" });
    expect(early(s)).toBe(true);
  });
  it("the executive phase closes when every chosen power is used; a GM close stalls it at once", () => {
    let s = toLegislative();
    s = mustAct(s, "ann", "discard", [], { policy: "L" });
    s = resolve(mustAct(s, "bob", "enact", [], { policy: "F" })).state;
    expect(s.phase.kind).toBe("executive");
    const closed = reichstag.gmActions["close"]!;
    const gmClosed = structuredClone(s);
    closed.apply(gmClosed, { action: "close", targets: [], params: {} });
    expect(early(gmClosed)).toBe(true);
    s = mustAct(s, "ann", "choose_powers", [], { powers: ["special_election", "peek"] });
    expect(early(s)).toBe(false);
    s = mustAct(s, "ann", "peek");
    expect(early(s)).toBe(false);
    s = mustAct(s, "ann", "special_election", ["cid"]);
    expect(early(s)).toBe(true);
  });
});

describe("texts (7, 8)", () => {
  it("every English key has a Russian twin", () => {
    expect(Object.keys(texts.ru).sort()).toEqual(Object.keys(texts.en).sort());
  });
});

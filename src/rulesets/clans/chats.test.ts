import { describe, expect, it } from "vitest";
import { idContext, renderPrivate, renderText } from "../../engine/helpers.js";
import type { RulesetDefinition } from "../../engine/ruleset.js";
import type { AnyGameState } from "../../engine/types.js";
import { clans } from "./index.js";
import { Table } from "../../../test/support/rulesets/clans.js";

const chat = (t: Table, id: string) => clans.chatLayout(t.state).find((c) => c.id === id);
const rec = { guess_role: "doctor", guess_clan: "yakuza", number: 50 };

describe("§10 chats", () => {
  it("a clan chat starts with the boss alone and grows with each joiner at dawn", () => {
    const t = new Table({ numbers: [50, 50] });
    expect(chat(t, "clan-russian_mafia-1")?.readers).toEqual(["ivan"]);
    t.act("ivan", "recruit", ["yuki"], rec);
    // not before dawn
    expect(chat(t, "clan-russian_mafia-1")?.readers).toEqual(["ivan"]);
    t.phase();
    expect(chat(t, "clan-russian_mafia-1")?.readers).toEqual(["ivan", "yuki"]);
    t.phase();
    t.phase([["ivan", "recruit", ["taro"], { guess_role: "shooter", guess_clan: "yakuza", number: 50 }]]);
    // the new member learns the boss and everyone who joined before him
    expect(chat(t, "clan-russian_mafia-1")?.readers).toEqual(["ivan", "yuki", "taro"]);
    expect(chat(t, "clan-yakuza-1")?.readers).toEqual(["kenji"]);
  });
  it("unrecruited players read no clan chat; the vote thread exists by day only and nobody types in it", () => {
    const t = new Table();
    const secret = (id: string) =>
      clans.chatLayout(t.state).filter((c) => c.id.startsWith("clan-") && c.readers.includes(id));
    expect(secret("yuki")).toEqual([]);
    expect(clans.chatLayout(t.state).some((c) => c.id.startsWith("vote-"))).toBe(false);
    t.phase();
    expect(chat(t, "vote-day-1")?.writers).toEqual([]);
    expect(chat(t, "game-day-1")?.writers).toHaveLength(12);
  });
  it("the day's game thread stays writable through the following night (R17)", () => {
    const t = new Table();
    t.phase();
    t.phase();
    expect(t.state.phase).toEqual({ kind: "night", n: 2 });
    expect(chat(t, "game-day-1")).toBeDefined();
  });
  it("dead players read the dead chat; a muted dead player loses the game thread and clan chat", () => {
    const t = new Table({ dead_post_limit: 0 });
    t.gm("modkill", ["kenji"]);
    expect(chat(t, "dead")?.readers).toEqual(["kenji"]);
    expect(chat(t, "clan-yakuza-1")?.writers).toEqual(["kenji"]);
    t.act("kenji", "post");
    expect(chat(t, "clan-yakuza-1")?.writers).toEqual([]);
    expect(chat(t, "game-prologue")?.writers).not.toContain("kenji");
    expect(chat(t, "dead")?.writers).toEqual(["kenji"]);
  });
  it("each player's GM thread is his personal chat with the GMs (the bot's standard thread): one reader, the seat", () => {
    const t = new Table();
    const layout = clans.chatLayout(t.state);
    const personal = layout.filter((c) => c.purpose === "personal");
    expect(personal.map((c) => c.id)).toEqual(t.state.players.map((p) => `gm-${p.id}`));
    for (const c of personal) expect(c.readers).toEqual([c.id.slice(3)]);
    // the game, vote, clan and dead chats are the ruleset's own: no purpose
    expect(layout.filter((c) => !c.id.startsWith("gm-")).every((c) => c.purpose === undefined)).toBe(true);
  });
  it("an outsider successor gets a new chat and never reads the old one", () => {
    const t = new Table();
    t.phase([["vito", "kill", ["kenji"], { guess_clan: "yakuza" }]]);
    expect(chat(t, "clan-yakuza-1")?.readers).toEqual(["kenji"]);
    expect(chat(t, "clan-yakuza-2")?.readers).toEqual(["taro"]);
  });
});

describe("§7/§8 texts", () => {
  it("every public line and private message of a played game renders in en and ru", () => {
    const t = new Table({ numbers: [50], inactivity_autokill: true });
    const reports = [
      t.phase([
        ["ivan", "recruit", ["yuki"], rec],
        ["yuki", "meet", ["kenji"]],
        ["luca", "meet", ["vito"]],
        ["taro", "shoot", ["olga"]],
        ["hana", "check", ["yuki"], { check: "recruited" }],
        ["gina", "check", ["yuki"], { check: "clan_role" }],
      ]),
    ];
    t.gm("warn", ["boris"], { reason: "mask" });
    t.act("kenji", "vote", ["vito"], { side: "for" });
    reports.push(t.phase());
    const def = clans as unknown as RulesetDefinition<AnyGameState>;
    let count = 0;
    for (const lang of ["en", "ru"] as const)
      for (const r of reports) {
        for (const line of r.public) expect(renderText(def, line, idContext(lang)).length).toBeGreaterThan(0);
        for (const m of r.private) expect(renderPrivate(def, m, idContext(lang)).length).toBeGreaterThan(0);
        count += r.public.length + r.private.length;
      }
    expect(count).toBeGreaterThan(20);
    expect(renderText(def, { key: "game_over_winner", params: { clan: "yakuza" } }, idContext("en"))).toBe(
      "Game over. Winners: yakuza.",
    );
    expect(
      renderText(
        def,
        {
          key: "reveal_numbers",
          params: {
            numbers: [
              { night: 1, value: 43 },
              { night: 2, value: 12 },
            ],
          },
        },
        idContext("ru"),
      ),
    ).toBe("Случайные числа: ночь 1 — 43, ночь 2 — 12.");
  });
});

describe("deadline and early close", () => {
  it("night 12 h, day 24 h by default", () => {
    const t = new Table();
    expect(clans.deadline(t.state)).toEqual({ type: "duration", minutes: 720 });
    t.phase();
    expect(clans.deadline(t.state)).toEqual({ type: "duration", minutes: 1440 });
  });
});

describe("§3 early close", () => {
  it("the night is complete once every living player with an open slot filled it or passed", async () => {
    const { nightComplete } = await import("./index.js");
    const t = new Table();
    expect(nightComplete(t.state)).toBe(false);
    for (const p of t.state.players) t.act(p.id, "pass");
    expect(nightComplete(t.state)).toBe(true);
    const off = new Table({ night_early_close: false });
    for (const p of off.state.players) off.act(p.id, "pass");
    expect(nightComplete(off.state)).toBe(false);
  });
  it("closesEarly is the night's completeness: one missing slot keeps the night open", () => {
    const t = new Table();
    for (const p of t.state.players.filter((p) => p.id !== "hana")) t.act(p.id, "pass");
    expect(clans.closesEarly!(t.state)).toBe(false);
    expect(t.act("hana", "check", ["yuki"], { check: "recruited" })).toBeNull();
    // her acquaintance slot is still open
    expect(clans.closesEarly!(t.state)).toBe(false);
    expect(t.act("hana", "pass")).toBeNull();
    expect(clans.closesEarly!(t.state)).toBe(true);
  });
  it("a day never closes early by itself, even when every vote is in", () => {
    const t = new Table();
    t.phase();
    expect(t.state.phase.kind).toBe("day");
    for (const p of t.state.players.filter((p) => p.id !== "kenji"))
      expect(t.act(p.id, "vote", ["kenji"], { side: "against" })).toBeNull();
    expect(clans.closesEarly!(t.state)).toBe(false);
  });
});

describe("§4 availableActions: choices as params", () => {
  const offers = (t: Table, id: string, action: string) =>
    clans.availableActions(t.state, id).filter((a) => a.action === action);
  it("a boss is offered a kill per clan guess and a recruitment per role and clan guess", () => {
    const t = new Table();
    expect(offers(t, "kenji", "kill").map((a) => a.params)).toEqual([
      { guess_clan: "yakuza" },
      { guess_clan: "cosa_nostra" },
      { guess_clan: "russian_mafia" },
    ]);
    const recruit = offers(t, "kenji", "recruit");
    expect(recruit).toHaveLength(9);
    expect(recruit[0]?.params).toEqual({ guess_role: "doctor", guess_clan: "yakuza", number: 50 });
    expect(offers(t, "hana", "check").map((a) => a.params)).toEqual([
      { check: "recruited" },
      { check: "clan_role" },
    ]);
  });
  it("a kill or a check without its guess is malformed (§4.4), not defaulted", () => {
    const t = new Table();
    expect(t.act("kenji", "kill", ["luca"])?.code).toBe("engine.bad_params");
    expect(t.act("hana", "check", ["luca"])?.code).toBe("engine.bad_params");
  });
  it("by day both vote sides are offered; a vote without side is against (§4.2)", () => {
    const t = new Table();
    t.phase();
    expect(offers(t, "kenji", "vote").map((a) => a.params)).toEqual([{ side: "against" }, { side: "for" }]);
    expect(t.act("kenji", "vote", ["vito"])).toBeNull();
    expect(t.act("kenji", "vote", ["ivan"])?.code).toBe("clans.vote_cast");
    expect(offers(t, "kenji", "vote").map((a) => a.params)).toEqual([{ side: "for" }]);
    expect(t.act("kenji", "vote", ["ivan"], { side: "for" })).toBeNull();
    expect(offers(t, "kenji", "vote")).toEqual([]);
  });
});

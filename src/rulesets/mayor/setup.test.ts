import { describe, expect, it } from "vitest";
import { createGame } from "../../engine/game.js";
import { simulate } from "../../engine/simulate.js";
import type { RulesetDefinition } from "../../engine/ruleset.js";
import type { AnyGameState, Json } from "../../engine/types.js";
import { mayor } from "./index.js";
import { defaultCounts } from "./roles.js";
import { texts } from "./texts.js";
import { idContext } from "../../engine/helpers.js";

const lookup = (id: string) =>
  id === "mayor" ? (mayor as unknown as RulesetDefinition<AnyGameState>) : undefined;
const sim = (players: Json, options: Json = {}) =>
  simulate({ ruleset: "mayor", seed: 9, options, players, script: [{ phase: "night" }] }, lookup);
const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}` }));

describe("2.2 distribution and malformed setups", () => {
  it("the default formula for 12 players gives 3 mafia, 1 maniac, 3 doctors, 2 lawyers, 3 agents", () => {
    expect(defaultCounts(12)).toEqual({ mafia: 3, maniac: 1, lawyer: 2, doctor: 3, agent: 3 });
  });

  it("a scenario without roles is dealt from the seed, the same way for the same seed", () => {
    const a = createGame(mayor, { seed: 42, players: ids(12) });
    const b = createGame(mayor, { seed: 42, players: ids(12) });
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.value.players.map((p) => p.role)).toEqual(b.value.players.map((p) => p.role));
    const counts: Record<string, number> = {};
    for (const p of a.value.players) counts[p.role] = (counts[p.role] ?? 0) + 1;
    expect(counts).toEqual({ mafia: 3, maniac: 1, lawyer: 2, doctor: 3, agent: 3 });
    expect(a.value.output.public).toEqual([
      { key: "roles_in_play", params: { mafia: 3, maniac: 1, lawyer: 2, doctor: 3, agent: 3 } },
    ]);
  });

  it("a different seed deals differently (for some seed)", () => {
    const deal = (seed: number) => {
      const g = createGame(mayor, { seed, players: ids(12) });
      return g.ok ? g.value.players.map((p) => p.role).join() : "";
    };
    expect(new Set([1, 2, 3, 4, 5].map(deal)).size).toBeGreaterThan(1);
  });

  it("option roles overrides the counts and must deal one role per player", () => {
    const ok = createGame(mayor, {
      seed: 1,
      players: ids(5),
      options: { roles: { mafia: 1, maniac: 1, doctor: 3 } },
    });
    expect(ok.ok && ok.value.players.filter((p) => p.role === "doctor").length).toBe(3);
    const bad = createGame(mayor, { seed: 1, players: ids(5), options: { roles: { mafia: 1 } } });
    expect(bad.ok).toBe(false);
  });

  it("malformed: fewer than 3 players, an id `mayor`, an unknown role, roles for some players only", () => {
    expect(
      sim([
        { id: "a", role: "mafia" },
        { id: "b", role: "doctor" },
      ]).ok,
    ).toBe(false);
    expect(sim([{ id: "mayor" }, { id: "b" }, { id: "c" }]).ok).toBe(false);
    expect(
      sim([
        { id: "a", role: "sheriff" },
        { id: "b", role: "doctor" },
        { id: "c", role: "agent" },
      ]).ok,
    ).toBe(false);
    expect(sim([{ id: "a", role: "mafia" }, { id: "b" }, { id: "c" }]).ok).toBe(false);
    expect(sim([{ id: "a" }, { id: "a" }, { id: "c" }]).ok).toBe(false);
  });

  it("nobody gets a role card: night 1 sends no private message without a check", () => {
    const out = sim(ids(8));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const phases = out.output["phases"] as { private: Json[] }[];
    expect(phases[0]?.private).toEqual([]);
  });

  it("the lawyer's faction follows option lawyerFaction", () => {
    const g = createGame(mayor, {
      seed: 1,
      players: [
        { id: "a", role: "lawyer" },
        { id: "b", role: "mafia" },
        { id: "c", role: "doctor" },
      ],
      options: { lawyerFaction: "mafia" },
    });
    expect(g.ok && g.value.players[0]?.faction).toBe("mafia");
  });
});

describe("texts", () => {
  it("every English key has a Russian text, and both render", () => {
    expect(Object.keys(texts.ru).sort()).toEqual(Object.keys(texts.en).sort());
    const params = {
      player: "a",
      role: "mafia",
      alignment: "evil",
      players: ["a", "b"],
      winners: ["town"],
      target: "b",
      result: "good",
      reason: "jailed",
      mafia: 1,
      maniac: 1,
      lawyer: 1,
      doctor: 1,
      agent: 1,
    };
    for (const lang of ["en", "ru"] as const) {
      for (const template of Object.values(texts[lang])) {
        expect(template(params, idContext(lang)).length).toBeGreaterThan(0);
      }
    }
  });
});

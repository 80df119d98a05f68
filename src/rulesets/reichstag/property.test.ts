import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyInput, createGame, replay } from "../../engine/game.js";
import { idContext, renderPrivate, renderText } from "../../engine/helpers.js";
import type { RulesetDefinition } from "../../engine/ruleset.js";
import type { AnyGameState } from "../../engine/types.js";
import type { Input, JsonObject, PhaseReport } from "../../engine/types.js";
import { reichstag } from "./index.js";
import type { ReichstagState } from "./state.js";

/** Random games played only through availableActions (the sandbox's and benchmark's way). */

function lcg(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

interface Played {
  initial: ReichstagState;
  final: ReichstagState;
  log: Input[];
  reports: PhaseReport[];
  states: ReichstagState[];
}

function play(seed: number, n: number, maxResolves = 400): Played {
  const players = Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}` }));
  const created = createGame(reichstag, { seed, options: {}, players });
  if (!created.ok) throw new Error(created.rejection.reason);
  const initial = created.value;
  let state = initial;
  const log: Input[] = [];
  const reports: PhaseReport[] = [];
  const states: ReichstagState[] = [];
  const pick = lcg(seed * 7919 + n);
  let resolves = 0;
  while (!state.ended && resolves < maxResolves) {
    for (const p of state.players) {
      if (state.ended) break;
      const offers = reichstag
        .availableActions(state, p.id)
        .filter((o) => o.action !== "request_extension" || pick(20) === 0);
      if (offers.length === 0 || pick(10) < 2) continue;
      const offer = offers[pick(offers.length)]!;
      const k = offer.minTargets + pick(offer.maxTargets - offer.minTargets + 1);
      const pool = [...offer.targets];
      const targets: string[] = [];
      for (let i = 0; i < k; i++) targets.push(pool.splice(pick(pool.length), 1)[0]!);
      const params = offer.params ? { ...offer.params } : {};
      const input: Input = { type: "action", actor: p.id, action: offer.action, targets, params };
      const applied = applyInput(reichstag, state, input);
      if (applied.rejection) {
        throw new Error(
          `offered but rejected: ${p.id} ${offer.action} ${targets.join(",")}: ${applied.rejection.reason} in ${state.phase.kind} ${state.phase.n}`,
        );
      }
      log.push(input);
      state = applied.state;
      states.push(state);
    }
    if (state.ended) break;
    const applied = applyInput(reichstag, state, { type: "resolve" });
    log.push({ type: "resolve" });
    state = applied.state;
    states.push(state);
    if (applied.report) reports.push(applied.report);
    resolves++;
  }
  return { initial, final: state, log, reports, states };
}

const game = fc.record({ seed: fc.integer({ min: 1, max: 1_000_000 }), n: fc.integer({ min: 5, max: 10 }) });
const runs = { numRuns: 40 };

describe("random games through availableActions", () => {
  it("availableActions is exact: everything offered is accepted (dealt games, 5–10 players)", () => {
    fc.assert(
      fc.property(game, ({ seed, n }) => void play(seed, n)),
      runs,
    );
  });

  it("every game of random legal moves ends within a bound", () => {
    fc.assert(
      fc.property(game, ({ seed, n }) => {
        expect(play(seed, n).final.ended).toBe(true);
      }),
      runs,
    );
  });

  it("same seed → byte-identical output; replaying the input log reproduces the state byte for byte", () => {
    fc.assert(
      fc.property(game, ({ seed, n }) => {
        const a = play(seed, n);
        const b = play(seed, n);
        expect(JSON.stringify(a.reports)).toBe(JSON.stringify(b.reports));
        const replayed = replay(reichstag, a.initial, a.log);
        expect(JSON.stringify(replayed.state)).toBe(JSON.stringify(a.final));
      }),
      { numRuns: 15 },
    );
  });

  it("winners agree with the board and the living: policy tracks, Hitler's death or his election", () => {
    fc.assert(
      fc.property(game, ({ seed, n }) => {
        const s = play(seed, n).final;
        if (!s.ended) return;
        expect(s.winners).toHaveLength(1);
        const hitler = s.players.find((p) => p.role === "hitler")!;
        if (s.winners[0] === "liberals") expect(s.data.liberal === 5 || !hitler.alive).toBe(true);
        else
          expect(s.data.fascist === 6 || (hitler.alive && hitler.statuses.includes("chancellor"))).toBe(true);
      }),
      runs,
    );
  });

  it("a dead player's every action is rejected and changes nothing", () => {
    fc.assert(
      fc.property(game, ({ seed, n }) => {
        const { states } = play(seed, n);
        for (const s of states.filter((_, i) => i % 7 === 0)) {
          if (s.ended) continue;
          for (const dead of s.players.filter((p) => !p.alive)) {
            expect(reichstag.availableActions(s, dead.id)).toEqual([]);
            const before = JSON.stringify(s);
            for (const action of Object.keys(reichstag.actions)) {
              const target = s.players.find((p) => p.alive && p.id !== dead.id)!.id;
              const applied = applyInput(reichstag, s, {
                type: "action",
                actor: dead.id,
                action,
                targets: [target],
                params: {},
              });
              expect(applied.rejection).toBeDefined();
              expect(JSON.stringify(applied.state)).toBe(before);
            }
          }
        }
      }),
      { numRuns: 15 },
    );
  });

  it("chatLayout never over-grants and playerView never leaks hands or hidden roles", () => {
    fc.assert(
      fc.property(game, ({ seed, n }) => {
        const { states } = play(seed, n);
        for (const s of states.filter((_, i) => i % 5 === 0)) {
          for (const chat of reichstag.chatLayout(s)) {
            if (chat.kind === "secret") expect(chat.readers.length).toBeLessThanOrEqual(1);
            if (chat.id.startsWith("private-"))
              expect(chat.readers).toEqual([chat.id.slice("private-".length)]);
            if (chat.purpose === "personal") expect(chat.readers).toHaveLength(1);
            for (const w of chat.writers)
              expect(s.ended || s.players.find((p) => p.id === w)!.alive).toBe(true);
          }
          for (const viewer of s.players) {
            const v = reichstag.playerView(s, viewer.id) as JsonObject;
            const text = JSON.stringify(v);
            expect(text).not.toContain('"deck"');
            expect(text).not.toContain('"discard"');
            for (const m of v["messages"] as JsonObject[]) expect(m["to"]).toBe(viewer.id);
            if (v["hand"] !== undefined) {
              expect([s.data.president, s.data.chancellor]).toContain(viewer.id);
            }
            if (!s.ended && viewer.role === "liberal") {
              const board = v["board"] as { players: { id: string; role?: string }[] };
              for (const p of board.players) if (p.role) expect(p.role).toBe("hitler");
              expect(JSON.stringify(v["messages"])).not.toMatch(/"role":"(fascist|hitler)"/);
            }
          }
        }
      }),
      { numRuns: 15 },
    );
  });

  it("every public line and private message of random games renders in English and Russian", () => {
    const def = reichstag as unknown as RulesetDefinition<AnyGameState>;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      for (const report of play(seed, 5 + seed - 1).reports) {
        for (const lang of ["en", "ru"] as const) {
          const ctx = idContext(lang);
          for (const line of report.public)
            expect(renderText(def, line, ctx)).not.toMatch(/undefined|NaN|\[object/);
          for (const m of report.private)
            expect(renderPrivate(def, m, ctx)).not.toMatch(/undefined|NaN|\[object/);
        }
      }
    }
  });
});

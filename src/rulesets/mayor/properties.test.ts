import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createGame, replay, resolvePhase, submitAction, submitGmAction } from "../../engine/game.js";
import { drawInt, initialRngState } from "../../engine/rng.js";
import type { Input, PhaseReport } from "../../engine/types.js";
import { mayor } from "./index.js";
import { type MayorState, isIsolated, isJailed } from "./state.js";

/** Random games played through availableActions with a seeded PRNG. */

interface Played {
  initial: MayorState;
  state: MayorState;
  log: Input[];
  reports: PhaseReport[];
}

function pick<T>(rng: { rng: number[] }, items: readonly T[]): T {
  return items[drawInt(rng, 0, items.length - 1)] as T;
}

function randomGame(seed: number, n: number, maxPhases = 120, onPhase?: (s: MayorState) => void): Played {
  const created = createGame(mayor, {
    seed,
    players: Array.from({ length: n }, (_, i) => ({ id: `p${i}` })),
  });
  if (!created.ok) throw new Error(created.rejection.reason);
  const initial = created.value;
  let state = initial;
  const rng = { rng: initialRngState(seed ^ 0x5eed) };
  const log: Input[] = [];
  const reports: PhaseReport[] = [];
  for (let phase = 0; phase < maxPhases && !state.ended; phase++) {
    for (const p of state.players) {
      const offered = mayor.availableActions(state, p.id);
      if (offered.length === 0 || drawInt(rng, 0, 4) === 0) continue;
      const a = pick(rng, offered);
      const k = drawInt(rng, a.minTargets, a.maxTargets);
      const pool = [...a.targets];
      const targets: string[] = [];
      for (let i = 0; i < k; i++) targets.push(pool.splice(drawInt(rng, 0, pool.length - 1), 1)[0] as string);
      const input = { actor: p.id, action: a.action, targets, params: a.params ? { ...a.params } : {} };
      const result = submitAction(mayor, state, input);
      if (!result.ok)
        throw new Error(`offered but rejected: ${JSON.stringify(input)}: ${result.rejection.reason}`);
      state = result.value;
      log.push({ type: "action", ...input });
    }
    if (drawInt(rng, 0, 9) === 0) {
      const living = state.players.filter((p) => p.alive).map((p) => p.id);
      const gm = {
        action: pick(rng, ["isolate", "modkill", "vacation"]),
        targets: [pick(rng, living)],
        params: {},
      };
      const result = submitGmAction(mayor, state, gm);
      if (result.ok) {
        state = result.value;
        log.push({ type: "gm", ...gm });
      }
    }
    onPhase?.(state);
    const resolved = resolvePhase(mayor, state);
    state = resolved.state;
    reports.push(resolved.report);
    log.push({ type: "resolve" });
  }
  return { initial, state, log, reports };
}

const gameArb = fc.record({ seed: fc.integer({ min: 0, max: 2 ** 30 }), n: fc.integer({ min: 3, max: 14 }) });
const runs = { numRuns: 40 };

describe("properties of random games", () => {
  it("every action availableActions offers is accepted (exactness)", () => {
    fc.assert(
      fc.property(gameArb, ({ seed, n }) => void randomGame(seed, n)),
      runs,
    );
  });

  it("the same seed gives the same output, byte for byte", () => {
    fc.assert(
      fc.property(gameArb, ({ seed, n }) => {
        const a = randomGame(seed, n);
        const b = randomGame(seed, n);
        expect(JSON.stringify(a.reports)).toBe(JSON.stringify(b.reports));
        expect(JSON.stringify(a.state)).toBe(JSON.stringify(b.state));
      }),
      runs,
    );
  });

  it("replaying the input log reproduces the state byte for byte", () => {
    fc.assert(
      fc.property(gameArb, ({ seed, n }) => {
        const g = randomGame(seed, n);
        const r = replay(mayor, g.initial, g.log);
        expect(JSON.stringify(r.state)).toBe(JSON.stringify(g.state));
        expect(JSON.stringify(r.reports)).toBe(JSON.stringify(g.reports));
      }),
      runs,
    );
  });

  it("a dead, jailed or isolated player's action is rejected and changes nothing", () => {
    fc.assert(
      fc.property(gameArb, ({ seed, n }) => {
        randomGame(seed, n, 60, (state) => {
          for (const p of state.players) {
            const disabled = !p.alive || isJailed(p) || isIsolated(p);
            if (!disabled) continue;
            const other = state.players.find((q) => q.id !== p.id && q.alive)?.id ?? p.id;
            const tries =
              state.phase.kind === "night"
                ? [
                    { action: "choose", targets: [other] },
                    { action: "rest", targets: [] },
                  ]
                : [
                    { action: "verdict", targets: [], params: { choice: "abstain" } },
                    { action: "verdict", targets: [other], params: { choice: "isolate" } },
                  ];
            for (const t of tries) {
              const before = JSON.stringify(state);
              const result = submitAction(mayor, state, { actor: p.id, params: {}, ...t });
              expect(result.ok).toBe(false);
              expect(JSON.stringify(state)).toBe(before);
            }
            if (!p.alive) expect(mayor.availableActions(state, p.id)).toEqual([]);
          }
        });
      }),
      runs,
    );
  });

  it("every phase ends: each resolution advances the phase or ends the game, and games finish", () => {
    let ended = 0;
    fc.assert(
      fc.property(gameArb, ({ seed, n }) => {
        const g = randomGame(seed, n, 200);
        const labels = g.reports.map((r) => r.phase);
        expect(new Set(labels).size).toBe(labels.length);
        if (g.state.ended) ended++;
      }),
      runs,
    );
    expect(ended).toBeGreaterThan(runs.numRuns / 2);
  });

  it("winners agree with the living", () => {
    fc.assert(
      fc.property(gameArb, ({ seed, n }) => {
        const { state } = randomGame(seed, n, 200);
        const living = state.players.filter((p) => p.alive);
        const evil = living.filter((p) => p.role === "mafia" || p.role === "maniac");
        if (!state.ended) {
          expect(living.length).toBeGreaterThan(0);
          expect(evil.length).toBeGreaterThan(0);
          return;
        }
        if (state.winners.length === 0) expect(living).toEqual([]);
        else if (state.winners[0] === "town") expect(evil).toEqual([]);
        else if (state.winners[0] === "mafia") expect(living.every((p) => p.faction === "mafia")).toBe(true);
        else expect(living.map((p) => p.role)).toEqual(["maniac"]);
        expect(state.winners.length).toBeLessThanOrEqual(1);
      }),
      runs,
    );
  });

  it("chatLayout never lets a player read or write beyond the rules", () => {
    fc.assert(
      fc.property(gameArb, ({ seed, n }) => {
        randomGame(seed, n, 60, (state) => {
          for (const chat of mayor.chatLayout(state)) {
            if (chat.purpose === "personal") expect(chat.id.startsWith("mayor_")).toBe(true);
            if (chat.id.startsWith("mayor_")) {
              expect(chat.readers).toEqual([chat.id.slice("mayor_".length)]);
              expect(chat.purpose).toBe("personal");
            } else if (chat.id === "graveyard") {
              for (const id of chat.readers)
                expect(state.players.find((p) => p.id === id)?.alive).toBe(false);
            } else if (chat.id === "town_hall") {
              for (const id of chat.writers) {
                const p = state.players.find((q) => q.id === id);
                expect(p?.alive && !isIsolated(p) && !isJailed(p) && state.phase.kind === "day").toBe(true);
              }
            } else {
              expect(chat.writers).toEqual([]);
            }
            for (const id of chat.writers) expect(chat.readers).toContain(id);
          }
        });
      }),
      runs,
    );
  });

  it("the game is blind: what a player may do and see does not depend on his role", () => {
    fc.assert(
      fc.property(gameArb, ({ seed, n }) => {
        randomGame(seed, n, 30, (state) => {
          const [a, b] = state.players;
          if (!a || !b || a.role === b.role || a.revealedRole || b.revealedRole) return;
          const swapped = structuredClone(state);
          const [sa, sb] = swapped.players;
          if (!sa || !sb) return;
          [sa.role, sb.role, sa.faction, sb.faction] = [b.role, a.role, b.faction, a.faction];
          for (const id of [a.id, b.id]) {
            expect(mayor.availableActions(swapped, id)).toEqual(mayor.availableActions(state, id));
            if (!state.ended) expect(mayor.playerView(swapped, id)).toEqual(mayor.playerView(state, id));
          }
        });
      }),
      runs,
    );
  });
});

describe("a dealt 12-player game", () => {
  it("plays to the end through availableActions", () => {
    const g = randomGame(20261129, 12, 300);
    expect(g.state.ended).toBe(true);
    expect(g.state.players).toHaveLength(12);
  });
});

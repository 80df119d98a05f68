import { createGame, resolvePhase, submitAction } from "../../../src/engine/game.js";
import { drawInt } from "../../../src/engine/rng.js";
import { simulate } from "../../../src/engine/simulate.js";
import type { RulesetDefinition } from "../../../src/engine/ruleset.js";
import type { AnyGameState, Input, JsonObject, PhaseReport } from "../../../src/engine/types.js";
import { classic } from "../../../src/rulesets/classic/index.js";
import type { ClassicState } from "../../../src/rulesets/classic/state.js";
import { availableActions } from "../../../src/rulesets/classic/view.js";

/** Test factories: scenario runs and random games driven by availableActions. */

export type Out = {
  ok: true;
  phases: {
    phase: string;
    rejected: { index: number; actor: string; action: string; reason: string }[];
    deaths: { player: string; cause: string }[];
    events: ({ type: string } & JsonObject)[];
    public: string[];
    private: ({ to: string; kind: string } & JsonObject)[];
  }[];
  final: {
    ended: boolean;
    winners: string[];
    players: Record<string, { alive: boolean; role: string; faction: string; statuses: string[] }>;
  };
};

export function run(scenario: Record<string, unknown>): Out {
  const result = simulate({ ruleset: "classic", seed: 1, options: {}, ...scenario }, (id) =>
    id === "classic" ? (classic as unknown as RulesetDefinition<AnyGameState>) : undefined,
  );
  if (!result.ok) throw new Error(result.error);
  return result.output as unknown as Out;
}

export function runRaw(scenario: Record<string, unknown>) {
  return simulate({ ruleset: "classic", seed: 1, options: {}, ...scenario }, (id) =>
    id === "classic" ? (classic as unknown as RulesetDefinition<AnyGameState>) : undefined,
  );
}

/** Every living player posts (and nothing else): a quiet day. */
export function quietDay(ids: string[]) {
  return { phase: "day", actions: ids.map((id) => ({ actor: id, action: "post" })) };
}

/* Scenario builders: seats, orders, phases, and reads of a run's phases. */

/** A seat in a scenario: its id, role and whatever else the scenario sets (faction, don, ...). */
export type ScenarioPlayer = Record<string, unknown> & { id: string };
export const cit = (id: string): ScenarioPlayer => ({ id, role: "citizen" });
export const ita = (id: string, don = false): ScenarioPlayer => ({
  id,
  role: "mafia",
  faction: "italians",
  ...(don ? { don: true } : {}),
});
export const rus = (id: string, don = false): ScenarioPlayer => ({
  id,
  role: "mafia",
  faction: "russians",
  ...(don ? { don: true } : {}),
});
export const role = (id: string, r: string, extra: Record<string, unknown> = {}): ScenarioPlayer => ({
  id,
  role: r,
  ...extra,
});
export const act = (
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
export const night = (actions: unknown[] = [], gm: unknown[] = []) => ({ phase: "night", actions, gm });
export const day = (actions: unknown[] = [], gm: unknown[] = []) => ({ phase: "day", actions, gm });

export function phase(out: Out, label: string) {
  const p = out.phases.find((x) => x.phase === label);
  if (!p) throw new Error(`no phase ${label}`);
  return p;
}
export const deaths = (out: Out, label: string) =>
  phase(out, label)
    .deaths.map((d) => `${d.player}:${d.cause}`)
    .sort();

/** A day on which everyone votes to hang `victim` (who posts): nobody refuses twice. */
export function hangDay(ids: string[], victim: string) {
  return day(ids.map((id) => (id === victim ? act(id, "post") : act(id, "vote", [victim], { reason: "r" }))));
}

/** A game where night 0 and day 1 pass quietly, then the given night 1 (and more). */
export function fromNight1(players: ScenarioPlayer[], ...rest: unknown[]): Out {
  return run({ players, script: [night(), quietDay(players.map((p) => p.id)), ...rest] });
}

export const DEFAULT_IDS = Array.from({ length: 24 }, (_, i) => `p${String(i + 1).padStart(2, "0")}`);

export interface RandomGame {
  state: ClassicState;
  log: Input[];
  reports: PhaseReport[];
  rejections: { phase: string; input: Input; reason: string }[];
}

/**
 * A random game of `players.length` dealt players: each phase, every living player picks
 * actions from availableActions with the seeded PRNG (`actionsPerPlayer` tries).
 */
export function randomGame(
  seed: number,
  maxPhases = 60,
  actionsPerPlayer = 2,
  ids = DEFAULT_IDS,
): RandomGame {
  const created = createGame(classic, { seed, players: ids.map((id) => ({ id })) });
  if (!created.ok) throw new Error(created.rejection.reason);
  let state = created.value;
  const chooser = { rng: [...state.rng].map((x) => x ^ 0x5bd1e995) };
  const log: Input[] = [];
  const reports: PhaseReport[] = [];
  const rejections: RandomGame["rejections"] = [];
  for (let phase = 0; phase < maxPhases && !state.ended; phase++) {
    for (let round = 0; round < actionsPerPlayer; round++) {
      for (const p of state.players) {
        const offers = availableActions(state, p.id);
        if (offers.length === 0) continue;
        // leave rarely: it is always offered
        let offer = offers[drawInt(chooser, 0, offers.length - 1)];
        if (offer?.action === "leave" && drawInt(chooser, 0, 30) !== 0) offer = offers[0];
        if (!offer || (offer.action === "leave" && offers.length > 1)) continue;
        const n = drawInt(chooser, offer.minTargets, offer.maxTargets);
        const pool = [...offer.targets];
        const targets: string[] = [];
        for (let i = 0; i < n && pool.length > 0; i++) {
          targets.push(pool.splice(drawInt(chooser, 0, pool.length - 1), 1)[0] as string);
        }
        const input: Input = {
          type: "action",
          actor: p.id,
          action: offer.action,
          targets,
          params: offer.params ? { ...offer.params } : {},
        };
        const result = submitAction(classic, state, input);
        log.push(input);
        if (result.ok) state = result.value;
        else
          rejections.push({
            phase: `${state.phase.kind} ${state.phase.n}`,
            input,
            reason: result.rejection.reason,
          });
      }
    }
    const resolved = resolvePhase(classic, state);
    log.push({ type: "resolve" });
    state = resolved.state;
    reports.push(resolved.report);
  }
  return { state, log, reports, rejections };
}

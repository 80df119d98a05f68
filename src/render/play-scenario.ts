import { createGame, resolvePhase, submitAction, submitGmAction } from "../engine/game.js";
import type { RulesetDefinition } from "../engine/ruleset.js";
import { ScenarioSeats, scenarioGmInput, scenarioInput, scenarioSchema } from "../engine/scenario.js";
import type { AnyGameState, PhaseReport } from "../engine/types.js";

/**
 * Plays a scenario (docs/scenarios.md) through the engine and keeps every state, for the
 * renderers' tests and the example images. Pure: the caller reads the file. Unlike the simulator
 * it keeps the states around each resolution (a battle's units exist only in the state before it).
 */

export interface PlayedPhase {
  /** The state after the phase's inputs, just before its resolution. */
  before: AnyGameState;
  /** The state after the resolution (the next phase is open, or the game is over). */
  after: AnyGameState;
  report: PhaseReport;
}

export interface PlayedScenario {
  ruleset: RulesetDefinition<AnyGameState>;
  initial: AnyGameState;
  phases: PlayedPhase[];
  /** The final state. */
  state: AnyGameState;
  reports: PhaseReport[];
  /** Rejected inputs, for the tests' sanity checks. */
  rejected: string[];
}

export function playScenario(
  raw: unknown,
  lookup: (id: string) => RulesetDefinition<AnyGameState> | undefined,
): PlayedScenario {
  const scenario = scenarioSchema.parse(raw);
  const ruleset = lookup(scenario.ruleset);
  if (!ruleset) throw new Error(`unknown ruleset ${scenario.ruleset}`);
  const players = scenario.players.map((p) => ruleset.player.parse(p));
  const created = createGame(ruleset, { seed: scenario.seed, options: scenario.options ?? {}, players });
  if (!created.ok) throw new Error(`setup: ${created.rejection.reason}`);
  const initial = created.value;
  let state = initial;
  const seats = new ScenarioSeats();
  const phases: PlayedPhase[] = [];
  const rejected: string[] = [];
  for (const entry of scenario.script) {
    if (state.ended) break;
    if (entry.phase !== state.phase.kind) {
      throw new Error(`script expects phase ${entry.phase}, the game is in ${state.phase.kind}`);
    }
    for (const action of entry.actions) {
      const result = submitAction(ruleset, state, scenarioInput(action, seats));
      if (result.ok) state = result.value;
      else rejected.push(`${action.actor} ${action.action}: ${result.rejection.reason}`);
    }
    for (const gm of entry.gm) {
      const result = submitGmAction(ruleset, state, scenarioGmInput(gm, seats));
      if (result.ok) {
        state = result.value;
        seats.follow(state);
      } else rejected.push(`gm ${gm.action}: ${result.rejection.reason}`);
    }
    const before = state;
    const resolved = resolvePhase(ruleset, state);
    state = resolved.state;
    phases.push({ before, after: state, report: resolved.report });
  }
  return { ruleset, initial, phases, state, reports: phases.map((p) => p.report), rejected };
}

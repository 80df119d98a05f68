import { createGame, resolvePhase, submitAction } from "../src/engine/game.js";
import { drawInt } from "../src/engine/rng.js";
import type { AnyGameState } from "../src/engine/types.js";
import { rulesets } from "../src/rulesets/index.js";

/**
 * `engine.nights_per_s.<ruleset>`: the pure resolution rate. Random legal games (dealt from a
 * fixed seed, orders chosen through availableActions) are played to collect states with a full
 * set of orders; then only resolvePhase is timed over those states, on one core.
 */

const tableSize: Record<string, number> = { classic: 24, clans: 12, mayor: 12, reichstag: 10, regnum: 12 };

function collectStates(rulesetId: string, games: number): AnyGameState[] {
  const ruleset = rulesets[rulesetId];
  if (!ruleset) throw new Error(`no ruleset ${rulesetId}`);
  const states: AnyGameState[] = [];
  for (let seed = 1; seed <= games; seed++) {
    const players = Array.from({ length: tableSize[rulesetId] ?? 12 }, (_, i) => ({ id: `p${i + 1}` }));
    const created = createGame(ruleset, { seed, players });
    if (!created.ok) throw new Error(`${rulesetId}: ${created.rejection.reason}`);
    let state = created.value;
    const picker = { rng: [seed, 7, 11, 13] };
    for (let phase = 0; phase < 12 && !state.ended; phase++) {
      for (const p of state.players) {
        const options = ruleset.availableActions(state, p.id);
        const choice = options[drawInt(picker, 0, Math.max(0, options.length - 1))];
        if (!choice) continue;
        const result = submitAction(ruleset, state, {
          actor: p.id,
          action: choice.action,
          targets: choice.targets.slice(0, choice.minTargets),
          params: choice.params ?? {},
        });
        if (result.ok) state = result.value;
      }
      // "Nights" are the resolution of the ruleset's main secret phase; for reichstag every step.
      if (state.phase.kind === "night" || rulesetId === "reichstag") states.push(state);
      state = resolvePhase(ruleset, state).state;
    }
  }
  return states;
}

export function benchEngine(minMs = 1_500): Record<string, number> {
  const result: Record<string, number> = {};
  for (const rulesetId of Object.keys(rulesets).sort()) {
    const ruleset = rulesets[rulesetId];
    if (!ruleset) continue;
    const states = collectStates(rulesetId, 20);
    if (states.length === 0) continue;
    for (let i = 0; i < 200; i++) resolvePhase(ruleset, states[i % states.length] as AnyGameState); // warm up
    let count = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0;
    while (elapsed < minMs) {
      for (let i = 0; i < 100; i++)
        resolvePhase(ruleset, states[(count + i) % states.length] as AnyGameState);
      count += 100;
      elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    }
    result[`engine.nights_per_s.${rulesetId}`] = Math.round((count / elapsed) * 1000);
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(benchEngine(), null, 2)}\n`);
}

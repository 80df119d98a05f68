import { createGame, resolvePhase, submitAction } from "../src/engine/game.js";
import type { AvailableAction, RulesetDefinition } from "../src/engine/ruleset.js";
import { drawInt, shuffle } from "../src/engine/rng.js";
import type { AnyGameState } from "../src/engine/types.js";
import { rulesets } from "../src/rulesets/index.js";

/**
 * `engine.nights_per_s.<ruleset>`: the pure resolution rate on one core, on states where every
 * living seat has given the orders its role gives. Games are dealt from fixed seeds at the
 * largest table each ruleset is played at; in every phase each seat gives each of its role's
 * orders (one choice per action, targets drawn at random among the valid ones, so they spread),
 * and skips what is not an order: chat posts, leaving the game, resting, passing, vacations,
 * extension requests, and a regnum character's drastic moves (going underground or abroad,
 * deserting), which would empty the table. Only `resolvePhase` is timed, over the collected
 * states of the main secret phase (for reichstag, every step).
 * `engine.orders_per_night.<ruleset>` is the mean number of accepted orders in those states, so
 * the work behind the rate is visible.
 */

export const benchTables: Record<string, number> = {
  classic: 24,
  clans: 12,
  mayor: 20,
  reichstag: 10,
  regnum: 24,
};

/** regnum's offers are costly to compute at 24 seats; fewer games still give ~60 states. */
const gamesPerRuleset: Record<string, number> = { regnum: 5 };

/** Actions that are not a role's order: taking them would be filler, not the work a night does. */
const NOT_AN_ORDER = new Set([
  "post",
  "edit_post",
  "leave",
  "pass",
  "rest",
  "vacation",
  "request_extension",
  "go_underground",
  "go_abroad",
  "desert",
]);

interface Picker {
  rng: number[];
}

/** One choice per action (several entries may share an action, differing in params). */
function ordersOf(options: AvailableAction[], picker: Picker): AvailableAction[] {
  const byAction = new Map<string, AvailableAction[]>();
  for (const option of options) {
    if (NOT_AN_ORDER.has(option.action)) continue;
    byAction.set(option.action, [...(byAction.get(option.action) ?? []), option]);
  }
  return [...byAction.values()].map(
    (choices) => choices[drawInt(picker, 0, choices.length - 1)] as AvailableAction,
  );
}

function spreadTargets(option: AvailableAction, picker: Picker): string[] {
  if (option.targets.length === 0) return [];
  const count = Math.min(option.targets.length, Math.max(option.minTargets, 1), option.maxTargets);
  return shuffle(picker, option.targets).slice(0, count);
}

interface Collected {
  states: AnyGameState[];
  orders: number;
}

function collectStates(
  ruleset: RulesetDefinition<AnyGameState>,
  tableSize: number,
  games: number,
): Collected {
  const states: AnyGameState[] = [];
  let orders = 0;
  for (let seed = 1; seed <= games; seed++) {
    const players = Array.from({ length: tableSize }, (_, i) => ({ id: `p${i + 1}` }));
    const created = createGame(ruleset, { seed, players });
    if (!created.ok) throw new Error(`${ruleset.id}: ${created.rejection.reason}`);
    let state = created.value;
    const picker: Picker = { rng: [seed, 7, 11, 13] };
    for (let phase = 0; phase < 14 && !state.ended; phase++) {
      let accepted = 0;
      for (const player of state.players) {
        for (const choice of ordersOf(ruleset.availableActions(state, player.id), picker)) {
          const result = submitAction(ruleset, state, {
            actor: player.id,
            action: choice.action,
            targets: spreadTargets(choice, picker),
            params: choice.params ?? {},
          });
          if (result.ok) {
            state = result.value;
            accepted++;
          }
        }
      }
      if (state.phase.kind === "night" || ruleset.id === "reichstag") {
        states.push(state);
        orders += accepted;
      }
      state = resolvePhase(ruleset, state).state;
    }
  }
  return { states, orders };
}

export function benchEngine(minMs = 1_500): Record<string, number> {
  const result: Record<string, number> = {};
  for (const rulesetId of Object.keys(rulesets).sort()) {
    const ruleset = rulesets[rulesetId];
    if (!ruleset) continue;
    const { states, orders } = collectStates(
      ruleset,
      benchTables[rulesetId] ?? 12,
      gamesPerRuleset[rulesetId] ?? 20,
    );
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
    result[`engine.orders_per_night.${rulesetId}`] = Math.round((orders / states.length) * 10) / 10;
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(benchEngine(), null, 2)}\n`);
}

import { createGame, resolvePhase, submitAction, submitGmAction } from "./game.js";
import { idContext, isMalformed, renderPrivate, renderText } from "./helpers.js";
import type { RulesetDefinition } from "./ruleset.js";
import { type Scenario, ScenarioSeats, scenarioGmInput, scenarioInput, scenarioSchema } from "./scenario.js";
import type { AnyGameState, Json, JsonObject, PlayerId } from "./types.js";

/**
 * Plays a scenario file through the engine (docs/scenarios.md). Pure: the CLI does the I/O.
 */

export type SimulationResult = { ok: true; output: JsonObject } | { ok: false; error: string };

function zodPath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

function malformed(error: string): SimulationResult {
  return { ok: false, error };
}

/** A replaced seat is printed under its latest account's id; everything else by its own id. */
function displayIds(state: AnyGameState): Map<PlayerId, PlayerId> {
  const map = new Map<PlayerId, PlayerId>();
  for (const p of state.players) {
    const last = p.replacedBy[p.replacedBy.length - 1];
    if (last) map.set(p.id, last.by);
  }
  return map;
}

function renameDeep(value: Json, names: Map<PlayerId, PlayerId>): Json {
  if (typeof value === "string") return names.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => renameDeep(v, names));
  if (value !== null && typeof value === "object") {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = renameDeep(v, names);
    return out;
  }
  return value;
}

export function simulate(
  raw: unknown,
  lookup: (id: string) => RulesetDefinition<AnyGameState> | undefined,
): SimulationResult {
  const parsed = scenarioSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return malformed(`${zodPath(issue?.path ?? [])}: ${issue?.message ?? "invalid"}`);
  }
  const scenario: Scenario = parsed.data;
  const ruleset = lookup(scenario.ruleset);
  if (!ruleset) return malformed(`ruleset: unknown ruleset "${scenario.ruleset}"`);
  // The ruleset's table size bounds a file too, so a huge table cannot tie up the simulator
  // (the rules' own minimums are the setup's rejections, with the rules' reasons).
  if (scenario.players.length > ruleset.players.max) {
    return malformed(
      `players: ${ruleset.id} seats at most ${ruleset.players.max} players, got ${scenario.players.length}`,
    );
  }

  const seen = new Set<string>();
  const players: (JsonObject & { id: string })[] = [];
  for (const [i, p] of scenario.players.entries()) {
    const checked = ruleset.player.safeParse(p);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return malformed(`players.${i}.${zodPath(issue?.path ?? [])}: ${issue?.message ?? "invalid"}`);
    }
    if (seen.has(p.id)) return malformed(`players.${i}.id: duplicate id "${p.id}"`);
    seen.add(p.id);
    players.push(checked.data);
  }
  const created = createGame(ruleset, { seed: scenario.seed, options: scenario.options ?? {}, players });
  if (!created.ok) return malformed(`setup: ${created.rejection.reason}`);

  let state = created.value;
  // Inputs name the seat's current account; the engine knows seats by their first id.
  const seats = new ScenarioSeats();
  const phases: Json[] = [];

  for (const [entryIndex, entry] of scenario.script.entries()) {
    if (state.ended) break;
    if (entry.phase !== state.phase.kind) {
      return malformed(`script.${entryIndex}.phase: expected "${state.phase.kind}", got "${entry.phase}"`);
    }
    const rejected: Json[] = [];
    for (const [index, action] of entry.actions.entries()) {
      const result = submitAction(ruleset, state, scenarioInput(action, seats));
      if (result.ok) state = result.value;
      else if (isMalformed(result.rejection)) {
        return malformed(`script.${entryIndex}.actions.${index}: ${result.rejection.reason}`);
      } else
        rejected.push({ index, actor: action.actor, action: action.action, reason: result.rejection.reason });
    }
    for (const [index, gm] of entry.gm.entries()) {
      const result = submitGmAction(ruleset, state, scenarioGmInput(gm, seats));
      if (result.ok) {
        state = result.value;
        seats.follow(state);
      } else if (isMalformed(result.rejection)) {
        return malformed(`script.${entryIndex}.gm.${index}: ${result.rejection.reason}`);
      } else rejected.push({ index, gm: true, action: gm.action, reason: result.rejection.reason });
    }
    const resolved = resolvePhase(ruleset, state);
    state = resolved.state;
    const { report } = resolved;
    const names = displayIds(state);
    const ctx = idContext("en", (id) => names.get(id) ?? id);
    const rename = (value: Json) => renameDeep(value, names);
    phases.push({
      phase: report.phase,
      rejected,
      deaths: report.deaths.map((d) => rename({ ...d })),
      events: report.events.map((e) => (e.type === "replaced" ? { ...e } : rename({ ...e }))),
      public: report.public.map((line) => renderText(ruleset, line, ctx)),
      private: report.private.map((m) => rename({ ...m })),
    });
    // Every private message must render too: a missing template is a bug, caught here.
    for (const m of report.private) renderPrivate(ruleset, m, ctx);
  }

  const names = displayIds(state);
  const finalPlayers: JsonObject = {};
  for (const p of state.players) {
    finalPlayers[names.get(p.id) ?? p.id] = renameDeep(
      {
        alive: p.alive,
        role: p.role,
        faction: p.faction,
        statuses: [...p.statuses],
        ...(ruleset.finalPlayer ? ruleset.finalPlayer(state, p) : {}),
      },
      names,
    );
  }
  return {
    ok: true,
    output: {
      ok: true,
      phases,
      final: {
        ended: state.ended,
        winners: [...state.winners],
        players: finalPlayers,
        ...(ruleset.finalExtra ? (renameDeep(ruleset.finalExtra(state), names) as JsonObject) : {}),
      },
    },
  };
}

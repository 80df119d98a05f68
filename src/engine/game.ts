import type { z } from "zod";
import { copyJson } from "./copy.js";
import { initialRngState } from "./rng.js";
import { ENGINE_REJECTIONS, type EngineRejectionKey } from "./rejections.js";
import type { RulesetDefinition, SetupInput } from "./ruleset.js";
import {
  type ActionInput,
  type AnyGameState,
  type GmInput,
  type Input,
  type Json,
  type JsonObject,
  type PhaseReport,
  type Rejection,
  type Result,
  emptyOutput,
  phaseLabel,
} from "./types.js";

/**
 * The engine: a pure reducer over a ruleset definition. Every function takes a state and
 * returns a new one; the caller's state is never mutated (rulesets mutate a private copy).
 */

/**
 * The private copy a reducer step mutates: the ruleset's own exact copy where it has one
 * (`copyState`, faster for the shapes it knows), else a JSON-semantics deep copy
 * (src/engine/copy.ts), exactly what the state goes through in Postgres, so a live game and
 * its replay from the database can never differ by a non-JSON value.
 */
/** A deep copy of the state, by the ruleset's own copier where it has one. */
export function copyGameState<S extends AnyGameState>(ruleset: RulesetDefinition<S>, state: S): S {
  return ruleset.copyState ? ruleset.copyState(state) : (copyJson(state as unknown as Json) as unknown as S);
}

/**
 * How an input changes the state: `copy` (the reducer's way: the given state is left as it was)
 * or `inPlace` (the caller owns the state and replays many inputs into it: one copy for the
 * whole replay instead of one per input; a rejected input still changes nothing).
 */
export type ApplyMode = "copy" | "inPlace";

function draft<S extends AnyGameState>(ruleset: RulesetDefinition<S>, state: S, mode: ApplyMode = "copy"): S {
  return mode === "inPlace" ? state : copyGameState(ruleset, state);
}

const engineRejection = (key: EngineRejectionKey, params?: JsonObject): Rejection =>
  ENGINE_REJECTIONS.reject(key, key, params);

/** Builds the first phase of a game. Seeds the PRNG from `input.seed`. */
export function createGame<S extends AnyGameState>(
  ruleset: RulesetDefinition<S>,
  input: Omit<SetupInput<S["options"]>, "options"> & { options?: unknown },
): Result<S> {
  const options = ruleset.options.safeParse(input.options ?? {});
  if (!options.success) {
    const issue = options.error.issues[0];
    return {
      ok: false,
      rejection: engineRejection("bad_options", {
        path: issue?.path.join(".") ?? "",
        message: issue?.message ?? "invalid",
      }),
    };
  }
  const setup = ruleset.setup({ seed: input.seed, options: options.data, players: input.players });
  if (!setup.ok) return setup;
  const state = setup.value;
  if (state.rng.length === 0) state.rng = initialRngState(input.seed);
  return { ok: true, value: state };
}

/** What player actions and GM actions have in common: params, then the rules, then the change. */
interface Definition<S, I> {
  params: z.ZodType<JsonObject>;
  validate(state: S, input: I): Rejection | null;
  apply(state: S, input: I): void;
}

function applyDefinition<S extends AnyGameState, I extends { params: JsonObject }>(
  ruleset: RulesetDefinition<S>,
  definition: Definition<S, I>,
  state: S,
  input: I,
  at: number | undefined,
  mode: ApplyMode = "copy",
): Result<S> {
  const params = definition.params.safeParse(input.params);
  if (!params.success) {
    const issue = params.error.issues[0];
    const path = issue?.path.map(String).join(".") ?? "";
    const message = issue?.message ?? "invalid";
    const rejection = path
      ? engineRejection("bad_params", { path, message })
      : { ...engineRejection("bad_params_object", { message }), code: "engine.bad_params" };
    return { ok: false, rejection };
  }
  const normalized: I = { ...input, params: params.data };
  // The rules judge an input at the time it arrives (time is data: `at`).
  const judged = at === undefined ? state : { ...state, now: at };
  const rejection = definition.validate(judged, normalized);
  if (rejection) return { ok: false, rejection };
  const next = draft(ruleset, state, mode);
  if (at !== undefined) next.now = at;
  definition.apply(next, normalized);
  return { ok: true, value: next };
}

/** Validates and applies a player's action. A rejected action returns the reason and changes nothing. */
export function submitAction<S extends AnyGameState>(
  ruleset: RulesetDefinition<S>,
  state: S,
  input: ActionInput,
  at?: number,
  mode: ApplyMode = "copy",
): Result<S> {
  if (state.ended) return { ok: false, rejection: engineRejection("game_over") };
  const definition = Object.hasOwn(ruleset.actions, input.action) ? ruleset.actions[input.action] : undefined;
  if (!definition) {
    return { ok: false, rejection: engineRejection("unknown_action", { action: input.action }) };
  }
  if (!state.players.some((p) => p.id === input.actor)) {
    return { ok: false, rejection: engineRejection("unknown_player", { player: input.actor }) };
  }
  return applyDefinition(ruleset, definition, state, input, at, mode);
}

/** Validates and applies a GM action, logged like any other input. */
export function submitGmAction<S extends AnyGameState>(
  ruleset: RulesetDefinition<S>,
  state: S,
  input: GmInput,
  at?: number,
  mode: ApplyMode = "copy",
): Result<S> {
  if (state.ended) return { ok: false, rejection: engineRejection("game_over") };
  const definition = Object.hasOwn(ruleset.gmActions, input.action)
    ? ruleset.gmActions[input.action]
    : undefined;
  if (!definition) {
    return {
      ok: false,
      rejection: engineRejection("unknown_gm_action", { action: input.action }),
    };
  }
  return applyDefinition(ruleset, definition, state, input, at, mode);
}

/**
 * The deadline passed: runs the ruleset's resolution steps in order and returns the phase's
 * report (everything the phase emitted, inputs and resolution alike) with the next state.
 */
export function resolvePhase<S extends AnyGameState>(
  ruleset: RulesetDefinition<S>,
  state: S,
  at?: number,
  mode: ApplyMode = "copy",
): { state: S; report: PhaseReport } {
  const next = draft(ruleset, state, mode);
  if (at !== undefined) next.now = at;
  const phase = phaseLabel(next.phase);
  if (!next.ended) for (const step of ruleset.resolution) step.run(next);
  const report: PhaseReport = { phase, ...next.output };
  next.output = emptyOutput();
  if (!next.ended) ruleset.onPhaseOpen?.(next);
  return { state: next, report };
}

export interface AppliedInput<S> {
  state: S;
  rejection?: Rejection;
  report?: PhaseReport;
}

/** Applies one log entry of any type. The log replays through this function only. */
export function applyInput<S extends AnyGameState>(
  ruleset: RulesetDefinition<S>,
  state: S,
  input: Input,
  mode: ApplyMode = "copy",
): AppliedInput<S> {
  switch (input.type) {
    case "action": {
      const result = submitAction(ruleset, state, input, input.at, mode);
      return result.ok ? { state: result.value } : { state, rejection: result.rejection };
    }
    case "gm": {
      const result = submitGmAction(ruleset, state, input, input.at, mode);
      return result.ok ? { state: result.value } : { state, rejection: result.rejection };
    }
    case "resolve": {
      const { state: next, report } = resolvePhase(ruleset, state, input.at, mode);
      return { state: next, report };
    }
  }
}

/** State = setup + replay of the log; reproduced byte for byte. */
export function replay<S extends AnyGameState>(
  ruleset: RulesetDefinition<S>,
  initial: S,
  log: readonly Input[],
): { state: S; reports: PhaseReport[] } {
  let state = initial;
  const reports: PhaseReport[] = [];
  for (const input of log) {
    const applied = applyInput(ruleset, state, input);
    state = applied.state;
    if (applied.report) reports.push(applied.report);
  }
  return { state, reports };
}

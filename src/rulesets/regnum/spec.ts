import { z } from "zod";
import { findPlayer } from "../../engine/helpers.js";
import type { ParsedInput } from "../../engine/ruleset.js";
import type { ActionInput, JsonObject, Rejection } from "../../engine/types.js";
import { hasRole } from "./characters.js";
import { acts, directorFunctions } from "./posts.js";
import { type RegnumRejection, reject } from "./rejections.js";
import type { Order, RPlayer, RState } from "./state.js";

/**
 * The shape of a player action (one row of actions.ts's dispatch table) and the small checks
 * and helpers the mechanics compose their actions from.
 */

const loose = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape).passthrough();
export const obj = <Shape extends z.ZodRawShape>(shape: Shape) =>
  loose(shape) as unknown as z.ZodType<JsonObject>;
/** The params a schema of `obj(shape)` parses to: its fields, and any other key kept as it came. */
export type ParamsOf<Shape extends z.ZodRawShape> = z.infer<ReturnType<typeof loose<Shape>>>;

export type Targets = "none" | "one" | "param";

/** An action's input with its params as its schema parses them (the engine parses them before `who` and `run`). */
export type InputOf<Params> = ParsedInput<ActionInput, Params>;

export interface ActionSpec<Params = JsonObject> {
  kind: "move" | "free";
  targets: Targets;
  /** For `param` targets: the param the single target stands for. */
  param?: string;
  params?: z.ZodType<JsonObject>;
  selfOk?: boolean;
  allowDetained?: boolean;
  /** Who may use it, with any precondition; null = allowed. */
  who(state: RState, actor: RPlayer, input: InputOf<Params>): Rejection | null;
  /** Free actions: the immediate effect. */
  run?(state: RState, actor: RPlayer, input: InputOf<Params>): void;
  /** The army a command order is about (R18 exception). */
  army?(state: RState, actor: RPlayer, input: InputOf<Params>): string | undefined;
  /** Candidate targets for availableActions (default: every player). */
  candidates?(state: RState, actor: RPlayer): string[];
}

/** An action whose params are typed from its zod schema (`z.infer`) instead of cast one by one. */
export function withParams<Shape extends z.ZodRawShape>(
  shape: Shape,
  spec: Omit<ActionSpec<ParamsOf<Shape>>, "params">,
): ActionSpec {
  return { ...spec, params: obj(shape) } as unknown as ActionSpec;
}

export function resolveTarget(state: RState, t: string): string {
  if (!t.startsWith("@")) return t;
  const a = t.slice(1);
  return state.data.occupant[a] ?? state.players.find((p) => p.appearance === a)?.id ?? t;
}

export function normalize(state: RState, input: ActionInput): ActionInput {
  return { ...input, targets: input.targets.map((t) => resolveTarget(state, t)) };
}

/** A param given directly or as the single target. */
export function arg(input: ActionInput, name: string): string | undefined {
  const v = input.params[name];
  if (typeof v === "string") return v;
  return input.targets[0];
}

export const targetOf = (state: RState, input: ActionInput) =>
  findPlayer(state, input.targets[0] ?? "") as RPlayer;

export const needRole = (role: string, key: RegnumRejection) => (_s: RState, actor: RPlayer) =>
  hasRole(actor, role) ? null : reject("not_" + role, key);

export const director = (state: RState, actor: RPlayer) =>
  directorFunctions(state, actor) ? null : reject("not_director", "notDirector");

export const anyone = () => null;

export const both =
  <Input = ActionInput>(...checks: ((state: RState, actor: RPlayer, input: Input) => Rejection | null)[]) =>
  (state: RState, actor: RPlayer, input: Input) => {
    for (const c of checks) {
      const r = c(state, actor, input);
      if (r) return r;
    }
    return null;
  };

export const strList = (v: unknown) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];

/** The order an input records, numbered in the phase's sequence. */
export function newOrder(state: RState, actor: RPlayer, input: ActionInput): Order {
  return {
    seq: ++state.data.seq,
    actor: actor.id,
    action: input.action,
    targets: [...input.targets],
    params: input.params,
    phaseIndex: state.data.phaseIndex,
  };
}

/** A free order that resolves at the deadline (votes, appointments, unit assignments). */
export function pushFree(state: RState, actor: RPlayer, input: ActionInput): void {
  state.data.freeOrders.push(newOrder(state, actor, input));
}

export function actsPost(post: string, key: RegnumRejection) {
  return (state: RState, actor: RPlayer) => (acts(state, actor, post) ? null : reject(`not_${post}`, key));
}

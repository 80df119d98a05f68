import { z } from "zod";
import { findPlayer } from "../../engine/helpers.js";
import type { ActionInput, JsonObject, Rejection } from "../../engine/types.js";
import { acts, directorFunctions, hasRole } from "./logic.js";
import { type RegnumRejection, reject } from "./rejections.js";
import type { RPlayer, RState } from "./state.js";

/**
 * The shape of a player action (one row of actions.ts's dispatch table) and the small checks
 * and helpers the mechanics compose their actions from.
 */

export const obj = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape).passthrough() as unknown as z.ZodType<JsonObject>;

export type Targets = "none" | "one" | "param";

export interface ActionSpec {
  kind: "move" | "free";
  targets: Targets;
  /** For `param` targets: the param the single target stands for. */
  param?: string;
  params?: z.ZodType<JsonObject>;
  selfOk?: boolean;
  allowDetained?: boolean;
  /** Who may use it, with any precondition; null = allowed. */
  who(state: RState, actor: RPlayer, input: ActionInput): Rejection | null;
  /** Free actions: the immediate effect. */
  run?(state: RState, actor: RPlayer, input: ActionInput): void;
  /** The army a command order is about (R18 exception). */
  army?(state: RState, actor: RPlayer, input: ActionInput): string | undefined;
  /** Candidate targets for availableActions (default: every player). */
  candidates?(state: RState, actor: RPlayer): string[];
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
  (...checks: ((state: RState, actor: RPlayer, input: ActionInput) => Rejection | null)[]) =>
  (state: RState, actor: RPlayer, input: ActionInput) => {
    for (const c of checks) {
      const r = c(state, actor, input);
      if (r) return r;
    }
    return null;
  };

export const strList = (v: unknown) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];

export function pushFree(state: RState, actor: RPlayer, input: ActionInput): void {
  state.data.freeOrders.push({
    seq: ++state.data.seq,
    actor: actor.id,
    action: input.action,
    targets: [...input.targets],
    params: input.params,
    phaseIndex: state.data.phaseIndex,
  });
}

export function actsPost(post: string, key: RegnumRejection) {
  return (state: RState, actor: RPlayer) => (acts(state, actor, post) ? null : reject(`not_${post}`, key));
}

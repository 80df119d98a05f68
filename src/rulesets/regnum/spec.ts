import { z } from "zod";
import { emitEvent, findPlayer, playerOrThrow } from "../../engine/helpers.js";
import type { ParsedInput } from "../../engine/ruleset.js";
import type { ActionInput, GmInput, Json, JsonObject, Rejection } from "../../engine/types.js";
import type { Order, RPlayer, RState } from "./state.js";

/**
 * The shape of an action: a player action (one row of actions.ts's dispatch table) or a GM action
 * (one row of gm.ts's), its params typed from its zod schema, and the small helpers the mechanics
 * compose their actions from. The checks every action passes are in actions.ts and gm.ts, the
 * checks of a mechanic in its file (`needRole` in characters.ts, `director` in posts.ts).
 */

/** A key an action does not name is kept as it came: an input's params are JSON (`JsonObject`). */
const keptAsSent = z.custom<Json>();

/** The schema of an action's params: the fields it names, and any other key kept as it came. */
export function paramsOf<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape).catchall(keptAsSent);
}

/** What every action's params schema parses to: JSON, so an order can keep its params in the state. */
export type ParamsSchema = z.ZodType<JsonObject>;

export const noParams = paramsOf({});
export type NoParams = typeof noParams;

export type Targets = "none" | "one" | "param";

/** A player's input with its params as the action's schema parsed them (the engine parses them first). */
export type InputOf<Schema extends ParamsSchema> = ParsedInput<ActionInput, z.output<Schema>>;

export interface ActionSpec<Schema extends ParamsSchema> {
  kind: "move" | "free";
  targets: Targets;
  /** For `param` targets: the param the single target stands for. */
  param?: string;
  params: Schema;
  selfOk?: boolean;
  allowDetained?: boolean;
  /** Who may use it, with any precondition; null = allowed. */
  who(state: RState, actor: RPlayer, input: InputOf<Schema>): Rejection | null;
  /** Free actions: the immediate effect. */
  run?(state: RState, actor: RPlayer, input: InputOf<Schema>): void;
  /** The army a command order is about (R18 exception). */
  army?(state: RState, actor: RPlayer, input: InputOf<Schema>): string | undefined;
  /** Candidate targets for availableActions (default: every player). */
  candidates?(state: RState, actor: RPlayer): string[];
}

/** A player action whose `who`, `run` and `army` see its params as `params` parses them. */
export function playerAction<Schema extends ParamsSchema>(
  params: Schema,
  spec: Omit<ActionSpec<Schema>, "params">,
): ActionSpec<Schema> {
  return { ...spec, params };
}

/** The GM's input with its params as the action's schema parsed them. */
export type GmInputOf<Schema extends ParamsSchema> = ParsedInput<GmInput, z.output<Schema>>;

/** GM actions (§10) are never refused for rule reasons (R1): `check` refuses malformed input only. */
export interface GmSpec<Schema extends ParamsSchema> {
  params: Schema;
  /** `some`: at least one player; `any`: players or none; `none`: targets are ignored. */
  targets: "any" | "some" | "none";
  check?(state: RState, input: GmInputOf<Schema>): Rejection | null;
  run(state: RState, input: GmInputOf<Schema>): void;
}

/** A GM action whose `check` and `run` see its params as `params` parses them. */
export function gmAction<Schema extends ParamsSchema>(
  params: Schema,
  spec: Omit<GmSpec<Schema>, "params">,
): GmSpec<Schema> {
  return { ...spec, params };
}

/** An id given as a param: a non-empty string. */
export const idParam = z.string().min(1);

/** The players a GM action targets (its validation has checked they exist). */
export const targetPlayers = (state: RState, input: { targets: string[] }): RPlayer[] =>
  input.targets.map((t) => playerOrThrow(state, t));

/** The GM did what the rules do not allow (R1: done anyway, and recorded). */
export const ruleDeviation = (state: RState, action: string, reason: string) =>
  emitEvent(state, "rule_deviation", { action, reason });

export function resolveTarget(state: RState, target: string): string {
  if (!target.startsWith("@")) return target;
  const appearance = target.slice(1);
  return (
    state.data.occupant[appearance] ?? state.players.find((p) => p.appearance === appearance)?.id ?? target
  );
}

export function normalize<Input extends { targets: string[] }>(state: RState, input: Input): Input {
  return { ...input, targets: input.targets.map((t) => resolveTarget(state, t)) };
}

/** A param given directly or as the single target. */
export function arg<Name extends string>(
  input: { params: { [Key in Name]?: string | undefined }; targets: string[] },
  name: Name,
): string | undefined {
  return input.params[name] ?? input.targets[0];
}

export const targetOf = (state: RState, input: ActionInput) =>
  findPlayer(state, input.targets[0] ?? "") as RPlayer;

export const anyone = () => null;

export const both =
  <Input = ActionInput>(...checks: ((state: RState, actor: RPlayer, input: Input) => Rejection | null)[]) =>
  (state: RState, actor: RPlayer, input: Input) => {
    for (const check of checks) {
      const rejection = check(state, actor, input);
      if (rejection) return rejection;
    }
    return null;
  };

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

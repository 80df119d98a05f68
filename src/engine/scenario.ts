import { z } from "zod";
import { jsonObject } from "./json.js";
import type { ActionInput, AnyGameState, GmInput, JsonObject, PlayerId } from "./types.js";

/** The scenario file of docs/scenarios.md: the engine's public contract. */

const id = z.string().min(1);

export const scenarioAction = z
  .object({ actor: id, action: id, targets: z.array(id).default([]) })
  .catchall(z.unknown());

export const scenarioGmAction = z
  .object({ action: id, targets: z.array(id).default([]) })
  .catchall(z.unknown());

export const scenarioSchema = z.object({
  ruleset: z.string(),
  seed: z.number().int(),
  options: jsonObject.optional(),
  players: z.array(z.object({ id }).catchall(z.unknown())).min(1),
  script: z.array(
    z.object({
      phase: z.string().min(1),
      actions: z.array(scenarioAction).default([]),
      gm: z.array(scenarioGmAction).default([]),
    }),
  ),
});

export type Scenario = z.infer<typeof scenarioSchema>;

/**
 * Inputs of a scenario name a seat's current account; the engine knows seats by their first id.
 * `follow` learns the replacements of a state (after each accepted GM action).
 */
export class ScenarioSeats {
  private readonly seatOf = new Map<PlayerId, PlayerId>();

  readonly toSeat = (id: PlayerId): PlayerId => this.seatOf.get(id) ?? id;

  follow(state: AnyGameState): void {
    for (const player of state.players)
      for (const replaced of player.replacedBy) this.seatOf.set(replaced.by, player.id);
  }
}

/** A script's action as the engine's input: ids mapped to seats, the other fields as params. */
export function scenarioInput(entry: z.infer<typeof scenarioAction>, seats: ScenarioSeats): ActionInput {
  const { actor, action, targets, ...params } = entry;
  return {
    actor: seats.toSeat(actor),
    action,
    targets: targets.map(seats.toSeat),
    params: params as JsonObject,
  };
}

/** A script's GM action as the engine's input: targets mapped to seats, the other fields as params. */
export function scenarioGmInput(entry: z.infer<typeof scenarioGmAction>, seats: ScenarioSeats): GmInput {
  const { action, targets, ...params } = entry;
  return { action, targets: targets.map(seats.toSeat), params: params as JsonObject };
}

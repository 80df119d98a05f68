import { simulate } from "../../engine/simulate.js";
import type { RulesetDefinition } from "../../engine/ruleset.js";
import type { AnyGameState, Json, JsonObject } from "../../engine/types.js";
import { regnum } from "./index.js";

/** Test factories: build and play small regnum scenarios. */

export type ScriptEntry = { phase: "night" | "day"; actions?: JsonObject[]; gm?: JsonObject[] };

export function scenario(
  players: JsonObject[],
  script: ScriptEntry[],
  options: JsonObject = {},
  seed = 1,
): JsonObject {
  return {
    ruleset: "regnum",
    seed,
    options,
    players,
    script: script.map((e) => ({
      phase: e.phase,
      actions: e.actions ?? [],
      gm: e.gm ?? [],
    })) as unknown as Json,
  };
}

export interface Played {
  phases: {
    phase: string;
    rejected: JsonObject[];
    deaths: JsonObject[];
    events: JsonObject[];
    public: string[];
    private: JsonObject[];
  }[];
  final: { ended: boolean; winners: string[]; players: Record<string, JsonObject> };
}

export function play(players: JsonObject[], script: ScriptEntry[], options: JsonObject = {}): Played {
  const result = simulate(scenario(players, script, options), (id) =>
    id === "regnum" ? (regnum as unknown as RulesetDefinition<AnyGameState>) : undefined,
  );
  if (!result.ok) throw new Error(result.error);
  return result.output as unknown as Played;
}

export function events(played: Played, phase: number, type?: string): JsonObject[] {
  const phaseEvents = played.phases[phase]?.events ?? [];
  return type ? phaseEvents.filter((e) => e["type"] === type) : phaseEvents;
}
export function results(played: Played, phase: number, to?: string): JsonObject[] {
  const privates = played.phases[phase]?.private ?? [];
  return privates.filter((m) => m["kind"] === "result" && (to === undefined || m["to"] === to));
}

/** Alternating night/day script entries with no actions. */
export function idle(count: number, from: "night" | "day" = "night"): ScriptEntry[] {
  const out: ScriptEntry[] = [];
  let kind = from;
  for (let i = 0; i < count; i++) {
    out.push({ phase: kind });
    kind = kind === "night" ? "day" : "night";
  }
  return out;
}

import { simulate } from "../../../src/engine/simulate.js";
import type { Json, JsonObject } from "../../../src/engine/types.js";
import { mayor } from "../../../src/rulesets/mayor/index.js";
import type { RulesetDefinition } from "../../../src/engine/ruleset.js";
import type { AnyGameState } from "../../../src/engine/types.js";

/** Test factories: a table from "id:role" strings and a script of phases, played by the simulator. */

export type ScriptAction = { actor: string; action: string; targets?: string[] } & JsonObject;
export type ScriptGm = { action: string; targets?: string[] } & JsonObject;
export interface ScriptPhase {
  phase: "night" | "day";
  actions?: ScriptAction[];
  gm?: ScriptGm[];
}

export interface PhaseOut {
  phase: string;
  rejected: { index: number; actor: string; action: string; reason: string }[];
  deaths: { player: string; cause: string }[];
  events: ({ type: string } & JsonObject)[];
  public: string[];
  private: ({ to: string; kind: string } & JsonObject)[];
}
export interface GameOut {
  phases: PhaseOut[];
  final: {
    ended: boolean;
    winners: string[];
    players: Record<string, { alive: boolean; role: string; statuses: string[]; isolations: number }>;
  };
}

export function table(spec: string): { id: string; role: string }[] {
  return spec
    .trim()
    .split(/\s+/)
    .map((entry) => {
      const [id, role] = entry.split(":");
      return { id: id ?? "", role: role ?? "" };
    });
}

const lookup = (id: string) =>
  id === "mayor" ? (mayor as unknown as RulesetDefinition<AnyGameState>) : undefined;

export function play(players: string, script: ScriptPhase[], options: JsonObject = {}, seed = 1): GameOut {
  const result = simulate(
    { ruleset: "mayor", seed, options, players: table(players), script } as unknown as Json,
    lookup,
  );
  if (!result.ok) throw new Error(result.error);
  return result.output as unknown as GameOut;
}

export function phaseOf(out: GameOut, label: string): PhaseOut {
  const p = out.phases.find((x) => x.phase === label);
  if (!p) throw new Error(`no phase ${label}; have ${out.phases.map((x) => x.phase).join(", ")}`);
  return p;
}

export const choose = (actor: string, target: string): ScriptAction => ({
  actor,
  action: "choose",
  targets: [target],
});
export const verdict = (actor: string, choice: string, target?: string): ScriptAction => ({
  actor,
  action: "verdict",
  targets: target ? [target] : [],
  choice,
});

/** Everyone living abstains (keeps the missed-verdict rule quiet). */
export function allAbstain(ids: string[]): ScriptAction[] {
  return ids.map((id) => verdict(id, "abstain"));
}

export const quietNight: ScriptPhase = { phase: "night" };

export function eventsOf(p: PhaseOut, type: string): ({ type: string } & JsonObject)[] {
  return p.events.filter((e) => e.type === type);
}

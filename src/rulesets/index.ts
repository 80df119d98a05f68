import type { RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState } from "../engine/types.js";
import { reichstag } from "./reichstag/index.js";

/**
 * The registry of rulesets. Adding a ruleset is adding its folder and one line here.
 * The contract every ruleset folder follows: src/rulesets/README.md; working rules: CONTRIBUTING.md.
 */
export const rulesets: Record<string, RulesetDefinition<AnyGameState>> = {
  reichstag: reichstag as unknown as RulesetDefinition<AnyGameState>,
};

export function getRuleset(id: string): RulesetDefinition<AnyGameState> | undefined {
  return Object.hasOwn(rulesets, id) ? rulesets[id] : undefined;
}

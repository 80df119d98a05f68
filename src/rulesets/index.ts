import type { RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState } from "../engine/types.js";
import { regnum } from "./regnum/index.js";
import { classic } from "./classic/index.js";
import { mayor } from "./mayor/index.js";
import { clans } from "./clans/index.js";
import { reichstag } from "./reichstag/index.js";

/**
 * The registry of rulesets. Adding a ruleset is adding its folder and one line here.
 * The contract every ruleset folder follows: src/rulesets/README.md; working rules: CONTRIBUTING.md.
 */
export const rulesets: Record<string, RulesetDefinition<AnyGameState>> = {
  regnum: regnum as unknown as RulesetDefinition<AnyGameState>,
  mayor: mayor as unknown as RulesetDefinition<AnyGameState>,
  classic: classic as unknown as RulesetDefinition<AnyGameState>,
  reichstag: reichstag as unknown as RulesetDefinition<AnyGameState>,
  clans: clans as unknown as RulesetDefinition<AnyGameState>,
};

export function getRuleset(id: string): RulesetDefinition<AnyGameState> | undefined {
  return Object.hasOwn(rulesets, id) ? rulesets[id] : undefined;
}

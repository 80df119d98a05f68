import type { RulesetDefinition } from "../engine/ruleset.js";

/**
 * The fewest seats a game on the bot starts with: the ruleset's `players.table` (its rules' own
 * minimum for a table the bot deals, e.g. regnum's sign-up wave of twelve), down to the engine's
 * `players.min` when the GM fixed every seat's role with `/game assign` (a custom table).
 */
export function tableMinimum(ruleset: Pick<RulesetDefinition, "players">, allAssigned: boolean): number {
  return allAssigned ? ruleset.players.min : Math.max(ruleset.players.min, ruleset.players.table ?? 0);
}

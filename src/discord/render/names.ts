import type { RulesetDefinition } from "../../engine/ruleset.js";
import type { AnyGameState, Lang } from "../../engine/types.js";
import type { PlayerRow } from "../../games/service.js";

/** Seat id → shown name. */
export function namesOf(seats: readonly PlayerRow[]): Map<string, string> {
  return new Map(seats.map((s) => [s.seatId, s.displayName]));
}

export function roleName(ruleset: RulesetDefinition<AnyGameState>, lang: Lang, role: string): string {
  return ruleset.roles[role]?.name[lang] ?? role;
}

export function factionName(ruleset: RulesetDefinition<AnyGameState>, lang: Lang, faction: string): string {
  return ruleset.factions[faction]?.name[lang] ?? ruleset.roles[faction]?.name[lang] ?? faction;
}

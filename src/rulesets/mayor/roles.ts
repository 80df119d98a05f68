import type { Localized } from "../../engine/types.js";
import type { MayorOptions } from "./options.js";
import { type FactionId, ROLE_IDS, type RoleCounts, type RoleId } from "./state.js";

/** Roles and factions (section 2.1) and the default distribution (section 2.2). */

export const roles: Record<RoleId, { name: Localized; faction: FactionId }> = {
  mafia: { name: { en: "Mafia", ru: "Мафия" }, faction: "mafia" },
  maniac: { name: { en: "Maniac", ru: "Маньяк" }, faction: "maniac" },
  lawyer: { name: { en: "Lawyer", ru: "Адвокат" }, faction: "town" },
  doctor: { name: { en: "Doctor", ru: "Доктор" }, faction: "town" },
  agent: { name: { en: "Agent", ru: "Агент" }, faction: "town" },
};

export const factions: Record<FactionId, { name: Localized }> = {
  town: { name: { en: "Town", ru: "Город" } },
  mafia: { name: { en: "Mafia", ru: "Мафия" } },
  maniac: { name: { en: "Maniac", ru: "Маньяк" } },
};

export function factionOf(role: RoleId, options: MayorOptions): FactionId {
  return role === "lawyer" ? options.lawyerFaction : roles[role].faction;
}

/**
 * 2.2: mafia = max(1, ⌊N/4⌋); maniac = 1; R = N − mafia − 1; doctor = ⌈R/3⌉; lawyer = ⌊R/3⌋;
 * agent = R − doctor − lawyer.
 */
export function defaultCounts(playerCount: number): RoleCounts {
  const mafia = Math.max(1, Math.floor(playerCount / 4));
  const maniac = 1;
  const rest = playerCount - mafia - maniac;
  const doctor = Math.ceil(rest / 3);
  const lawyer = Math.floor(rest / 3);
  return { mafia, maniac, lawyer, doctor, agent: rest - doctor - lawyer };
}

export function countRoles(list: readonly RoleId[]): RoleCounts {
  const counts: RoleCounts = { mafia: 0, maniac: 0, lawyer: 0, doctor: 0, agent: 0 };
  for (const role of list) counts[role] += 1;
  return counts;
}

/** The deck of a deal, in the fixed order of the roles table. */
export function deckOf(counts: RoleCounts): RoleId[] {
  return ROLE_IDS.flatMap((role) => Array.from({ length: counts[role] }, () => role));
}

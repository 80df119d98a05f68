import type { BasePlayer, GameState, PlayerId, PrivateMessage, TextRef } from "../../engine/types.js";
import type { MayorOptions } from "./options.js";

/** The `mayor` ruleset's state: roles, options, per-seat data and the orders of the phase. */

export const RULESET_ID = "mayor";
/** The reserved target id of a visit to the Mayor (rule 19). */
export const MAYOR_TARGET = "mayor";

export const ROLE_IDS = ["mafia", "maniac", "lawyer", "doctor", "agent"] as const;
export type RoleId = (typeof ROLE_IDS)[number];
export type RoleCounts = Record<RoleId, number>;
export const FACTION_IDS = ["town", "mafia", "maniac"] as const;
export type FactionId = (typeof FACTION_IDS)[number];
export type Alignment = "good" | "evil";
export const VERDICT_CHOICES = ["execute", "isolate", "abstain"] as const;
export type VerdictChoice = (typeof VERDICT_CHOICES)[number];
export type PlacementReason = "verdict" | "missed_verdicts" | "lawyer" | "gm";

export interface MayorPlayer extends BasePlayer {
  role: RoleId;
  faction: FactionId;
  /** The last accepted night choice: a player id, `mayor`, `rest`; null = no choice (= rest). */
  choice: string | null;
  /** Sessions in a row without a verdict (rule 9). */
  streak: number;
  /** ИЗО placements so far (rule 10). */
  isolations: number;
  /** The day number at whose session close the current ИЗО term ends. */
  isoUntil: number | null;
  /** Was he isolated when the current session opened (exempt from the missed-verdict rule). */
  isolatedAtOpen: boolean;
  /** Published by the 2nd ИЗО placement. */
  revealedAlignment: Alignment | null;
  /** Published by the 3rd ИЗО placement (or on death with `revealRoleOnDeath`). */
  revealedRole: boolean;
  /** Death cause, public through the news. */
  cause: string | null;
  /** Private messages received so far (his thread with the Mayor). */
  inbox: PrivateMessage[];
}

export interface Verdict {
  actor: PlayerId;
  choice: VerdictChoice;
  target: PlayerId | null;
}

/** Scratch of the resolution in progress (cleared when the next phase opens). */
export interface Pending {
  /** Eligible night choosers with their last choice (`rest`, `mayor` or a player), fixed at step 1. */
  choices: { player: PlayerId; role: RoleId; target: string }[];
  /** Attacks of the night on reachable living players (step 5). */
  attacks: { player: PlayerId; mafia: boolean; maniac: number }[];
  /** Players jailed or isolated when the night started: unreachable (5.1). */
  unreachable: { player: PlayerId; status: "jailed" | "isolated" }[];
  transfers: PlayerId[];
  lawyerReleases: PlayerId[];
  visits: PlayerId[];
  attempts: PlayerId[];
  /** Deaths with their news line (cause and attackers). */
  deaths: { player: PlayerId; cause: string; by: string[] }[];
  /** Lines of the "ИЗО consequences" block, in the order they happened. */
  consequences: TextRef[];
  jailed: PlayerId | null;
  verdictIsolated: PlayerId | null;
  otherPlacements: { player: PlayerId; reason: PlacementReason }[];
  termReleases: PlayerId[];
  missed: PlayerId[];
}

export interface MayorData {
  /** The role counts published at the start (rule 1). */
  counts: RoleCounts;
  /** Accepted verdicts of the current session, in order. */
  verdicts: Verdict[];
  /** GM entries of the phase, applied by the resolution. */
  gm: { modkill: PlayerId[]; isolate: PlayerId[] };
  pending: Pending;
}

export type MayorState = GameState<MayorPlayer, MayorData, MayorOptions>;

export function emptyPending(): Pending {
  return {
    choices: [],
    attacks: [],
    unreachable: [],
    transfers: [],
    lawyerReleases: [],
    visits: [],
    attempts: [],
    deaths: [],
    consequences: [],
    jailed: null,
    verdictIsolated: null,
    otherPlacements: [],
    termReleases: [],
    missed: [],
  };
}

export function isJailed(player: BasePlayer): boolean {
  return player.statuses.includes("jailed");
}

export function isIsolated(player: BasePlayer): boolean {
  return player.statuses.includes("isolated");
}

export function onVacation(player: BasePlayer): boolean {
  return player.statuses.includes("vacation");
}

/** good/evil: the mafia and the maniac are evil; a lawyer on the mafia's side too. */
export function alignmentOf(player: MayorPlayer): Alignment {
  return player.faction === "town" ? "good" : "evil";
}

/** Ids in seating order. */
export function bySeat(state: MayorState, ids: readonly PlayerId[]): PlayerId[] {
  const set = new Set(ids);
  return state.players.filter((p) => set.has(p.id)).map((p) => p.id);
}

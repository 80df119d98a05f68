import { hasStatus } from "../../engine/helpers.js";
import type { BasePlayer, GameState, JsonObject } from "../../engine/types.js";
import type { ClassicOptions } from "./options.js";

/** The state model of `classic` (docs/rules/classic.md). Plain JSON data only. */

export const RULESET = "classic";

export const CLANS = ["italians", "russians"] as const;
export type Clan = (typeof CLANS)[number];

export const ROLE_IDS = [
  "citizen",
  "commissar",
  "sergeant",
  "ninja",
  "doctor",
  "necromancer",
  "bastard_son",
  "mafia",
  "kamikaze",
  "thug",
  "maniac",
] as const;
export type RoleId = (typeof ROLE_IDS)[number];

/** Roles of which a game holds at most one (§2.3). */
export const UNIQUE_ROLES: readonly RoleId[] = [
  "commissar",
  "sergeant",
  "ninja",
  "doctor",
  "necromancer",
  "maniac",
  "kamikaze",
  "thug",
];

/** Positive heroes for the Army of Darkness (§2.1). */
export const HEROES: readonly string[] = ["commissar", "sergeant", "ninja", "doctor"];

export function isClanRole(role: string): boolean {
  return role === "mafia" || role === "kamikaze" || role === "thug";
}

export interface ClassicPlayer extends BasePlayer {
  /** The clan of a clan member, or the clan whose bastard son this is; null otherwise. */
  clan: Clan | null;
}

/** One night order in its slot (§4 "Order slots and changes"). */
export interface Order {
  action: string;
  targets: string[];
  /** The don's named executor (kill only). */
  executor: string | null;
  /** Order of first acceptance this night (the "first member order" rule). */
  seq: number;
  /** True once the order has been changed (one change per slot per night). */
  changed: boolean;
}

export interface AcceptedVote {
  voter: string;
  target: string;
  /** Voided by GM `reject_vote`: counts for nothing, is a refusal. */
  void: boolean;
}

export interface CheckKnowledge {
  night: number;
  target: string;
  result: string;
  thug?: string;
}

export interface ClassicData {
  dons: Record<Clan, string | null>;
  /** Latest accepted `choose_don` per clan on night 0. */
  donChoice: Record<Clan, string | null>;
  /** Night orders of the current night: actor → slot → order. */
  orders: Record<string, Record<string, Order>>;
  seq: number;
  /** Accepted votes of the current day, in order. */
  votes: AcceptedVote[];
  /** Everyone who voted today (including GM-rejected votes). */
  voted: Record<string, true>;
  /** Everyone with an accepted post or vote today. */
  active: Record<string, true>;
  /** GM modkills and leaves of the current phase (effective at its resolution). */
  modkills: string[];
  leaves: string[];
  /** GM `duel_winner` of the current night. */
  duelWinner: string | null;
  /** Refusals to vote over the game. */
  refusals: Record<string, number>;
  /** Votes against a player over the game: [count, day of first vote, index of first vote]. */
  against: Record<string, [number, number, number]>;
  /** The hanged ninja's voters, in vote order, for tonight's testament. */
  testament: string[] | null;
  protectsLeft: number;
  /** Players who received a protect this game. */
  protectedEver: string[];
  /** Players beaten this game. */
  beatenEver: string[];
  /** The beaten player of the latest night (restricted the next day). */
  beaten: string | null;
  /** The doctor's last executed heal. */
  lastHeal: { night: number; target: string } | null;
  /** Peaceful players killed by the ninja (harakiri at 2). */
  ninjaKills: number;
  /** Cause of death of every dead player. */
  causes: Record<string, string>;
  /** Players whose role is public (hanged, missing, removed, left). */
  revealed: string[];
  /** Check results received, per receiver. */
  checks: Record<string, CheckKnowledge[]>;
  /** Players checked by the commissar (contact threads). */
  contacts: string[];
}

export type ClassicState = GameState<ClassicPlayer, ClassicData, ClassicOptions>;

export function emptyData(): ClassicData {
  return {
    dons: { italians: null, russians: null },
    donChoice: { italians: null, russians: null },
    orders: {},
    seq: 0,
    votes: [],
    voted: {},
    active: {},
    modkills: [],
    leaves: [],
    duelWinner: null,
    refusals: {},
    against: {},
    testament: null,
    protectsLeft: 2,
    protectedEver: [],
    beatenEver: [],
    beaten: null,
    lastHeal: null,
    ninjaKills: 0,
    causes: {},
    revealed: [],
    checks: {},
    contacts: [],
  };
}

/** The slot of a night order (§4): maniac kill/ambush share one, necromancer protect/army one. */
export function slotOf(role: string, action: string): string {
  if (role === "maniac" && (action === "kill" || action === "ambush")) return "maniac";
  if (role === "necromancer" && (action === "protect" || action === "army_of_darkness")) return "necromancer";
  return action;
}

export const NIGHT_ORDERS: ReadonlySet<string> = new Set([
  "kill",
  "ambush",
  "beat",
  "explode",
  "check",
  "heal",
  "protect",
  "army_of_darkness",
]);

/** Death cause precedence, highest first (§13). */
export const CAUSE_ORDER = [
  "lynch",
  "modkill",
  "left",
  "kamikaze",
  "army_of_darkness",
  "mafia",
  "maniac",
  "ninja",
  "ambush",
  "thug_crossfire",
  "testament",
  "harakiri",
  "missing",
] as const;

export const SOURCE_CAUSE: Record<string, string> = {
  italians: "mafia",
  russians: "mafia",
  maniac: "maniac",
  ninja: "ninja",
  ambush: "ambush",
  kamikaze: "kamikaze",
  army: "army_of_darkness",
  crossfire: "thug_crossfire",
  testament: "testament",
};

export function causeRank(cause: string): number {
  const index = (CAUSE_ORDER as readonly string[]).indexOf(cause);
  return index < 0 ? CAUSE_ORDER.length : index;
}

/** The highest-precedence cause among lethal sources. */
export function causeOf(sources: readonly string[]): string {
  let best = "missing";
  let rank = Number.MAX_SAFE_INTEGER;
  for (const source of sources) {
    const cause = SOURCE_CAUSE[source] ?? source;
    const sourceRank = causeRank(cause);
    if (sourceRank < rank) {
      rank = sourceRank;
      best = cause;
    }
  }
  return best;
}

/* Queries and small changes of the players, shared by the actions, the resolution and the view. */

export function firstWithRole(state: ClassicState, role: string): ClassicPlayer | undefined {
  for (const p of state.players) if (p.role === role) return p;
  return undefined;
}

export function isRemoved(player: ClassicPlayer): boolean {
  return player.statuses.length > 0 && hasStatus(player, "removed");
}

/** Alive and not flagged `removed`. */
export function isActive(player: ClassicPlayer | undefined): boolean {
  return player !== undefined && player.alive && !isRemoved(player);
}

export function clanMembers(state: ClassicState, clan: Clan): ClassicPlayer[] {
  return state.players.filter((p) => p.clan === clan && isClanRole(p.role));
}

export function isClanMember(player: ClassicPlayer, clan: Clan): boolean {
  return player.clan === clan && isClanRole(player.role);
}

export function bastardOf(state: ClassicState, clan: Clan): ClassicPlayer | undefined {
  return state.players.find((p) => p.role === "bastard_son" && p.clan === clan);
}

/** The public role label params: `{role, clan}` (clan for clan roles and the bastard son). */
export function roleParams(player: ClassicPlayer): JsonObject {
  return { role: player.role, clan: player.clan };
}

/** The player currently holding the check (the commissar, or the promoted sergeant). */
export function canCheck(player: ClassicPlayer): boolean {
  return player.role === "commissar" || (player.role === "sergeant" && hasStatus(player, "promoted"));
}

export function reveal(state: ClassicState, player: ClassicPlayer): void {
  if (!state.data.revealed.includes(player.id)) state.data.revealed.push(player.id);
}

/** Marks a player dead with a cause (the caller emits the death output). */
export function markDead(state: ClassicState, player: ClassicPlayer, cause: string): void {
  player.alive = false;
  state.data.causes[player.id] = cause;
}

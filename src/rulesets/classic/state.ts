import { z } from "zod";
import type { BasePlayer, GameState, JsonObject } from "../../engine/types.js";

/** The state model of `classic` (../shared/rules/classic.md). Plain JSON data only. */

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

const count = z.number().int().min(0);

export const DEFAULT_ROLES = {
  citizen: 8,
  commissar: 1,
  sergeant: 1,
  ninja: 1,
  doctor: 1,
  necromancer: 1,
  maniac: 1,
  italians: { mafia: 3, kamikaze: 1, bastard_son: 1 },
  russians: { mafia: 3, thug: 1, bastard_son: 1 },
};

export const rolesSchema = z.object({
  citizen: count.default(0),
  commissar: count.default(0),
  sergeant: count.default(0),
  ninja: count.default(0),
  doctor: count.default(0),
  necromancer: count.default(0),
  maniac: count.default(0),
  italians: z
    .object({ mafia: count.default(0), kamikaze: count.default(0), bastard_son: count.default(0) })
    .default({ mafia: 0, kamikaze: 0, bastard_son: 0 }),
  russians: z
    .object({ mafia: count.default(0), thug: count.default(0), bastard_son: count.default(0) })
    .default({ mafia: 0, thug: 0, bastard_son: 0 }),
});
export type RolesOption = z.infer<typeof rolesSchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "expected HH:MM");

export const optionsSchema = z.object({
  roles: rolesSchema.default(DEFAULT_ROLES),
  voteReasonRequired: z.boolean().default(false),
  duel: z.enum(["coin", "gm"]).default("coin"),
  revealNightRoles: z.boolean().default(false),
  deadChat: z.boolean().default(true),
  deadKeepRead: z.boolean().default(false),
  commissarContacts: z.boolean().default(true),
  timezone: z.string().min(1).default("Europe/Moscow"),
  dayDeadline: hhmm.default("22:00"),
  nightDeadline: hhmm.default("10:00"),
  night0MinHours: z.number().min(0).default(12),
});
export type ClassicOptions = z.infer<typeof optionsSchema>;

export type ClassicState = GameState<ClassicPlayer, ClassicData, ClassicOptions>;

export const playerSchema = z.object({
  id: z.string().min(1),
  role: z.enum(ROLE_IDS).optional(),
  faction: z.string().optional(),
  don: z.boolean().optional(),
  clan: z.enum(CLANS).optional(),
}) as unknown as z.ZodType<JsonObject & { id: string }>;

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
  const i = (CAUSE_ORDER as readonly string[]).indexOf(cause);
  return i < 0 ? CAUSE_ORDER.length : i;
}

/** The highest-precedence cause among lethal sources. */
export function causeOf(sources: readonly string[]): string {
  let best = "missing";
  let rank = Number.MAX_SAFE_INTEGER;
  for (const s of sources) {
    const c = SOURCE_CAUSE[s] ?? s;
    const r = causeRank(c);
    if (r < rank) {
      rank = r;
      best = c;
    }
  }
  return best;
}

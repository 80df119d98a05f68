import type { BasePlayer, GameState, PlayerId, PrivateMessage } from "../../engine/types.js";
import type { ClansOptions } from "./options.js";

/** Ids of the rules file (§13). */
export const RULESET_ID = "clans";
export const CLANS = ["yakuza", "cosa_nostra", "russian_mafia"] as const;
export type Clan = (typeof CLANS)[number];
export const DEALT_ROLES = ["boss", "doctor", "scout", "shooter"] as const;
export type DealtRole = (typeof DEALT_ROLES)[number];
export type Role = DealtRole | "member";
export const GUESS_ROLES = ["doctor", "scout", "shooter"] as const;
export type CheckKind = "recruited" | "clan_role";
export type Side = "against" | "for";

/** A night slot (§4.1): every slot can be filled once per night. */
export type Slot = "kill" | "recruit" | "scout" | "doctor" | "shooter" | "meet";
export type NightAction = "kill" | "recruit" | "protect" | "check" | "heal" | "shoot" | "meet";

export interface ClansPlayer extends BasePlayer {
  role: Role;
  /** The clan the player is counted with (§2.2 "clan of a player"). */
  faction: Clan;
  /** Home clan (printed on the role card); never changes. */
  home: Clan;
  /** Shooter's succession number (1–2), null for other cards. */
  number: number | null;
  /** The clan whose team he is in (bosses: always), null while unrecruited. */
  team: Clan | null;
  /** Global joining order (bosses 0); null while unrecruited. */
  joinOrder: number | null;
}

export interface NightOrder {
  actor: PlayerId;
  action: NightAction;
  slot: Slot;
  target: PlayerId;
  guessClan: Clan | null;
  guessRole: string | null;
  number: number | null;
  check: CheckKind | null;
}

export interface Vote {
  voter: PlayerId;
  target: PlayerId;
  side: Side;
}

/** A clan chat (личка клана): one per team; an outsider successor opens a new one (§5.10). */
export interface ClanChat {
  id: string;
  clan: Clan;
  /** Members in joining order, living and dead. */
  members: PlayerId[];
}

/** A pending transfer of steps 4–5, carried out at dawn (step 8). */
export interface PendingJoin {
  player: PlayerId;
  clan: Clan;
  boss: PlayerId;
  via: "recruit" | "meet";
  chat: string;
  /** Index of the `recruited`/`acquainted` event in this phase's output, finalised at step 8. */
  event: number;
}

/** Working data of one night's resolution (JSON, cleared when the night ends). */
export interface NightScratch {
  protections: Record<PlayerId, PlayerId[]>;
  healed: PlayerId[];
  joins: PendingJoin[];
  killed: PlayerId[];
}

/** Working data of one day's close. */
export interface DayResult {
  lynched: PlayerId | null;
  protected: PlayerId | null;
  against: Record<PlayerId, number>;
  for: Record<PlayerId, number>;
  inactive: PlayerId[];
}

export interface StoredMessage {
  phase: string;
  message: PrivateMessage;
}

export interface ClansData {
  orders: NightOrder[];
  /** Slots filled this night per player (orders and passes). */
  filled: Record<PlayerId, Slot[]>;
  /** Each scout's / doctor's accepted target of the previous night (R20). */
  lastProtect: Record<PlayerId, PlayerId>;
  lastHeal: Record<PlayerId, PlayerId>;
  votes: Vote[];
  /** Living players who posted in the game channel this day. */
  posted: PlayerId[];
  /** Dead players' posts this phase (§10.3). */
  deadPosts: Record<PlayerId, number>;
  excused: PlayerId[];
  replaced: PlayerId[];
  warnings: Record<PlayerId, { mask: number; other: number }>;
  /** R of night N at index N−1, with its source. */
  numbers: { night: number; value: number; source: "option" | "prng" }[];
  joinCounter: number;
  chats: ClanChat[];
  /** Bosses who left the game this phase and still await succession. */
  bossesLeft: { clan: Clan; boss: PlayerId }[];
  scratch: NightScratch | null;
  dayResult: DayResult | null;
  inbox: StoredMessage[];
  /** The latest public report, for player views. */
  lastReport: { phase: string; lines: { key: string; params: Record<string, unknown> }[] } | null;
}

export type ClansState = GameState<ClansPlayer, ClansData, ClansOptions>;

export function clanOrder(clan: Clan): number {
  return CLANS.indexOf(clan);
}

export function bySeat(a: { seat: number }, b: { seat: number }): number {
  return a.seat - b.seat;
}

/** The living boss of a clan, if any. */
export function bossOf(state: ClansState, clan: Clan): ClansPlayer | undefined {
  return state.players.find((p) => p.alive && p.role === "boss" && p.team === clan);
}

export function isUnrecruited(player: ClansPlayer): boolean {
  return player.team === null && player.role !== "boss";
}

/** The clan chat a clan's new members join now: its latest chat. */
export function currentChat(state: ClansState, clan: Clan): ClanChat | undefined {
  const chats = state.data.chats.filter((c) => c.clan === clan);
  return chats[chats.length - 1];
}

/** The slots a player's current role opens at night (§4.1). */
export function roleSlots(state: ClansState, player: ClansPlayer): Slot[] {
  if (!player.alive) return [];
  const slots: Slot[] = [];
  switch (player.role) {
    case "boss":
      slots.push("kill", "recruit");
      break;
    case "scout":
      slots.push("scout");
      break;
    case "doctor":
      slots.push("doctor");
      break;
    case "shooter":
      slots.push("shooter");
      break;
    case "member":
      break;
  }
  if (state.options.acquaintance && isUnrecruited(player)) slots.push("meet");
  return slots;
}

export function openSlots(state: ClansState, player: ClansPlayer): Slot[] {
  const filled = state.data.filled[player.id] ?? [];
  return roleSlots(state, player).filter((s) => !filled.includes(s));
}

export const SLOT_OF: Record<NightAction, Slot> = {
  kill: "kill",
  recruit: "recruit",
  protect: "scout",
  check: "scout",
  heal: "doctor",
  shoot: "shooter",
  meet: "meet",
};

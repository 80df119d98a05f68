import type { BasePlayer, GameState, JsonObject, PlayerId, PrivateMessage } from "../../engine/types.js";
import type { ReichstagOptions } from "./options.js";

/** The `reichstag` ruleset's state: plain JSON data (reichstag.md sections 2, 5, 11). */

export const RULESET = "reichstag";

export type Policy = "L" | "F";
export type Power = "investigate" | "special_election" | "peek" | "execute";
export type PhaseKind = "nomination" | "election" | "legislative" | "executive";
export type CandidateReason = "start" | "rotation" | "special_election" | "chaos";

export const POWERS: readonly Power[] = ["investigate", "special_election", "peek", "execute"];
export const PHASE_KINDS: readonly PhaseKind[] = ["nomination", "election", "legislative", "executive"];

export const ROLE_TABLE: Record<number, { liberal: number; fascist: number; hitler: number }> = {
  5: { liberal: 3, fascist: 1, hitler: 1 },
  6: { liberal: 4, fascist: 1, hitler: 1 },
  7: { liberal: 4, fascist: 2, hitler: 1 },
  8: { liberal: 5, fascist: 2, hitler: 1 },
  9: { liberal: 5, fascist: 3, hitler: 1 },
  10: { liberal: 6, fascist: 3, hitler: 1 },
};

export const FACTION_OF: Record<string, string> = {
  liberal: "liberals",
  fascist: "fascists",
  hitler: "fascists",
};

export type ReichstagPlayer = BasePlayer;

export interface NextCandidate {
  player: PlayerId;
  reason: CandidateReason;
}

export interface ReichstagData {
  /** Round number (= the `n` of the phase labels). */
  round: number;
  /** Draw pile, top first. Hidden. */
  deck: Policy[];
  /** Discard pile. Hidden, never shown (5.5). */
  discard: Policy[];
  liberal: number;
  fascist: number;
  tracker: number;
  /** Seat (1-based) of the rotation anchor (5.1). */
  anchor: number;
  /** Set by a special election or by chaos: the next round's candidate. */
  nextCandidate: NextCandidate | null;
  /** This round's presidential candidate / President. */
  president: PlayerId | null;
  /** This round's Chancellor candidate / Chancellor. */
  chancellor: PlayerId | null;
  /** This round's government was elected. */
  elected: boolean;
  /** The phase accepts nothing more; the resolution opens `next`. */
  closed: boolean;
  /** The GM asked to resolve now (legislative/executive: stall at once). */
  closeRequested: boolean;
  next: PhaseKind | null;
  votes: Record<PlayerId, "ja" | "nein">;
  agreed: PlayerId[];
  /** The President's three (step 1) or the Chancellor's two (step 2), in draw order. */
  hand: Policy[];
  discarded: boolean;
  vetoUnlocked: boolean;
  vetoRequested: boolean;
  vetoPending: boolean;
  powers: Power[] | null;
  used: Power[];
  investigated: PlayerId[];
  /** Player-requested extension hours of this phase (cap 3.4). */
  extensionUsed: number;
  /** Minutes the current deadline (phase or step) was moved by extensions and stalls. */
  shiftMinutes: number;
  phaseOpenedAt: number | null;
  stepOpenedAt: number | null;
  /** The last resolution opened this phase: `onPhaseOpen` reports its opening in its own report (3.6). */
  opened: boolean;
  /** Every private message sent so far (for playerView). */
  inbox: PrivateMessage[];
  /** Hitler's role was published (elected or executed). */
  hitlerRevealed: boolean;
}

export type ReichstagState = GameState<ReichstagPlayer, ReichstagData, ReichstagOptions>;

export type Fields = JsonObject;

/* Queries of the players. */

export function living(state: ReichstagState): ReichstagPlayer[] {
  return state.players.filter((p) => p.alive);
}

export function isAlive(state: ReichstagState, id: PlayerId | null): boolean {
  return id !== null && state.players.some((p) => p.id === id && p.alive);
}

export function hitler(state: ReichstagState): ReichstagPlayer | undefined {
  return state.players.find((p) => p.role === "hitler");
}

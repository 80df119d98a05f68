import { addStatus, emitEvent, emitPublic, playerOrThrow, removeStatus } from "../../engine/helpers.js";
import type { PlayerId } from "../../engine/types.js";
import { type CandidateReason, type ReichstagPlayer, type ReichstagState, living } from "./state.js";

/** Who may govern: term limits (5.2), the voters, the former government and the next candidate (5.1, 5.9). */

export function isTermLimited(state: ReichstagState, player: ReichstagPlayer): boolean {
  if (player.statuses.includes("former_chancellor")) return true;
  return living(state).length > 5 && player.statuses.includes("former_president");
}

/** Living players the candidate may nominate now (R7: none eligible → term limits ignored). */
export function eligibleChancellors(state: ReichstagState): PlayerId[] {
  const others = living(state).filter((p) => p.id !== state.data.president);
  const eligible = others.filter((p) => !isTermLimited(state, p));
  return (eligible.length > 0 ? eligible : others).map((p) => p.id);
}

export function eligibleVoters(state: ReichstagState): PlayerId[] {
  return living(state)
    .filter((p) => p.id !== state.data.president && p.id !== state.data.chancellor)
    .map((p) => p.id);
}

export function clearTermLimits(state: ReichstagState): void {
  for (const p of state.players) {
    removeStatus(p, "former_president");
    removeStatus(p, "former_chancellor");
  }
  emitEvent(state, "term_limits_cleared");
  emitPublic(state, "term_limits_cleared");
}

/** 5.9 step 1: an elected government becomes the former government. */
export function governmentRetires(state: ReichstagState): void {
  const data = state.data;
  if (!data.elected) return;
  for (const p of state.players) {
    removeStatus(p, "former_president");
    removeStatus(p, "former_chancellor");
  }
  for (const [id, from, to] of [
    [data.president, "president", "former_president"],
    [data.chancellor, "chancellor", "former_chancellor"],
  ] as const) {
    if (id === null) continue;
    const p = playerOrThrow(state, id);
    removeStatus(p, from);
    if (p.alive) addStatus(p, to);
  }
}

export function nextAfter(state: ReichstagState, seat: number): ReichstagPlayer | undefined {
  const n = state.players.length;
  for (let k = 1; k <= n; k++) {
    const p = state.players[(seat - 1 + k) % n];
    if (p?.alive) return p;
  }
  return undefined;
}

export function giveCandidacy(state: ReichstagState, id: PlayerId, reason: CandidateReason): void {
  const player = playerOrThrow(state, id);
  if (reason !== "special_election") state.data.anchor = player.seat;
  addStatus(player, "candidate_president");
  state.data.president = id;
  emitEvent(state, "candidate", { player: id, reason });
  emitPublic(state, "candidate", { player: id, reason });
}

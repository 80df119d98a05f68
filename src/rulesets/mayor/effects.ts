import { addStatus, emitDeath, emitEvent, emitPrivate, removeStatus } from "../../engine/helpers.js";
import type { JsonObject } from "../../engine/types.js";
import { alignmentOf, type MayorPlayer, type MayorState, type PlacementReason } from "./state.js";

/** State changes shared by the night and the session: deaths, ИЗО placements (5.4), private results. */

export function kill(state: MayorState, p: MayorPlayer, cause: string, by: string[] = []): void {
  if (!p.alive) return;
  p.alive = false;
  p.cause = cause;
  if (state.options.revealRoleOnDeath) p.revealedRole = true;
  emitDeath(state, p.id, cause);
  state.data.pending.deaths.push({ player: p.id, cause, by });
}

/**
 * One ИЗО placement (5.4): count + 1, status `isolated` until the first session close after it;
 * the 2nd publishes the alignment, the 3rd the role and kills at once (`isolation_limit`).
 */
export function placeInIsolation(state: MayorState, p: MayorPlayer, reason: PlacementReason): void {
  if (!p.alive) return;
  p.isolations += 1;
  removeStatus(p, "jailed");
  addStatus(p, "isolated");
  p.isoUntil = state.phase.kind === "night" ? state.phase.n : state.phase.n + 1;
  emitEvent(state, "isolated", { player: p.id, count: p.isolations, reason });
  if (p.isolations === 2) {
    const alignment = alignmentOf(p);
    p.revealedAlignment = alignment;
    addStatus(p, "alignment_revealed");
    emitEvent(state, "alignment_revealed", { player: p.id, alignment });
    state.data.pending.consequences.push({ key: "second_isolation", params: { player: p.id, alignment } });
  } else if (p.isolations >= 3) {
    p.revealedRole = true;
    emitEvent(state, "role_revealed", { player: p.id, role: p.role });
    state.data.pending.consequences.push({ key: "third_isolation", params: { player: p.id, role: p.role } });
    kill(state, p, "isolation_limit");
  }
}

/** Ends a term or a lawyer's release: the player is free again. */
export function release(state: MayorState, p: MayorPlayer, reason: "lawyer" | "term_end"): void {
  removeStatus(p, "isolated");
  p.isoUntil = null;
  emitEvent(state, "released", { player: p.id, reason });
}

/** A private result: into the phase output and the player's thread (for his view). */
export function sendPrivate(state: MayorState, p: MayorPlayer, kind: string, fields: JsonObject): void {
  emitPrivate(state, p.id, kind, fields);
  p.inbox.push({ to: p.id, kind, ...fields });
}

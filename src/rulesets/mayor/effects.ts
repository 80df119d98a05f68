import { addStatus, emitDeath, emitEvent, emitPrivate, removeStatus } from "../../engine/helpers.js";
import type { JsonObject } from "../../engine/types.js";
import { alignmentOf, type MayorPlayer, type MayorState, type PlacementReason } from "./state.js";

/** State changes shared by the night and the session: deaths, ИЗО placements (5.4), private results. */

export function kill(state: MayorState, player: MayorPlayer, cause: string, by: string[] = []): void {
  if (!player.alive) return;
  player.alive = false;
  player.cause = cause;
  if (state.options.revealRoleOnDeath) player.revealedRole = true;
  emitDeath(state, player.id, cause);
  state.data.pending.deaths.push({ player: player.id, cause, by });
}

/**
 * One ИЗО placement (5.4): count + 1, status `isolated` until the first session close after it;
 * the 2nd publishes the alignment, the 3rd the role and kills at once (`isolation_limit`).
 */
export function placeInIsolation(state: MayorState, player: MayorPlayer, reason: PlacementReason): void {
  if (!player.alive) return;
  player.isolations += 1;
  removeStatus(player, "jailed");
  addStatus(player, "isolated");
  player.isoUntil = state.phase.kind === "night" ? state.phase.n : state.phase.n + 1;
  emitEvent(state, "isolated", { player: player.id, count: player.isolations, reason });
  if (player.isolations === 2) {
    const alignment = alignmentOf(player);
    player.revealedAlignment = alignment;
    addStatus(player, "alignment_revealed");
    emitEvent(state, "alignment_revealed", { player: player.id, alignment });
    state.data.pending.consequences.push({
      key: "second_isolation",
      params: { player: player.id, alignment },
    });
  } else if (player.isolations >= 3) {
    player.revealedRole = true;
    emitEvent(state, "role_revealed", { player: player.id, role: player.role });
    state.data.pending.consequences.push({
      key: "third_isolation",
      params: { player: player.id, role: player.role },
    });
    kill(state, player, "isolation_limit");
  }
}

/** Ends a term or a lawyer's release: the player is free again. */
export function release(state: MayorState, player: MayorPlayer, reason: "lawyer" | "term_end"): void {
  removeStatus(player, "isolated");
  player.isoUntil = null;
  emitEvent(state, "released", { player: player.id, reason });
}

/** A private result: into the phase output and the player's thread (for his view). */
export function sendPrivate(state: MayorState, player: MayorPlayer, kind: string, fields: JsonObject): void {
  emitPrivate(state, player.id, kind, fields);
  player.inbox.push({ to: player.id, kind, ...fields });
}

import {
  addStatus,
  emitEvent,
  emitPrivate,
  findPlayer,
  hasStatus,
  removeStatus,
} from "../../engine/helpers.js";
import {
  CLANS,
  type Clan,
  type ClassicPlayer,
  type ClassicState,
  firstWithRole,
  isActive,
  isClanMember,
} from "./state.js";

/** The dons and the sergeant's promotion: who takes over when a don or the commissar dies. */

/** Makes `player` the clan's don at once (event `don_assigned`, private `don` to the living clan). */
export function setDon(state: ClassicState, clan: Clan, playerId: string | null): void {
  const old = findPlayer(state, state.data.dons[clan]);
  if (old) removeStatus(old, "don");
  state.data.dons[clan] = playerId;
  const don = findPlayer(state, playerId);
  if (!don) return;
  addStatus(don, "don");
  emitEvent(state, "don_assigned", { player: don.id, clan });
  for (const m of state.players) {
    if (m.alive && isClanMember(m, clan)) emitPrivate(state, m.id, "don", { clan, player: don.id });
  }
}

/** The first living, not removed `mafia` of the clan in seating order. */
export function successor(state: ClassicState, clan: Clan): ClassicPlayer | undefined {
  for (const p of state.players) if (p.role === "mafia" && p.clan === clan && isActive(p)) return p;
  return undefined;
}

/**
 * N5.8 / end of D2 / after N6: the commissar's death promotes the living sergeant; a dead don
 * is replaced by his successor (or the clan is left without a don).
 */
export function promoteAndSucceed(state: ClassicState): void {
  const commissar = firstWithRole(state, "commissar");
  const sergeant = firstWithRole(state, "sergeant");
  if (commissar && !commissar.alive && sergeant && sergeant.alive && !hasStatus(sergeant, "promoted")) {
    addStatus(sergeant, "promoted");
    emitEvent(state, "promoted", { player: sergeant.id });
    emitPrivate(state, sergeant.id, "promoted");
  }
  for (const clan of CLANS) {
    const donId = state.data.dons[clan];
    if (donId === null) continue;
    const don = findPlayer(state, donId);
    if (don && don.alive) continue;
    const next = successor(state, clan);
    if (next) setDon(state, clan, next.id);
    else {
      if (don) removeStatus(don, "don");
      state.data.dons[clan] = null;
    }
  }
}

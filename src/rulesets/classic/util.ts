import { addStatus, emitEvent, emitPrivate, hasStatus, removeStatus } from "../../engine/helpers.js";
import type { JsonObject } from "../../engine/types.js";
import { CLANS, type Clan, type ClassicPlayer, type ClassicState, isClanRole } from "./state.js";

/** Small shared helpers of the ruleset. */

export function byId(state: ClassicState, id: string | null | undefined): ClassicPlayer | undefined {
  if (id === null || id === undefined) return undefined;
  const players = state.players;
  for (let i = 0; i < players.length; i++) {
    const p = players[i] as ClassicPlayer;
    if (p.id === id) return p;
  }
  return undefined;
}

export function firstWithRole(state: ClassicState, role: string): ClassicPlayer | undefined {
  for (const p of state.players) if (p.role === role) return p;
  return undefined;
}

export function isRemoved(p: ClassicPlayer): boolean {
  return p.statuses.length > 0 && hasStatus(p, "removed");
}

/** Alive and not flagged `removed`. */
export function isActive(p: ClassicPlayer | undefined): boolean {
  return p !== undefined && p.alive && !isRemoved(p);
}

export function clanMembers(state: ClassicState, clan: Clan): ClassicPlayer[] {
  return state.players.filter((p) => p.clan === clan && isClanRole(p.role));
}

export function isClanMember(p: ClassicPlayer, clan: Clan): boolean {
  return p.clan === clan && isClanRole(p.role);
}

export function bastardOf(state: ClassicState, clan: Clan): ClassicPlayer | undefined {
  return state.players.find((p) => p.role === "bastard_son" && p.clan === clan);
}

/** The public role label params: `{role, clan}` (clan for clan roles and the bastard son). */
export function roleParams(p: ClassicPlayer): JsonObject {
  return { role: p.role, clan: p.clan };
}

export function reveal(state: ClassicState, p: ClassicPlayer): void {
  if (!state.data.revealed.includes(p.id)) state.data.revealed.push(p.id);
}

/** Marks a player dead with a cause (the caller emits the death output). */
export function markDead(state: ClassicState, p: ClassicPlayer, cause: string): void {
  p.alive = false;
  state.data.causes[p.id] = cause;
}

/** Makes `player` the clan's don at once (event `don_assigned`, private `don` to the living clan). */
export function setDon(state: ClassicState, clan: Clan, playerId: string | null): void {
  const old = byId(state, state.data.dons[clan]);
  if (old) removeStatus(old, "don");
  state.data.dons[clan] = playerId;
  const don = byId(state, playerId);
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
    const don = byId(state, donId);
    if (don && don.alive) continue;
    const next = successor(state, clan);
    if (next) setDon(state, clan, next.id);
    else {
      if (don) removeStatus(don, "don");
      state.data.dons[clan] = null;
    }
  }
}

/** The player currently holding the check (the commissar, or the promoted sergeant). */
export function canCheck(p: ClassicPlayer): boolean {
  return p.role === "commissar" || (p.role === "sergeant" && hasStatus(p, "promoted"));
}

import { emitDeath, emitEvent, emitPublic, findPlayer, playerOrThrow } from "../../engine/helpers.js";
import type { PlayerId } from "../../engine/types.js";
import { actingPosts, acts, isMultiPost, power, relation, removeUnits, setStatus } from "./logic.js";
import { PENALTY_POSTS, type RPlayer, type RState } from "./state.js";

/** Death, inventory, posts and resurrection (§8, §2.3 post events). */

export function assignPost(state: RState, playerId: PlayerId, post: string): void {
  const x = playerOrThrow(state, playerId);
  if (!isMultiPost(post)) {
    for (const p of state.players) {
      if (p.id !== playerId && p.posts.includes(post)) {
        p.posts = p.posts.filter((q) => q !== post);
        emitEvent(state, "post_vacated", { player: p.id, post });
      }
    }
  }
  if (!x.posts.includes(post)) {
    x.posts.push(post);
    emitEvent(state, "post_assigned", { player: x.id, post });
  }
}

export function vacatePost(state: RState, playerId: PlayerId, post: string): void {
  const x = playerOrThrow(state, playerId);
  if (x.posts.includes(post)) {
    x.posts = x.posts.filter((q) => q !== post);
    emitEvent(state, "post_vacated", { player: x.id, post });
  }
}

export function treasury(state: RState, id: string): { crowns: number; items: string[] } {
  const t = state.data.treasuries[id];
  if (t) return t;
  const created = { crowns: 0, items: [] as string[] };
  state.data.treasuries[id] = created;
  return created;
}

/** Moves inventory to a player or "treasury:<id>", with the event of §8.2. */
export function transferInventory(
  state: RState,
  from: RPlayer,
  to: string,
  part: { crowns: number; items: string[]; orchium: number; resources: number },
): void {
  if (part.crowns === 0 && part.items.length === 0 && part.orchium === 0 && part.resources === 0) return;
  from.crowns -= part.crowns;
  from.orchium -= part.orchium;
  from.resources -= part.resources;
  for (const item of part.items) {
    const i = from.items.indexOf(item);
    if (i >= 0) from.items.splice(i, 1);
  }
  if (to.startsWith("treasury:")) {
    const t = treasury(state, to.slice(9));
    t.crowns += part.crowns;
    t.items.push(...part.items);
  } else {
    const r = playerOrThrow(state, to);
    r.crowns += part.crowns;
    r.orchium += part.orchium;
    r.resources += part.resources;
    r.items.push(...part.items);
  }
  emitEvent(state, "inventory_transferred", {
    from: from.id,
    to,
    crowns: part.crowns,
    items: [...part.items],
    orchium: part.orchium,
    resources: part.resources,
  });
}

/** Units of a neutralized serviceman disappear (§6.8). */
export function unitsVanish(state: RState, owner: PlayerId): void {
  const ids = state.data.units.filter((u) => u.owner === owner).map((u) => u.id);
  if (ids.length > 0) removeUnits(state, ids, "owner_neutralized");
}

export function palaceLeave(state: RState, id: PlayerId): void {
  if (state.data.palace.includes(id)) {
    state.data.palace = state.data.palace.filter((x) => x !== id);
    emitEvent(state, "palace_left", { player: id });
  }
  state.data.invitations = state.data.invitations.filter((x) => x !== id);
  state.data.requests = state.data.requests.filter((x) => x !== id);
}

export function baronPalacePower(state: RState, baron: RPlayer): number {
  let sum = 0;
  for (const id of state.data.palace) {
    if (id === baron.id && !state.options.baronCountsSelf) continue;
    const y = findPlayer(state, id);
    if (y) sum += power(state, y);
  }
  if (state.options.baronCountsSelf && !state.data.palace.includes(baron.id)) sum += power(state, baron);
  return sum;
}

export interface KillOptions {
  killer?: PlayerId | null;
  body?: string | null;
  treasury?: string | null;
  loot?: string | null;
}

/** Death, processed at once (§8.1). */
export function kill(state: RState, victimId: PlayerId, cause: string, opts: KillOptions = {}): void {
  const v = playerOrThrow(state, victimId);
  if (!v.alive) return;
  const killer = opts.killer ?? null;
  const actingBefore = actingPosts(state, v);
  const powerBefore = power(state, v);
  const wasKing = acts(state, v, "king");
  const baronPower =
    v.role === "rainbow_baron" || v.roles.includes("rainbow_baron") ? baronPalacePower(state, v) : null;
  // 1.
  v.alive = false;
  emitDeath(state, v.id, cause);
  let body: "available" | "unidentifiable" | "unavailable" = "available";
  if (opts.body && ["burned", "acid", "experiments"].includes(opts.body)) body = "unidentifiable";
  if (opts.body === "unavailable") body = "unavailable";
  if (cause === "showdown") body = "unavailable";
  if (v.location !== "regnum" && relation(state, "regnum", v.location) === "enemy") body = "unavailable";
  v.deathRecord = {
    phase: `${state.phase.kind} ${state.phase.n}`,
    phaseIndex: state.data.phaseIndex,
    cause,
    killer,
    body,
    location: v.location,
    appearance: v.currentAppearance,
  };
  emitEvent(state, "body", { player: v.id, state: body });
  // 2. palace list left; sessions close at the next reconciliation
  palaceLeave(state, v.id);
  // 3. units disappear; posts stay nominal, vacant now
  unitsVanish(state, v.id);
  for (const post of actingBefore) {
    if (!state.players.some((p) => p.alive && actingPosts(state, p).includes(post)))
      emitPublic(state, "post_vacant", { post });
  }
  // 4. KSB penalty
  const penaltyPost = actingBefore.find((p) => PENALTY_POSTS.includes(p));
  if (penaltyPost) {
    const amount = 100 * powerBefore * state.options.rewardCoefficient;
    state.data.penalties.push({
      victim: v.id,
      post: penaltyPost,
      amount,
      ksbMembers: state.players.filter((p) => p.faction === "ksb").map((p) => p.id),
    });
    emitEvent(state, "penalty", { victim: v.id, post: penaltyPost, amount });
  }
  // 5. the Baron's palace power is frozen
  if (baronPower !== null) state.data.baronFrozen[v.id] = baronPower;
  // 6. inventory
  const all = { crowns: v.crowns, items: [...v.items], orchium: v.orchium, resources: v.resources };
  const killerAlive = killer !== null && findPlayer(state, killer) !== undefined;
  if (killerAlive && wasKing) {
    const loot = opts.loot && v.items.includes(opts.loot) ? opts.loot : v.items[0];
    const toKiller = { crowns: Math.min(100, v.crowns), items: loot ? [loot] : [], orchium: 0, resources: 0 };
    transferInventory(state, v, killer, toKiller);
    transferInventory(state, v, "treasury:royal", {
      crowns: v.crowns,
      items: [...v.items],
      orchium: v.orchium,
      resources: v.resources,
    });
  } else if (killerAlive) {
    transferInventory(state, v, killer, all);
  } else {
    transferInventory(state, v, `treasury:${opts.treasury ?? state.options.defaultTreasury}`, all);
  }
  v.crowns = 0;
  v.items = [];
  v.orchium = 0;
  v.resources = 0;
  // 7.
  if (body !== "unavailable") emitPublic(state, "body_found", {});
}

/** Status `neutralized` (alive): units vanish too (§6.8). */
export function neutralize(state: RState, id: PlayerId, on: boolean): void {
  const p = playerOrThrow(state, id);
  setStatus(p, "neutralized", on);
  if (on) unitsVanish(state, id);
}

/** Resurrection (§8.4). */
export function revive(state: RState, id: PlayerId): void {
  const p = playerOrThrow(state, id);
  if (p.alive) return;
  p.alive = true;
  p.location = "regnum";
  p.currentAppearance = p.appearance;
  for (const s of ["underground", "detained", "neutralized"]) setStatus(p, s, false);
  p.detainedBy = null;
  p.detainedAt = null;
  emitEvent(state, "revived", { player: p.id });
}

import { z } from "zod";
import { emitDeath, emitEvent, emitPublic, findPlayer, playerOrThrow } from "../../engine/helpers.js";
import type { PlayerId } from "../../engine/types.js";
import { setStatus } from "./characters.js";
import { baronPalacePower, palaceLeave } from "./palace.js";
import { actingPosts, acts, power } from "./posts.js";
import { reject } from "./rejections.js";
import { gmAction, paramsOf, targetPlayers } from "./spec.js";
import { PENALTY_POSTS, type RState } from "./state.js";
import { relation } from "./travel.js";
import { transferInventory } from "./treasury.js";
import { removeUnits } from "./units.js";

/** Death, neutralization and resurrection (§8, §6.8). */

/** Units of a neutralized serviceman disappear (§6.8). */
export function unitsVanish(state: RState, owner: PlayerId): void {
  const ids = state.data.units.filter((u) => u.owner === owner).map((u) => u.id);
  if (ids.length > 0) removeUnits(state, ids, "owner_neutralized");
}

export interface KillOptions {
  killer?: PlayerId | null;
  body?: string | null;
  treasury?: string | null;
  loot?: string | null;
}

/** Death, processed at once (§8.1). */
export function kill(state: RState, victimId: PlayerId, cause: string, opts: KillOptions = {}): void {
  const victim = playerOrThrow(state, victimId);
  if (!victim.alive) return;
  const killer = opts.killer ?? null;
  const actingBefore = actingPosts(state, victim);
  const powerBefore = power(state, victim);
  const wasKing = acts(state, victim, "king");
  const baronPower =
    victim.role === "rainbow_baron" || victim.roles.includes("rainbow_baron")
      ? baronPalacePower(state, victim)
      : null;
  // 1.
  victim.alive = false;
  emitDeath(state, victim.id, cause);
  let body: "available" | "unidentifiable" | "unavailable" = "available";
  if (opts.body && ["burned", "acid", "experiments"].includes(opts.body)) body = "unidentifiable";
  if (opts.body === "unavailable") body = "unavailable";
  if (cause === "showdown") body = "unavailable";
  if (victim.location !== "regnum" && relation(state, "regnum", victim.location) === "enemy")
    body = "unavailable";
  victim.deathRecord = {
    phase: `${state.phase.kind} ${state.phase.n}`,
    phaseIndex: state.data.phaseIndex,
    cause,
    killer,
    body,
    location: victim.location,
    appearance: victim.currentAppearance,
  };
  emitEvent(state, "body", { player: victim.id, state: body });
  // 2. palace list left; sessions close at the next reconciliation
  palaceLeave(state, victim.id);
  // 3. units disappear; posts stay nominal, vacant now
  unitsVanish(state, victim.id);
  for (const post of actingBefore) {
    if (!state.players.some((p) => p.alive && actingPosts(state, p).includes(post)))
      emitPublic(state, "post_vacant", { post });
  }
  // 4. KSB penalty
  const penaltyPost = actingBefore.find((p) => PENALTY_POSTS.includes(p));
  if (penaltyPost) {
    const amount = 100 * powerBefore * state.options.rewardCoefficient;
    state.data.penalties.push({
      victim: victim.id,
      post: penaltyPost,
      amount,
      ksbMembers: state.players.filter((p) => p.faction === "ksb").map((p) => p.id),
    });
    emitEvent(state, "penalty", { victim: victim.id, post: penaltyPost, amount });
  }
  // 5. the Baron's palace power is frozen
  if (baronPower !== null) state.data.baronFrozen[victim.id] = baronPower;
  // 6. inventory
  const all = {
    crowns: victim.crowns,
    items: [...victim.items],
    orchium: victim.orchium,
    resources: victim.resources,
  };
  const killerAlive = killer !== null && findPlayer(state, killer) !== undefined;
  if (killerAlive && wasKing) {
    const loot = opts.loot && victim.items.includes(opts.loot) ? opts.loot : victim.items[0];
    const toKiller = {
      crowns: Math.min(100, victim.crowns),
      items: loot ? [loot] : [],
      orchium: 0,
      resources: 0,
    };
    transferInventory(state, victim, killer, toKiller);
    transferInventory(state, victim, "treasury:royal", {
      crowns: victim.crowns,
      items: [...victim.items],
      orchium: victim.orchium,
      resources: victim.resources,
    });
  } else if (killerAlive) {
    transferInventory(state, victim, killer, all);
  } else {
    transferInventory(state, victim, `treasury:${opts.treasury ?? state.options.defaultTreasury}`, all);
  }
  victim.crowns = 0;
  victim.items = [];
  victim.orchium = 0;
  victim.resources = 0;
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

/** The GM kills and revives (§10). */
export const deathGmActions = {
  kill: gmAction(
    paramsOf({
      cause: z.string().default("modkill"),
      killer: z.string().nullable().optional(),
      body: z.string().nullable().optional(),
      treasury: z.string().nullable().optional(),
      loot: z.string().nullable().optional(),
    }),
    {
      targets: "some",
      check: (state, input) =>
        typeof input.params.killer === "string" && !findPlayer(state, input.params.killer)
          ? reject("unknown_killer", "unknownKiller")
          : null,
      run(state, input) {
        for (const player of targetPlayers(state, input))
          kill(state, player.id, input.params.cause, {
            killer: input.params.killer ?? null,
            body: input.params.body ?? null,
            treasury: input.params.treasury ?? null,
            loot: input.params.loot ?? null,
          });
      },
    },
  ),
  modkill: gmAction(paramsOf({}), {
    targets: "some",
    run(state, input) {
      for (const player of targetPlayers(state, input)) kill(state, player.id, "modkill");
    },
  }),
  revive: gmAction(paramsOf({}), {
    targets: "some",
    run(state, input) {
      for (const player of targetPlayers(state, input)) revive(state, player.id);
    },
  }),
};

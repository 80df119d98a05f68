import { z } from "zod";
import { emitEvent, playerOrThrow } from "../../engine/helpers.js";
import type { PlayerId } from "../../engine/types.js";
import { allRoles, neutralized } from "./characters.js";
import { type RegnumRejection, reject } from "./rejections.js";
import { gmAction, paramsOf } from "./spec.js";
import { DEFAULT_POSTS, MULTI_POSTS, type PostInfo, ROLES, type RPlayer, type RState } from "./state.js";

/** Posts held and vacated (§2.3). */

export function assignPost(state: RState, playerId: PlayerId, post: string): void {
  const player = playerOrThrow(state, playerId);
  if (!isMultiPost(post)) {
    for (const p of state.players) {
      if (p.id !== playerId && p.posts.includes(post)) {
        p.posts = p.posts.filter((q) => q !== post);
        emitEvent(state, "post_vacated", { player: p.id, post });
      }
    }
  }
  if (!player.posts.includes(post)) {
    player.posts.push(post);
    emitEvent(state, "post_assigned", { player: player.id, post });
  }
}

export function vacatePost(state: RState, playerId: PlayerId, post: string): void {
  const player = playerOrThrow(state, playerId);
  if (player.posts.includes(post)) {
    player.posts = player.posts.filter((q) => q !== post);
    emitEvent(state, "post_vacated", { player: player.id, post });
  }
}

export function postInfo(state: RState, post: string): PostInfo {
  const base = DEFAULT_POSTS[post] ?? { power: 1, government: null, chats: [], public: true };
  const override = state.options.posts[post];
  let power = base.power;
  if (post.startsWith("ruler_")) power = state.options.countryPower[post.slice(6)] ?? 1;
  return {
    power: override?.power ?? power,
    government: override?.government !== undefined ? override.government : base.government,
    chats: override?.chats ?? base.chats,
    public: override?.public ?? base.public,
  };
}

/** Posts X exercises now (§2.7). */
export function actingPosts(state: RState, player: RPlayer): string[] {
  if (neutralized(player)) return [];
  const out: string[] = [];
  for (const owner of state.players) {
    if (state.data.occupant[owner.appearance] !== player.id) continue;
    for (const p of owner.posts) if (!out.includes(p)) out.push(p);
  }
  return out;
}

/** Whether X exercises `post` now (§2.7): one pass over the places, nothing allocated. */
export function acts(state: RState, player: RPlayer, post: string): boolean {
  if (neutralized(player)) return false;
  return state.players.some(
    (owner) => state.data.occupant[owner.appearance] === player.id && owner.posts.includes(post),
  );
}

/**
 * The first (canonical order) acting holder of a post. Linear in the table: the occupants of the
 * places that carry the post, then the first of them in canonical order (asking `acts` of every
 * player made each lookup quadratic, and regnum's offers call it per seat and per army).
 */
export function actingHolder(state: RState, post: string): RPlayer | undefined {
  const occupants = new Set<string>();
  for (const owner of state.players) {
    const occupant = state.data.occupant[owner.appearance];
    if (occupant && owner.posts.includes(post)) occupants.add(occupant);
  }
  if (occupants.size === 0) return undefined;
  return state.players.find((p) => occupants.has(p.id) && !neutralized(p));
}

export const postVacant = (state: RState, post: string) => actingHolder(state, post) === undefined;

export function rolePower(state: RState, role: string): number {
  return state.options.rolePower[role] ?? ROLES[role]?.power ?? 1;
}

export function power(state: RState, player: RPlayer): number {
  if (player.power !== null) return player.power;
  let best = 1;
  for (const r of allRoles(player)) best = Math.max(best, rolePower(state, r));
  for (const p of actingPosts(state, player)) best = Math.max(best, postInfo(state, p).power);
  return Math.min(5, best);
}

/** Director functions: the acting Director, or the acting King while the Director is vacant (R14). */
export function directorFunctions(state: RState, player: RPlayer): boolean {
  if (acts(state, player, "director")) return true;
  return postVacant(state, "director") && acts(state, player, "king");
}

/** An action only the Director (or the King while it is vacant) may use. */
export const director = (state: RState, actor: RPlayer) =>
  directorFunctions(state, actor) ? null : reject("not_director", "notDirector");

/** An action only the acting holder of `post` may use. */
export function actsPost(post: string, key: RegnumRejection) {
  return (state: RState, actor: RPlayer) => (acts(state, actor, post) ? null : reject(`not_${post}`, key));
}

export function isGovernmentMember(state: RState, player: RPlayer): string | null {
  for (const post of actingPosts(state, player)) {
    const government = postInfo(state, post).government;
    if (government) return government;
  }
  return null;
}

export function isMultiPost(post: string): boolean {
  return MULTI_POSTS.includes(post);
}

/** The GM appoints to a post or vacates it (§10). */
export const postGmActions = {
  set_post: gmAction(paramsOf({ post: z.string().regex(/^[a-z][a-z0-9_]*$/) }), {
    targets: "any",
    run(state, input) {
      const post = input.params.post;
      if (input.targets.length === 0) {
        for (const player of state.players) vacatePost(state, player.id, post);
      } else {
        const multi = ["judge", "mp", "minister_royal", "minister_parliament"].includes(post);
        if (!multi)
          for (const player of state.players)
            if (!input.targets.includes(player.id)) vacatePost(state, player.id, post);
        for (const id of input.targets) assignPost(state, id, post);
      }
    },
  }),
};

import { emitEvent, playerOrThrow } from "../../engine/helpers.js";
import type { PlayerId } from "../../engine/types.js";
import { isMultiPost } from "./logic.js";
import type { RState } from "./state.js";

/** Posts held and vacated (§2.3). */

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

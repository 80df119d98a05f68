import { emitDeath, emitPublic, playerOrThrow } from "../../engine/helpers.js";
import type { PlayerId } from "../../engine/types.js";
import type { ClansState } from "./state.js";

/**
 * A player leaves the game now. A boss leaving opens his clan's succession (§5.10), run at
 * the day's close or at night step 7.
 */
export function removePlayer(state: ClansState, id: PlayerId, cause: string): void {
  const player = playerOrThrow(state, id);
  if (!player.alive) return;
  player.alive = false;
  emitDeath(state, id, cause);
  if (player.role === "boss" && player.team)
    state.data.bossesLeft.push({ clan: player.team, boss: player.id });
}

/** GM removal: dies at once, his orders and votes of this phase are void (§4.3). */
export function gmRemove(state: ClansState, id: PlayerId): void {
  removePlayer(state, id, "modkill");
  state.data.orders = state.data.orders.filter((order) => order.actor !== id);
  state.data.votes = state.data.votes.filter((vote) => vote.voter !== id);
  emitPublic(state, "gm_removed", { name: id });
}

import { emitEvent, emitPublic } from "../../engine/helpers.js";
import type { ReichstagState } from "./state.js";

/** The end of the game (section 9). */

/**
 * How a rule's end came about, where its reason alone would misname it: Hitler `removed` by the
 * host (not executed), or `nobody_left` to be candidate after the host's removals (reason `gm`).
 */
export type EndDetail = "removed" | "nobody_left";

export function endGame(state: ReichstagState, winners: string[], reason: string, detail?: EndDetail): void {
  state.ended = true;
  state.winners = winners;
  state.data.closed = true;
  emitEvent(state, "game_over", { winners, reason });
  // The reason (and its detail) go with the line too: the newspaper says which rule ended the game.
  emitPublic(state, "game_over", detail ? { winners, reason, detail } : { winners, reason });
  emitPublic(state, "roles", {
    roles: state.players.map((p) => [p.id, p.role]),
  });
}

/** Policy wins (section 9, 1–2). */
export function checkPolicyWin(state: ReichstagState): boolean {
  if (state.data.liberal >= 5) endGame(state, ["liberals"], "liberal_policies");
  else if (state.data.fascist >= 6) endGame(state, ["fascists"], "fascist_policies");
  return state.ended;
}

import { emitEvent, emitPublic } from "../../engine/helpers.js";
import type { ReichstagState } from "./state.js";

/** The end of the game (section 9). */

export function endGame(state: ReichstagState, winners: string[], reason: string): void {
  state.ended = true;
  state.winners = winners;
  state.data.closed = true;
  emitEvent(state, "game_over", { winners, reason });
  // The reason goes with the line too: the Russian newspaper says which rule ended the game.
  emitPublic(state, "game_over", { winners, reason });
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

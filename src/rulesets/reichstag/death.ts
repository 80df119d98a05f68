import { addStatus, emitDeath, playerOrThrow } from "../../engine/helpers.js";
import type { PlayerId } from "../../engine/types.js";
import type { ReichstagState } from "./state.js";

/** Deaths (5.8 execute, 5.10 modkill). */

export function kill(state: ReichstagState, id: PlayerId, cause: "execution" | "modkill"): void {
  const player = playerOrThrow(state, id);
  player.alive = false;
  player.statuses = player.statuses.filter((s) => s === "not_hitler" || s === "investigated");
  addStatus(player, "executed");
  emitDeath(state, id, cause);
  state.data.agreed = state.data.agreed.filter((a) => a !== id);
  delete state.data.votes[id];
}

import { emitDeath, emitEvent, emitPrivate, emitPublic } from "../../engine/helpers.js";
import { phaseLabel, type JsonObject, type PlayerId } from "../../engine/types.js";
import type { ClansState } from "./state.js";
import { mustPlayer } from "./state.js";

/** Output helpers: private messages are also kept in the player's inbox for playerView. */
export function tell(state: ClansState, to: PlayerId, kind: string, fields: JsonObject): void {
  emitPrivate(state, to, kind, fields);
  state.data.inbox.push({ phase: phaseLabel(state.phase), message: { to, kind, ...fields } });
}

export { emitEvent, emitPublic };

/**
 * A player leaves the game now. A boss leaving opens his clan's succession (§5.10), run at
 * the day's close or at night step 7.
 */
export function removePlayer(state: ClansState, id: PlayerId, cause: string): void {
  const p = mustPlayer(state, id);
  if (!p.alive) return;
  p.alive = false;
  emitDeath(state, id, cause);
  if (p.role === "boss" && p.team) state.data.bossesLeft.push({ clan: p.team, boss: p.id });
}

/** GM removal: dies at once, his orders and votes of this phase are void (§4.3). */
export function gmRemove(state: ClansState, id: PlayerId): void {
  removePlayer(state, id, "modkill");
  state.data.orders = state.data.orders.filter((o) => o.actor !== id);
  state.data.votes = state.data.votes.filter((v) => v.voter !== id);
  emitPublic(state, "gm_removed", { name: id });
}

import { emitPrivate } from "../../engine/helpers.js";
import { phaseLabel, type JsonObject, type PlayerId } from "../../engine/types.js";
import type { ClansState } from "./state.js";

/** A private message, also kept in the player's inbox for playerView (§8). */
export function tell(state: ClansState, to: PlayerId, kind: string, fields: JsonObject): void {
  emitPrivate(state, to, kind, fields);
  state.data.inbox.push({ phase: phaseLabel(state.phase), message: { to, kind, ...fields } });
}

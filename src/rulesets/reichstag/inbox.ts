import type { JsonObject, PlayerId } from "../../engine/types.js";
import { type ReichstagState, isAlive } from "./state.js";

/** Private message: sent (and kept for playerView) only to living players (section 8). */
export function tell(state: ReichstagState, to: PlayerId, kind: string, fields: JsonObject = {}): void {
  if (!isAlive(state, to)) return;
  const message = { to, kind, ...fields };
  state.output.private.push(message);
  state.data.inbox.push(message);
}

import type { PlayerId } from "../../engine/types.js";
import { type HiddenVariation, identityEdits, keepHidden, type Pick } from "../../engine/variations.js";
import type { ClansState } from "./state.js";
import { chatLayout } from "./chats.js";
import { playerView } from "./view.js";

/**
 * Hidden variations of a clans state for a viewer (issue 30; the noninterference test is
 * noninterference.test.ts): two seats the viewer cannot tell apart (not in his team's chat, no
 * card shown) swap card, clan, home, succession number and team; a status no public line tells
 * (recruited, acquainted, warned, protected by day) toggles on another seat; another seat's
 * night orders are dropped. Each is kept only where the viewer's view and the rosters of the
 * secret chats he reads stay the same.
 */
export function hiddenVariations(
  state: ClansState,
  viewer: PlayerId,
  pick: Pick,
): HiddenVariation<ClansState>[] {
  const edits = identityEdits<ClansState>(
    state,
    viewer,
    pick,
    ["role", "faction", "home", "number", "team", "joinOrder"],
    ["recruited", "acquainted", "warned", "day_protected"],
    4,
  );
  const others = state.players.filter((p) => p.id !== viewer).map((p) => p.id);
  const dropped = others[pick(others.length)];
  if (dropped !== undefined)
    edits.push({
      what: `night orders of ${dropped} dropped`,
      edit: (next) => void (next.data.orders = next.data.orders.filter((o) => o.actor !== dropped)),
    });
  return keepHidden({ playerView, chatLayout }, state, viewer, edits);
}

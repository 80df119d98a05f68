import type { PlayerId } from "../../engine/types.js";
import { type HiddenVariation, identityEdits, keepHidden, type Pick } from "../../engine/variations.js";
import type { ClassicState } from "./state.js";
import { chatLayout } from "./chats.js";
import { playerView } from "./view.js";

/**
 * Hidden variations of a classic state for a viewer (issue 30; the noninterference test is
 * noninterference.test.ts): two seats whose roles the viewer does not know (unrevealed, not his
 * clan's chat) swap role, faction and clan; a status no public line tells (a doctor's protection,
 * the maniac's vest and ambush, a promoted sergeant, the don) toggles on another seat; another
 * seat's night orders are dropped. Each is kept only where the viewer's view and the rosters of
 * the secret chats he reads stay the same.
 */
export function hiddenVariations(
  state: ClassicState,
  viewer: PlayerId,
  pick: Pick,
): HiddenVariation<ClassicState>[] {
  const edits = identityEdits<ClassicState>(
    state,
    viewer,
    pick,
    ["role", "faction", "clan"],
    ["protected", "vest_broken", "ambush_used", "promoted", "don"],
    4,
  );
  const others = state.players.filter((p) => p.id !== viewer && state.data.orders[p.id]);
  const dropped = others[pick(others.length)]?.id;
  if (dropped !== undefined)
    edits.push({
      what: `night orders of ${dropped} dropped`,
      edit: (next) => void delete next.data.orders[dropped],
    });
  return keepHidden({ playerView, chatLayout }, state, viewer, edits);
}

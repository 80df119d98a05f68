import type { PlayerId } from "../../engine/types.js";
import { type HiddenVariation, identityEdits, keepHidden, type Pick } from "../../engine/variations.js";
import type { MayorState } from "./state.js";
import { chatLayout } from "./chats.js";
import { playerView } from "./view.js";

/**
 * Hidden variations of a mayor state for a viewer (issue 30; the noninterference test is
 * noninterference.test.ts): two citizens whose roles the viewer does not know (unrevealed)
 * swap role, faction and their secret night choice; another citizen's night choice changes.
 * Each is kept only where the viewer's view and the rosters of the secret chats he reads stay the
 * same.
 */
export function hiddenVariations(
  state: MayorState,
  viewer: PlayerId,
  pick: Pick,
): HiddenVariation<MayorState>[] {
  const edits = identityEdits<MayorState>(state, viewer, pick, ["role", "faction", "choice"], [], 4);
  const others = state.players.filter((p) => p.id !== viewer);
  const chooser = others[pick(others.length)];
  const target = state.players[pick(state.players.length)]?.id ?? null;
  if (chooser)
    edits.push({
      what: `night choice of ${chooser.id} changed`,
      edit: (next) => {
        const p = next.players.find((x) => x.id === chooser.id);
        if (p) p.choice = p.choice === target ? null : target;
      },
    });
  return keepHidden({ playerView, chatLayout }, state, viewer, edits);
}

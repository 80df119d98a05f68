import type { PlayerId } from "../../engine/types.js";
import { type HiddenVariation, identityEdits, keepHidden, type Pick } from "../../engine/variations.js";
import type { ReichstagState } from "./state.js";
import { chatLayout } from "./chats.js";
import { playerView } from "./view.js";

/**
 * Hidden variations of a reichstag state for a viewer (issue 30; the noninterference test is
 * noninterference.test.ts): two seats whose roles the viewer does not know (the fascists know
 * each other; a liberal knows nobody) swap role and party; another seat's secret ballot of the
 * day changes; a card deep in the draw pile trades places with a discarded one. Each is kept only where the viewer's view and the rosters of the secret chats he
 * reads stay the same.
 */
export function hiddenVariations(
  state: ReichstagState,
  viewer: PlayerId,
  pick: Pick,
): HiddenVariation<ReichstagState>[] {
  const edits = identityEdits<ReichstagState>(state, viewer, pick, ["role", "faction"], ["vacation"], 4);
  const voters = Object.keys(state.data.votes).filter((id) => id !== viewer);
  const voter = voters[pick(voters.length)];
  if (voter !== undefined)
    edits.push({
      what: `ballot of ${voter} turned`,
      edit: (next) => {
        next.data.votes[voter] = next.data.votes[voter] === "ja" ? "nein" : "ja";
      },
    });
  // The draw pile's order and the discard pile are hidden (5.5): the bottom card of the pile
  // swapped with the top of the discards.
  const bottom = state.data.deck.length - 1;
  if (bottom >= 0 && state.data.discard.length > 0)
    edits.push({
      what: "a card of the draw pile swapped with a discarded one",
      edit: (next) => {
        const card = next.data.deck[bottom];
        const discarded = next.data.discard[0];
        if (card === undefined || discarded === undefined) return;
        next.data.deck[bottom] = discarded;
        next.data.discard[0] = card;
      },
    });
  return keepHidden({ playerView, chatLayout }, state, viewer, edits);
}

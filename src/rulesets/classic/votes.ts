import type { VoteBoard, VoteRules } from "../../engine/ruleset.js";
import type { ClassicState } from "./state.js";

const AGAINST = { en: "against", ru: "против" };

/**
 * Section 6: the day's open vote in the public vote thread. Every accepted vote is public as
 * cast; a vote the GM voided (`reject_vote`) no longer counts. Plurality decides the lynch.
 */
export const votes: VoteRules<ClassicState> = {
  actions: ["vote"],
  board(state): VoteBoard | null {
    if (state.phase.kind !== "day" || state.ended) return null;
    return {
      chat: "votes",
      key: `day ${state.phase.n}`,
      votes: state.data.votes
        .filter((v) => !v.void)
        .map((v) => ({ voter: v.voter, choice: AGAINST, target: v.target })),
      decisive: AGAINST,
    };
  },
};

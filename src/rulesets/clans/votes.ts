import type { VoteBoard, VoteRules } from "../../engine/ruleset.js";
import type { ClansState } from "./state.js";

const SIDES = {
  against: { en: "against", ru: "против" },
  for: { en: "for", ru: "за" },
} as const;

/**
 * Section 6 and 10: votes are public, posted in the day's vote thread as cast ("Против: X" /
 * "За: X"); the lynch goes by plurality of "against" votes.
 */
export const votes: VoteRules<ClansState> = {
  actions: ["vote"],
  board(state): VoteBoard | null {
    if (state.phase.kind !== "day" || state.ended) return null;
    const n = state.phase.n;
    return {
      chat: `vote-day-${n}`,
      key: `day ${n}`,
      votes: state.data.votes.map((v) => ({ voter: v.voter, choice: SIDES[v.side], target: v.target })),
      decisive: SIDES.against,
    };
  },
};

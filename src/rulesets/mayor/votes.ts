import type { VoteBoard, VoteRules } from "../../engine/ruleset.js";
import type { MayorState, VerdictChoice } from "./state.js";

const VERDICTS: Record<VerdictChoice, { en: string; ru: string }> = {
  execute: { en: "execute", ru: "КАЗНЬ" },
  isolate: { en: "isolate", ru: "ИЗО" },
  abstain: { en: "abstain", ru: "ВОЗДЕРЖАЛСЯ" },
};

/** Rule 5.2 and 15: every verdict of the session is public, given in the town hall. */
export const votes: VoteRules<MayorState> = {
  actions: ["verdict"],
  board(state): VoteBoard | null {
    if (state.phase.kind !== "day" || state.ended) return null;
    return {
      chat: "town_hall",
      key: `day ${state.phase.n}`,
      votes: state.data.verdicts.map((v) => ({
        voter: v.actor,
        choice: VERDICTS[v.choice],
        ...(v.target ? { target: v.target } : {}),
      })),
    };
  },
};

import type { ResolutionStep } from "../../engine/ruleset.js";
import { deadlineReached } from "./flow.js";
import { openPhase } from "./rules.js";
import type { ReichstagState } from "./state.js";

/**
 * The deadline passed (or the phase already closed at once). Actions and GM actions apply the rules
 * as they come (5.2–5.10); the resolution handles what the deadline itself decides and opens the next phase.
 */
export const resolution: readonly ResolutionStep<ReichstagState>[] = [
  {
    name: "missed deadline: missed nomination, election count, or stall (3.5, 5.2, 5.3)",
    run: deadlineReached,
  },
  {
    name: "open the next phase (3.1, 5.5 step 1)",
    run(state) {
      if (state.ended || !state.data.closed || !state.data.next) return;
      openPhase(state, state.data.next);
    },
  },
];

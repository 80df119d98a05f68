import type { DeadlineRule } from "../../engine/ruleset.js";
import type { MayorState } from "./state.js";

/**
 * The fixed daily schedule (rule 14, section 3) as data for the worker, in `options.timezone`:
 * night choices until `nightClose` (14:00), the session until `sessionClose` (22:00).
 */

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Minutes from one local time to the next occurrence of another (1..1440). */
export function gapMinutes(from: string, to: string): number {
  const gap = (minutesOf(to) - minutesOf(from) + 1440) % 1440;
  return gap === 0 ? 1440 : gap;
}

export function deadline(state: MayorState): DeadlineRule {
  if (state.ended) return { type: "none" };
  const { nightOpen, nightClose, sessionClose } = state.options;
  if (state.phase.kind === "night") {
    // Night 1 opens at the first `nightOpen` after the deal, so it closes at the first
    // `nightClose` that leaves a whole night window; later nights start at the session close.
    return state.phase.n === 1
      ? { type: "daily_at", at: nightClose, minMinutes: gapMinutes(nightOpen, nightClose) }
      : { type: "daily_at", at: nightClose };
  }
  return { type: "daily_at", at: sessionClose };
}

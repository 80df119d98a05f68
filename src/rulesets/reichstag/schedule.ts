import { DateTime } from "luxon";
import type { DeadlineRule } from "../../engine/ruleset.js";
import type { ReichstagState } from "./state.js";

/**
 * 3.2: the first `deadlineTime` in `timezone` at least `minPhaseHours` after the phase (step) opened,
 * moved by extensions and stalls. A phase that is already decided is reported by `closesEarly`.
 */
export function firstDailyAt(openedAt: number, at: string, zone: string, minHours: number): number {
  const [h, m] = at.split(":").map(Number) as [number, number];
  const earliest = DateTime.fromMillis(openedAt + minHours * 3_600_000, { zone });
  let candidate = earliest.set({ hour: h, minute: m, second: 0, millisecond: 0 });
  if (candidate < earliest) candidate = candidate.plus({ days: 1 });
  return candidate.toMillis();
}

/**
 * The phase may resolve now, before its deadline (3.1, 3.3): a nomination was accepted, the
 * election closed early (every eligible voter voted and every living player agreed after the last
 * vote, or the GM closed it), a policy was enacted or a veto agreed, every chosen power was used,
 * a modkill decided the step, or the GM asked to close a legislative/executive phase (it stalls at
 * once). Every accepted input takes effect at once (DECISIONS.md 2), so this is `closed`.
 */
export function closesEarly(state: ReichstagState): boolean {
  return !state.ended && (state.data.closed || state.data.closeRequested);
}

export function deadline(state: ReichstagState): DeadlineRule {
  const data = state.data;
  const options = state.options;
  if (state.ended) return { type: "none" };
  const stepChanged = data.stepOpenedAt !== data.phaseOpenedAt;
  if (data.shiftMinutes === 0 && !stepChanged) {
    return { type: "daily_at", at: options.deadlineTime, minMinutes: Math.round(options.minPhaseHours * 60) };
  }
  if (data.phaseOpenedAt !== null && data.stepOpenedAt !== null) {
    const due =
      firstDailyAt(data.stepOpenedAt, options.deadlineTime, options.timezone, options.minPhaseHours) +
      data.shiftMinutes * 60_000;
    return { type: "duration", minutes: Math.max(0, Math.round((due - data.phaseOpenedAt) / 60_000)) };
  }
  // The phase opened without a clock (the first phase, a simulation): the daily rule, then
  // moved by the shift, so that an extension moves the deadline by exactly its hours.
  return {
    type: "daily_at",
    at: options.deadlineTime,
    minMinutes: Math.round(options.minPhaseHours * 60),
    shiftMinutes: data.shiftMinutes,
  };
}

import { DateTime } from "luxon";
import type { DeadlineRule } from "../engine/ruleset.js";

/**
 * Deadlines in a game's time zone. Local wall-clock times ("22:00 Moscow") are resolved by
 * luxon, so a schedule that crosses a DST change still fires at the local hour.
 */

export interface ScheduleSettings {
  timezone: string;
  /** Overrides the ruleset's rule with a fixed duration (sandbox, GM-set durations). */
  phaseDurationMs: number | null;
}

/** The first local `at` ("HH:MM") in `zone` that is at least `minMinutes` after `from`. */
export function nextLocalTime(from: Date, at: string, zone: string, minMinutes = 0): Date {
  const match = /^(\d{1,2}):(\d{2})$/.exec(at);
  if (!match) throw new Error(`bad local time "${at}"`);
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  // The minimum is counted on the zone's wall clock: a night from 22:00 with 16 hours minimum
  // ends at 14:00 also on the day the clocks go forward (15 elapsed hours), not a day later.
  const earliest = DateTime.fromJSDate(from, { zone })
    .setZone("UTC", { keepLocalTime: true })
    .plus({ minutes: minMinutes })
    .setZone(zone, { keepLocalTime: true });
  if (!earliest.isValid) throw new Error(`bad time zone "${zone}"`);
  let candidate = earliest.set({ hour, minute, second: 0, millisecond: 0 });
  if (candidate < earliest) candidate = candidate.plus({ days: 1 }).set({ hour, minute });
  return candidate.toJSDate();
}

/** The deadline of a phase that starts at `start`, or null when the phase has none. */
export function deadlineFor(rule: DeadlineRule, start: Date, settings: ScheduleSettings): Date | null {
  if (settings.phaseDurationMs !== null) return new Date(start.getTime() + settings.phaseDurationMs);
  switch (rule.type) {
    case "duration":
      return DateTime.fromJSDate(start, { zone: settings.timezone })
        .plus({ minutes: rule.minutes })
        .toJSDate();
    case "daily_at": {
      const due = nextLocalTime(start, rule.at, settings.timezone, rule.minMinutes ?? 0);
      return new Date(due.getTime() + (rule.shiftMinutes ?? 0) * 60_000);
    }
    case "none":
      return null;
  }
}

/** Reminder times before a deadline that are still in the future at `now`. */
export function reminderTimes(
  deadline: Date,
  minutesBefore: readonly number[],
  now: Date,
): { minutes: number; at: Date }[] {
  return minutesBefore
    .map((minutes) => ({ minutes, at: new Date(deadline.getTime() - minutes * 60_000) }))
    .filter((r) => r.at.getTime() > now.getTime());
}

import { DateTime } from "luxon";
import { nextLocalTime } from "./schedule.js";

/**
 * Time zones and times as people read and write them (docs/time.md): IANA zone names (checked,
 * canonicalized, offered by autocomplete), the zone a new game runs in, a GM's typed deadline
 * read in the game's zone, and deadlines shown as Discord timestamps, which every reader's
 * client renders in the reader's own zone.
 */

/** The canonical IANA name of a zone ("europe/moscow" → "Europe/Moscow"), or null if none. */
export function canonicalZone(name: string): string | null {
  const trimmed = name.trim();
  // Names only: offsets ("+03:00") and abbreviations are not zones a schedule can follow.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(trimmed)) return null;
  try {
    const zone = new Intl.DateTimeFormat("en", { timeZone: trimmed }).resolvedOptions().timeZone;
    return DateTime.now().setZone(zone).isValid ? zone : null;
  } catch {
    return null;
  }
}

let allZones: readonly string[] | null = null;

/** Every IANA zone the runtime knows, and UTC. */
export function zoneNames(): readonly string[] {
  allZones ??= [...new Set([...Intl.supportedValuesOf("timeZone"), "UTC"])].sort();
  return allZones;
}

/** Offered before anything is typed: the zones of the bot's usual players. */
export const COMMON_ZONES: readonly string[] = [
  "Europe/Moscow",
  "Europe/Kaliningrad",
  "Europe/Samara",
  "Asia/Yekaterinburg",
  "Asia/Omsk",
  "Asia/Novosibirsk",
  "Asia/Krasnoyarsk",
  "Asia/Irkutsk",
  "Asia/Vladivostok",
  "Europe/Minsk",
  "Europe/Kyiv",
  "Asia/Almaty",
  "Asia/Tbilisi",
  "Europe/London",
  "Europe/Berlin",
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Los_Angeles",
  "UTC",
];

/** "UTC+03:00" of a zone at an instant. */
export function utcOffset(zone: string, at: Date): string {
  return `UTC${DateTime.fromJSDate(at, { zone }).toFormat("ZZ")}`;
}

/**
 * Autocomplete of zone names: those containing what was typed (case and spaces ignored),
 * the ones starting with it first; at most 25, each shown with its offset now.
 */
export function zoneChoices(typed: string, now: Date): { name: string; value: string }[] {
  const needle = typed.trim().toLowerCase().replace(/\s+/g, "_");
  const names = needle
    ? zoneNames().filter((z) => z.toLowerCase().includes(needle))
    : [...COMMON_ZONES].filter((z) => canonicalZone(z) !== null);
  const starts = (z: string) =>
    z.toLowerCase().startsWith(needle) || z.toLowerCase().split("/").slice(1).join("/").startsWith(needle);
  const ordered = needle ? [...names.filter(starts), ...names.filter((z) => !starts(z))] : names;
  return ordered.slice(0, 25).map((zone) => ({ name: `${zone} (${utcOffset(zone, now)})`, value: zone }));
}

/**
 * The zone a new game runs in: the GM's choice at creation (the `timezone` option, else the
 * `timezone` key of the options), else the zone the rules fix their hours in (the mayor's
 * Moscow), else the server's zone, else DEFAULT_TIMEZONE. Null when the GM's choice is no zone.
 */
export function gameZone(input: {
  chosen: string | null | undefined;
  options: Record<string, unknown>;
  rulesZone: string | undefined;
  server: string | null | undefined;
  fallback: string;
}): { zone: string } | { bad: string } {
  const optionZone = typeof input.options["timezone"] === "string" ? input.options["timezone"] : null;
  const explicit = input.chosen ?? optionZone;
  if (explicit !== null && explicit !== undefined) {
    const zone = canonicalZone(explicit);
    return zone ? { zone } : { bad: explicit };
  }
  return { zone: input.rulesZone ?? input.server ?? input.fallback };
}

/** A deadline as every reader sees it in their own zone: full date and time, and how far off. */
export function discordTime(at: Date): string {
  const unixSeconds = Math.floor(at.getTime() / 1000);
  return `<t:${unixSeconds}:F> (<t:${unixSeconds}:R>)`;
}

/** "2026-12-02 21:00" on the zone's wall clock. */
export function localTime(at: Date, zone: string): string {
  return DateTime.fromJSDate(at, { zone }).toFormat("yyyy-MM-dd HH:mm");
}

/**
 * A time a GM typed, read on `zone`'s wall clock: `21:00` (the next 21:00 after `now`),
 * `2026-12-02 21:00` (or with a `T`), `02.12.2026 21:00`, or `02.12 21:00` (the next such day).
 * A wall time the clocks skip (a spring-forward gap) is moved forward by the gap, as luxon
 * does. Null when the text is none of these or names no real date.
 */
export function parseLocalTime(text: string, zone: string, now: Date): Date | null {
  const normalized = text.trim().replace(/\s+/g, " ");
  const time = (h: string, m: string) => {
    const hour = Number(h);
    const minute = Number(m);
    return hour <= 23 && minute <= 59 ? { hour, minute } : null;
  };
  const at = (year: number, month: number, day: number, hm: { hour: number; minute: number } | null) => {
    if (!hm) return null;
    const dt = DateTime.fromObject({ year, month, day, ...hm }, { zone });
    // An impossible date (31 February) is invalid; one luxon rolled over would show another day.
    if (!dt.isValid || dt.day !== day || dt.month !== month) return null;
    return dt.toJSDate();
  };
  let match = /^(\d{1,2}):(\d{2})$/.exec(normalized);
  if (match) {
    const hm = time(match[1] ?? "", match[2] ?? "");
    if (!hm) return null;
    const hhmm = `${String(hm.hour).padStart(2, "0")}:${String(hm.minute).padStart(2, "0")}`;
    const next = nextLocalTime(now, hhmm, zone);
    return next.getTime() > now.getTime()
      ? next
      : nextLocalTime(new Date(now.getTime() + 60_000), hhmm, zone);
  }
  match = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})$/.exec(normalized);
  if (match)
    return at(Number(match[1]), Number(match[2]), Number(match[3]), time(match[4] ?? "", match[5] ?? ""));
  match = /^(\d{1,2})\.(\d{1,2})\.(\d{4}) (\d{1,2}):(\d{2})$/.exec(normalized);
  if (match)
    return at(Number(match[3]), Number(match[2]), Number(match[1]), time(match[4] ?? "", match[5] ?? ""));
  match = /^(\d{1,2})\.(\d{1,2}) (\d{1,2}):(\d{2})$/.exec(normalized);
  if (match) {
    const year = DateTime.fromJSDate(now, { zone }).year;
    const hm = time(match[3] ?? "", match[4] ?? "");
    const thisYear = at(year, Number(match[2]), Number(match[1]), hm);
    if (thisYear && thisYear.getTime() > now.getTime()) return thisYear;
    return at(year + 1, Number(match[2]), Number(match[1]), hm) ?? thisYear;
  }
  return null;
}

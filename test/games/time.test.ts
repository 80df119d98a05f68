import { describe, expect, it } from "vitest";
import { canonicalZone, discordTime, gameZone, parseLocalTime, zoneChoices } from "../../src/games/time.js";

/** Zone names, the zone a game runs in, and a GM's typed times read on the game's clock. */

const NY = "America/New_York";
const now = new Date("2026-03-08T14:00:00Z"); // 10:00 EDT, the first morning of summer time

describe("zone names", () => {
  it("takes IANA names in any case and refuses offsets, abbreviations-free junk and unknown places", () => {
    expect(canonicalZone("america/new_york")).toBe(NY);
    expect(canonicalZone(" Europe/Moscow ")).toBe("Europe/Moscow");
    expect(canonicalZone("UTC")).toBe("UTC");
    // 01:30 happens twice on 1 November: the second, on standard time, is meant.
    expect(parseLocalTime("2026-11-01 01:30", NY, now)?.toISOString()).toBe("2026-11-01T06:30:00.000Z");
    for (const bad of ["+03:00", "Mars/Olympus_Mons", "", "Europe/Moscow; DROP", "GMT+3"])
      expect(canonicalZone(bad), bad).toBeNull();
  });

  it("offers at most 25 zones containing what was typed, those starting with it first", () => {
    const choices = zoneChoices("europe/m", now);
    expect(choices.length).toBeLessThanOrEqual(25);
    expect(choices.map((c) => c.value)).toContain("Europe/Moscow");
    expect(choices.every((c) => c.value.toLowerCase().includes("europe/m"))).toBe(true);
    expect(zoneChoices("mos", now)[0]?.value).toBe("Europe/Moscow");
    expect(zoneChoices("", now).find((c) => c.value === "Europe/Moscow")?.name).toBe(
      "Europe/Moscow (UTC+03:00)",
    );
  });
});

describe("the zone of a new game", () => {
  const base = { options: {}, rulesZone: undefined, server: null, fallback: "Asia/Tokyo" };
  it("the GM's choice, then the options' key, then the rules' zone, then the server's, then the default", () => {
    expect(gameZone({ ...base, chosen: NY, options: { timezone: "Europe/Berlin" } })).toEqual({ zone: NY });
    expect(gameZone({ ...base, chosen: null, options: { timezone: "europe/berlin" } })).toEqual({
      zone: "Europe/Berlin",
    });
    expect(gameZone({ ...base, chosen: null, rulesZone: "Europe/Moscow", server: NY })).toEqual({
      zone: "Europe/Moscow",
    });
    expect(gameZone({ ...base, chosen: null, server: NY })).toEqual({ zone: NY });
    expect(gameZone({ ...base, chosen: undefined })).toEqual({ zone: "Asia/Tokyo" });
    expect(gameZone({ ...base, chosen: "Nowhere/Land" })).toEqual({ bad: "Nowhere/Land" });
  });
});

describe("a time the GM typed, on the game's clock", () => {
  it("HH:MM is the next such time, today or tomorrow", () => {
    expect(parseLocalTime("21:00", NY, now)?.toISOString()).toBe("2026-03-09T01:00:00.000Z");
    expect(parseLocalTime("9:30", NY, now)?.toISOString()).toBe("2026-03-09T13:30:00.000Z");
    // Exactly now is not "next": tomorrow.
    expect(parseLocalTime("10:00", NY, now)?.toISOString()).toBe("2026-03-09T14:00:00.000Z");
  });

  it("dates in ISO and Russian order, with or without the year", () => {
    expect(parseLocalTime("2026-12-02 21:00", NY, now)?.toISOString()).toBe("2026-12-03T02:00:00.000Z");
    expect(parseLocalTime("2026-12-02T21:00", NY, now)?.toISOString()).toBe("2026-12-03T02:00:00.000Z");
    expect(parseLocalTime("02.12.2026 21:00", NY, now)?.toISOString()).toBe("2026-12-03T02:00:00.000Z");
    expect(parseLocalTime("02.12 21:00", NY, now)?.toISOString()).toBe("2026-12-03T02:00:00.000Z");
    // A day already gone this year is next year's.
    expect(parseLocalTime("01.03 21:00", NY, now)?.toISOString()).toBe("2027-03-02T02:00:00.000Z");
    // A past date stays past: the caller refuses it.
    expect(parseLocalTime("2026-03-01 21:00", NY, now)?.toISOString()).toBe("2026-03-02T02:00:00.000Z");
  });

  it("a wall time the clocks skip moves forward by the gap; impossible dates and junk are unreadable", () => {
    const before = new Date("2026-03-08T06:00:00Z"); // 01:00 EST
    expect(parseLocalTime("2026-03-08 02:30", NY, before)?.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    for (const bad of ["31.02.2026 10:00", "2026-13-01 10:00", "24:00", "10:60", "завтра", "", "21"])
      expect(parseLocalTime(bad, NY, now), bad).toBeNull();
  });

  it("a deadline reads as a Discord timestamp: full date and time, and how far off", () => {
    expect(discordTime(new Date("2026-03-09T01:00:00.900Z"))).toBe("<t:1773018000:F> (<t:1773018000:R>)");
  });
});

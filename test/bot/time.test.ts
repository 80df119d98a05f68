import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats, deadlines, games, outbox, resolutions } from "../../src/db/schema/index.js";
import { settingsOf } from "../../src/games/queries.js";
import { jobIds } from "../../src/jobs/registry.js";
import { t } from "../../src/i18n/index.js";
import type { RunningWorker } from "../../src/worker/worker.js";
import { until } from "../worker/support.js";
import { contentOf, startHarness, textOf, type Harness } from "./harness.js";
import { startHarnessWorker } from "./harness-worker.js";

/**
 * Time zones on the emulator with the real bot and the real worker (one ManualClock for both):
 * the server's zone, a game's zone, DEFAULT_TIMEZONE, the mayor's Moscow hours, deadlines across
 * the US change to summer time landing at the local hour, every deadline shown as a Discord
 * timestamp, and /gm deadline setting a time on the game's clock.
 */

const NY = "America/New_York";
let h: Harness;
let worker: RunningWorker;
let gm: string;
let users: string[];
const u = (i: number) => users[i - 1] ?? "";
const stamp = (at: Date) => {
  const s = Math.floor(at.getTime() / 1000);
  return `<t:${s}:F> (<t:${s}:R>)`;
};

beforeAll(async () => {
  // DEFAULT_TIMEZONE is the last fallback; Europe/Moscow (its default) would hide a missed one.
  h = await startHarness(6, { env: { DEFAULT_TIMEZONE: "Asia/Tokyo" } });
  gm = h.guild.ownerId;
  users = h.guild.members.map((m) => m.id);
  worker = await startHarnessWorker(h);
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await h?.close();
});

async function gameNamed(name: string) {
  const rows = await h.database.db.select().from(games).where(eq(games.name, name));
  const game = rows[0];
  if (!game) throw new Error(`no game ${name}`);
  return game;
}

/** The worker's path at the manual clock's time: every job whose deadline has come runs now. */
async function fireDue(gameId: string): Promise<void> {
  const now = h.clock.now().getTime();
  const due = (
    await h.database.db
      .select()
      .from(deadlines)
      .where(and(eq(deadlines.gameId, gameId), eq(deadlines.status, "pending")))
  ).filter((row) => row.dueAt.getTime() <= now);
  for (const row of due) {
    const job = await h.queue.getJob(row.jobId);
    if (job && (await job.isDelayed())) await job.promote();
  }
  await until(async () => {
    const rows = await h.database.db
      .select()
      .from(deadlines)
      .where(and(eq(deadlines.gameId, gameId), eq(deadlines.status, "pending")));
    return rows.every((row) => row.dueAt.getTime() > now);
  });
  await settled(gameId);
}

/** Waits until the worker has performed every effect of the game that is not held for review. */
async function settled(gameId: string): Promise<void> {
  await until(async () => {
    const rows = await h.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, gameId), eq(outbox.status, "pending")));
    return rows.length === 0;
  });
}

async function messagesOf(gameId: string, chatKey: string): Promise<string[]> {
  const [row] = await h.database.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, chatKey)));
  return h.emu.messages(row?.discordId ?? "").map((m) => String(m["content"]));
}

describe("time zones", () => {
  it("/settings timezone refuses a name that is no zone and changes nothing, and offers zones as typed", async () => {
    const refused = await h.slash(gm, "settings", { language: "en", timezone: "Mars/Olympus_Mons" });
    expect(contentOf(refused)).toBe(t("ru", "settings.bad_timezone", { zone: "Mars/Olympus_Mons" }));
    expect(await settingsOf(h.database.db, h.guild.id)).toEqual({
      language: "ru",
      gmRoleId: null,
      timezone: null,
      maxRunningGames: 5,
    });
    // An offset is a moment's distance from UTC, not a zone a schedule can follow.
    const offset = await h.slash(gm, "settings", { timezone: "+03:00" });
    expect(contentOf(offset)).toBe(t("ru", "settings.bad_timezone", { zone: "+03:00" }));

    const typed = await h.choices(gm, "settings", { timezone: "new y" }, "timezone");
    expect(typed.map((c) => c.value)).toContain(NY);
    expect(typed.every((c) => c.value.toLowerCase().includes("new_y"))).toBe(true);
    expect(typed.find((c) => c.value === NY)?.name).toMatch(/^America\/New_York \(UTC-0[45]:00\)$/);
    const many = await h.choices(gm, "settings", { timezone: "a" }, "timezone");
    expect(many).toHaveLength(25);
    expect(many.every((c) => c.value.toLowerCase().includes("a"))).toBe(true);
    const first = await h.choices(gm, "settings", { timezone: "" }, "timezone");
    expect(first.map((c) => c.value)).toContain("Europe/Moscow");

    // No zone on the server yet: a new game runs on DEFAULT_TIMEZONE.
    await h.slash(gm, "game create", { ruleset: "classic", name: "Tokyo" });
    expect((await gameNamed("Tokyo")).timezone).toBe("Asia/Tokyo");
    await h.slash(gm, "game end", { game: "Tokyo" });

    // A name is taken in any case and stored as the zone's own.
    const saved = await h.slash(gm, "settings", { timezone: "america/new_york" });
    expect(contentOf(saved)).toBe(
      t("ru", "settings.saved", {
        language: t("ru", "lang.ru"),
        role: "",
        zone: t("ru", "settings.timezone", { zone: NY }),
      }),
    );
    expect((await settingsOf(h.database.db, h.guild.id)).timezone).toBe(NY);
  });

  it("a new game runs on the server's zone; the mayor keeps Moscow unless the GM names another", async () => {
    await h.slash(gm, "game create", { ruleset: "classic", name: "NY" });
    const ny = await gameNamed("NY");
    expect(ny.timezone).toBe(NY);
    // The rules that read a zone read the game's.
    expect((ny.options as Record<string, unknown>)["timezone"]).toBe(NY);

    await h.slash(gm, "game create", { ruleset: "mayor", name: "Мэр" });
    expect((await gameNamed("Мэр")).timezone).toBe("Europe/Moscow");
    await h.slash(gm, "game create", { ruleset: "mayor", name: "Mayor LA", timezone: "America/Los_Angeles" });
    expect((await gameNamed("Mayor LA")).timezone).toBe("America/Los_Angeles");
    await h.slash(gm, "game create", {
      ruleset: "reichstag",
      name: "Reich",
      options: JSON.stringify({ timezone: "Europe/Berlin" }),
    });
    expect((await gameNamed("Reich")).timezone).toBe("Europe/Berlin");

    const bad = await h.slash(gm, "game create", {
      ruleset: "classic",
      name: "Bad",
      timezone: "Nowhere/Land",
    });
    expect(contentOf(bad)).toBe(t("ru", "game.bad_timezone", { zone: "Nowhere/Land" }));
    expect(await h.database.db.select().from(games).where(eq(games.name, "Bad"))).toHaveLength(0);
    const offered = await h.choices(
      gm,
      "game create",
      { ruleset: "classic", name: "Later", timezone: "berl" },
      "timezone",
    );
    expect(offered.map((c) => c.value)).toEqual(["Europe/Berlin"]);

    for (const name of ["Мэр", "Mayor LA", "Reich"]) await h.slash(gm, "game end", { game: name });
  });

  it("New York across the change to summer time: deadlines land on the local hour and read as timestamps", async () => {
    // Saturday 7 March 2026, 10:00 EST; the clocks go 02:00 → 03:00 on Sunday morning.
    h.clock.set(new Date("2026-03-07T15:00:00Z"));
    const game = await gameNamed("NY");
    const roles = ["maniac", "doctor", "citizen", "citizen", "citizen"];
    for (const [i, role] of roles.entries()) {
      await h.slash(u(i + 1), "game join", { game: "NY" });
      await h.slash(gm, "game assign", { user: u(i + 1), role, game: "NY" });
    }
    await h.slash(gm, "game start", { game: "NY" });
    await settled(game.id);

    // Night 0: at least 12 h, to the next 10:00 — which is 10:00 EDT, an hour of UTC earlier than EST.
    const night = await h.service.currentPhase(game.id);
    const nightEnd = new Date("2026-03-08T14:00:00Z");
    expect(night?.deadlineAt).toEqual(nightEnd);

    const opened = (phase: string, at: Date) => t("ru", "deadline.opened", { phase, when: stamp(at) });
    const firstLines = async () => (await messagesOf(game.id, "newspaper")).map((m) => m.split("\n")[0]);
    expect(await firstLines()).toContain(opened("Ночь 0", nightEnd));

    const status = textOf(await h.slash(u(2), "game status", { game: "NY" }));
    expect(status).toContain(`${t("ru", "status.deadline")}: ${stamp(nightEnd)}`);
    expect(status).toContain(`${t("ru", "status.timezone")}: ${NY}`);

    const seats = await h.service.players(game.id);
    const maniac = seats.find((s) => s.userId === u(1))?.seatId ?? "";
    expect(await messagesOf(game.id, `personal:${maniac}`)).toContain(
      t("ru", "panel.header", { phase: "Ночь 0", when: stamp(nightEnd) }),
    );

    const receipt = contentOf(await h.slash(u(1), "order", { action: "kill", target: "p5", game: "NY" }));
    expect(receipt.split("\n")[1]).toBe(t("ru", "deadline.line", { when: stamp(nightEnd) }));

    // The hour's reminder, then the deadline itself, fired by the worker at the manual clock's time.
    h.clock.set(new Date(nightEnd.getTime() - 60 * 60_000));
    await fireDue(game.id);
    const paper = await messagesOf(game.id, "newspaper");
    expect(paper).toContain(t("ru", "reminder.public", { phase: "Ночь 0", when: stamp(nightEnd) }));

    h.clock.set(nightEnd);
    await fireDue(game.id);
    const day = await h.service.currentPhase(game.id);
    expect(day?.label).toBe("day 1");
    // Day 1 from 10:00 EDT to 22:00 EDT, announced in the newspaper as it opens.
    const dayEnd = new Date("2026-03-09T02:00:00Z");
    expect(day?.deadlineAt).toEqual(dayEnd);
    expect(await firstLines()).toContain(opened("День 1", dayEnd));
  });

  it("/gm deadline sets the phase's deadline on the game's clock; the worker resolves it then, once", async () => {
    const game = await gameNamed("NY");
    const day = await h.service.currentPhase(game.id);
    if (!day?.deadlineAt) throw new Error("no day");
    const was = day.deadlineAt;

    const unreadable = await h.slash(gm, "gm deadline", { time: "завтра", game: "NY" });
    expect(contentOf(unreadable)).toBe(t("ru", "gm.deadline_format", { text: "завтра", zone: NY }));
    const past = await h.slash(gm, "gm deadline", { time: "2026-03-08 09:00", game: "NY" });
    expect(contentOf(past)).toBe(t("ru", "gm.deadline_past", { local: "2026-03-08 09:00", zone: NY }));
    const far = await h.slash(gm, "gm deadline", { time: "2027-03-08 09:00", game: "NY" });
    expect(contentOf(far)).toBe(t("ru", "gm.deadline_too_far", { max_days: 30 }));
    expect((await h.service.currentPhase(game.id))?.deadlineAt).toEqual(was);
    const player = await h.slash(u(2), "gm deadline", { time: "21:00", game: "NY" });
    expect(contentOf(player)).toBe(t("ru", "game.gm_only"));

    // 10:00 EDT now: "21:00" is 21:00 EDT today, earlier than the rules' 22:00.
    const at = new Date("2026-03-09T01:00:00Z");
    const set = await h.slash(gm, "gm deadline", { time: "21:00", game: "NY" });
    expect(contentOf(set)).toBe(
      t("ru", "gm.deadline_set", { phase: "День 1", when: stamp(at), local: "2026-03-08 21:00", zone: NY }),
    );
    expect((await h.service.currentPhase(game.id))?.deadlineAt).toEqual(at);
    const [resolve] = await h.database.db
      .select()
      .from(deadlines)
      .where(
        and(eq(deadlines.gameId, game.id), eq(deadlines.kind, "resolve"), eq(deadlines.status, "pending")),
      );
    expect(resolve?.dueAt).toEqual(at);
    expect(resolve?.jobId).toBe(jobIds.phaseDeadline("resolve", game.id, day.index, "", at));
    await settled(game.id);
    expect(await messagesOf(game.id, "newspaper")).toContain(
      t("ru", "deadline.moved", { phase: "День 1", when: stamp(at) }),
    );

    h.clock.set(at);
    await fireDue(game.id);
    expect((await h.service.currentPhase(game.id))?.label).toBe("night 1");
    // The job of the deadline it replaced runs too, and does nothing.
    const stale = await h.queue.getJob(jobIds.phaseDeadline("resolve", game.id, day.index, "", was));
    if (stale && (await stale.isDelayed())) await stale.promote();
    await until(
      async () => (await stale?.getState()) !== "delayed" && (await stale?.getState()) !== "active",
    );
    const resolved = await h.database.db
      .select()
      .from(resolutions)
      .where(and(eq(resolutions.gameId, game.id), eq(resolutions.phaseIndex, day.index)));
    expect(resolved).toHaveLength(1);
    expect((await h.service.currentPhase(game.id))?.label).toBe("night 1");
  });

  it("/gm deadline in English: a date on the game's clock, and the same refusals", async () => {
    const game = await gameNamed("NY");
    await h.slash(gm, "settings", { language: "en" });
    const past = await h.slash(gm, "gm deadline", { time: "07.03.2026 22:00", game: "NY" });
    expect(contentOf(past)).toBe(t("en", "gm.deadline_past", { local: "2026-03-07 22:00", zone: NY }));
    const unreadable = await h.slash(gm, "gm deadline", { time: "25:00", game: "NY" });
    expect(contentOf(unreadable)).toBe(t("en", "gm.deadline_format", { text: "25:00", zone: NY }));

    const at = new Date("2026-03-09T12:30:00Z"); // 08:30 EDT
    const set = await h.slash(gm, "gm deadline", { time: "2026-03-09 08:30", game: "NY" });
    expect(contentOf(set)).toBe(
      t("en", "gm.deadline_set", { phase: "Night 1", when: stamp(at), local: "2026-03-09 08:30", zone: NY }),
    );
    expect((await h.service.currentPhase(game.id))?.deadlineAt).toEqual(at);
    await settled(game.id);
    expect(await messagesOf(game.id, "newspaper")).toContain(
      t("en", "deadline.moved", { phase: "Night 1", when: stamp(at) }),
    );

    // A pause stops the clock, and players are told; resuming an hour later moves the deadline by the hour.
    await h.slash(gm, "gm pause", { game: "NY" });
    // 01:00 UTC to 12:30 UTC: 11 h 30 min left, frozen; a date would be wrong until it goes on.
    expect(textOf(await h.slash(u(2), "game status", { game: "NY" }))).toContain(
      `${t("en", "status.deadline")}: ${t("en", "status.paused_left", { left: "11 hours 30 minutes" })}`,
    );
    h.clock.advance(60 * 60_000);
    await h.slash(gm, "gm resume", { game: "NY" });
    const later = new Date(at.getTime() + 60 * 60_000);
    expect((await h.service.currentPhase(game.id))?.deadlineAt).toEqual(later);
    await settled(game.id);
    const paper = await messagesOf(game.id, "newspaper");
    expect(paper).toContain(t("en", "deadline.paused", { phase: "Night 1" }));
    expect(paper).toContain(t("en", "deadline.resumed", { phase: "Night 1", when: stamp(later) }));
    await h.slash(gm, "game end", { game: "NY" });
  });
});

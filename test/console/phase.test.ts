import { count, eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chats,
  deadlines,
  gameSnapshots,
  games,
  inputs,
  outbox,
  phases,
  resolutions,
} from "../../src/db/schema/index.js";
import { t } from "../../src/i18n/index.js";
import { contentOf, startHarness, type Harness } from "../bot/harness.js";
import { problems } from "../support/texts.js";
import { device, launchBrowser, linkOf } from "./browser.js";

/**
 * The GM console's phase views in a real browser: the live view follows a player's order given in
 * Discord without a reload; the dry run shows what the resolution would do (with an override tried
 * only there) and changes nothing anywhere, and the real resolution that follows matches it; the
 * review page holds, edits (images kept) and publishes the draft through the service.
 */

let h: Harness;
let browser: Browser;
let gm: string;
let gameId: string;
let page: Page;
/** The dry run's newspaper and deaths with the maniac's order changed to player3, in the dry run only. */
let tried: { newspaper: string; deaths: string } = { newspaper: "", deaths: "" };
const users: string[] = [];
const u = (i: number) => users[i - 1] ?? "";
const ru = (key: string, params: Record<string, string | number> = {}) => t("ru", key, params);
const NAME = "Ночной дозор";
const base = () => `${h.consoleUrl}/console/g/${gameId}`;

beforeAll(async () => {
  h = await startHarness(4, { console: true });
  gm = h.guild.ownerId;
  users.push(...h.guild.members.map((m) => m.id));
  await h.slash(gm, "settings", { language: "ru" });
  await h.slash(gm, "game create", { ruleset: "classic", name: NAME, publish: "review" });
  const [game] = await h.database.db.select().from(games).where(eq(games.name, NAME));
  gameId = game?.id ?? "";
  for (const [i, role] of ["maniac", "doctor", "citizen", "citizen"].entries()) {
    await h.slash(u(i + 1), "game join", { game: NAME });
    await h.slash(gm, "game assign", { user: u(i + 1), role, game: NAME });
  }
  await h.slash(gm, "game start", { game: NAME });
  await h.drain(gameId);
  browser = await launchBrowser();
  page = (await device(browser)).page;
  await page.goto(linkOf(contentOf(await h.slash(gm, "gm console", { game: NAME }))));
  await page.click("#enter");
  await page.waitForURL(`${base()}/`);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

/** Every row the game has anywhere that a resolution or an input would add to or change. */
async function footprint() {
  const db = h.database.db;
  const n = async (table: typeof inputs | typeof outbox | typeof resolutions | typeof deadlines) =>
    (await db.select({ n: count() }).from(table).where(eq(table.gameId, gameId)))[0]?.n;
  const snapshots = await db
    .select({ n: count() })
    .from(gameSnapshots)
    .where(eq(gameSnapshots.gameId, gameId));
  const phaseRows = await db.select().from(phases).where(eq(phases.gameId, gameId));
  const deadlineRows = await db.select().from(deadlines).where(eq(deadlines.gameId, gameId));
  const chatRows = await db.select().from(chats).where(eq(chats.gameId, gameId));
  return {
    inputs: await n(inputs),
    outbox: await n(outbox),
    resolutions: await n(resolutions),
    deadlines: deadlineRows.map((d) => `${d.kind}:${d.status}:${d.dueAt.getTime()}`).sort(),
    snapshots: snapshots[0]?.n,
    phases: phaseRows.map((p) => `${p.index}:${p.status}:${p.deliveredPublic}:${p.deliveredPrivate}`),
    discord: chatRows.map((c) => `${c.chatKey}:${h.emu.messages(c.discordId).length}`).sort(),
  };
}

describe("the console's phase views", { timeout: 180_000 }, () => {
  it("the live view shows an order given in Discord without a reload, and who has not acted", async () => {
    await page.goto(`${base()}/live`);
    expect(await page.innerText("#missing")).toContain("player1");
    await page.evaluate(() => ((globalThis as unknown as { marker: number }).marker = 42));
    expect(contentOf(await h.slash(u(1), "order", { action: "kill", target: "p4", game: NAME }))).toContain(
      "player4",
    );
    await page.waitForSelector('#acted [data-seat="p1"]');
    expect(await page.innerText('#acted [data-seat="p1"]')).toContain("player4");
    expect(await page.innerText("#missing")).not.toContain("player1");
    expect(await page.innerText("#inputs")).toContain("player1");
    // The same document: it was updated by the event stream, not loaded again.
    expect(await page.evaluate(() => (globalThis as unknown as { marker?: number }).marker)).toBe(42);
  });

  it("the dry run shows the resolution and an override tried in it, changes nothing, and the real resolution matches it", async () => {
    const before = await footprint();
    await page.goto(`${base()}/dry-run`);
    const newspaper = await page.innerText("#dry-newspaper pre");
    expect(await page.innerText("#dry-deaths")).toContain("player4");
    expect(await page.innerText("#dry-changes")).toContain("player4");

    // The maniac's order changed by the GM, in the dry run only.
    const options = await page.$$eval('#try-order select[name="offer"] option', (list) =>
      list.map((o) => ({ value: o.getAttribute("value") ?? "", text: o.textContent ?? "" })),
    );
    const kill = options.find((o) => o.value.startsWith("p1|") && o.text.includes("Убить"))?.value;
    expect(kill).toBeDefined();
    await page.click("details summary");
    await page.selectOption('#try-order select[name="offer"]', kill ?? "");
    await page.selectOption('#try-order select[name="target"]', "p3");
    await page.click('#try-order button[type="submit"]');
    expect(await page.innerText("#trial")).toContain("player1");
    expect(await page.innerText("#dry-deaths")).not.toContain("player4");
    expect(await page.innerText("#dry-deaths")).toContain("player3");
    tried = {
      newspaper: await page.innerText("#dry-newspaper pre"),
      deaths: await page.innerText("#dry-deaths"),
    };
    expect(tried.newspaper).not.toEqual(newspaper);
    expect(await footprint()).toEqual(before);

    // A status tried in the dry run: player3 "removed" (classic: a removed player goes missing at night).
    // The overrides stay unfolded after a try.
    expect(await page.$eval("details", (d) => d.hasAttribute("open"))).toBe(true);
    await page.selectOption('#try-status select[name="seat"]', "p3");
    await page.fill('#try-status input[name="status"]', "removed");
    await page.click('#try-status button[type="submit"]');
    expect(await page.innerText("#trial")).toContain("player3");
    const deaths = await page.innerText("#dry-deaths");
    expect(deaths).toContain("player4");
    expect(deaths).toContain("player3");
    // An order the rules refuse is shown refused, with their reason, and changes nothing either.
    // (the maniac's kill with no target).
    await page.selectOption('#try-order select[name="offer"]', kill ?? "");
    await page.selectOption('#try-order select[name="target"]', "");
    await page.click('#try-order button[type="submit"]');
    expect(await page.innerText("#trial-refused")).toContain(
      ru("console.override_refused", { reason: "" }).trim(),
    );
    expect(await page.innerText("#dry-deaths")).toContain("player4");
    // The seats' orders, the log, the chats: all as before (no order and no status was given for real).
    expect(await footprint()).toEqual(before);
    const p1 = await h.database.db.select().from(inputs).where(eq(inputs.gameId, gameId));
    expect(p1.filter((i) => i.type === "gm")).toEqual([]);

    // The real resolution (review mode: a draft) says what the dry run said.
    await h.resolvePhase(gameId);
    const [draft] = await h.database.db.select().from(resolutions).where(eq(resolutions.gameId, gameId));
    expect(draft?.status).toBe("draft");
    await page.goto(`${base()}/review`);
    expect((await page.inputValue("#edit-text")).trim()).toBe(newspaper.trim());
    expect(newspaper).toContain("player4");
  });

  it("Re-run from the page resolves the phase again from the log, as /gm rerun does: a GM's correction given in Discord is in the new draft", async () => {
    const [first] = await h.database.db.select().from(resolutions).where(eq(resolutions.gameId, gameId));
    // The GM changes the maniac's order in Discord now (a correction): the draft no longer matches the log.
    const corrected = await h.slash(gm, "gm order", {
      player: u(1),
      action: "kill",
      target: "p3",
      game: NAME,
    });
    expect(contentOf(corrected)).toContain("player3");
    await page.goto(`${base()}/review`);
    expect(await page.innerText("main")).toContain(ru("console.draft_held"));
    // Still the old draft: player4 dies in it.
    const stale = (await page.inputValue("#edit-text")).trim();
    expect(stale).toContain("player4");

    await page.click("#review-rerun");
    expect(await page.innerText("#flash")).toBe(ru("console.review_done.rerun"));
    const rows = await h.database.db.select().from(resolutions).where(eq(resolutions.gameId, gameId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(first?.id);
    expect(rows[0]?.status).toBe("draft");
    // The new draft is what the dry run said with the same order tried in it.
    const fresh = (await page.inputValue("#edit-text")).trim();
    expect(fresh).toBe(tried.newspaper.trim());
    expect(fresh).toContain("player3");
    expect(fresh).not.toContain("player4");
    const reruns = (await h.database.db.select().from(inputs).where(eq(inputs.gameId, gameId))).filter(
      (i) => i.type === "control" && i.userId === gm && JSON.stringify(i.payload).includes("rerun"),
    );
    expect(reruns).toHaveLength(1);
    // Nothing went out to the players: the newspaper holds no results yet.
    const [paper] = await h.database.db.select().from(chats).where(eq(chats.chatKey, "newspaper"));
    expect(h.emu.messages(paper?.discordId ?? "").map((m) => String(m["content"]))).not.toContain(fresh);
  });

  it("the review page holds, edits and publishes the draft through the service, logged under the GM", async () => {
    await page.click("#review-hold");
    expect(await page.innerText("#flash")).toBe(ru("console.review_done.hold"));
    const [held] = await h.database.db.select().from(resolutions).where(eq(resolutions.gameId, gameId));
    expect(held?.status).toBe("held");

    await page.fill("#edit-text", "Утро. Ночь прошла по-новому.");
    await page.click("#review-edit");
    expect(await page.innerText("#flash")).toBe(ru("console.review_done.edit"));
    expect(await page.inputValue("#edit-text")).toBe("Утро. Ночь прошла по-новому.");

    await page.click("#review-publish");
    expect(await page.innerText("#flash")).toBe(ru("console.review_done.publish"));
    await h.drain(gameId);
    const [published] = await h.database.db.select().from(resolutions).where(eq(resolutions.gameId, gameId));
    expect(published?.status).toBe("published");
    const [paper] = await h.database.db.select().from(chats).where(eq(chats.chatKey, "newspaper"));
    const posted = h.emu.messages(paper?.discordId ?? "").map((m) => String(m["content"]));
    expect(posted).toContain("Утро. Ночь прошла по-новому.");
    expect((await h.service.currentPhase(gameId))?.index).toBe(1);
    // Nothing waits now; the buttons are gone.
    expect(await page.locator("#no-draft").count()).toBe(1);
    expect(await page.locator("#review-publish").count()).toBe(0);

    const logged = await h.database.db.select().from(inputs).where(eq(inputs.gameId, gameId));
    const controls = logged.filter((i) => i.type === "control" && i.userId === gm);
    expect(
      controls.map((c) => (c.payload as { action?: string }).action ?? JSON.stringify(c.payload)),
    ).toEqual(
      expect.arrayContaining([
        expect.stringContaining("hold"),
        expect.stringContaining("edit"),
        expect.stringContaining("publish"),
      ]),
    );
  });

  it("a refusal named in the review page's address is shown with its arguments; a wrong one breaks nothing", async () => {
    const shown = async (query: string) => {
      const response = await page.goto(`${base()}/review?${query}`);
      expect(response?.status()).toBe(200);
      return (await page.locator("#error").count()) === 1 ? await page.innerText("#error") : null;
    };
    const params = encodeURIComponent(JSON.stringify({ max: 12 }));
    expect(await shown(`error=game.full&error_params=${params}`)).toBe(t("ru", "game.full", { max: 12 }));
    // A key whose message needs an argument the address lacks, bad JSON, an unknown key: no refusal.
    expect(await shown("error=game.full")).toBeNull();
    expect(await shown("error=game.full&error_params=%7Bnot-json")).toBeNull();
    expect(await shown("error=no.such.key")).toBeNull();
  });

  it("the log is a timeline filtered by type, seat and phase; the model shows the ruleset's own data", async () => {
    await page.goto(`${base()}/log?type=control`);
    const types = await page.$$eval("#log tr", (rows) => rows.map((r) => r.getAttribute("data-type")));
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(["control"]));
    // In words: the step, not its id (the logged JSON is folded under "details").
    const controls = await page.innerText("#log");
    expect(controls).toContain(ru("console.control.publish"));
    expect(controls).toContain(ru("console.log_kind.control"));
    expect(controls).not.toContain('"publish"');
    await page.goto(`${base()}/log?seat=p1`);
    const seat = await page.innerText("#log");
    expect(seat).toContain("Убить → player4");
    // A player's own order names the player's account, not a Discord id.
    expect(seat).not.toContain(u(1));
    expect(seat).not.toContain(ru("console.control.publish"));
    await page.goto(`${base()}/model`);
    expect(await page.locator("[data-model]").count()).toBeGreaterThan(0);
  });

  it("the log page exports the game's log as the reveal will attach it, to its GMs only", async () => {
    await page.goto(`${base()}/log`);
    const links = await page.$$eval("#log-export a", (as) => as.map((a) => a.getAttribute("href") ?? ""));
    expect(links).toEqual([
      `/console/g/${gameId}/export/game-log.json`,
      `/console/g/${gameId}/export/game-log.txt`,
    ]);
    const json = await page.request.get(`${h.consoleUrl}${links[0] ?? ""}`);
    expect(json.status()).toBe(200);
    expect(json.headers()["content-disposition"]).toBe('attachment; filename="game-log.json"');
    const log = (await json.json()) as {
      ruleset: string;
      setup: { players: { id: string; role: string }[] };
      phases: { phase: string }[];
      replay: { inputs: unknown[] };
    };
    expect(log.ruleset).toBe("classic");
    // The GM's copy holds every role, the published phases and the whole input log.
    expect(log.setup.players.every((p) => p.role.length > 0)).toBe(true);
    expect(log.phases.length).toBeGreaterThan(0);
    expect(JSON.stringify(log.replay.inputs)).toContain('"p4"');
    const text = await page.request.get(`${h.consoleUrl}${links[1] ?? ""}`);
    expect(text.status()).toBe(200);
    expect(await text.text()).toContain("player4");
    // Without the GM's session: refused, nothing of the game.
    const stranger = await fetch(`${h.consoleUrl}${links[0] ?? ""}`);
    expect(stranger.status).toBe(403);
    expect(await stranger.text()).not.toContain("player4");
  });

  it("every page reads in Russian after a played night: no raw id, key or English outside the folded technical parts", async () => {
    const names = new Set([NAME, "Forum", "owner", ...h.guild.members.map((m) => m.username)]);
    const found: string[] = [];
    for (const path of ["", "live", "dry-run", "review", "log", "model"]) {
      await page.goto(`${base()}/${path}`);
      const text = `${await page.innerText("header")}\n${await page.innerText("main")}`;
      for (const p of problems({ where: "console page", text, mentions: false }, "ru", names))
        found.push(`/${path}: ${p}`);
    }
    expect(found).toEqual([]);
  });
});

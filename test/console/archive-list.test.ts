import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games, guildSettings } from "../../src/db/schema/index.js";
import type { Lang } from "../../src/engine/types.js";
import { t } from "../../src/i18n/index.js";
import { contentOf, startHarness, type Harness, type Json } from "../bot/harness.js";
import { openTable } from "../bot/tables.js";
import { device, launchBrowser } from "./browser.js";

/**
 * The optional public listing of a server's archives (docs/community.md) in a real browser: off
 * by default (its address shows nothing); `/settings public_archives` is for Manage Server only
 * and answers the address; the page lists the server's finished games (ranked only, or all with
 * the unranked marked), newest first, each linking its archive, never a running game or one ended
 * from its lobby, in the server's language; turned off, the address shows nothing again.
 * `LISTING_SCREENSHOT=1` writes docs/images/archive-list.png.
 */

let h: Harness;
let browser: Browser;

beforeAll(async () => {
  h = await startHarness(6, { console: true });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

const slash = async (user: string, line: string, options: Json = {}) =>
  (await h.emu.user(user).slash(h.lobby, line, options).reply(60_000)) as Json;
const tokenOfGame = async (name: string) =>
  (await h.database.db.select().from(games).where(eq(games.name, name)))[0]?.archiveToken ?? "";

/** A classic table of 4 dealt by the GM, started and ended by its GM's `/game end`. */
async function finishedGame(lang: Lang, name: string, create: Json = {}): Promise<void> {
  const g = await openTable(h, {
    lang,
    ruleset: "classic",
    name,
    seats: 4,
    create,
    assign: { 1: { role: "maniac" }, 2: { role: "doctor" }, 3: { role: "citizen" }, 4: { role: "citizen" } },
  });
  expect(contentOf(await g.gmDoes("game end"))).toBe(t(lang, "game.ended_done", { name }));
  await g.drain();
  // The next game ends later on the harness's clock: the listing is newest first.
  h.clock.advance(60_000);
}

describe("the public listing of a server's archives", { timeout: 240_000 }, () => {
  let address = "";

  it("is off by default and only a member who manages the server turns it on; the answer gives its address", async () => {
    await slash(h.guild.ownerId, "settings", { language: "en" });
    const [row] = await h.database.db
      .select()
      .from(guildSettings)
      .where(eq(guildSettings.guildId, h.guild.id));
    expect(row?.archiveList).toBe("off");
    const off = await fetch(`${h.consoleUrl}/archives/${row?.archiveListToken ?? ""}`);
    expect(off.status).toBe(404);
    expect(await off.text()).toContain(t("en", "archive.not_found"));

    const member = h.guild.members[0]?.id ?? "";
    expect(contentOf(await slash(member, "settings", { public_archives: "all" }))).toBe(
      t("en", "settings.manage_only"),
    );
    const on = contentOf(await slash(h.guild.ownerId, "settings", { public_archives: "ranked" }));
    address = `${h.consoleUrl}/archives/${row?.archiveListToken ?? ""}`;
    expect(on).toContain(t("en", "archive.list_on", { scope: "ranked", url: address }));
  });

  it("lists the finished games (ranked, or all) linking their archives, never a running game or a lobby that ended", async () => {
    await finishedGame("en", "Spring ranked");
    await finishedGame("en", "Practice round", { ranked: false });
    await finishedGame("en", "Summer ranked");
    // Ended from its lobby: no archive, not listed.
    await slash(h.guild.ownerId, "game create", { ruleset: "mayor", name: "Never started" });
    await slash(h.guild.ownerId, "game end", { game: "Never started" });
    // Still running: not listed.
    await openTable(h, { lang: "en", ruleset: "classic", name: "Autumn running", seats: 4 });

    const { context, page } = await device(browser);
    expect((await page.goto(address))?.status()).toBe(200);
    expect(await page.title()).toBe(t("en", "archive.list_title"));
    expect(await page.innerText("main")).toContain(t("en", "archive.list_intro", { scope: "ranked" }));
    const ranked = await page.locator("#archives li").allInnerTexts();
    expect(ranked.map((r) => r.split("\n")[0]?.trim())).toEqual(["Summer ranked", "Spring ranked"]);
    expect(ranked[0]).toContain("Classic mafia: two clans");
    const text = await page.innerText("main");
    for (const hidden of ["Practice round", "Never started", "Autumn running"])
      expect(text).not.toContain(hidden);

    // Each row links its archive: the browser follows it.
    await page.click("text=Spring ranked");
    await page.waitForURL(`**/archive/${await tokenOfGame("Spring ranked")}`);
    expect(await page.title()).toBe(t("en", "archive.title", { name: "Spring ranked" }));

    // All games: the unranked one too, marked.
    await slash(h.guild.ownerId, "settings", { public_archives: "all" });
    await page.goto(address);
    const all = await page.locator("#archives li").allInnerTexts();
    expect(all.map((r) => r.split("\n")[0]?.trim())).toEqual([
      "Summer ranked",
      `Practice round (${t("en", "archive.list_unranked")})`,
      "Spring ranked",
    ]);
    if (process.env["LISTING_SCREENSHOT"] === "1")
      await page.screenshot({ path: "docs/images/archive-list.png", fullPage: true });
    await context.close();
  });

  it("follows the server's language, and shows nothing once turned off", async () => {
    await slash(h.guild.ownerId, "settings", { language: "ru" });
    const { context, page } = await device(browser);
    await page.goto(address);
    expect(await page.title()).toBe(t("ru", "archive.list_title"));
    expect(await page.innerText("main")).toContain(t("ru", "archive.list_intro", { scope: "all" }));
    expect(await page.innerText("#archives")).toContain(`${t("ru", "archive.list_ended")}: `);
    expect(await page.innerText("#archives")).toContain(t("ru", "archive.list_unranked"));

    expect(contentOf(await slash(h.guild.ownerId, "settings", { public_archives: "off" }))).toContain(
      t("ru", "archive.list_off"),
    );
    expect((await page.goto(address))?.status()).toBe(404);
    expect(await page.innerText("main")).toContain(t("ru", "archive.not_found"));
    await context.close();
  });
});

import { DateTime } from "luxon";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../src/engine/types.js";
import { t } from "../../src/i18n/index.js";
import { contentOf, startHarness, type Harness } from "../bot/harness.js";
import { openTable } from "../bot/tables.js";
import { launchBrowser, linkOf } from "./browser.js";

/**
 * The console's overview shows the phase's deadline in the game's zone, labelled with that zone,
 * to a GM whose browser runs in another zone (New York; the game is on Moscow time), and follows
 * /gm extend, pause and resume (issue 31 item 4), in both languages.
 */

let h: Harness;
let browser: Browser;
beforeAll(async () => {
  h = await startHarness(12, { console: true });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

describe.each<Lang>(["en", "ru"])("the console's deadline (%s)", (lang) => {
  it("is the game's zone as labelled, for a GM in another zone, and follows the GM's changes", async () => {
    const table = await openTable(h, { lang, ruleset: "classic", name: `Zone ${lang}`, seats: 5 });
    const link = linkOf(contentOf(await table.gmDoes("gm console")));
    const context = await browser.newContext({ timezoneId: "America/New_York", locale: lang });
    const page = await context.newPage();
    await page.goto(link);
    await page.click("#enter");
    await page.waitForLoadState();
    const shown = async () => {
      await page.reload();
      return page.innerText("main");
    };
    const inMoscow = (at: Date) =>
      DateTime.fromJSDate(at, { zone: "Europe/Moscow" }).setLocale(lang).toFormat("d MMM yyyy, HH:mm");
    const inNewYork = (at: Date) =>
      DateTime.fromJSDate(at, { zone: "America/New_York" }).setLocale(lang).toFormat("d MMM yyyy, HH:mm");

    const first = (await h.service.currentPhase(table.id))?.deadlineAt;
    if (!first) throw new Error("no deadline");
    let text = await shown();
    expect(text).toContain(inMoscow(first));
    expect(text).not.toContain(inNewYork(first));
    const label = DateTime.fromJSDate(first, { zone: "Europe/Moscow" }).setLocale(lang).offsetNameLong ?? "";
    expect(text).toContain(label);

    await table.gmDoes("gm extend", { minutes: 180 });
    const moved = new Date(first.getTime() + 180 * 60_000);
    text = await shown();
    expect(text).toContain(inMoscow(moved));
    expect(text).not.toContain(inMoscow(first));

    expect(contentOf(await table.gmDoes("gm pause"))).toBe(t(lang, "gm.paused"));
    expect(await shown()).toContain(t(lang, "console.paused"));
    h.clock.advance(60 * 60_000);
    await table.gmDoes("gm resume");
    const resumed = (await h.service.currentPhase(table.id))?.deadlineAt;
    if (!resumed) throw new Error("no deadline after resume");
    text = await shown();
    expect(text).toContain(inMoscow(resumed));
    expect(text).not.toContain(t(lang, "console.paused"));
    await context.close();
    await h.service.end(table.id, table.gm);
  }, 120_000);
});

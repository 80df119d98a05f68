import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games } from "../../src/db/schema/index.js";
import { drainOutbox } from "../../src/discord/outbox.js";
import { t } from "../../src/i18n/index.js";
import { silentLog, startHarness, type Harness } from "../bot/harness.js";
import { openTable, type Table } from "../bot/tables.js";
import { device, launchBrowser } from "./browser.js";

/**
 * The public archive of a finished game (docs/community.md) in a real browser: the reveal links
 * it; without any sign-in it shows the roles, every phase (newspaper, deaths, the vote's tally, the
 * orders now revealed) and the fairness check the server ran, in the server's language, with
 * game-log.json to download. A running game's address shows nothing; under masks the page names
 * masks only. `ARCHIVE_SCREENSHOT=1` writes docs/images/archive.png.
 */

let h: Harness;
let browser: Browser;
const ru = (key: string, params: Record<string, string | number> = {}) => t("ru", key, params);

beforeAll(async () => {
  h = await startHarness(6, { console: true });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

const tokenOf = async (id: string) =>
  (await h.database.db.select().from(games).where(eq(games.id, id)))[0]?.archiveToken ?? "";

/** Night 0: the maniac kills seat 4; day 1: seats 2 and 3 vote the maniac; the last phase is resolved and
 * delivered as the worker does with a public URL, so that the reveal links the archive. */
async function playToTheEnd(g: Table): Promise<void> {
  await g.panel(1, "kill", ["p4"], undefined, true);
  await g.force();
  await g.as(2, "vote", { choice: "vote>p1" });
  await g.as(3, "vote", { choice: "vote>p1" });
  await g.slash(g.gm, "gm force", { game: g.name });
  const phase = await h.service.currentPhase(g.id);
  if (!phase) throw new Error("no open phase");
  h.clock.advance(60_000);
  await h.service.resolveDue(g.id, phase.index, null);
  await drainOutbox({ db: h.database.db, rest: h.rest, log: silentLog, publicUrl: h.consoleUrl ?? "" }, g.id);
  expect((await g.state()).ended).toBe(true);
}

describe("the public archive", { timeout: 180_000 }, () => {
  let g: Table;
  let link = "";

  it("a running game's address shows nothing of it", async () => {
    g = await openTable(h, {
      lang: "ru",
      ruleset: "classic",
      name: "Осенний архив",
      seats: 4,
      assign: {
        1: { role: "maniac" },
        2: { role: "doctor" },
        3: { role: "citizen" },
        4: { role: "citizen" },
      },
    });
    const early = await fetch(`${h.consoleUrl}/archive/${await tokenOf(g.id)}`);
    expect(early.status).toBe(404);
    const text = await early.text();
    expect(text).toContain(ru("archive.not_found"));
    expect(text).not.toContain("Осенний архив");
    expect(text).not.toContain("player1");
    expect((await fetch(`${h.consoleUrl}/archive/${"0".repeat(64)}`)).status).toBe(404);
  });

  it("the reveal links the archive; the page shows roles, phases, tallies, orders and the verified fairness, in Russian", async () => {
    await playToTheEnd(g);
    const newspaper = await g.newspaper();
    link = /<(https?:\/\/[^>\s]+\/archive\/[0-9a-f]{64})>/.exec(newspaper)?.[1] ?? "";
    expect(link).toBe(`${h.consoleUrl}/archive/${await tokenOf(g.id)}`);

    const { context, page } = await device(browser);
    const response = await page.goto(link);
    expect(response?.status()).toBe(200);
    expect(await context.cookies()).toEqual([]);
    const text = await page.innerText("main");
    expect(await page.title()).toBe(ru("archive.title", { name: "Осенний архив" }));
    expect(text).toContain(ru("archive.winners", { winners: "Мирные жители" }));
    const roles = await page.innerText("#roles");
    for (const word of ["player1", "Маньяк", "player2", "Врач", "player3", "Мирный житель"])
      expect(roles).toContain(word);
    expect(text).toContain("Ночь 0");
    expect(text).toContain("День 1");
    // Night 0's orders, secret while the game ran, now revealed; day 1's ballot as it closed.
    expect(text).toMatch(/player1: .*player4/);
    expect(await page.innerText(".phase:first-of-type")).toContain("player4");
    expect(await page.innerText(".tally")).toContain("player2, player3");
    const verdict = await page.innerText("#verdict");
    expect(verdict).toMatch(/^подтверждено/);
    expect(await page.innerText("#fairness")).toMatch(/[0-9a-f]{64}/);
    if (process.env["ARCHIVE_SCREENSHOT"] === "1")
      await page.screenshot({ path: "docs/images/archive.png", fullPage: true });

    const download = await fetch(new URL(String(await page.getAttribute("#download", "href")), link));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("game-log.json");
    const log = (await download.json()) as { ruleset: string; final: { winners: string[] } };
    expect(log.ruleset).toBe("classic");
    expect(log.final.winners).toEqual(["town"]);
    await context.close();
  });

  it("a masked game's archive names the masks, not the accounts behind them", async () => {
    const masked = await openTable(h, {
      lang: "ru",
      ruleset: "classic",
      name: "Маскарад",
      seats: 4,
      create: { masks: "masks" },
      assign: {
        1: { role: "maniac" },
        2: { role: "doctor" },
        3: { role: "citizen" },
        4: { role: "citizen" },
      },
    });
    await masked.drain();
    await masked.force();
    await masked.gmDoes("game end");
    await masked.drain();
    expect((await h.service.game(masked.id)).status).toBe("ended");
    const { context, page } = await device(browser);
    await page.goto(`${h.consoleUrl}/archive/${await tokenOf(masked.id)}`);
    const text = await page.innerText("main");
    expect(text).toContain(ru("archive.masks_only"));
    expect(text).toContain("Маньяк");
    for (const account of ["player1", "player2", "player3", "player4"]) expect(text).not.toContain(account);
    await context.close();
  });
});

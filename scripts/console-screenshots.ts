/**
 * Screenshots of the GM console's main views for the README and docs/console.md:
 * docs/images/console-<view>.png. Plays a short Russian classic game (review mode) and a regnum
 * game through the same stack as the browser tests (test/bot/harness.ts: the Discord emulator,
 * the real bot, Postgres, Redis) and photographs each view in Debian's chromium.
 *
 *     npx tsx scripts/console-screenshots.ts
 *
 * Needs what the tests need (Postgres and Redis as in test/support/env.ts, /usr/bin/chromium or
 * CHROMIUM_PATH). The overview is taken at a phone's width, the rest at a laptop's.
 */
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { games } from "../src/db/schema/index.js";
import { rulesetOrThrow, loadState } from "../src/games/state.js";
import type { RState } from "../src/rulesets/regnum/state.js";
import { contentOf, startHarness, type Harness } from "../test/bot/harness.js";
import { launchBrowser, linkOf } from "../test/console/browser.js";

const OUT = process.env["OUT_DIR"] ?? "docs/images";
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1100, height: 760 };

async function signIn(h: Harness, browser: Browser, gm: string, game: string, phone: boolean): Promise<Page> {
  const context = await browser.newContext({
    viewport: phone ? PHONE : LAPTOP,
    deviceScaleFactor: 1,
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  await page.goto(linkOf(contentOf(await h.slash(gm, "gm console", { game }))));
  await page.click("#enter");
  await page.waitForURL(/\/console\/g\//);
  return page;
}

/** The view's first screen; `height` takes more of a long page (kept modest: PNGs under 200 KB). */
async function shoot(page: Page, view: string, height?: number): Promise<void> {
  const path = `${OUT}/console-${view}.png`;
  const width = page.viewportSize()?.width ?? LAPTOP.width;
  await page.screenshot(height ? { path, fullPage: true, clip: { x: 0, y: 0, width, height } } : { path });
  console.log(path);
}

async function classic(browser: Browser): Promise<void> {
  const h = await startHarness(6, { console: true });
  try {
    const gm = h.guild.ownerId;
    const users = h.guild.members.map((m) => m.id);
    const name = "Ночной дозор";
    await h.slash(gm, "settings", { language: "ru" });
    await h.slash(gm, "game create", { ruleset: "classic", name, publish: "review" });
    const [game] = await h.database.db.select().from(games).where(eq(games.name, name));
    const gameId = game?.id ?? "";
    const roles = ["maniac", "doctor", "commissar", "citizen", "citizen", "citizen"];
    for (const [i, role] of roles.entries()) {
      await h.slash(users[i] ?? "", "game join", { game: name });
      await h.slash(gm, "game assign", { user: users[i] ?? "", role, game: name });
    }
    await h.slash(gm, "game start", { game: name });
    await h.drain(gameId);
    await h.slash(users[0] ?? "", "order", { action: "kill", target: "p4", game: name });
    await h.slash(users[2] ?? "", "order", { action: "check", target: "p1", game: name });
    const base = `${h.consoleUrl}/console/g/${gameId}`;

    const phone = await signIn(h, browser, gm, name, true);
    await shoot(phone, "overview");
    await phone.context().close();

    const page = await signIn(h, browser, gm, name, false);
    await page.goto(`${base}/live`);
    await page.waitForSelector('#acted [data-seat="p1"]');
    await shoot(page, "live");

    await page.goto(`${base}/dry-run`);
    await page.click("details summary");
    // The maniac's kill moved to player3, in the dry run only; the form folded for the picture.
    const kill = await page.$$eval('#try-order select[name="offer"] option', (list) =>
      list
        .filter((o) => (o.getAttribute("value") ?? "").startsWith("p1|") && o.textContent?.includes("Убить"))
        .map((o) => o.getAttribute("value") ?? "")
        .at(0),
    );
    await page.selectOption('#try-order select[name="offer"]', kill ?? "");
    await page.selectOption('#try-order select[name="target"]', "p3");
    await page.click('#try-order button[type="submit"]');
    await page.$eval("details", (d) => d.removeAttribute("open"));
    await shoot(page, "dry-run");

    await h.resolvePhase(gameId);
    await page.goto(`${base}/review`);
    await shoot(page, "review");

    await page.goto(`${base}/log`);
    await shoot(page, "log");
    await page.context().close();
  } finally {
    await h.close();
  }
}

async function regnum(browser: Browser): Promise<void> {
  const h = await startHarness(13, { console: true });
  try {
    const gm = h.guild.ownerId;
    const name = "Королевство";
    const options = {
      units: [
        { id: "К1", army: "royal", type: "fire_elemental", location: "regnum" },
        { id: "К2", army: "royal", type: "squad", location: "norsland" },
        { id: "Н1", army: "norsland", type: "mammoth", location: "norsland" },
      ],
      treasuries: { royal: { crowns: 120, items: ["Корона"] }, parliament: { crowns: 45, items: [] } },
      wars: [["royal", "norsland"]],
      relations: { "regnum-norsland": "enemy" },
    };
    await h.slash(gm, "settings", { language: "ru" });
    await h.slash(gm, "game create", { ruleset: "regnum", name, options: JSON.stringify(options) });
    const [game] = await h.database.db.select().from(games).where(eq(games.name, name));
    const gameId = game?.id ?? "";
    for (const m of h.guild.members.filter((m) => m.id !== gm).slice(0, 12))
      await h.slash(m.id, "game join", { game: name });
    await h.slash(gm, "game start", { game: name });
    await h.drain(gameId);
    const state = (await loadState(h.database.db, gameId, rulesetOrThrow("regnum"))).state as RState;
    const owner = state.players.find((p) => p.posts.includes("commander_royal"))?.id ?? null;
    await h.service.gm(gameId, gm, {
      action: "create_units",
      targets: [],
      params: { army: "royal", type: "snowmen", owner, location: "regnum" },
    });
    await h.service.gm(gameId, gm, {
      action: "case_entry",
      targets: ["p3"],
      params: { source: "ksb", text: "Замечен у дворца ночью" },
    });
    const page = await signIn(h, browser, gm, name, false);
    await page.goto(`${h.consoleUrl}/console/g/${gameId}/model`);
    await shoot(page, "model", 1500);
    await page.context().close();
  } finally {
    await h.close();
  }
}

const browser = await launchBrowser();
try {
  await classic(browser);
  await regnum(browser);
} finally {
  await browser.close();
}
process.exit(0);

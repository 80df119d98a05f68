import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games } from "../../src/db/schema/index.js";
import type { Lang } from "../../src/engine/types.js";
import { loadState, rulesetOrThrow } from "../../src/games/state.js";
import { t } from "../../src/i18n/index.js";
import type { RState } from "../../src/rulesets/regnum/state.js";
import { contentOf, startHarness, type Harness } from "../bot/harness.js";
import { problems } from "../support/texts.js";
import { device, launchBrowser, linkOf } from "./browser.js";

/**
 * Regnum's model on the GM console, in a real browser: countries with their rulers and forces,
 * armies with their units, treasuries and purses, the case file and the appearances, with the
 * values of the game's state, named in the game's language (no raw id, no other language) —
 * Russian first, then the same game with the server switched to English.
 */

let h: Harness;
let browser: Browser;
let gm: string;
let gameId: string;
let page: Page;
let state: RState;
const NAME = "Королевство";
const base = () => `${h.consoleUrl}/console/g/${gameId}`;
const OPTIONS = {
  units: [
    { id: "К1", army: "royal", type: "fire_elemental", location: "regnum" },
    { id: "К2", army: "royal", type: "squad", location: "norsland" },
    { id: "Н1", army: "norsland", type: "mammoth", location: "norsland" },
  ],
  treasuries: { royal: { crowns: 120, items: ["Корона"] }, parliament: { crowns: 45, items: [] } },
  wars: [["royal", "norsland"]],
  relations: { "regnum-norsland": "enemy" },
};

beforeAll(async () => {
  h = await startHarness(13, { console: true });
  gm = h.guild.ownerId;
  await h.slash(gm, "settings", { language: "ru" });
  await h.slash(gm, "game create", { ruleset: "regnum", name: NAME, options: JSON.stringify(OPTIONS) });
  const [game] = await h.database.db.select().from(games).where(eq(games.name, NAME));
  gameId = game?.id ?? "";
  for (const m of h.guild.members.filter((m) => m.id !== gm).slice(0, 12))
    await h.slash(m.id, "game join", { game: NAME });
  expect(contentOf(await h.slash(gm, "game start", { game: NAME }))).not.toContain("/game start");
  await h.drain(gameId);
  // The GM's own entries: a unit for a seat, a case-file entry.
  const first = (await loadState(h.database.db, gameId, rulesetOrThrow("regnum"))).state as RState;
  const owner = first.players.find((p) => p.posts.includes("commander_royal"))?.id ?? "p12";
  for (const action of [
    {
      action: "create_units",
      targets: [],
      params: { army: "royal", type: "snowmen", owner, location: "regnum" },
    },
    { action: "case_entry", targets: ["p3"], params: { source: "ksb", text: "Замечен у дворца ночью" } },
  ]) {
    const done = await h.service.gm(gameId, gm, action);
    expect(done.value.accepted).toBe(true);
  }
  // A player's order (a free-form order to the GM) and one the rules refuse, for the live view and the log.
  const seats = await h.service.players(gameId);
  const user = (seat: string) => seats.find((x) => x.seatId === seat)?.userId ?? "";
  const given = await h.service.submit(gameId, user("p5"), {
    action: "order",
    targets: [],
    params: { text: "Обыскать склад у ворот" },
  });
  expect(given.value.accepted).toBe(true);
  const refused = await h.service.submit(gameId, user("p6"), {
    action: "ksb_check",
    targets: ["p6"],
    params: {},
  });
  expect(refused.value.accepted).toBe(false);
  state = (await loadState(h.database.db, gameId, rulesetOrThrow("regnum"))).state as RState;
  browser = await launchBrowser();
  page = (await device(browser)).page;
  await page.goto(linkOf(contentOf(await h.slash(gm, "gm console", { game: NAME }))));
  await page.click("#enter");
  await page.waitForURL(`${base()}/`);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

/** The table's own words: accounts, appearances, the game's and the GM's items' names. */
async function words(): Promise<Set<string>> {
  // "Forum owner": the GM's shown name in the emulator.
  const out = new Set<string>([NAME, "Корона", "Forum", "owner"]);
  for (const m of h.guild.members) out.add(m.username);
  for (const p of await h.service.players(gameId)) out.add(p.displayName);
  for (const p of state.players) out.add(p.appearance);
  for (const u of state.data.units) out.add(u.id);
  return out;
}

/** What the page shows a reader of `lang` (the folded engine data aside) that should not be there. */
async function textProblems(lang: Lang): Promise<string[]> {
  // Rendered text only: the folded engine data shows its summary line, not its contents.
  if ((await page.locator("#engine-data").count()) > 0)
    expect(await page.$eval("#engine-data", (d) => d.hasAttribute("open"))).toBe(false);
  const text = `${await page.innerText("header")}\n${await page.innerText("main")}`;
  return problems({ where: "console page", text, mentions: false }, lang, await words());
}

const nameOf = (seat: string) => {
  const p = state.players.find((x) => x.id === seat);
  return p?.appearance ?? seat;
};

describe("regnum's model on the console", { timeout: 120_000 }, () => {
  it("shows countries, armies with their units, treasuries, the case file and the appearances with the state's values, in Russian", async () => {
    await page.goto(`${base()}/model`);
    const king = state.players.find((p) => p.posts.includes("king"));
    const regnum = await page.innerText('[data-country="regnum"]');
    expect(regnum).toContain("Регнум");
    expect(regnum).toContain(nameOf(king?.id ?? ""));
    expect(regnum).toContain("Королевские ВС");
    expect(regnum).toContain("Норсленд: враги");
    expect(await page.innerText('[data-model="countries"]')).toContain("Королевские ВС — ВС Норсленда");

    const royal = await page.innerText('[data-army="royal"]');
    expect(royal).toContain("юнитов: 3");
    expect(await page.innerText('[data-unit="К1"]')).toContain("огненный элементаль");
    expect(await page.innerText('[data-unit="К2"]')).toContain("Норсленд");
    const snowmen = state.data.units.find((u) => u.type === "snowmen");
    const made = await page.innerText(`[data-unit="${snowmen?.id}"]`);
    expect(made).toContain("отряд снеговиков");
    expect(made).toContain(nameOf(snowmen?.owner ?? ""));
    expect(await page.innerText('[data-unit="Н1"]')).toContain("мамонт");
    const commander = state.players.find((p) => p.posts.includes("commander_royal"));
    expect(royal).toContain(nameOf(commander?.id ?? ""));

    const treasury = await page.innerText('[data-treasury="royal"]');
    expect(treasury).toContain("Королевская казна");
    expect(treasury).toContain("120");
    expect(treasury).toContain("Корона");
    expect(await page.innerText('[data-treasury="parliament"]')).toContain("45");
    const purse = state.players[0];
    const row = await page.innerText(`[data-character="${purse?.id}"]`);
    expect(row).toContain(String(purse?.crowns));

    const entry = await page.innerText('[data-case="1"]');
    expect(entry).toContain("КСБ");
    expect(entry).toContain(t("ru", "console.regnum.case_gm_entry"));
    expect(entry).toContain(nameOf("p3"));
    expect(entry).toContain("Замечен у дворца ночью");

    // Each appearance with the account behind it (the name it joined with, not its mask).
    expect(await page.locator("[data-appearance]").count()).toBe(12);
    const seats = await h.service.players(gameId);
    for (const p of state.players) {
      const userId = seats.find((s) => s.seatId === p.id)?.userId;
      const account = h.guild.members.find((m) => m.id === userId)?.username ?? "?";
      const shown = await page.innerText(`[data-appearance="${p.appearance}"]`);
      expect(shown).toContain(p.appearance);
      expect(shown).toContain(account);
    }

    // The engine's data is all there too, folded.
    expect(await page.locator('#engine-data [data-model="raw:units"]').count()).toBe(1);
    expect(await textProblems("ru")).toEqual([]);
    if (process.env["SHOT"]) await page.screenshot({ path: process.env["SHOT"], fullPage: true });
  });

  it("every page of the console reads in Russian: no raw id, key or English", async () => {
    const found: string[] = [];
    await page.goto(`${base()}/live`);
    expect(await page.innerText("#acted")).toContain("Обыскать склад у ворот");
    await page.goto(`${base()}/log`);
    expect(await page.innerText("#log")).toContain("Обыскать склад у ворот");
    expect(await page.locator("#log tr.bad").count()).toBeGreaterThan(0);
    for (const path of ["", "live", "dry-run", "review", "log", "model"]) {
      await page.goto(`${base()}/${path}`);
      for (const p of await textProblems("ru")) found.push(`/${path}: ${p}`);
    }
    expect(found).toEqual([]);
  });

  it("in English when the server's language is English", async () => {
    await h.slash(gm, "settings", { language: "en" });
    await page.goto(`${base()}/model`);
    expect(await page.innerText('[data-country="regnum"]')).toContain("Royal Armed Forces");
    expect(await page.innerText('[data-unit="К1"]')).toContain("fire elemental");
    expect(await page.innerText('[data-treasury="royal"]')).toContain("Royal treasury");
    expect(await page.innerText('[data-case="1"]')).toContain(t("en", "console.regnum.case_gm_entry"));
    // The GM's and the players' own Russian words (an item, a case note, an order) are the table's,
    // not the bot's: only raw ids and keys count here.
    const found: string[] = [];
    for (const path of ["", "live", "dry-run", "review", "log", "model"]) {
      await page.goto(`${base()}/${path}`);
      for (const p of await textProblems("en"))
        if (!p.startsWith("Russian in an English game")) found.push(`/${path}: ${p}`);
    }
    expect(await page.innerText("header")).toContain(t("en", "console.sign_out"));
    expect(found).toEqual([]);
    await h.slash(gm, "settings", { language: "ru" });
  });
});

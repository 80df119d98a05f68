import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games, maskRelays, publicPosts } from "../../src/db/schema/index.js";
import { maskNames } from "../../src/games/masks.js";
import { drainOutbox } from "../../src/discord/outbox.js";
import { t } from "../../src/i18n/index.js";
import { silentLog, startHarness, type Harness } from "../bot/harness.js";
import { openTable, type Table } from "../bot/tables.js";
import { device, launchBrowser } from "./browser.js";

/**
 * The public archive of a finished game (docs/community.md) in a real browser: the reveal links
 * it; without any sign-in it shows the roles, every phase (newspaper, the public posts as they
 * stand, deaths, the vote's tally, the orders now revealed) and the fairness check the server ran, in the server's language, with
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

/** Polls `check` until it holds: the bot handles a player's message in its own time. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const keptPosts = (gameId: string) =>
  h.database.db.select().from(publicPosts).where(eq(publicPosts.gameId, gameId));

/** Night 0: the maniac kills seat 4 (and `night` runs); day 1 (`day` runs first): seats 2 and 3 vote the
 * maniac; the last phase is resolved and delivered as the worker does with a public URL, so that the reveal
 * links the archive. */
async function playToTheEnd(
  g: Table,
  talk: { night?: () => Promise<void>; day?: () => Promise<void> } = {},
): Promise<void> {
  await g.panel(1, "kill", ["p4"], undefined, true);
  await talk.night?.();
  await g.force();
  await talk.day?.();
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
        2: { role: "commissar" },
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

  it("the reveal links the archive; the page shows roles, phases, public posts, tallies, orders and the verified fairness, in Russian", async () => {
    // Players talk in the town square's thread of the day (docs/secrecy.md, "Voices").
    let town = "";
    const say = (n: number, text: string) => String(h.emu.user(g.user(n)).send(town, text)["id"]);
    let voiceless = "";
    await playToTheEnd(g, {
      // The commissar's own secret chat is never public.
      night: async () => {
        h.emu.user(g.user(2)).send(await g.channel("police"), "Тайное слово комиссара");
      },
      day: async () => {
        town = await h.talkChannel(g.id, "town");
        say(2, "Доброе утро, город.");
        const edited = say(3, "Голосую за <b>player2</b>");
        const deleted = say(2, "Это я потом удалю");
        voiceless = say(1, "Я простой житель, честно");
        await until(async () => (await keptPosts(g.id)).length === 4, "the four posts kept");
        h.emu.user(g.user(3)).edit(town, edited, { content: "Передумал: голосую за <b>player1</b>" });
        h.emu.user(g.user(2)).delete(town, deleted);
        await until(async () => {
          const rows = await keptPosts(g.id);
          return (
            rows.some((r) => r.content.startsWith("Передумал")) &&
            rows.some((r) => r.messageId === deleted && r.deletedAt !== null)
          );
        }, "the edit and the deletion kept");
      },
    });
    // After the day its thread is locked and archived: Discord refuses the maniac's edit of his
    // day post, and the archive keeps what he said while he had a voice.
    expect(() => h.emu.user(g.user(1)).edit(town, voiceless, { content: "Ладно, это был я" })).toThrow();
    expect(h.emu.messages(town).find((m) => m["id"] === voiceless)?.["content"]).toBe(
      "Я простой житель, честно",
    );
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
    for (const word of ["player1", "Маньяк", "player2", "Комиссар", "player3", "Мирный житель"])
      expect(roles).toContain(word);
    expect(text).toContain("Ночь 0");
    expect(text).toContain("День 1");
    // Night 0's orders, secret while the game ran, now revealed; day 1's ballot as it closed.
    expect(text).toMatch(/player1: .*player4/);
    expect(await page.innerText(".phase:first-of-type")).toContain("player4");
    expect(await page.innerText(".tally")).toContain("player2, player3");
    // Day 1's public posts, in order, by seat, as they stand: the edit's last text (escaped, not markup),
    // neither the deleted post, nor the edit Discord refused after the day, nor the secret chat.
    const night = await page.locator(".phase").nth(0).innerText();
    const day = await page.locator(".phase").nth(1).innerText();
    expect(night).toContain(ru("archive.no_posts"));
    expect(day).toContain(ru("archive.posts"));
    expect(day).toMatch(
      /player2:\s*Доброе утро, город\.[\s\S]*player3:\s*Передумал: голосую за <b>player1<\/b>/,
    );
    expect(day).toContain(`(${ru("archive.edited")})`);
    expect(day).toMatch(/player1:\s*Я простой житель, честно/);
    expect(day).toContain("Городская площадь");
    for (const gone of ["Голосую за <b>player2</b>", "Это я потом удалю", "Ладно, это был я"])
      expect(text).not.toContain(gone);
    expect(text).not.toContain("Тайное слово");
    expect(await page.locator(".posts .text b", { hasText: "player1" }).count()).toBe(0);
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

  it("a masked game's archive names the masks, not the accounts behind them, also as the authors of its public posts", async () => {
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
    // Day 1: seat 2 speaks in the town square under his mask, edits it; seat 3 speaks and deletes it.
    const town = await masked.channel("town");
    const speak = async (n: number, options: Record<string, string>) =>
      h.emu.user(masked.user(n)).slash(town, "say", options).reply(60_000);
    const relays = async () =>
      (await h.database.db.select().from(maskRelays).where(eq(maskRelays.gameId, masked.id))).filter(
        (r) => !r.idempotencyKey.includes("#"),
      );
    /** Waits until the relay has delivered `count` rows of `kind` (the command answers before it does). */
    const delivered = async (kind: "post" | "edit" | "delete", count: number) => {
      const rows = async () => (await relays()).filter((r) => r.kind === kind);
      await until(async () => (await rows()).length === count, `${count} ${kind} said`);
      await masked.drain();
      await until(async () => (await rows()).every((r) => r.status === "done"), `${count} ${kind} delivered`);
    };
    await speak(2, { text: "Маска думает вслух" });
    await speak(3, { text: "Маска передумает и сотрёт" });
    await delivered("post", 2);
    const postOf = async (n: number) => (await relays()).find((r) => r.userId === masked.user(n));
    const second = await postOf(2);
    await speak(2, { text: "Маска уверена: <i>виноват</i> первый", edit: String(second?.id) });
    await speak(3, { delete: String((await postOf(3))?.id) });
    await delivered("edit", 1);
    await delivered("delete", 1);
    await masked.gmDoes("game end");
    await masked.drain();
    expect((await h.service.game(masked.id)).status).toBe("ended");
    const { context, page } = await device(browser);
    await page.goto(`${h.consoleUrl}/archive/${await tokenOf(masked.id)}`);
    const text = await page.innerText("main");
    expect(text).toContain(ru("archive.masks_only"));
    expect(text).toContain("Маньяк");
    for (const account of ["player1", "player2", "player3", "player4"]) expect(text).not.toContain(account);
    const mask = (await maskNames(h.database.db, masked.id)).get(second?.seatId ?? "") ?? "";
    expect(mask).not.toBe("");
    const day = await page.locator(".phase").nth(1).innerText();
    expect(day).toContain(`${mask}:`);
    expect(day).toContain("Маска уверена: <i>виноват</i> первый");
    expect(text).not.toContain("Маска думает вслух");
    expect(text).not.toContain("Маска передумает");
    await context.close();
  });
});

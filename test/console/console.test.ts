import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConsoleAuth, LINK_TTL_MS } from "../../src/console/auth.js";
import { consoleTokens, games } from "../../src/db/schema/index.js";
import { t } from "../../src/i18n/index.js";
import { contentOf, isEphemeral, startHarness, type Harness } from "../bot/harness.js";
import { until } from "../worker/support.js";
import { device, launchBrowser, linkOf } from "./browser.js";

/**
 * The GM web console in a real browser (Debian's chromium): a GM signs in with the link of
 * `/gm console` and sees the whole game; a player, an outsider, an expired or a reused link, a
 * forged cookie and a cookie of another game are refused with a page that shows nothing of it.
 */

let h: Harness;
let browser: Browser;
let gm: string;
let gameId: string;
const users: string[] = [];
const u = (i: number) => users[i - 1] ?? "";
const ru = (key: string, params: Record<string, string | number> = {}) => t("ru", key, params);
const NAME = "Осенний сезон";
/** What only the GMs may see: the roles of the seats (Russian, the server's language). */
const SECRETS = ["Маньяк", "Врач", "Мирный житель"];

beforeAll(async () => {
  h = await startHarness(6, { console: true });
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
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function consoleLink(userId: string, game = NAME): Promise<string> {
  const reply = await h.slash(userId, "gm console", { game });
  expect(isEphemeral(reply)).toBe(true);
  return linkOf(contentOf(reply));
}

/** Opens a link on a fresh device and presses the button; the page it ends on. */
async function enter(link: string) {
  const d = await device(browser);
  await d.page.goto(link);
  await d.page.click("#enter");
  await d.page.waitForLoadState();
  return d;
}

/** A refusal shows why and how to get a new link, and nothing of the game. */
async function expectRefusal(text: string, reason: string) {
  expect(text).toContain(ru(`console.refused.${reason}`));
  for (const secret of [NAME, ...SECRETS, "player1", "player2"]) expect(text).not.toContain(secret);
}

describe("the GM web console", { timeout: 120_000 }, () => {
  it("the GM opens the link of /gm console and sees every seat, chat and the phase, in the game's language", async () => {
    const link = await consoleLink(gm);
    const { context, page } = await enter(link);
    expect(new URL(page.url()).pathname).toBe(`/console/g/${gameId}/`);
    const cookie = (await context.cookies()).find((c) => c.name === "gm_console");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Strict");
    expect(cookie?.path).toBe(`/console/g/${gameId}/`);
    const text = await page.innerText("main");
    for (const [i, role] of SECRETS.entries()) {
      const card = await page.innerText(`[data-seat="p${i + 1}"]`);
      expect(card).toContain(`player${i + 1}`);
      expect(card).toContain(role);
      expect(card).toContain(u(i + 1));
    }
    expect(await page.innerText('[data-seat="p4"]')).toContain("Мирный");
    expect(text).toContain(ru("console.section.chats"));
    expect(await page.locator("[data-chat]").count()).toBeGreaterThan(0);
    expect(text).toContain(ru("console.deadline"));
    expect(text).toContain(ru("console.deadline_kind.resolve"));
    await context.close();
  });

  it("a link works once: opened again, it is refused as used; an expired link is refused", async () => {
    const link = await consoleLink(gm);
    // A second device opens the link first (a preview would too) but does not press the button.
    const opened = await device(browser);
    expect((await opened.page.goto(link))?.status()).toBe(200);
    const first = await enter(link);
    expect(new URL(first.page.url()).pathname).toBe(`/console/g/${gameId}/`);
    await first.context.close();
    // Its button is refused now, and so is the link opened again.
    await opened.page.click("#enter");
    await expectRefusal(await opened.page.innerText("body"), "used");
    expect((await opened.context.cookies()).length).toBe(0);
    const response = await opened.page.goto(link);
    expect(response?.status()).toBe(403);
    await expectRefusal(await opened.page.innerText("body"), "used");
    await opened.context.close();

    const late = await consoleLink(gm);
    h.clock.advance(LINK_TTL_MS + 1_000);
    const expired = await device(browser);
    expect((await expired.page.goto(late))?.status()).toBe(403);
    await expectRefusal(await expired.page.innerText("body"), "expired");
    await expired.context.close();
  });

  it("a sign-in posted from another site, or with neither Origin nor Referer, is refused in both languages and spends nothing (login CSRF)", async () => {
    const link = await consoleLink(gm);
    const token = new URL(link).searchParams.get("t") ?? "";
    const d = await device(browser);
    for (const headers of [
      { origin: "https://evil.example" },
      { origin: "null" },
      { referer: "https://evil.example/page" },
      {},
    ]) {
      const posted = await d.page.request.post(`${h.consoleUrl}/console/enter`, {
        form: { t: token },
        headers,
        maxRedirects: 0,
      });
      expect(posted.status()).toBe(403);
      expect(posted.headers()["set-cookie"]).toBeUndefined();
      const text = await posted.text();
      expect(text).toContain(t("ru", "console.refused.cross_site").replace(/"/g, "&quot;"));
      expect(text).toContain(t("en", "console.refused.cross_site").replace(/'/g, "&#39;"));
      for (const secret of [NAME, ...SECRETS]) expect(text).not.toContain(secret);
    }
    expect((await d.context.cookies()).length).toBe(0);
    await d.context.close();
    // The link was not spent: its GM opens it from the console's own page.
    const mine = await enter(link);
    expect(new URL(mine.page.url()).pathname).toBe(`/console/g/${gameId}/`);
    await mine.context.close();
  });

  it("a player and an outsider get no link, and a link issued to either is refused", async () => {
    for (const userId of [u(1), u(5)]) {
      const reply = await h.slash(userId, "gm console", { game: NAME });
      expect(contentOf(reply)).not.toContain("/console/enter");
      expect(contentOf(reply)).toContain(ru("game.gm_only"));
    }
    const auth = new ConsoleAuth(h.database.db, h.clock, (g, id) => h.service.isGm(g, id));
    for (const userId of [u(1), u(5)]) {
      const { token } = await auth.issueLink(gameId, userId);
      const d = await device(browser);
      const response = await d.page.goto(`${h.consoleUrl}/console/enter?t=${token}`);
      expect(response?.status()).toBe(403);
      await expectRefusal(await d.page.innerText("body"), "not_gm");
      expect(await d.page.locator("#enter").count()).toBe(0);
      // Posting the token anyway gets no session either.
      const posted = await d.page.request.post(`${h.consoleUrl}/console/enter`, { form: { t: token } });
      expect(posted.status()).toBe(403);
      expect((await d.context.cookies()).length).toBe(0);
      await d.context.close();
    }
  });

  it("Sign out on every page ends the session on the server and deletes the cookie; a kept copy opens nothing, another device stays in", async () => {
    const base = `/console/g/${gameId}/`;
    const first = await enter(await consoleLink(gm));
    const other = await enter(await consoleLink(gm));
    const kept = (await first.context.cookies()).find((c) => c.name === "gm_console")?.value ?? "";
    expect(kept).toHaveLength(43);
    for (const path of ["", "live", "dry-run", "review", "log", "model"]) {
      await first.page.goto(`${h.consoleUrl}${base}${path}`);
      const button = first.page.locator("#sign-out");
      expect(await button.isVisible()).toBe(true);
      expect((await button.innerText()).trim()).toBe(ru("console.sign_out"));
    }
    // A second tab of the same device follows the phase live; signing out ends its stream too.
    const live = await first.context.newPage();
    await live.goto(`${h.consoleUrl}${base}live`);
    await live.waitForSelector(".live-dot.on");

    await first.page.click("#sign-out");
    await first.page.waitForURL(/\/console\/signed-out/);
    expect(await first.page.innerText("main")).toContain(ru("console.signed_out"));
    for (const secret of [NAME, ...SECRETS, "player1"])
      expect(await first.page.innerText("body")).not.toContain(secret);
    expect((await first.context.cookies()).filter((c) => c.name === "gm_console")).toEqual([]);
    await live.waitForSelector(".live-dot:not(.on)");
    for (const path of ["", "live", "log"]) {
      const response = await first.page.goto(`${h.consoleUrl}${base}${path}`);
      expect(response?.status()).toBe(403);
    }
    const sessions = await h.database.db
      .select()
      .from(consoleTokens)
      .where(and(eq(consoleTokens.kind, "session"), eq(consoleTokens.gameId, gameId)));
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.map((r) => r.hash)).not.toContain(createHash("sha256").update(kept).digest("hex"));

    // The same cookie put back (a copy kept elsewhere) is refused: the server forgot the session.
    await first.context.addCookies([{ name: "gm_console", value: kept, url: `${h.consoleUrl}${base}` }]);
    const again = await first.page.goto(`${h.consoleUrl}${base}`);
    expect(again?.status()).toBe(403);
    await expectRefusal(await first.page.innerText("body"), "no_session");
    await first.context.close();

    // The GM's other device keeps its own session.
    const still = await other.page.goto(`${h.consoleUrl}${base}`);
    expect(still?.status()).toBe(200);
    expect(await other.page.innerText('[data-seat="p1"]')).toContain("Маньяк");
    await other.context.close();
  });

  it("a session ends when its account is no longer a GM; forged cookies and another game's cookie are refused", async () => {
    // A co-GM signs in, then loses the GM seat: the next request is refused.
    await h.slash(gm, "gm add", { user: u(6), game: NAME });
    const coGm = await enter(await consoleLink(u(6)));
    expect(new URL(coGm.page.url()).pathname).toBe(`/console/g/${gameId}/`);
    await h.slash(gm, "gm remove", { user: u(6), game: NAME });
    const reload = await coGm.page.reload();
    expect(reload?.status()).toBe(403);
    await expectRefusal(await coGm.page.innerText("body"), "no_session");
    await coGm.context.close();

    // A member with the server's GM role is a GM of every game: in while he holds the role.
    const gmRole = h.emu.createRole(h.guild.id, { name: "Ведущие" });
    await h.slash(gm, "settings", { gm_role: gmRole });
    h.emu.setMemberRoles(h.guild.id, u(6), [gmRole]);
    const serverGm = await enter(await consoleLink(u(6)));
    expect(new URL(serverGm.page.url()).pathname).toBe(`/console/g/${gameId}/`);
    expect(await serverGm.page.innerText('[data-seat="p1"]')).toContain("Маньяк");
    h.emu.setMemberRoles(h.guild.id, u(6), []);
    await until(async () => (await serverGm.page.reload())?.status() === 403);
    await expectRefusal(await serverGm.page.innerText("body"), "no_session");
    await serverGm.context.close();

    const outsider = await device(browser);
    await outsider.context.addCookies([
      { name: "gm_console", value: "A".repeat(43), url: `${h.consoleUrl}/console/g/${gameId}/` },
    ]);
    const forged = await outsider.page.goto(`${h.consoleUrl}/console/g/${gameId}/`);
    expect(forged?.status()).toBe(403);
    await expectRefusal(await outsider.page.innerText("body"), "no_session");
    await outsider.context.close();

    // The GM's session of one game opens nothing of another.
    await h.slash(gm, "game create", { ruleset: "classic", name: "Другая" });
    const [other] = await h.database.db.select().from(games).where(eq(games.name, "Другая"));
    const mine = await enter(await consoleLink(gm, NAME));
    const [session] = await mine.context.cookies();
    await mine.context.addCookies([
      { name: "gm_console", value: session?.value ?? "", url: `${h.consoleUrl}/console/g/${other?.id}/` },
    ]);
    const crossed = await mine.page.goto(`${h.consoleUrl}/console/g/${other?.id}/`);
    expect(crossed?.status()).toBe(403);
    await mine.context.close();
  });
});

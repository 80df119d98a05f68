import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats, deadlines, games, outbox } from "../../src/db/schema/index.js";
import { drainOutbox } from "../../src/discord/outbox.js";
import { rulesetOrThrow } from "../../src/games/state.js";
import { discordTime } from "../../src/games/time.js";
import { t } from "../../src/i18n/index.js";
import type { RunningWorker } from "../../src/worker/worker.js";
import { contentOf, silentLog, startHarness, textOf, type Harness, type Json } from "../bot/harness.js";
import { startHarnessWorker } from "../bot/harness-worker.js";
import { until } from "../worker/support.js";
import { device, launchBrowser } from "./browser.js";

/**
 * The community's whole journey of one game (issue 33, docs/community.md), as its users live it,
 * through the Discord emulator, the real worker on the harness's clock and Chromium: the GM opens
 * timed sign-ups for a table of 4; four members press Join on the sign-up post and a fifth lands
 * on the bench; the close starts the game (the GM's deal, so the game is fixed); the GM's
 * `/gm replace` without `with` seats the bench's first substitute; the game is played to its end;
 * `/stats` counts it (the substitute's entry included); the reveal links the archive, and the
 * browser reads there the roles, the phases, the verified fairness check and the download.
 */

let h: Harness;
let worker: RunningWorker | undefined;
let browser: Browser;
const ru = (key: string, params: Record<string, string | number> = {}) => t("ru", key, params);

beforeAll(async () => {
  h = await startHarness(6, { console: true });
  worker = await startHarnessWorker(h, { publicUrl: h.consoleUrl ?? "" });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await h?.close();
});

const name = "Осенняя запись";
const gameRow = async () => {
  const [game] = await h.database.db.select().from(games).where(eq(games.name, name));
  if (!game) throw new Error(`no game ${name}`);
  return game;
};
const settled = (gameId: string) =>
  until(async () => {
    const rows = await h.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, gameId), eq(outbox.status, "pending")));
    return rows.length === 0;
  });
/** Moves the clock to `at` and lets the worker run every job of the game then due. */
async function fireAt(gameId: string, at: Date): Promise<void> {
  h.clock.set(at);
  const pending = () =>
    h.database.db
      .select()
      .from(deadlines)
      .where(and(eq(deadlines.gameId, gameId), eq(deadlines.status, "pending")));
  for (const row of (await pending()).filter((r) => r.dueAt.getTime() <= at.getTime())) {
    const job = await h.queue.getJob(row.jobId);
    if (job && (await job.isDelayed())) await job.promote();
  }
  await until(async () => (await pending()).every((r) => r.dueAt.getTime() > at.getTime()));
  await settled(gameId);
}
const slash = async (user: string, line: string, options: Json = {}, channel = h.lobby) =>
  (await h.emu.user(user).slash(channel, line, options).reply(60_000)) as Json;
const buttonsOf = (message: Json) =>
  ((message["components"] ?? []) as { components: Json[] }[]).flatMap((r) => r.components);

describe("a game from its sign-ups to its archive", { timeout: 300_000 }, () => {
  it("sign-ups, the bench, the close, a substitute, the end, /stats and the archive in Chromium", async () => {
    const gm = h.guild.ownerId;
    const u = (n: number) => h.guild.members[n - 1]?.id ?? "";
    await slash(gm, "settings", { language: "ru" });

    // The GM opens sign-ups for two hours, a table of exactly 4.
    const closeAt = new Date(h.clock.now().getTime() + 2 * 3_600_000);
    const typed = DateTime.fromJSDate(closeAt, { zone: "Europe/Moscow" }).toFormat("dd.MM HH:mm");
    const created = await slash(gm, "game create", {
      ruleset: "classic",
      name,
      signup_until: typed,
      min_players: 4,
      max_players: 4,
    });
    expect(contentOf(created)).toContain(name);
    const game = await gameRow();
    await settled(game.id);
    const post = () => {
      const found = h.emu
        .messages(h.lobby)
        .find((m) => String(m["content"]).startsWith("📋") && String(m["content"]).includes(name));
      if (!found) throw new Error("no sign-up post");
      return found;
    };
    const join = async (n: number) =>
      (await h.emu.user(u(n)).click(String(post()["id"]), `signup:join:${game.id}`).reply(60_000)) as Json;

    // Four take seats by the post's Join button; the fifth goes on the bench.
    for (const n of [1, 2, 3, 4]) expect(contentOf(await join(n))).toBe(ru("game.joined", { name, seat: n }));
    expect(contentOf(await join(5))).toBe(ru("bench.joined", { name, max: 4, place: 1 }));
    await settled(game.id);
    expect(String(post()["content"])).toBe(
      ru("signup.post", {
        name,
        ruleset: rulesetOrThrow("classic").name.ru,
        count: 4,
        max: 4,
        min: 4,
        bench: 1,
        has_bench: "yes",
        when: discordTime(closeAt),
      }),
    );
    // /game status of the lobby: the close and the bench.
    const status = textOf(await slash(u(5), "game status", { game: name }));
    expect(status).toContain(ru("status.signups_open", { when: discordTime(closeAt), min: 4, max: 4 }));
    expect(status).toContain(`${ru("status.bench", { count: 1 })}: 1. player5`);

    // The GM deals the table himself, so the game is the same every run.
    for (const [n, role] of [
      [1, "maniac"],
      [2, "doctor"],
      [3, "citizen"],
      [4, "citizen"],
    ] as const)
      expect(contentOf(await slash(gm, "game assign", { game: name, user: u(n), role }))).not.toMatch(
        /^Не принято/,
      );

    // The close, by the worker at its time, starts the game; the post loses its buttons.
    await fireAt(game.id, closeAt);
    expect((await gameRow()).status).toBe("running");
    expect(buttonsOf(post())).toEqual([]);
    await worker?.stop();
    worker = undefined;
    await h.drain(game.id);

    // The GM gives seat 3 to the bench's first substitute; he reads the seat's role.
    expect(contentOf(await slash(gm, "gm replace", { game: name, player: u(3) }))).toBe(
      ru("gm.replaced", { to: "player5", from: "player3" }),
    );
    await h.drain(game.id);
    expect(textOf(await slash(u(5), "role", { game: name }))).toContain("Мирный житель");

    // Night 0: the maniac kills seat 4 from his orders panel.
    const panel = await slash(u(1), "order", { game: name });
    const kill = buttonsOf(panel).find((c) => String(c["custom_id"]).endsWith(":kill"));
    if (!kill) throw new Error("no kill on the maniac's panel");
    await h.emu.user(u(1)).select(String(panel["id"]), String(kill["custom_id"]), ["p4"]).reply(60_000);
    expect(contentOf(await slash(gm, "gm force", { game: name }))).toBe(ru("gm.forced"));
    await h.resolvePhase(game.id);
    // Day 1: the doctor and the substitute vote the maniac out; the town wins.
    await slash(u(2), "vote", { game: name, choice: "vote>p1" });
    await slash(u(5), "vote", { game: name, choice: "vote>p1" });
    await slash(gm, "gm force", { game: name });
    const phase = await h.service.currentPhase(game.id);
    if (!phase) throw new Error("no open phase");
    h.clock.advance(60_000);
    await h.service.resolveDue(game.id, phase.index, null);
    await drainOutbox(
      { db: h.database.db, rest: h.rest, log: silentLog, publicUrl: h.consoleUrl ?? "" },
      game.id,
    );
    expect((await h.service.state(game.id)).ended).toBe(true);

    // /stats reads the finished game: the substitute played it to the end and won.
    const substitute = contentOf(await slash(u(5), "stats member"));
    expect(substitute).toContain(ru("stats.member_title", { name: "player5" }));
    expect(substitute).toContain("Игр: 1 · побед 1");
    expect(substitute).toContain(ru("stats.member_replacements", { in: 1, out: 0 }));
    expect(contentOf(await slash(u(3), "stats member"))).toContain(
      ru("stats.member_replacements", { in: 0, out: 1 }),
    );

    // The reveal in the newspaper links the archive.
    const [paper] = await h.database.db
      .select()
      .from(chats)
      .where(and(eq(chats.gameId, game.id), eq(chats.chatKey, "newspaper")));
    const newspaper = h.emu
      .messages(paper?.discordId ?? "")
      .map((m) => String(m["content"] ?? ""))
      .join("\n");
    const link = /<(https?:\/\/[^>\s]+\/archive\/[0-9a-f]{64})>/.exec(newspaper)?.[1] ?? "";
    expect(link).toBe(`${h.consoleUrl}/archive/${(await gameRow()).archiveToken}`);
    expect(newspaper).toContain(ru("archive.reveal_link", { url: link }));

    // Chromium, signed in nowhere, opens it.
    const { context, page } = await device(browser);
    expect((await page.goto(link))?.status()).toBe(200);
    expect(await page.title()).toBe(ru("archive.title", { name }));
    const text = await page.innerText("main");
    expect(text).toContain(ru("archive.winners", { winners: "Мирные жители" }));
    const roles = await page.innerText("#roles");
    for (const word of ["player1", "Маньяк", "player2", "Врач", "player5", "Мирный житель"])
      expect(roles).toContain(word);
    expect(text).toContain("Ночь 0");
    expect(text).toContain("День 1");
    expect(await page.innerText(".tally")).toContain("player2, player5");
    expect(await page.innerText("#verdict")).toMatch(/^подтверждено/);
    const download = await fetch(new URL(String(await page.getAttribute("#download", "href")), link));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("game-log.json");
    const log = (await download.json()) as { ruleset: string; final: { winners: string[] } };
    expect(log.final.winners).toEqual(["town"]);
    await context.close();
  });
});

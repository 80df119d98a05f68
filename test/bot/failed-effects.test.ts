import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../src/engine/types.js";
import { renderMetrics } from "../../src/http/metrics.js";
import { createHttpServer, healthRoutes } from "../../src/http/server.js";
import { outboxHealth } from "../../src/http/shared-state.js";
import { t } from "../../src/i18n/index.js";
import { eq } from "drizzle-orm";
import { outbox } from "../../src/db/schema/index.js";
import { contentOf, silentLog, startHarness, textOf, type Harness, type Json } from "./harness.js";
import { openTable } from "./tables.js";

/**
 * An effect Discord refuses for good is never silent (issue 31 item 2): the GM room is told what
 * failed and why, in the server's language, with a Retry button that sends it again; /healthz and
 * the metrics count it meanwhile.
 */

let h: Harness;
let health: Awaited<ReturnType<typeof createHttpServer>>;
beforeAll(async () => {
  h = await startHarness(12);
  health = await createHttpServer({
    host: "127.0.0.1",
    port: 0,
    log: silentLog,
    plugins: [healthRoutes([], outboxHealth(h.database.db))],
  });
}, 60_000);
afterAll(async () => {
  await health?.close();
  await h?.close();
});

const failedOf = async (): Promise<{ failed: number; byGame: Record<string, number> }> => {
  const body = (await (await fetch(`${health.url}/healthz`)).json()) as {
    status: string;
    outbox: { failed: number; byGame: Record<string, number> };
  };
  expect(body.status).toBe("alive");
  return body.outbox;
};

const failedTotal = async (): Promise<number> => {
  const line = (await renderMetrics())
    .split("\n")
    .find((l) => l.startsWith('gm_outbox_failed_total{kind="post"}'));
  return Number(line?.split(" ").at(-1) ?? 0);
};

describe.each<Lang>(["en", "ru"])("an effect refused for good (%s)", (lang) => {
  it("is told to the GM room with why and a Retry that delivers it, and counted by /healthz and the metrics", async () => {
    const table = await openTable(h, {
      lang,
      ruleset: "classic",
      name: `Refused ${lang}`,
      seats: 5,
    });
    await table.drain();
    const before = await failedTotal();
    const words =
      lang === "en" ? "Hear ye, the market opens at dawn" : "Слушайте все: рынок откроется на рассвете";
    // Discord refuses the announcement twice (before and after the reconcile that would mend it).
    const clear = h.emu.injectFault({
      route: "POST /channels/{channel_id}/messages",
      status: 403,
      code: 50013,
      message: "Missing Permissions",
      times: 2,
    });
    expect(contentOf(await table.gmDoes("gm announce", { text: words }))).toBe(t(lang, "gm.announced"));
    const room = await table.channel("gm");
    const noticeOf = () =>
      h.emu.messages(room).find((m) => String(m["content"] ?? "").includes(t(lang, "outbox.why.50013")));
    // The notice is a row the failure adds: the drain takes it up when its pass ends.
    await h.drainUntil(table.id, () => noticeOf() !== undefined);
    clear();
    expect(await table.newspaper()).not.toContain(words);

    const notice = noticeOf();
    const text = String(notice?.["content"]);
    expect(text).toContain(words.slice(0, 20));
    expect(text).toContain("Missing Permissions");
    // Where it failed, as a link to the channel (Discord shows its name), never the layout's key.
    expect(text).toContain(`<#${await table.channel("newspaper")}>`);
    expect(text.startsWith(t(lang, "outbox.failed", { what: "", error: "" }).slice(0, 20))).toBe(true);
    expect(await failedTotal()).toBe(before + 1);
    const failed = await failedOf();
    expect(failed.byGame[table.id]).toBe(1);

    // The GM presses Retry: the announcement goes out, and nothing is counted as failed any more.
    const button = ((notice?.["components"] ?? []) as { components: Json[] }[])
      .flatMap((r) => r.components)
      .find((c) => String(c["custom_id"]).startsWith("outbox-retry:"));
    expect(button).toBeDefined();
    const answer = (await h.emu
      .user(table.gm)
      .click(String(notice?.["id"]), String(button?.["custom_id"]))
      .reply(60_000)) as Json;
    expect(contentOf(answer)).toBe(t(lang, "outbox.retrying"));
    await table.drain();
    expect(await table.newspaper()).toContain(words);
    expect((await failedOf()).byGame[table.id]).toBeUndefined();
    await h.service.end(table.id, table.gm);
  }, 180_000);

  it("is told by /game status to a GM when the GM room cannot be reached either, and Retry there sends it", async () => {
    const table = await openTable(h, { lang, ruleset: "classic", name: `Unreached ${lang}`, seats: 5 });
    await table.drain();
    const words = lang === "en" ? "The ferry leaves at noon" : "Паром отходит в полдень";
    // Discord refuses every post for a while: the announcement, then the notice to the GM room.
    const clear = h.emu.injectFault({
      route: "POST /channels/{channel_id}/messages",
      status: 403,
      code: 50001,
      message: "Missing Access",
    });
    await table.gmDoes("gm announce", { text: words });
    const rows = async () =>
      (await h.database.db.select().from(outbox).where(eq(outbox.gameId, table.id))).filter(
        (r) => r.status === "failed",
      ).length;
    await h.drainUntil(table.id, async () => (await rows()) >= 2);
    clear();
    expect(await table.newspaper()).not.toContain(words);

    // A player's /game status shows nothing of it; a GM's shows it with a Retry of them all.
    expect(textOf(await table.as(1, "game status"))).not.toContain(t(lang, "status.failed_title"));
    const status = await table.gmDoes("game status");
    expect(textOf(status)).toContain(
      `${t(lang, "status.failed_title")}: ${t(lang, "status.failed", { count: 1, error: "Missing Access" })}`,
    );
    const button = ((status["components"] ?? []) as { components: Json[] }[])
      .flatMap((r) => r.components)
      .find((c) => String(c["custom_id"]) === `outbox-retry:all:${table.id}`);
    expect(button, JSON.stringify(status["components"])).toBeDefined();
    const message = (status["id"] ?? "") as string;
    const answer = (await h.emu
      .user(table.gm)
      .click(message, String(button?.["custom_id"]))
      .reply(60_000)) as Json;
    expect(contentOf(answer)).toBe(t(lang, "outbox.retrying"));
    await table.drain();
    expect(await table.newspaper()).toContain(words);
    expect(await rows()).toBe(0);
    expect(textOf(await table.gmDoes("game status"))).not.toContain(t(lang, "status.failed_title"));
    await h.service.end(table.id, table.gm);
  }, 180_000);
});

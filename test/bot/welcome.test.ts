import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../src/engine/types.js";
import { t } from "../../src/i18n/index.js";
import { contentOf, startHarness, type Harness, type Json } from "./harness.js";

/**
 * A server that adds the bot (issue 31 item 4): its language is the server's preferred locale
 * (Russian for `ru`, English for any other) until /settings changes it, and the first-run line is
 * posted in the server, in that language, for whoever invited the bot.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness(1);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

async function until<T>(what: () => T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = what();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each<[string, Lang]>([
  ["ru", "ru"],
  ["en-US", "en"],
  ["de", "en"],
])("a server of locale %s adds the bot", (locale, lang) => {
  it(`speaks ${lang} there and greets whoever invited it`, async () => {
    const guild = h.emu.createGuild({ name: `Server ${locale}`, members: 1, locale, channels: ["general"] });
    const general = [...h.emu.state.channels.byId.values()].find(
      (c) => c.guild_id === guild.id && c.name === "general",
    );
    if (!general) throw new Error("no #general");
    const greeting = await until(() => h.emu.messages(general.id).at(0));
    expect(String(greeting["content"])).toBe(t(lang, "welcome.first_run"));
    const member = guild.members[0]?.id ?? "";
    const ask = async (userId: string, line: string, options: Json = {}) =>
      contentOf((await h.emu.user(userId).slash(general.id, line, options).reply(30_000)) as Json);
    expect(await ask(member, "game list")).toBe(t(lang, "list.empty"));

    // /settings changes it for good; the greeting is not posted again.
    const other: Lang = lang === "ru" ? "en" : "ru";
    await ask(guild.ownerId, "settings", { language: other });
    expect(await ask(member, "game list")).toBe(t(other, "list.empty"));
    expect(h.emu.messages(general.id)).toHaveLength(1);
  }, 60_000);
});

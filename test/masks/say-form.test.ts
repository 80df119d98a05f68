import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { t } from "../../src/i18n/index.js";
import { rulesetOrThrow } from "../../src/games/state.js";
import { contentOf, isEphemeral, startHarness, type Harness, type Json } from "../bot/harness.js";
import { gameByName } from "./curious-member.js";
import { seatsOf, whereReads } from "./masked-play.js";

/**
 * `/say` with no text opens a form for long text. The form is handled wherever it is sent, not
 * by the process that showed it: a bot that stops does not wait for open forms, and a form sent
 * after the restart is said all the same, once, under the speaker's mask.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness(6);
}, 60_000);
afterAll(async () => {
  await h.close();
});

async function maskedClassic(lang: "ru" | "en", name = `Form ${lang}`) {
  const gm = { id: h.guild.ownerId };
  await h.slash(gm.id, "settings", { language: lang });
  await h.slash(gm.id, "game create", { ruleset: "classic", name, masks: "masks" });
  const players = h.guild.members.slice(0, 4);
  for (const p of players) await h.slash(p.id, "game join", { game: name });
  // Two Italians, so their clan's chat has a speaker and another reader.
  const setups: Json[] = [
    { role: "mafia", faction: "italians", options: '{"don": true}' },
    { role: "mafia", faction: "italians" },
    { role: "commissar" },
    { role: "doctor" },
  ];
  for (const [i, p] of players.entries())
    await h.slash(gm.id, "game assign", { game: name, user: p.id, ...setups[i] });
  const started = await h.slash(gm.id, "game start", { game: name });
  expect(contentOf(started)).toMatch(/начал|started/i);
  const game = await gameByName(h, name);
  await h.drain(game.id);
  // A living writer of a secret chat of night 0, and where he and a fellow reader read it.
  const state = await h.service.state(game.id);
  const seats = await seatsOf(h, game.id);
  for (const chat of rulesetOrThrow("classic").chatLayout(state)) {
    if (chat.purpose || chat.writers.length === 0 || chat.readers.length < 2) continue;
    const writer = chat.writers[0] ?? "";
    const reader = chat.readers.find((r) => r !== writer) ?? "";
    const speaker = seats.find((s) => s.seatId === writer);
    const listener = seats.find((s) => s.seatId === reader);
    const where = await whereReads(h, game.id, chat.id, writer);
    const copy = await whereReads(h, game.id, chat.id, reader);
    if (speaker && listener && where && copy) return { game, speaker, listener, where, copy };
  }
  throw new Error("no secret chat with two readers");
}

describe("/say's form for long text", () => {
  for (const lang of ["en", "ru"] as const) {
    it(`${lang}: a form opened before the bot restarts is said after it, once, under the mask`, async () => {
      const { game, speaker, listener, where, copy } = await maskedClassic(lang);
      const user = h.emu.user(speaker.userId);
      const modal = (await user.slash(where, "say", {}).modal()) as Json;
      expect(String(modal["title"])).toBe(lang === "en" ? "Say under your mask" : "Сказать под маской");

      // Stopping does not wait for the form (a collector would have held it for 15 minutes).
      await h.restartBot();

      // Another member's modified client sends a form under the same custom id first: it is
      // refused privately and nothing is said.
      const forged = (await h.emu
        .user(listener.userId)
        .forgeModalSubmit(copy, String(modal["custom_id"]), { text: "forged by another member" })
        .reply(15_000)) as Json;
      expect(isEphemeral(forged)).toBe(true);
      expect(contentOf(forged)).toBe(t(lang, "mask.refuse.not_your_form"));

      const text = `${lang}: a long speech\nwith a second line`;
      const submitted = user.submitModal({ text });
      const reply = (await submitted.reply(15_000)) as Json;
      expect(isEphemeral(reply)).toBe(true);
      expect(contentOf(reply)).toBe(t(lang, "mask.sending.post", { name: speaker.mask }));
      // The worker delivers it and edits the answer.
      const sent = t(lang, "mask.sent.post", { name: speaker.mask });
      await h.drainUntil(game.id, () => contentOf(submitted.original() ?? {}) === sent);
      expect(contentOf(submitted.original() ?? {})).toBe(t(lang, "mask.sent.post", { name: speaker.mask }));
      const copies = (h.emu.user(listener.userId).read(copy, { limit: 50 }) as Json[]).filter(
        (m) => m["content"] === text,
      );
      expect(copies).toHaveLength(1);
      for (const [reader, chat] of [
        [listener.userId, copy],
        [speaker.userId, where],
      ] as const)
        expect(
          (h.emu.user(reader).read(chat, { limit: 50 }) as Json[]).some((m) =>
            String(m["content"]).includes("forged"),
          ),
        ).toBe(false);
      expect((copies[0]?.["author"] as Json)["username"]).toBe(speaker.mask);
    }, 180_000);
  }
});

describe("/say edit and /say delete", () => {
  for (const lang of ["en", "ru"] as const) {
    it(`${lang}: the speaker picks his message from autocomplete; every copy is edited, then deleted, and the answers say so`, async () => {
      const { game, speaker, listener, where, copy } = await maskedClassic(lang, `Edit ${lang}`);
      const said = h.emu.user(speaker.userId).slash(where, "say", { text: `${lang}: first draft` });
      await said.reply(15_000);
      const sent = t(lang, "mask.sent.post", { name: speaker.mask });
      await h.drainUntil(game.id, () => contentOf(said.original() ?? {}) === sent);
      const copies = () =>
        (h.emu.user(listener.userId).read(copy, { limit: 50 }) as Json[]).filter((m) =>
          String(m["content"]).startsWith(`${lang}: `),
        );
      expect(copies().map((m) => m["content"])).toEqual([`${lang}: first draft`]);

      // Autocomplete offers the speaker's own messages here, and nobody else's.
      const offered = await h.choices(speaker.userId, "say", { edit: "" }, "edit", where);
      expect(offered.map((c) => c.name)).toEqual([`${lang}: first draft`]);
      expect(await h.choices(listener.userId, "say", { edit: "" }, "edit", copy)).toEqual([]);
      const value = offered[0]?.value ?? "";

      const edit = h.emu
        .user(speaker.userId)
        .slash(where, "say", { edit: value, text: `${lang}: final text` });
      expect(contentOf(await edit.reply(15_000))).toBe(t(lang, "mask.sending.edit"));
      await h.drainUntil(game.id, () => contentOf(edit.original() ?? {}) === t(lang, "mask.sent.edit"));
      expect(copies().map((m) => m["content"])).toEqual([`${lang}: final text`]);

      // Another member cannot delete it, even naming its id.
      const forged = await h.emu.user(listener.userId).slash(copy, "say", { delete: value }).reply(15_000);
      expect(contentOf(forged)).toBe(t(lang, "mask.refuse.not_yours"));

      const remove = h.emu.user(speaker.userId).slash(where, "say", { delete: value });
      expect(contentOf(await remove.reply(15_000))).toBe(t(lang, "mask.sending.delete"));
      await h.drainUntil(game.id, () => contentOf(remove.original() ?? {}) === t(lang, "mask.sent.delete"));
      expect(copies()).toEqual([]);
    }, 180_000);
  }
});

describe("a button this bot no longer knows", () => {
  it("is answered privately as expired, in the server's language", async () => {
    const owner = h.guild.ownerId;
    await h.slash(owner, "settings", { language: "en" });
    // A message left by an older version of the bot, with a button it no longer handles.
    const message = (await h.rest.post(`/channels/${h.lobby}/messages`, {
      body: {
        content: "old panel",
        components: [{ type: 1, components: [{ type: 2, style: 1, label: "Old", custom_id: "legacy:42" }] }],
      },
    })) as Json;
    const reply = (await h.emu
      .user(h.guild.members[0]?.id ?? "")
      .click(String(message["id"]), "legacy:42")
      .reply()) as Json;
    expect(isEphemeral(reply)).toBe(true);
    expect(contentOf(reply)).toBe("This button or form has expired. Use the command again.");
  });
});

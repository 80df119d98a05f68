import { REST } from "@discordjs/rest";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { maskRelays, maskWebhooks, outbox } from "../../src/db/schema/index.js";
import { drainOutbox } from "../../src/discord/outbox.js";
import { MAX_ATTEMPTS, relayById } from "../../src/discord/masks/relay.js";
import { deleteSaid, editSaid, recentPosts, say, speakerIn } from "../../src/discord/masks/speak.js";
import { createMigratedDatabase } from "../support/db.js";
import { drain, maskedGame, sayAndDeliver } from "./support.js";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
beforeEach(async () => {
  database = await createMigratedDatabase();
});
afterEach(async () => {
  await database.drop();
});

const relayedIn = (env: Awaited<ReturnType<typeof maskedGame>>, channel: string) =>
  env.emu
    .messages(channel)
    .filter((m) => m["webhook_id"] !== undefined)
    .map((m) => String(m["content"]));

describe("what is said under a mask goes out through the game's outbox", () => {
  it("delivers in order, once, across rate limits, a lost webhook, a crash after delivery and a restart", async () => {
    const env = await maskedGame(database.db, { ruleset: "classic", size: 4, mode: "masks" });
    try {
      const thread = await env.channelOf("personal:p1");
      const speaker = await speakerIn(env.deps, thread, env.players[0] ?? "");

      // Persisted first, with its outbox row in the chat's lane; the same interaction is the same row.
      const first = await say(env.deps, speaker, { key: "k1", text: "m1" });
      const again = await say(env.deps, speaker, { key: "k1", text: "m1 (retried interaction)" });
      expect(again.value.id).toBe(first.value.id);
      expect(first.outbox).toBe(true);
      expect(again.version).toBeGreaterThan(first.version ?? 0);
      const rows = await database.db.select().from(outbox).where(eq(outbox.kind, "relay"));
      expect(rows.map((r) => r.lane)).toEqual([speaker.chatKey]);
      await say(env.deps, speaker, { key: "k2", text: "m2" });
      await say(env.deps, speaker, { key: "k3", text: "m3" });
      env.emu.forceRateLimit("POST /webhooks/{webhook_id}/{webhook_token}", 80);
      expect((await drain(env.deps, env.game.id)).done).toBe(3);
      expect(relayedIn(env, thread)).toEqual(["m1", "m2", "m3"]);

      // A crash after Discord accepted m3 but before the drain recorded it.
      const [m3] = await database.db.select().from(maskRelays).where(eq(maskRelays.idempotencyKey, "k3"));
      await database.db
        .update(maskRelays)
        .set({ status: "sending", messageId: null })
        .where(eq(maskRelays.id, m3?.id ?? 0));
      await database.db
        .update(outbox)
        .set({ status: "pending" })
        .where(eq(outbox.dedupeKey, `${env.game.id}:relay:k3`));
      await say(env.deps, speaker, { key: "k4", text: "m4" });
      await say(env.deps, speaker, { key: "k5", text: "m5" });
      // The webhook is lost meanwhile (a moderator reset it): the next delivery fails once and
      // makes a new one.
      await database.db.update(maskWebhooks).set({ token: "reset-by-a-moderator" });
      env.emu.forceRateLimit("POST /webhooks/{webhook_id}/{webhook_token}", 50);

      // Restart: a new worker process (new REST client) drains what is pending.
      const rest = new REST({ api: env.emu.apiBase, retries: 1 }).setToken(env.emu.botToken);
      const restarted = { ...env.deps, rest };
      const recovered = await drain(restarted, env.game.id);
      expect(recovered.failed).toBe(0);
      expect(relayedIn(env, thread)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
      const m3after = await relayById(env.deps, m3?.id ?? 0);
      expect(m3after?.status).toBe("done");
      expect(m3after?.messageId).toBe(m3?.messageId);
      const [m4] = await database.db.select().from(maskRelays).where(eq(maskRelays.idempotencyKey, "k4"));
      expect(m4?.attempts).toBe(2); // 10015 once, then a new webhook
      // Nothing left to do: a second drain sends nothing.
      expect((await drainOutbox(restarted, env.game.id)).done).toBe(0);
      expect(relayedIn(env, thread)).toHaveLength(5);
    } finally {
      await env.emu.close();
    }
  }, 60_000);

  it("a message that keeps failing is given up after its attempts; the chat goes on in order", async () => {
    const env = await maskedGame(database.db, { ruleset: "classic", size: 4, mode: "masks" });
    try {
      const thread = await env.channelOf("personal:p2");
      const speaker = await speakerIn(env.deps, thread, env.players[1] ?? "");
      const stop = env.emu.injectFault({ route: "POST /webhooks/{webhook_id}/{webhook_token}", status: 503 });
      const bad = await say(env.deps, speaker, { key: "bad", text: "while Discord fails" });
      await say(env.deps, speaker, { key: "good", text: "after the failure" });
      const badRow = eq(outbox.dedupeKey, `${env.game.id}:relay:bad`);
      // Each attempt fails and waits (the drain's backoff, cut short here); the message after it
      // in the chat waits behind it until it is given up.
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const result = await drainOutbox(env.deps, env.game.id);
        expect(relayedIn(env, thread)).toEqual([]);
        if (attempt < MAX_ATTEMPTS) expect(result.retryAt).toBeDefined();
        await database.db.update(outbox).set({ nextAttemptAt: null }).where(badRow);
      }
      stop();
      await drain(env.deps, env.game.id);
      const failed = await relayById(env.deps, bad.value.id);
      expect(failed?.status).toBe("failed");
      const [row] = await database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.gameId, env.game.id), badRow));
      expect(row?.status).toBe("failed");
      expect(row?.attempts).toBe(MAX_ATTEMPTS);
      expect(relayedIn(env, thread)).toEqual(["after the failure"]);
    } finally {
      await env.emu.close();
    }
  }, 60_000);

  it("a chat waiting for Discord holds back neither another chat nor the game's own output", async () => {
    const env = await maskedGame(database.db, { ruleset: "classic", size: 4, mode: "masks" });
    try {
      const first = await env.channelOf("personal:p1");
      const second = await env.channelOf("personal:p2");
      const one = await speakerIn(env.deps, first, env.players[0] ?? "");
      const two = await speakerIn(env.deps, second, env.players[1] ?? "");
      await drain(env.deps, env.game.id);
      // The first chat's message cannot be sent yet (its attachment does not answer: transient);
      // the first chat waits, the second chat and a GM post go on meanwhile.
      await say(env.deps, one, {
        key: "one",
        text: "with a file that does not come",
        files: [{ url: `${env.emu.apiBase}/attachments/0/0/gone.png`, name: "gone.png", size: 10 }],
      });
      await say(env.deps, one, { key: "one-after", text: "after it in the first chat" });
      await say(env.deps, two, { key: "two", text: "in the second chat" });
      await database.db.insert(outbox).values({
        gameId: env.game.id,
        dedupeKey: `${env.game.id}:test:gm`,
        kind: "post",
        payload: { type: "post", chat: "gm", content: "game output" },
      });
      const result = await drainOutbox(env.deps, env.game.id);
      expect(result.retryAt).toBeDefined();
      expect(relayedIn(env, first)).toEqual([]);
      expect(relayedIn(env, second)).toEqual(["in the second chat"]);
      const gmRoom = await env.channelOf("gm");
      expect(env.emu.messages(gmRoom).map((m) => m["content"])).toContain("game output");
      // Given up after its attempts, the first chat goes on.
      await drain(env.deps, env.game.id);
      expect(relayedIn(env, first)).toEqual(["after it in the first chat"]);
    } finally {
      await env.emu.close();
    }
  }, 60_000);

  it("what is said while a drain waits for Discord's rate limits goes out at once, beside it", async () => {
    const env = await maskedGame(database.db, { ruleset: "classic", size: 4, mode: "masks" });
    try {
      const thread = await env.channelOf("personal:p1");
      const speaker = await speakerIn(env.deps, thread, env.players[0] ?? "");
      await drain(env.deps, env.game.id);
      // The game's own post meets a 3-second rate limit; a drain (the worker's job) is under way.
      env.emu.forceRateLimit("POST /channels/{channel_id}/messages", 3000);
      await database.db.insert(outbox).values({
        gameId: env.game.id,
        dedupeKey: `${env.game.id}:test:slow`,
        kind: "post",
        payload: { type: "post", chat: "gm", content: "slow game output" },
      });
      const slow = drainOutbox(env.deps, env.game.id, { wait: false });
      let slowDone = false;
      void slow.then(() => (slowDone = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The speaker's request is handed over to the running drain, which delivers it now.
      const said = await say(env.deps, speaker, { key: "now", text: "said meanwhile" });
      expect(await drainOutbox(env.deps, env.game.id, { wait: false })).toMatchObject({ handedOver: true });
      for (let i = 0; i < 100 && (await relayById(env.deps, said.value.id))?.status !== "done"; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(relayedIn(env, thread)).toEqual(["said meanwhile"]);
      expect(slowDone).toBe(false);
      await slow;
      const gmRoom = await env.channelOf("gm");
      expect(env.emu.messages(gmRoom).map((m) => m["content"])).toContain("slow game output");
    } finally {
      await env.emu.close();
    }
  }, 60_000);

  it("a reconcile (a chat closing at the deadline) waits for what was said before it", async () => {
    const env = await maskedGame(database.db, { ruleset: "classic", size: 4, mode: "masks" });
    try {
      const thread = await env.channelOf("personal:p1");
      const speaker = await speakerIn(env.deps, thread, env.players[0] ?? "");
      await drain(env.deps, env.game.id);
      // The webhook answers late (a rate limit); the game's next change closes chats meanwhile.
      env.emu.forceRateLimit("POST /webhooks/{webhook_id}/{webhook_token}", 1500);
      const said = await say(env.deps, speaker, { key: "before", text: "said before the deadline" });
      await database.db.insert(outbox).values({
        gameId: env.game.id,
        dedupeKey: `${env.game.id}:test:close`,
        kind: "reconcile",
        payload: { type: "reconcile" },
      });
      await drain(env.deps, env.game.id);
      const [speech] = await database.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `${env.game.id}:relay:before`));
      const [close] = await database.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `${env.game.id}:test:close`));
      expect((await relayById(env.deps, said.value.id))?.status).toBe("done");
      expect(close?.status).toBe("done");
      expect(close?.doneAt?.getTime()).toBeGreaterThanOrEqual(speech?.doneAt?.getTime() ?? Infinity);
    } finally {
      await env.emu.close();
    }
  }, 60_000);

  it("edits and deletions go through the bot, only for the speaker's own messages", async () => {
    const env = await maskedGame(database.db, { ruleset: "classic", size: 4, mode: "masks" });
    try {
      const thread = await env.channelOf("personal:p1");
      const speaker = await speakerIn(env.deps, thread, env.players[0] ?? "");
      const said = await sayAndDeliver(env.deps, speaker, { key: "a", text: "first draft" });
      await editSaid(env.deps, speaker, { key: "b", relayId: said.id, text: "final text" });
      await drain(env.deps, env.game.id);
      const message = env.emu.messages(thread).find((m) => m["id"] === said.messageId);
      expect(message?.["content"]).toBe("final text");
      expect((await recentPosts(env.deps, speaker)).map((p) => p.content)).toEqual(["final text"]);
      const other = await speakerIn(env.deps, await env.channelOf("personal:p2"), env.players[1] ?? "");
      await expect(deleteSaid(env.deps, other, { key: "c", relayId: said.id })).rejects.toThrow(
        "mask.refuse.not_yours",
      );
      await deleteSaid(env.deps, speaker, { key: "d", relayId: said.id });
      await drain(env.deps, env.game.id);
      expect(env.emu.messages(thread).find((m) => m["id"] === said.messageId)).toBeUndefined();
      expect(await recentPosts(env.deps, speaker)).toEqual([]);
    } finally {
      await env.emu.close();
    }
  }, 60_000);
});

import { REST } from "@discordjs/rest";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { maskRelays, maskWebhooks } from "../../src/db/schema/index.js";
import {
  drainChat,
  enqueueRelay,
  recoverRelays,
  relayById,
  type RelayRequest,
} from "../../src/discord/masks/relay.js";
import { say, speakerIn, type Speaker } from "../../src/discord/masks/speak.js";
import { createMigratedDatabase } from "../support/db.js";
import { silentLog } from "../support/discord.js";
import { maskedGame } from "./support.js";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
beforeEach(async () => {
  database = await createMigratedDatabase();
});
afterEach(async () => {
  await database.drop();
});

function post(speaker: Speaker, key: string, content: string): RelayRequest {
  return {
    gameId: speaker.game.id,
    chatKey: speaker.chatKey,
    channelId: speaker.channelId,
    threadId: speaker.threadId,
    seatId: speaker.seat.seatId,
    userId: speaker.seat.userId,
    kind: "post",
    idempotencyKey: key,
    content,
    username: speaker.identity.username,
    avatarKey: speaker.identity.avatarKey,
  };
}

describe("the relay queue", () => {
  it("delivers in order, once, across rate limits, a lost webhook, a crash after delivery and a restart", async () => {
    const env = await maskedGame(database.db, { ruleset: "classic", size: 4, mode: "masks" });
    try {
      const thread = await env.channelOf("personal:p1");
      const speaker = await speakerIn(env.deps, thread, env.players[0] ?? "");
      const relayed = () =>
        env.emu
          .messages(thread)
          .filter((m) => m["webhook_id"] !== undefined)
          .map((m) => String(m["content"]));

      // Persisted first; the same idempotency key is the same row.
      const first = await enqueueRelay(env.deps, post(speaker, "k1", "m1"));
      const again = await enqueueRelay(env.deps, post(speaker, "k1", "m1 (retried interaction)"));
      expect(again.id).toBe(first.id);
      await enqueueRelay(env.deps, post(speaker, "k2", "m2"));
      await enqueueRelay(env.deps, post(speaker, "k3", "m3"));
      env.emu.forceRateLimit("POST /webhooks/{webhook_id}/{webhook_token}", 80);
      expect((await drainChat(env.deps, env.game.id, speaker.chatKey)).done).toBe(3);
      expect(relayed()).toEqual(["m1", "m2", "m3"]);

      // A crash after Discord accepted m3 but before its id was recorded.
      const [m3] = await database.db.select().from(maskRelays).where(eq(maskRelays.idempotencyKey, "k3"));
      await database.db
        .update(maskRelays)
        .set({ status: "sending", messageId: null })
        .where(eq(maskRelays.id, m3?.id ?? 0));
      await enqueueRelay(env.deps, post(speaker, "k4", "m4"));
      await enqueueRelay(env.deps, post(speaker, "k5", "m5"));
      // The webhook is lost meanwhile (a moderator reset it): the next delivery fails once and
      // makes a new one.
      await database.db.update(maskWebhooks).set({ token: "reset-by-a-moderator" });
      env.emu.forceRateLimit("POST /webhooks/{webhook_id}/{webhook_token}", 50);

      // Restart: a new process (new REST client) recovers every pending queue.
      const rest = new REST({ api: env.emu.apiBase, retries: 1 }).setToken(env.emu.botToken);
      const recovered = await recoverRelays({ db: database.db, rest, log: silentLog, backoffMs: 5 });
      expect(recovered.failed).toEqual([]);
      expect(relayed()).toEqual(["m1", "m2", "m3", "m4", "m5"]);
      const m3after = await relayById(env.deps, m3?.id ?? 0);
      expect(m3after?.status).toBe("done");
      expect(m3after?.messageId).toBe(m3?.messageId);
      const [m4] = await database.db.select().from(maskRelays).where(eq(maskRelays.idempotencyKey, "k4"));
      expect(m4?.attempts).toBe(2); // 10015 once, then a new webhook
      // Nothing left to do: a second recovery sends nothing.
      expect((await recoverRelays({ ...env.deps, rest })).done).toBe(0);
      expect(relayed()).toHaveLength(5);
    } finally {
      await env.emu.close();
    }
  }, 60_000);

  it("a relay that keeps failing is marked failed after its retries; the queue goes on in order", async () => {
    const env = await maskedGame(database.db, { ruleset: "classic", size: 4, mode: "masks" });
    try {
      const thread = await env.channelOf("personal:p2");
      const speaker = await speakerIn(env.deps, thread, env.players[1] ?? "");
      await enqueueRelay(env.deps, {
        ...post(speaker, "bad", "with a file that is gone"),
        files: [{ url: `${env.emu.apiBase}/attachments/0/0/gone.png`, name: "gone.png", size: 10 }],
      });
      const said = await say(env.deps, speaker, { key: "good", text: "after the failure" });
      expect(said.row.status).toBe("done");
      expect(said.drained.failed.map((r) => r.idempotencyKey)).toEqual(["bad"]);
      expect(said.drained.failed[0]?.attempts).toBe(4);
      const contents = env.emu
        .messages(thread)
        .filter((m) => m["webhook_id"] !== undefined)
        .map((m) => m["content"]);
      expect(contents).toEqual(["after the failure"]);
    } finally {
      await env.emu.close();
    }
  }, 60_000);

  it("edits and deletions go through the bot, only for the speaker's own messages", async () => {
    const env = await maskedGame(database.db, { ruleset: "classic", size: 4, mode: "masks" });
    try {
      const { editSaid, deleteSaid, recentPosts } = await import("../../src/discord/masks/speak.js");
      const thread = await env.channelOf("personal:p1");
      const speaker = await speakerIn(env.deps, thread, env.players[0] ?? "");
      const said = await say(env.deps, speaker, { key: "a", text: "first draft" });
      const edited = await editSaid(env.deps, speaker, {
        key: "b",
        relayId: said.row.id,
        text: "final text",
      });
      expect(edited.row.status).toBe("done");
      const message = env.emu.messages(thread).find((m) => m["id"] === said.row.messageId);
      expect(message?.["content"]).toBe("final text");
      expect((await recentPosts(env.deps, speaker)).map((p) => p.content)).toEqual(["final text"]);
      const other = await speakerIn(env.deps, await env.channelOf("personal:p2"), env.players[1] ?? "");
      await expect(deleteSaid(env.deps, other, { key: "c", relayId: said.row.id })).rejects.toThrow(
        "mask.refuse.not_yours",
      );
      await deleteSaid(env.deps, speaker, { key: "d", relayId: said.row.id });
      expect(env.emu.messages(thread).find((m) => m["id"] === said.row.messageId)).toBeUndefined();
      expect(await recentPosts(env.deps, speaker)).toEqual([]);
    } finally {
      await env.emu.close();
    }
  }, 60_000);
});

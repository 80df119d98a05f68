import type { Message, PartialMessage } from "discord.js";
import { and, eq } from "drizzle-orm";
import { chats, maskRelays } from "../../db/schema/index.js";
import type { Db } from "../../db/client.js";
import type { AfterCommit } from "../../games/service.js";
import { maskModeOf } from "../../games/masks.js";
import { directKey, insertRelay, mirrorTargets, speakInto, type RelayRequest } from "./relay.js";
import { parseChatKey } from "../layout.js";

/**
 * Read-only copies of a live thread (docs/secrecy.md, "Voices"; layout.ts): a reader who may not
 * write in a chat reads a mirror only the bot writes in. Every message a player writes in a live
 * secret thread of an unmasked game is recorded as a relay row that is already in Discord
 * (`direct:<message id>`), and so are its edits and its deletion; the relay (relay.ts) gives each
 * mirror its copy, in the chat's lane, and a reader new to the chat gets what was said before
 * (`syncMirrors`). Where the chat has no mirror now, the row is only recorded.
 */

export interface DirectDeps {
  db: Db;
  after(gameId: string, committed: AfterCommit): Promise<void>;
}

type AnyMessage = Message | PartialMessage;

/** The live thread's row, when the message is in one of an unmasked game's threads. */
async function liveThread(db: Db, gameId: string, ruleset: string, threadId: string) {
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.discordId, threadId)));
  if (!row || row.discordKind !== "thread" || !row.chatKey.startsWith("chat:")) return null;
  // A public chat's phase thread has no read-only copies: everyone who reads it reads it live.
  if (parseChatKey(row.chatKey)?.phase) return null;
  if ((await maskModeOf(db, gameId, ruleset)) !== "off") return null;
  return row;
}

async function record(deps: DirectDeps, request: RelayRequest, messageId: string | null): Promise<void> {
  const mirrors = await mirrorTargets(deps, request.gameId, request.chatKey);
  if (mirrors.length === 0) {
    // Nobody reads a copy now: the row waits for a mirror's first sync, already delivered here.
    const row = await insertRelay(deps.db, request);
    await deps.db
      .update(maskRelays)
      .set({ status: "done", messageId, doneAt: new Date() })
      .where(eq(maskRelays.id, row.id));
    return;
  }
  const committed = await speakInto(deps.db, request);
  if (messageId !== null)
    await deps.db.update(maskRelays).set({ messageId }).where(eq(maskRelays.id, committed.value.id));
  await deps.after(request.gameId, committed);
}

async function target(db: Db, messageId: string) {
  const [row] = await db
    .select()
    .from(maskRelays)
    .where(eq(maskRelays.idempotencyKey, directKey(messageId)));
  return row;
}

/** A writer's post or edit in a live thread (the rules accepted it). */
export async function mirrorDirect(
  deps: DirectDeps,
  message: AnyMessage,
  game: { id: string; ruleset: string },
  seat: { seatId: string; displayName: string },
  action: "post" | "edit_post",
): Promise<void> {
  const thread = await liveThread(deps.db, game.id, game.ruleset, message.channelId);
  const author = message.author?.id;
  if (!thread || !author) return;
  const base = {
    gameId: game.id,
    chatKey: thread.chatKey,
    channelId: message.channel && "parentId" in message.channel ? (message.channel.parentId ?? "") : "",
    threadId: message.channelId,
    seatId: seat.seatId,
    userId: author,
    username: seat.displayName,
    content: message.content ?? "",
    files: [...message.attachments.values()].map((a) => ({
      name: a.name,
      url: a.url,
      size: a.size,
      ...(a.contentType ? { contentType: a.contentType } : {}),
    })),
  };
  if (action === "post") {
    await record(deps, { ...base, kind: "post", idempotencyKey: directKey(message.id) }, message.id);
    return;
  }
  const post = await target(deps.db, message.id);
  if (!post) return; // never recorded (removed by the rules, or said before copies existed)
  const key = `${directKey(message.id)}:edit:${message.editedTimestamp ?? Date.now()}`;
  await record(deps, { ...base, kind: "edit", targetId: post.id, idempotencyKey: key }, message.id);
}

/** A message deleted from a live thread: its copies go too. */
export async function mirrorDeletion(deps: DirectDeps, message: AnyMessage): Promise<void> {
  const post = await target(deps.db, message.id);
  if (!post || post.kind !== "post") return;
  await record(
    deps,
    {
      gameId: post.gameId,
      chatKey: post.chatKey,
      channelId: post.channelId,
      threadId: post.threadId,
      seatId: post.seatId,
      userId: post.userId,
      username: post.username,
      kind: "delete",
      targetId: post.id,
      idempotencyKey: `${directKey(message.id)}:delete`,
    },
    null,
  );
}

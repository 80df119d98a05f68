import type { Message, PartialMessage } from "discord.js";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { publicPosts } from "../db/schema/index.js";
import type { ChatSpec } from "../engine/ruleset.js";
import { phaseLabel, type AnyGameState } from "../engine/types.js";
import { parseChatKey } from "./layout.js";

/**
 * The public posts kept for the archive of a finished game (docs/community.md): every post the
 * rules let stand in one of an unmasked game's public chats (the layout's `public` chats without a
 * purpose: the town square, the votes, …), by seat, in the phase it was written, and then its
 * edits (the last text is kept) and its deletion (by its author, a GM, or the bot removing it).
 * A post said in a phase thread (layout.ts, `phaseThreadKey`) belongs to that thread's phase and
 * is kept under its chat (`chat:<id>`).
 * Secret chats, the players' own threads, the newspaper and the GM room are never kept; a masked
 * game's speech is already the relay's rows (`mask_relays`), which the archive reads instead.
 */

type AnyMessage = Message | PartialMessage;

/** Whether a chat key is one of the layout's public chats (every player reads it). */
export function isPublicChat(layout: readonly ChatSpec[], chatKey: string): boolean {
  const key = parseChatKey(chatKey);
  const chat = key && layout.find((c) => c.id === key.chatId);
  return !!chat && chat.kind === "public" && chat.purpose === undefined;
}

/** A post or an edit the rules let stand in a public chat of an unmasked game. */
export async function keepPublicPost(
  db: Db,
  gameId: string,
  message: AnyMessage,
  chatKey: string,
  seatId: string,
  state: AnyGameState,
  layout: readonly ChatSpec[],
  action: "post" | "edit_post",
): Promise<void> {
  if (!isPublicChat(layout, chatKey)) return;
  const content = message.content ?? "";
  if (action === "edit_post") {
    await db
      .update(publicPosts)
      .set({ content, editedAt: new Date(message.editedTimestamp ?? Date.now()) })
      .where(eq(publicPosts.messageId, message.id));
    return;
  }
  const key = parseChatKey(chatKey);
  await db
    .insert(publicPosts)
    .values({
      gameId,
      chatKey: key ? `chat:${key.chatId}` : chatKey,
      messageId: message.id,
      seatId,
      phase: key?.phase ?? phaseLabel(state.phase),
      content,
      postedAt: new Date(message.createdTimestamp),
    })
    .onConflictDoNothing();
}

/** A message deleted (by anyone) or removed by the bot: the archive no longer shows it. */
export async function forgetPublicPost(db: Db, messageId: string): Promise<void> {
  await db.update(publicPosts).set({ deletedAt: new Date() }).where(eq(publicPosts.messageId, messageId));
}

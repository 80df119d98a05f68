import { and, eq, like } from "drizzle-orm";
import { chats, maskRelays } from "../../db/schema/index.js";
import { THREADS_PARENT, parseMirrorKey } from "../layout.js";
import { maskModeOf } from "../../games/masks.js";
import type { MaskDeps } from "./gm-room.js";
import { BOT_SPEAKER, insertRelay, performRelay, type RelayRequest } from "./relay.js";

/**
 * The bot's own posts into a mirrored chat of a masked game (a secret chat, or a public chat not
 * read by everyone), or of an unmasked game's chat that has read-only copies: they are relay rows like what the players say, delivered by the outbox row
 * that made them (a `post` or `upsert` effect, under the game's drain lock), so the GMs' copy and
 * every reader's mirror get them, and a reader who joins later gets them from `syncMirrors`. The
 * bot posts them as itself (relay.ts `BOT_SPEAKER`). A failure is the outbox row's failure.
 */

export interface MirroredHome {
  chatKey: string;
  /** The threads' parent channel. */
  channelId: string;
  /** The GMs' copy. */
  threadId: string;
}

/** The chats rows `mirroredHomeIn` needs for `chat`: its own and the threads' parent. */
export function homeKeys(chat: string): string[] {
  return [chat, `chat:${chat}`, THREADS_PARENT];
}

/**
 * The GMs' copy of `chat` when the game is masked and the chat is mirrored (unmasked: the live
 * thread, when the chat has read-only copies); else null. `rows`:
 * the game's chats rows of `homeKeys(chat)`.
 */
export async function mirroredHomeIn(
  deps: MaskDeps,
  gameId: string,
  rows: readonly (typeof chats.$inferSelect)[],
): Promise<MirroredHome | null> {
  // In a masked game a chat's own object is a thread exactly when the chat is mirrored (layout.ts).
  const home = rows.find((r) => r.chatKey.startsWith("chat:") && r.discordKind === "thread");
  const parent = rows.find((r) => r.chatKey === THREADS_PARENT);
  if (!home || !parent) return null;
  const unmasked = (await maskModeOf(deps.db, gameId)) === "off";
  // Unmasked, a secret chat is mirrored once one of its readers reads a read-only copy (layout.ts):
  // from then on the bot's posts there go to the live thread (`home`) and to every copy.
  if (unmasked && !(await hasCopies(deps, gameId, home.chatKey))) return null;
  return { chatKey: home.chatKey, channelId: parent.discordId, threadId: home.discordId };
}

async function hasCopies(deps: MaskDeps, gameId: string, chatKey: string): Promise<boolean> {
  const chatId = chatKey.slice("chat:".length);
  const rows = await deps.db
    .select({ key: chats.chatKey })
    .from(chats)
    .where(and(eq(chats.gameId, gameId), like(chats.chatKey, "mirror:%")));
  return rows.some((r) => parseMirrorKey(r.key)?.chatId === chatId);
}

function botSays(
  gameId: string,
  home: MirroredHome,
  said: Pick<RelayRequest, "kind" | "idempotencyKey" | "content" | "targetId">,
): RelayRequest {
  return {
    gameId,
    chatKey: home.chatKey,
    channelId: home.channelId,
    threadId: home.threadId,
    seatId: BOT_SPEAKER,
    userId: BOT_SPEAKER,
    ...said,
  };
}

/** A new post by the bot, once per `key`, into the GMs' copy and every mirror with its reader. */
export async function botPost(
  deps: MaskDeps,
  gameId: string,
  home: MirroredHome,
  key: string,
  content: string,
): Promise<void> {
  const row = await insertRelay(
    deps.db,
    botSays(gameId, home, { kind: "post", idempotencyKey: key, content }),
  );
  await performRelay(deps, row.id);
}

/**
 * A keyed message (a tally) posted once and edited in place afterwards, in every copy of the
 * chat: the first call posts it under `bot:<game>:<key>`, later ones edit that post (`edit` = a
 * unique key of this change).
 */
export async function botUpsert(
  deps: MaskDeps,
  gameId: string,
  home: MirroredHome,
  key: string,
  edit: string,
  content: string,
): Promise<void> {
  const postKey = `bot:${gameId}:${key}`;
  const [posted] = await deps.db.select().from(maskRelays).where(eq(maskRelays.idempotencyKey, postKey));
  if (!posted) return botPost(deps, gameId, home, postKey, content);
  const row = await insertRelay(
    deps.db,
    botSays(gameId, home, {
      kind: "edit",
      targetId: posted.id,
      idempotencyKey: `${postKey}:${edit}`,
      content,
    }),
  );
  await performRelay(deps, row.id);
}

import { asc, eq, and, isNull } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { maskRelays, publicPosts } from "../db/schema/index.js";
import type { RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState, Lang } from "../engine/types.js";
import { BOT_SPEAKER, isCopy } from "../discord/masks/relay.js";

/**
 * The public posts of a finished game for its archive (docs/community.md), phase by phase in the
 * order they were written: in an unmasked game the posts kept as they were written
 * (`public_posts`, src/discord/public-posts.ts), in a masked game what the relay delivered under
 * the masks (`mask_relays`). Only the layout's public chats (every player reads them); a deleted
 * post is gone, an edited one shows its last text. Authors are seats, named as the page names
 * them (the masks, unless the GM chose to show the accounts).
 */

export interface PostView {
  seat: string;
  /** The chat's name, in the server's language. */
  chat: string;
  at: Date;
  text: string;
  edited: boolean;
}

/** The public chats of the game's layout (every player reads them), by chat key, with their names. */
function publicChats(
  ruleset: RulesetDefinition<AnyGameState>,
  state: AnyGameState,
  lang: Lang,
): Map<string, string> {
  return new Map(
    ruleset
      .chatLayout(state)
      .filter((c) => c.kind === "public" && c.purpose === undefined)
      .map((c) => [`chat:${c.id}`, c.name[lang]]),
  );
}

/** Each phase's public posts (keyed by the phase as the reports name it: `day 1`), oldest first. */
export async function publicPostsByPhase(
  db: Db,
  input: {
    gameId: string;
    ruleset: RulesetDefinition<AnyGameState>;
    state: AnyGameState;
    lang: Lang;
    names: Map<string, string>;
    masked: boolean;
  },
): Promise<Map<string, PostView[]>> {
  const chats = publicChats(input.ruleset, input.state, input.lang);
  const byPhase = new Map<string, PostView[]>();
  const add = (phase: string, post: PostView) => byPhase.set(phase, [...(byPhase.get(phase) ?? []), post]);
  const seat = (id: string) => input.names.get(id) ?? id;
  if (!input.masked) {
    const rows = await db
      .select()
      .from(publicPosts)
      .where(and(eq(publicPosts.gameId, input.gameId), isNull(publicPosts.deletedAt)))
      .orderBy(asc(publicPosts.postedAt), asc(publicPosts.id));
    for (const row of rows) {
      const chat = chats.get(row.chatKey);
      if (chat === undefined) continue;
      add(row.phase, {
        seat: seat(row.seatId),
        chat,
        at: row.postedAt,
        text: row.content,
        edited: row.editedAt !== null,
      });
    }
    return byPhase;
  }
  // Under masks: the relay's canonical rows a player said (not a mirror's copy, not the bot's own
  // posts), as delivered; edits replace the text, a deletion removes the post.
  const rows = (
    await db.select().from(maskRelays).where(eq(maskRelays.gameId, input.gameId)).orderBy(asc(maskRelays.id))
  ).filter((r) => !isCopy(r) && r.seatId !== BOT_SPEAKER && r.status === "done" && chats.has(r.chatKey));
  const edits = new Map<number, string>();
  const deleted = new Set<number>();
  for (const row of rows) {
    if (row.targetId === null) continue;
    if (row.kind === "edit") edits.set(row.targetId, row.content);
    if (row.kind === "delete") deleted.add(row.targetId);
  }
  for (const row of rows) {
    if (row.kind !== "post" || row.phase === null || deleted.has(row.id)) continue;
    add(row.phase, {
      seat: seat(row.seatId),
      chat: chats.get(row.chatKey) ?? row.chatKey,
      at: row.createdAt,
      text: edits.get(row.id) ?? row.content,
      edited: edits.has(row.id),
    });
  }
  return byPhase;
}

import { and, desc, eq, notLike } from "drizzle-orm";
import { chats, games, maskRelays, masks, players, type RelayFile } from "../../db/schema/index.js";
import { phaseLabel, type Lang } from "../../engine/types.js";
import { GameService, type GameRow, type PlayerRow } from "../../games/service.js";
import { derivedSeedOf } from "../../games/fairness.js";
import { loadState, rulesetOrThrow } from "../../games/state.js";
import { THREADS_PARENT, parseMirrorKey } from "../layout.js";
import type { MaskDeps } from "./gm-room.js";
import { ensureMasks, identityOf, maskModeOf, type Identity, type MaskMode } from "../../games/masks.js";
import { defuseMentions, isCopy, relayById, speakInto, type RelayRow } from "./relay.js";
import type { Committed } from "../../games/changes.js";
import { UserError } from "../../games/errors.js";

/**
 * Speaking under a mask: who may speak where (the ruleset's chat layout, the `chats` table maps
 * the Discord channel to the chat), under which name, and the relay of posts, edits, deletions.
 */

/** Discord's limits: 2000 characters, 10 files, and the upload size of a server without boosts. */
export const MAX_TEXT = 2000;
export const MAX_FILES = 10;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export interface Speaker {
  game: GameRow;
  mode: Exclude<MaskMode, "off">;
  seat: PlayerRow;
  chatKey: string;
  channelId: string;
  threadId: string | null;
  identity: Identity;
  lang: Lang;
  /** The phase now (`day 1`): a post is said in it (the public archive). */
  phase: string;
}

/**
 * The speaker's right to speak in the Discord channel or thread `discordChannelId`, and the
 * identity the chat shows. Throws a UserError when the speaker may not speak there now.
 */
export async function speakerIn(deps: MaskDeps, discordChannelId: string, userId: string): Promise<Speaker> {
  const { db } = deps;
  const [chat] = await db.select().from(chats).where(eq(chats.discordId, discordChannelId));
  if (!chat || (chat.discordKind !== "channel" && chat.discordKind !== "thread"))
    throw new UserError("mask.refuse.not_game_chat");
  const [game] = await db.select().from(games).where(eq(games.id, chat.gameId));
  if (!game) throw new UserError("mask.refuse.not_game_chat");
  const mode = await maskModeOf(db, game.id, game.ruleset);
  if (mode === "off") throw new UserError("mask.refuse.not_masked");
  if (game.status !== "running") throw new UserError("mask.refuse.not_running");
  const [seat] = await db
    .select()
    .from(players)
    .where(and(eq(players.gameId, game.id), eq(players.userId, userId)));
  if (!seat) throw new UserError("mask.refuse.not_player");
  const ruleset = rulesetOrThrow(game.ruleset);
  const { state } = await loadState(db, game.id, ruleset);

  let chatId: string | null = null;
  // A reader speaks from his own mirror of a chat; the message goes to the chat's queue.
  const mirror = parseMirrorKey(chat.chatKey);
  let chatKey = chat.chatKey;
  if (mirror) {
    if (mirror.seatId !== seat.seatId) throw new UserError("mask.refuse.cannot_write");
    chatKey = `chat:${mirror.chatId}`;
  }
  if (chatKey.startsWith("personal:")) {
    if (chatKey !== `personal:${seat.seatId}`) throw new UserError("mask.refuse.cannot_write");
  } else if (chatKey.startsWith("chat:")) {
    chatId = chatKey.slice("chat:".length);
    const spec = ruleset.chatLayout(state).find((c) => c.id === chatId);
    if (!spec?.writers.includes(seat.seatId) || state.ended) throw new UserError("mask.refuse.cannot_write");
  } else throw new UserError("mask.refuse.not_game_chat");

  // The canonical copy (for a mirrored chat: the GMs' copy); the mirrors get theirs in the relay.
  const [home] = mirror
    ? await db
        .select()
        .from(chats)
        .where(and(eq(chats.gameId, game.id), eq(chats.chatKey, chatKey)))
    : [chat];
  if (!home) throw new UserError("mask.refuse.not_game_chat");
  let channelId = home.discordId;
  let threadId: string | null = null;
  if (home.discordKind === "thread") {
    const [parent] = await db
      .select()
      .from(chats)
      .where(and(eq(chats.gameId, game.id), eq(chats.chatKey, THREADS_PARENT)));
    if (!parent) throw new UserError("mask.refuse.not_game_chat");
    channelId = parent.discordId;
    threadId = home.discordId;
  }
  const maskRows = mode === "masks" ? await ensureMasks(db, game.id) : [];
  const lang = await new GameService(db).language(game.guildId);
  const identity = identityOf({
    mode,
    ruleset,
    state,
    gameId: game.id,
    seed: await derivedSeedOf(db, game, "masks"),
    seatId: seat.seatId,
    chatId,
    mask: maskRows.find((m) => m.seatId === seat.seatId),
    lang,
  });
  return { game, mode, seat, chatKey, channelId, threadId, identity, lang, phase: phaseLabel(state.phase) };
}

/**
 * What was said, persisted with its delivery: the worker's drain delivers it (`ctx.after`
 * requests the drain) and edits the speaker's deferred answer through `notify`.
 */
export type Said = Committed<RelayRow>;

/** The text as it will be relayed; a UserError when there is nothing to send or too much. */
export function checkSaid(input: { text: string; files?: readonly RelayFile[] }): string {
  const text = defuseMentions(input.text.trim());
  const files = input.files ?? [];
  if (!text && files.length === 0) throw new UserError("mask.refuse.empty");
  if (text.length > MAX_TEXT) throw new UserError("mask.refuse.too_long", { max: MAX_TEXT });
  if (files.length > MAX_FILES || files.some((f) => f.size > MAX_FILE_BYTES))
    throw new UserError("mask.refuse.file_too_large", { mb: MAX_FILE_BYTES / 1024 / 1024 });
  return text;
}

/** A new message under the speaker's mask. `key` is the idempotency key (the interaction id). */
export async function say(
  deps: MaskDeps,
  speaker: Speaker,
  input: { key: string; text: string; files?: RelayFile[]; notify?: RelayRow["notify"] },
): Promise<Said> {
  const text = checkSaid(input);
  const files = input.files ?? [];
  return speakInto(deps.db, {
    gameId: speaker.game.id,
    chatKey: speaker.chatKey,
    channelId: speaker.channelId,
    threadId: speaker.threadId,
    seatId: speaker.seat.seatId,
    userId: speaker.seat.userId,
    kind: "post",
    idempotencyKey: input.key,
    content: text,
    username: speaker.identity.username,
    avatarKey: speaker.identity.avatarKey,
    files,
    notify: input.notify ?? null,
    phase: speaker.phase,
  });
}

/** The speaker's own delivered post in this chat, or a refusal. */
export async function ownPost(deps: MaskDeps, speaker: Speaker, relayId: number): Promise<RelayRow> {
  const target = await relayById(deps, relayId);
  if (
    !target ||
    target.kind !== "post" ||
    target.gameId !== speaker.game.id ||
    target.chatKey !== speaker.chatKey ||
    target.seatId !== speaker.seat.seatId ||
    isCopy(target) ||
    !target.messageId
  )
    throw new UserError("mask.refuse.not_yours");
  return target;
}

export async function editSaid(
  deps: MaskDeps,
  speaker: Speaker,
  input: { key: string; relayId: number; text: string; notify?: RelayRow["notify"] },
): Promise<Said> {
  const target = await ownPost(deps, speaker, input.relayId);
  const text = defuseMentions(input.text.trim());
  if (!text && target.files.length === 0) throw new UserError("mask.refuse.empty");
  if (text.length > MAX_TEXT) throw new UserError("mask.refuse.too_long", { max: MAX_TEXT });
  return speakInto(deps.db, {
    gameId: target.gameId,
    chatKey: target.chatKey,
    channelId: target.channelId,
    threadId: target.threadId,
    seatId: target.seatId,
    userId: speaker.seat.userId,
    kind: "edit",
    targetId: target.id,
    idempotencyKey: input.key,
    content: text,
    notify: input.notify ?? null,
  });
}

export async function deleteSaid(
  deps: MaskDeps,
  speaker: Speaker,
  input: { key: string; relayId: number; notify?: RelayRow["notify"] },
): Promise<Said> {
  const target = await ownPost(deps, speaker, input.relayId);
  return speakInto(deps.db, {
    gameId: target.gameId,
    chatKey: target.chatKey,
    channelId: target.channelId,
    threadId: target.threadId,
    seatId: target.seatId,
    userId: speaker.seat.userId,
    kind: "delete",
    targetId: target.id,
    idempotencyKey: input.key,
    notify: input.notify ?? null,
  });
}

/** The speaker's recent delivered posts in the chat, newest first (for autocomplete). */
export async function recentPosts(deps: MaskDeps, speaker: Speaker, limit = 25): Promise<RelayRow[]> {
  const rows = await deps.db
    .select()
    .from(maskRelays)
    .where(
      and(
        eq(maskRelays.gameId, speaker.game.id),
        eq(maskRelays.chatKey, speaker.chatKey),
        eq(maskRelays.seatId, speaker.seat.seatId),
        eq(maskRelays.status, "done"),
        notLike(maskRelays.idempotencyKey, "%#%"),
      ),
    )
    .orderBy(desc(maskRelays.id))
    .limit(200);
  const deleted = new Set(rows.filter((r) => r.kind === "delete").map((r) => r.targetId));
  const edited = new Map<number, string>();
  for (const r of rows)
    if (r.kind === "edit" && r.targetId !== null && !edited.has(r.targetId))
      edited.set(r.targetId, r.content);
  return rows
    .filter((r) => r.kind === "post" && !isCopy(r) && !deleted.has(r.id))
    .map((r) => ({ ...r, content: edited.get(r.id) ?? r.content }))
    .slice(0, limit);
}

/** Rows of the masks table, for tests and GM tools. */
export async function masksOf(deps: MaskDeps, gameId: string) {
  return deps.db.select().from(masks).where(eq(masks.gameId, gameId));
}

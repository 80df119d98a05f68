import type { Message, PartialMessage } from "discord.js";
import { isConnectionError, type Db } from "../db/client.js";
import { UserError } from "../games/errors.js";
import { chatKeyOf, gameOfDiscordChannel } from "../games/queries.js";
import type { AfterCommit, GameService } from "../games/service.js";
import { rulesetOrThrow } from "../games/state.js";
import type { ChatSpec } from "../engine/ruleset.js";
import type { AnyGameState, Lang } from "../engine/types.js";
import { changeGame, writeOutbox } from "../games/changes.js";
import { maskModeOf } from "../games/masks.js";
import { mirrorDeletion, mirrorDirect } from "./masks/direct.js";
import { forgetPublicPost, keepPublicPost } from "./public-posts.js";
import { parseChatKey, talksInPhaseThreads } from "./layout.js";
import { phaseLabel } from "../engine/types.js";
import { voicelessRemovals } from "../http/metrics.js";
import { rejectionText, t } from "../i18n/index.js";
import type { Logger } from "../log.js";

/**
 * Forum conventions on Discord: a player's message in a game chat is a `post` for the rules
 * (activity for the inactivity rules, the dead's post limits), and an edit is an `edit_post`
 * where the ruleset counts edits. A post the rules refuse is removed, and the player is told
 * why in their own thread.
 *
 * Voice rules: whoever may read a chat but not write in it (the ruleset's `writers`) has his
 * post removed at once and is told privately. Removal is a safety net behind Discord's own
 * refusals (docs/secrecy.md): where a permission should have refused the post, the GM room is
 * told (a permission is wrong) and `gm_voiceless_posts_removed_total{net="safety"}` counts it;
 * the cases where removal is still the mechanism (`removalIsTheRule`) count under `net="rule"`.
 * A chat that has left the layout is read-only for every player.
 */

export interface ActivityDeps {
  db: Db;
  service: GameService;
  log: Logger;
  after(gameId: string, committed: AfterCommit): Promise<void>;
}

type AnyMessage = Message | PartialMessage;

async function seatedGame(deps: ActivityDeps, message: AnyMessage) {
  if (!message.inGuild() || message.author?.bot || message.webhookId || message.system) return null;
  const chatKey = await chatKeyOf(deps.db, message.channelId);
  // The ruleset's own chats and each player's thread; the newspaper and the GM room are not talk.
  if (!chatKey?.startsWith("chat:") && !chatKey?.startsWith("personal:")) return null;
  const gameId = await gameOfDiscordChannel(deps.db, [message.channelId]);
  if (!gameId) return null;
  const game = await deps.service.game(gameId);
  if (game.status === "lobby") return null;
  const userId = message.author?.id;
  if (!userId) return null;
  // No seat: a GM, or an account that has none any more (replaced by a GM) editing an old post.
  const seat = (await deps.service.players(gameId)).find((s) => s.userId === userId) ?? null;
  return { game, seat, chatKey, userId };
}

/** What decides where a game's players talk (layout.ts, `talksInPhaseThreads`). */
export interface TalkContext {
  ruleset: { publicStatuses?: boolean };
  masked: boolean;
}

/**
 * Whether the seat may write in the chat now, by the ruleset's layout: a writer of the chat
 * (its own thread: of its `personal` chat). A chat no longer in the layout is closed. Where
 * players talk in phase threads, only the current phase's thread is talk: the chat's channel is
 * the GMs' and the bot's, and an earlier phase's thread is closed.
 */
export function mayWrite(
  state: AnyGameState,
  layout: readonly ChatSpec[],
  chatKey: string,
  seatId: string,
  talk: TalkContext,
): boolean {
  if (chatKey.startsWith("personal:")) {
    const own = layout.find(
      (c) => c.purpose === "personal" && c.readers.length === 1 && c.readers[0] === seatId,
    );
    // A ruleset without personal chats leaves each player's thread with the GMs open, also after
    // the end (as the reconcile leaves it unlocked: after the reveal nothing there is secret).
    return own ? own.writers.includes(seatId) : chatKey === `personal:${seatId}`;
  }
  const key = parseChatKey(chatKey);
  const chat = key && layout.find((c) => c.id === key.chatId);
  if (!key || !chat || !chat.writers.includes(seatId)) return false;
  const threaded = talksInPhaseThreads(chat, state, talk.ruleset, talk.masked);
  return threaded ? key.phase === phaseLabel(state.phase) : key.phase === null;
}

/**
 * Whether removal is still the mechanism for this voiceless post (docs/secrecy.md, "what is left
 * to removal"), so its firing means nothing is wrong: an edit (Discord lets an author edit his own
 * message without Send Messages: one who fell silent during the phase, in its still open thread),
 * a post in a public chat's open thread where statuses are secret (no role follows them) or whose
 * write audience is everyone (clans' game thread: the muted dead). In every other case a Discord
 * permission should have refused the post (a public chat's channel refuses every player's).
 */
export function removalIsTheRule(
  ruleset: { publicStatuses?: boolean },
  layout: readonly ChatSpec[],
  chatKey: string,
  action: "post" | "edit_post",
  state: AnyGameState,
): boolean {
  if (action === "edit_post") return true;
  const key = parseChatKey(chatKey);
  const chat = key && layout.find((c) => c.id === key.chatId);
  if (!key || !chat) return false;
  // A secret chat's readers without a voice read a copy (layout.ts), not the live thread.
  if (chat.kind === "secret") return false;
  // An unmasked game's public chat: its channel refuses every player (only its thread is talk).
  if (key.phase === null && talksInPhaseThreads(chat, state, ruleset, false)) return false;
  return ruleset.publicStatuses === false || chat.writeAudience === "all";
}

/** The GM room is told that a permission let a voiceless post through (the safety net fired). */
async function tellGms(
  deps: ActivityDeps,
  game: { id: string; guildId: string },
  seat: string,
  chatKey: string,
  layout: readonly ChatSpec[],
  messageId: string,
): Promise<void> {
  const lang = await deps.service.language(game.guildId);
  // The chat as the GMs read its name («Город», not `town`); a player's own thread by the seat.
  const chatId = parseChatKey(chatKey)?.chatId;
  const name = layout.find((c) => c.id === chatId)?.name[lang] ?? chatId ?? seat;
  const content = t(lang, "activity.safety_net", { seat, chat: name });
  const committed = await changeGame(deps.db, game.id, async (tx) => {
    await writeOutbox(tx, game.id, `safety-net:${messageId}`, [{ type: "post", chat: "gm", content }], null);
    return { value: null, deadlines: [], outbox: true };
  });
  await deps.after(game.id, committed);
}

/** Removes the post of an account with no seat in the game (it has no thread to be told in). */
async function removeUnseated(deps: ActivityDeps, message: AnyMessage, gameId: string): Promise<void> {
  await message.delete().catch((error: unknown) => {
    deps.log.warn({ gameId, err: (error as Error).message }, "could not remove a post without a seat");
  });
  await forgetPublicPost(deps.db, message.id);
}

/** Removes a post and tells its author why, in their own thread. */
async function removePost(
  deps: ActivityDeps,
  message: AnyMessage,
  game: { id: string; guildId: string },
  seatId: string,
  text: (lang: Lang) => string,
): Promise<void> {
  const lang = await deps.service.language(game.guildId);
  await message.delete().catch((error: unknown) => {
    deps.log.warn({ gameId: game.id, err: (error as Error).message }, "could not remove a refused post");
  });
  // A removed post (an edit the rules refused removes the whole message) leaves the archive too.
  await forgetPublicPost(deps.db, message.id);
  const notice = await deps.service.notify(game.id, seatId, text(lang), message.id);
  await deps.after(game.id, notice);
}

async function submitPost(
  deps: ActivityDeps,
  message: AnyMessage,
  action: "post" | "edit_post",
): Promise<void> {
  const found = await seatedGame(deps, message);
  if (!found) return;
  const { game, seat, chatKey, userId } = found;
  const ruleset = rulesetOrThrow(game.ruleset);
  // The GMs write anywhere; a seat writes only where the rules give it a voice now.
  if (await deps.service.isGm(game.id, userId)) return;
  const state = await deps.service.state(game.id);
  const layout = ruleset.chatLayout(state);
  const masked = (await maskModeOf(deps.db, game.id, game.ruleset)) !== "off";
  // An ended game's chats are closed to every seat (the layout's `ended`); its own threads stay open.
  const closed = game.status === "ended" && chatKey.startsWith("chat:");
  // A post in an earlier phase's thread, in the moment between the phase's end and the reconcile
  // locking and archiving that thread (Discord cannot refuse it yet): the phase is over, so it is
  // removed and its author told where to write; nothing is wrong with a permission.
  const phase = parseChatKey(chatKey)?.phase ?? null;
  if (seat && !closed && phase !== null && phase !== phaseLabel(state.phase)) {
    voicelessRemovals.inc({ ruleset: game.ruleset, net: "rule" });
    deps.log.info(
      { gameId: game.id, seat: seat.seatId, chatKey, action },
      "removed a post in a closing phase thread",
    );
    await removePost(deps, message, game, seat.seatId, (lang) => t(lang, "activity.phase_closed"));
    return;
  }
  if (!seat || closed || !mayWrite(state, layout, chatKey, seat.seatId, { ruleset, masked })) {
    const rule = !masked && removalIsTheRule(ruleset, layout, chatKey, action, state);
    voicelessRemovals.inc({ ruleset: game.ruleset, net: rule ? "rule" : "safety" });
    // A safety-net removal means a permission is wrong: an error, which the sandbox's runs (whose
    // stderr must stay empty) and the operators' alerts both see.
    deps.log[rule ? "info" : "error"](
      { gameId: game.id, seat: seat?.seatId ?? null, chatKey, action },
      rule ? "removed a post from a seat without a voice there" : "a permission let a voiceless post through",
    );
    if (seat) await removePost(deps, message, game, seat.seatId, (lang) => t(lang, "activity.voiceless"));
    else await removeUnseated(deps, message, game.id);
    if (!rule) await tellGms(deps, game, seat?.displayName ?? `<@${userId}>`, chatKey, layout, message.id);
    return;
  }
  if (!chatKey.startsWith("chat:") || (game.status !== "running" && game.status !== "paused")) return;
  const chat = parseChatKey(chatKey)?.chatId ?? "";
  // What the rules let stand is copied to the chat's read-only copies (docs/secrecy.md), and in a
  // public chat of an unmasked game kept for the archive (public-posts.ts).
  const copy = async () => {
    if (!masked) await keepPublicPost(deps.db, game.id, message, chatKey, seat.seatId, state, layout, action);
    await mirrorDirect(deps, message, game, seat, action);
  };
  if (!Object.hasOwn(ruleset.actions, action)) return copy();
  let committed;
  try {
    committed = await deps.service.submit(game.id, userId, { action, targets: [], params: { chat } });
  } catch (error) {
    if (error instanceof UserError) return;
    throw error;
  }
  await deps.after(game.id, committed);
  const rejection = committed.value.rejection;
  if (committed.value.accepted || !rejection) return copy();
  await removePost(deps, message, game, seat.seatId, (lang) =>
    t(lang, "activity.post_removed", { reason: rejectionText(lang, rejection) }),
  );
}

export function onMessageCreate(deps: ActivityDeps, message: Message): Promise<void> {
  return submitPost(deps, message, "post");
}

export function onMessageUpdate(deps: ActivityDeps, message: AnyMessage): Promise<void> {
  return submitPost(deps, message, "edit_post");
}

/** A message deleted in a live thread: its read-only copies are deleted too, and the archive forgets it. */
export async function onMessageDelete(deps: ActivityDeps, message: AnyMessage): Promise<void> {
  await forgetPublicPost(deps.db, message.id);
  await mirrorDeletion(deps, message);
}

/**
 * Posts and edits as they arrive from the gateway, started in arrival order, a few at a time
 * (each holds a database connection for its transaction; a flood must not take the whole pool
 * and time out), and retried while the failure is transient (a connection, the pool's timeout),
 * so that a busy moment loses no post. Nothing waits behind another post of its chat: the rules
 * judge a post by the state when it is handled, so it is handled as soon as a place is free.
 * A post has no idempotency key of its own: a connection lost after its commit reached Postgres
 * but before the answer came back would count it twice (the rules count posts, not their text).
 */
export class ActivityQueue {
  private readonly waiting: (() => Promise<void>)[] = [];
  private running = 0;
  private idle: (() => void)[] = [];

  constructor(
    private readonly log: Logger,
    private readonly options: { concurrency: number; retryDelaysMs?: readonly number[] } = { concurrency: 8 },
  ) {}

  push(work: () => Promise<void>): void {
    this.waiting.push(work);
    this.pump();
  }

  /** Resolves once every queued message has been handled (or given up on). */
  async drained(): Promise<void> {
    if (this.waiting.length === 0 && this.running === 0) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  get size(): number {
    return this.waiting.length;
  }

  private pump(): void {
    while (this.running < this.options.concurrency) {
      const work = this.waiting.shift();
      if (work === undefined) break;
      this.running++;
      void this.withRetries(work).finally(() => {
        this.running--;
        this.pump();
        if (this.waiting.length === 0 && this.running === 0) {
          for (const resolve of this.idle.splice(0)) resolve();
        }
      });
    }
  }

  private async withRetries(work: () => Promise<void>): Promise<void> {
    const delays = this.options.retryDelaysMs ?? [250, 1_000, 2_000, 5_000, 10_000, 10_000, 30_000];
    for (let attempt = 0; ; attempt++) {
      try {
        await work();
        return;
      } catch (error) {
        const delay = delays[attempt];
        if (!isConnectionError(error) || delay === undefined) {
          this.log.error({ err: error }, "message handling failed");
          return;
        }
        this.log.warn({ attempt: attempt + 1, err: (error as Error).message }, "message handling retried");
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}

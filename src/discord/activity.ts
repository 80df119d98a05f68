import type { Message, PartialMessage } from "discord.js";
import type { Db } from "../db/client.js";
import { UserError } from "../games/errors.js";
import { chatKeyOf, gameOfDiscordChannel } from "../games/queries.js";
import type { AfterCommit, GameService } from "../games/service.js";
import { rulesetOrThrow } from "../games/state.js";
import { rejectionText, t } from "../i18n/index.js";
import type { Logger } from "../log.js";

/**
 * Forum conventions on Discord: a player's message in a game chat is a `post` for the rules
 * (activity for the inactivity rules, the dead's post limits), and an edit is an `edit_post`
 * where the ruleset counts edits. A post the rules refuse is removed, and the player is told
 * why in their own thread.
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
  // Only the ruleset's own chats count; personal threads, the newspaper and the GM room do not.
  if (!chatKey?.startsWith("chat:")) return null;
  const gameId = await gameOfDiscordChannel(deps.db, [message.channelId]);
  if (!gameId) return null;
  const game = await deps.service.game(gameId);
  if (game.status !== "running" && game.status !== "paused") return null;
  const userId = message.author?.id;
  if (!userId) return null;
  const seat = (await deps.service.players(gameId)).find((s) => s.userId === userId);
  if (!seat) return null;
  return { game, seat, chat: chatKey.slice("chat:".length), userId };
}

async function submitPost(
  deps: ActivityDeps,
  message: AnyMessage,
  action: "post" | "edit_post",
): Promise<void> {
  const found = await seatedGame(deps, message);
  if (!found) return;
  const { game, seat, chat, userId } = found;
  const ruleset = rulesetOrThrow(game.ruleset);
  if (!Object.hasOwn(ruleset.actions, action)) return;
  let committed;
  try {
    committed = await deps.service.submit(game.id, userId, { action, targets: [], params: { chat } });
  } catch (error) {
    if (error instanceof UserError) return;
    throw error;
  }
  await deps.after(game.id, committed);
  const rejection = committed.value.rejection;
  if (committed.value.accepted || !rejection) return;
  const lang = await deps.service.language(game.guildId);
  await message.delete().catch((error: unknown) => {
    deps.log.warn({ gameId: game.id, err: (error as Error).message }, "could not remove a refused post");
  });
  const text = t(lang, "activity.post_removed", { reason: rejectionText(lang, rejection) });
  const notice = await deps.service.notify(game.id, seat.seatId, text, message.id);
  await deps.after(game.id, notice);
}

export function onMessageCreate(deps: ActivityDeps, message: Message): Promise<void> {
  return submitPost(deps, message, "post");
}

export function onMessageUpdate(deps: ActivityDeps, message: AnyMessage): Promise<void> {
  return submitPost(deps, message, "edit_post");
}

import { DiscordError, Errors } from "../errors.js";
import type { ChannelRec, MessageRec } from "../model.js";
import { P } from "../permissions.js";
import { type DispatchScope, type Json, str } from "./common.js";
import type { EmulatorState } from "./index.js";

/** GUILD_MESSAGE_REACTIONS (https://discord.com/developers/docs/events/gateway#list-of-intents). */
const GUILD_MESSAGE_REACTIONS = 1 << 10;

/** The most pins a channel holds ("Maximum number of pins reached for the channel (250)", 30003). */
const MAX_PINS = 250;

/**
 * Reactions and pins of messages, with the checks Discord documents for them. A thread that is
 * archived refuses both: "Archived threads are generally immutable. To send a message or add a
 * reaction, a thread must first be unarchived"
 * (https://discord.com/developers/docs/topics/threads#archiving-and-locking-threads; code 50083
 * "Operation was performed on an archived thread"). A locked thread that is active keeps
 * reactions: since the 2023 "Update to locked threads"
 * (https://discord.com/developers/docs/change-log#update-to-locked-threads) members without
 * Manage Threads keep only View Channel, Read Message History, Add Reactions and Use External
 * Emojis there, and "adding or removing reactions will only be allowed in locked threads if that
 * thread is also active".
 */
export class Reactions {
  /** message id → emoji → the users who reacted with it, in order. */
  private readonly byMessage = new Map<string, Map<string, string[]>>();

  constructor(private readonly root: EmulatorState) {}

  private target(actor: string, channelId: string, messageId: string): { ch: ChannelRec; msg: MessageRec } {
    const { channels, messages } = this.root;
    // VIEW_CHANNEL and READ_MESSAGE_HISTORY: "This endpoint requires the READ_MESSAGE_HISTORY
    // permission to be present on the current user"
    // (https://discord.com/developers/docs/resources/message#create-reaction).
    const msg = messages.get(actor, channelId, messageId);
    const ch = channels.byId.get(msg.channel_id);
    if (!ch) throw Errors.unknownChannel();
    this.requireOpen(actor, ch);
    return { ch, msg };
  }

  /** An archived thread refuses reactions from everyone (50083); a locked active one does not. */
  requireOpen(_actor: string, ch: ChannelRec): void {
    if (ch.thread?.archived) throw Errors.archivedThread();
  }

  /**
   * Create Reaction: "Additionally, if nobody else has reacted to the message using this emoji,
   * this endpoint requires the ADD_REACTIONS permission to be present on the current user"
   * (https://discord.com/developers/docs/resources/message#create-reaction): adding to an
   * existing reaction needs only Read Message History.
   */
  add(actor: string, channelId: string, messageId: string, emoji: string): void {
    const { ch, msg } = this.target(actor, channelId, messageId);
    const name = emoji;
    const reactions = this.byMessage.get(msg.id) ?? new Map<string, string[]>();
    const users = reactions.get(name) ?? [];
    if (users.includes(actor)) return;
    if (users.length === 0) this.root.access.require(actor, ch.id, P.ADD_REACTIONS);
    if (users.length === 0 && reactions.size >= 20)
      throw new DiscordError(400, 30010, "Maximum number of reactions reached (20)");
    users.push(actor);
    reactions.set(name, users);
    this.byMessage.set(msg.id, reactions);
    this.emit("MESSAGE_REACTION_ADD", ch, msg, actor, name);
  }

  /** Delete Own Reaction (and, with Manage Messages, another user's). */
  remove(actor: string, channelId: string, messageId: string, emoji: string, userId = actor): void {
    const { ch, msg } = this.target(actor, channelId, messageId);
    if (userId !== actor) this.root.access.require(actor, ch.id, P.MANAGE_MESSAGES);
    const name = emoji;
    const users = this.byMessage.get(msg.id)?.get(name);
    const at = users?.indexOf(userId) ?? -1;
    if (!users || at < 0) return;
    users.splice(at, 1);
    if (users.length === 0) this.byMessage.get(msg.id)?.delete(name);
    this.emit("MESSAGE_REACTION_REMOVE", ch, msg, userId, name);
  }

  /** Who reacted with an emoji, in order. */
  users(actor: string, channelId: string, messageId: string, emoji: string): string[] {
    const msg = this.root.messages.get(actor, channelId, messageId);
    return [...(this.byMessage.get(msg.id)?.get(emoji) ?? [])];
  }

  /** The message's `reactions` field as the given viewer reads it. */
  json(messageId: string, viewer?: string): Json[] | undefined {
    const reactions = this.byMessage.get(messageId);
    if (!reactions?.size) return undefined;
    return [...reactions].map(([name, users]) => ({
      count: users.length,
      count_details: { burst: 0, normal: users.length },
      me: viewer !== undefined && users.includes(viewer),
      me_burst: false,
      burst_colors: [],
      emoji: { id: null, name },
    }));
  }

  /**
   * Pin Message: "Requires the PIN_MESSAGES permission"
   * (https://discord.com/developers/docs/resources/message#pin-message); at most 250 pins.
   */
  pin(actor: string, channelId: string, messageId: string, pinned: boolean): void {
    const { access, messages, channels } = this.root;
    const msg = messages.get(actor, channelId, messageId);
    const ch = channels.byId.get(msg.channel_id);
    if (!ch) throw Errors.unknownChannel();
    access.require(actor, ch.id, P.PIN_MESSAGES);
    if (ch.thread?.archived) throw Errors.archivedThread();
    if (msg.pinned === pinned) return;
    if (pinned) {
      const count = (messages.byChannel.get(ch.id) ?? []).filter((m) => m.pinned && !m.deleted).length;
      if (count >= MAX_PINS)
        throw new DiscordError(400, 30003, "Maximum number of pins reached for the channel (250)");
    }
    msg.pinned = pinned;
    const scope: DispatchScope = { ...messages.scope(msg), transform: (d) => d };
    this.root.dispatch("MESSAGE_UPDATE", messages.json(msg, true), messages.scope(msg));
    this.root.dispatch(
      "CHANNEL_PINS_UPDATE",
      { guild_id: ch.guild_id, channel_id: ch.id, last_pin_timestamp: new Date().toISOString() },
      scope,
    );
  }

  /** Pinned messages of a channel, newest first. */
  pins(actor: string, channelId: string): MessageRec[] {
    const ch = this.root.access.channelFor(actor, channelId);
    if (!(this.root.access.permissionsIn(actor, ch.id) & P.READ_MESSAGE_HISTORY)) return [];
    return (this.root.messages.byChannel.get(ch.id) ?? []).filter((m) => m.pinned && !m.deleted).reverse();
  }

  private emit(event: string, ch: ChannelRec, msg: MessageRec, userId: string, name: string): void {
    const data: Json = {
      user_id: userId,
      channel_id: ch.id,
      message_id: msg.id,
      guild_id: ch.guild_id,
      emoji: { id: null, name: str(name) },
      burst: false,
      type: 0,
    };
    if (event === "MESSAGE_REACTION_ADD") {
      data["message_author_id"] = msg.webhook ? msg.webhook.id : msg.author_id;
      data["burst_colors"] = [];
      const member = this.root.guilds.byId.get(ch.guild_id)?.members.get(userId);
      if (member) data["member"] = this.root.guilds.memberJson(member);
    }
    this.root.dispatch(event, data, {
      guildId: ch.guild_id,
      intent: GUILD_MESSAGE_REACTIONS,
      visibleTo: (uid) => this.root.access.canView(uid, ch.id),
    });
  }
}

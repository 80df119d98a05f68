import type { Emulator } from "./index.js";
import type { InteractionHandle } from "./interaction-handle.js";
import type { EmulatorState, FileUpload } from "./state/index.js";

type Json = Record<string, unknown>;

/** A human in the emulated Discord: every call is refused exactly where Discord would refuse it. */
export class UserActor {
  readonly id: string;
  private readonly emu: Emulator;
  constructor(emu: Emulator, id: string) {
    this.emu = emu;
    this.id = id;
  }
  private get s(): EmulatorState {
    return this.emu.state;
  }
  /** Runs a slash command: `line` is "name", "name sub" or "name group sub"; options by name. */
  slash(channelId: string, line: string, options: Record<string, unknown> = {}): InteractionHandle {
    return this.emu.interactions.command(this.id, channelId, line, options);
  }
  autocomplete(
    channelId: string,
    line: string,
    options: Record<string, unknown>,
    focused: string,
  ): InteractionHandle {
    return this.emu.interactions.command(this.id, channelId, line, options, focused);
  }
  click(messageId: string, customId: string): InteractionHandle {
    return this.emu.interactions.component(this.id, messageId, customId);
  }
  select(messageId: string, customId: string, values: string[]): InteractionHandle {
    return this.emu.interactions.component(this.id, messageId, customId, values);
  }
  /** Submits the modal the bot last showed this user (text input values by custom_id). */
  submitModal(values: Record<string, string>, customId?: string): InteractionHandle {
    return this.emu.interactions.submitModal(this.id, values, customId);
  }
  openModal(): Json | null {
    return this.emu.interactions.openModal(this.id);
  }
  /** A modified client's modal submit under a custom id it was never shown (interactions.ts). */
  forgeModalSubmit(channelId: string, customId: string, values: Record<string, string>): InteractionHandle {
    return this.emu.interactions.forgeModalSubmit(this.id, channelId, customId, values);
  }
  send(channelId: string, content: string | Json, files: FileUpload[] = []): Json {
    const body = typeof content === "string" ? { content } : content;
    return this.s.messages.json(this.s.messages.create(this.id, channelId, body, files));
  }
  edit(channelId: string, messageId: string, body: Json): Json {
    return this.s.messages.json(this.s.messages.edit(this.id, channelId, messageId, body));
  }
  delete(channelId: string, messageId: string): void {
    this.s.messages.delete(this.id, channelId, messageId);
  }
  /** Messages newest first, as GET /channels/{id}/messages returns them. */
  read(channelId: string, q: { limit?: number; before?: string; after?: string } = {}): Json[] {
    return this.s.messages.list(this.id, channelId, q).map((m) => this.s.messages.json(m));
  }
  channel(channelId: string): Json {
    return this.s.channels.json(this.s.access.channelFor(this.id, channelId), this.id);
  }
  /** Channels of the guild this user can see. */
  channels(guildId: string): Json[] {
    return this.s.channels.inGuild(this.id, guildId).map((c) => this.s.channels.json(c));
  }
  activeThreads(guildId: string): Json[] {
    return this.s.threads.active(this.id, guildId).map((c) => this.s.channels.json(c, this.id));
  }
  createThread(channelId: string, name: string, type: 11 | 12 = 12, invitable = true): Json {
    return this.s.channels.json(
      this.s.threads.create(this.id, channelId, { name, type, invitable }),
      this.id,
    );
  }
  joinThread(threadId: string): void {
    this.s.threads.addMember(this.id, threadId, this.id);
  }
  leaveThread(threadId: string): void {
    this.s.threads.removeMember(this.id, threadId, this.id);
  }
  /** A reply to a message of the same channel (`message_reference`). */
  reply(channelId: string, messageId: string, content: string): Json {
    const body = { content, message_reference: { message_id: messageId, channel_id: channelId } };
    return this.send(channelId, body);
  }
  /** Forwards a message into another channel (`message_reference` of type 1, FORWARD). */
  forward(targetId: string, sourceChannelId: string, messageId: string): Json {
    const ref = { type: 1, message_id: messageId, channel_id: sourceChannelId };
    return this.send(targetId, { message_reference: ref });
  }
  /** Create Reaction (`emoji` a unicode emoji or `name:id`). */
  react(channelId: string, messageId: string, emoji: string): void {
    this.s.reactions.add(this.id, channelId, messageId, emoji);
  }
  unreact(channelId: string, messageId: string, emoji: string): void {
    this.s.reactions.remove(this.id, channelId, messageId, emoji);
  }
  pin(channelId: string, messageId: string, pinned = true): void {
    this.s.reactions.pin(this.id, channelId, messageId, pinned);
  }
  /** Start Thread from Message: a public thread whose id is the message's. */
  threadFrom(channelId: string, messageId: string, name: string): Json {
    const thread = this.s.threads.create(this.id, channelId, { name }, messageId);
    return this.s.channels.json(thread, this.id);
  }
  /** Adds another member to a thread (Add Thread Member). */
  addThreadMember(threadId: string, userId: string): void {
    this.s.threads.addMember(this.id, threadId, userId);
  }
  /** Modify Channel on a thread (archive, unarchive, rename). */
  modifyThread(threadId: string, body: Json): Json {
    const ch = this.s.access.channelFor(this.id, threadId);
    return this.s.channels.json(this.s.threads.modify(this.id, ch, body), this.id);
  }
  canView(channelId: string): boolean {
    return this.s.access.canView(this.id, channelId);
  }
  canSend(channelId: string): boolean {
    return this.s.access.canSend(this.id, channelId);
  }
}

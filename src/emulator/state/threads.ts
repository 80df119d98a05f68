import { DiscordError, Errors, fieldError } from "../errors.js";
import { type ChannelRec, ChannelType } from "../model.js";
import { P } from "../permissions.js";
import { Intents, iso, type Json, str } from "./common.js";
import type { EmulatorState } from "./index.js";

/** Threads: their creation, settings and members (the records are channels, in `Channels`). */
export class Threads {
  constructor(private readonly root: EmulatorState) {}

  create(actor: string, parentId: string, body: Json, fromMessageId?: string): ChannelRec {
    const { access, channels } = this.root;
    const parent = access.channelFor(actor, parentId);
    if (
      parent.thread ||
      (parent.type !== ChannelType.GuildText &&
        parent.type !== ChannelType.GuildAnnouncement &&
        parent.type !== ChannelType.GuildForum)
    )
      throw Errors.wrongChannelType();
    let type = Number(body["type"] ?? ChannelType.PrivateThread);
    if (fromMessageId) {
      // "When called on a GUILD_TEXT channel, creates a PUBLIC_THREAD. When called on a
      // GUILD_ANNOUNCEMENT channel, creates a ANNOUNCEMENT_THREAD"
      // (https://discord.com/developers/docs/resources/channel#start-thread-from-message).
      if (parent.type === ChannelType.GuildForum) throw Errors.wrongChannelType();
      type =
        parent.type === ChannelType.GuildAnnouncement
          ? ChannelType.AnnouncementThread
          : ChannelType.PublicThread;
      this.root.messages.get(actor, parentId, fromMessageId);
      if (channels.byId.has(fromMessageId))
        throw new DiscordError(400, 160004, "A thread has already been created for this message");
    } else {
      const allowed: number[] =
        parent.type === ChannelType.GuildAnnouncement
          ? [ChannelType.AnnouncementThread, ChannelType.PrivateThread]
          : [ChannelType.PublicThread, ChannelType.PrivateThread];
      if (!allowed.includes(type))
        throw Errors.invalidForm(fieldError("type", "BASE_TYPE_CHOICES", "Invalid thread type"));
    }
    access.require(
      actor,
      parentId,
      type === ChannelType.PrivateThread ? P.CREATE_PRIVATE_THREADS : P.CREATE_PUBLIC_THREADS,
    );
    const name = str(body["name"]);
    if (!name) throw Errors.invalidForm(fieldError("name", "BASE_TYPE_REQUIRED", "This field is required"));
    const now = iso();
    const ch: ChannelRec = {
      id: fromMessageId ?? this.root.ids.next(),
      type,
      guild_id: parent.guild_id,
      name,
      parent_id: parent.id,
      position: 0,
      topic: null,
      nsfw: false,
      rate_limit_per_user: typeof body["rate_limit_per_user"] === "number" ? body["rate_limit_per_user"] : 0,
      overwrites: [],
      last_message_id: null,
      owner_id: actor,
      thread: {
        archived: false,
        locked: false,
        invitable: body["invitable"] !== false,
        auto_archive_duration:
          typeof body["auto_archive_duration"] === "number" ? body["auto_archive_duration"] : 4320,
        archive_timestamp: now,
        create_timestamp: now,
      },
      threadMembers: new Map([[actor, { user_id: actor, join_timestamp: now }]]),
      message_count: 0,
      total_message_sent: 0,
    };
    channels.add(ch);
    this.emit("THREAD_CREATE", ch, { newly_created: true });
    return ch;
  }

  /** Modify Channel on a thread: its owner or a thread moderator; lock and invitable are moderators'. */
  modify(actor: string, ch: ChannelRec, body: Json): ChannelRec {
    const t = ch.thread;
    if (!t) throw Errors.wrongChannelType();
    const mod = (this.root.access.permissionsIn(actor, ch.id) & P.MANAGE_THREADS) !== 0n;
    const owner = ch.owner_id === actor;
    if (!mod && !owner) throw Errors.missingPermissions();
    if (t.locked && !mod) throw Errors.threadLocked();
    if ((body["locked"] !== undefined || body["invitable"] !== undefined) && !mod)
      throw Errors.missingPermissions();
    if (body["name"] !== undefined) ch.name = str(body["name"]);
    if (typeof body["archived"] === "boolean" && body["archived"] !== t.archived) {
      t.archived = body["archived"];
      t.archive_timestamp = iso();
    }
    if (typeof body["locked"] === "boolean") t.locked = body["locked"];
    if (typeof body["invitable"] === "boolean" && ch.type === ChannelType.PrivateThread)
      t.invitable = body["invitable"];
    if (typeof body["auto_archive_duration"] === "number")
      t.auto_archive_duration = body["auto_archive_duration"];
    if (typeof body["rate_limit_per_user"] === "number") ch.rate_limit_per_user = body["rate_limit_per_user"];
    this.emit("THREAD_UPDATE", ch);
    return ch;
  }

  /** Active (unarchived) threads of a guild the actor can see. */
  active(actor: string, guildId: string): ChannelRec[] {
    const g = this.root.guilds.getFor(actor, guildId);
    return [...this.root.channels.byId.values()].filter(
      (c) => c.guild_id === g.id && c.thread && !c.thread.archived && this.root.access.canView(actor, c.id),
    );
  }

  private threadOf(actor: string, channelId: string): ChannelRec {
    const ch = this.root.access.channelFor(actor, channelId);
    if (!ch.thread || !ch.threadMembers) throw Errors.wrongChannelType();
    return ch;
  }

  addMember(actor: string, channelId: string, userId: string): void {
    const { access } = this.root;
    const ch = this.threadOf(actor, channelId);
    const t = ch.thread;
    if (!t || !ch.threadMembers) return;
    const mod = (access.permissionsIn(actor, ch.id) & P.MANAGE_THREADS) !== 0n;
    if (t.archived && !mod) throw Errors.archivedThread();
    if (t.locked && !mod) throw Errors.threadLocked();
    if (actor !== userId) {
      // invitable: "whether non-moderators can add other non-moderators to a thread"
      // (https://discord.com/developers/docs/resources/channel#thread-metadata-object): the
      // creator is no exception.
      if (ch.type === ChannelType.PrivateThread && !t.invitable && !mod) throw Errors.missingPermissions();
      access.require(actor, ch.id, P.SEND_MESSAGES_IN_THREADS);
    }
    const g = this.root.guilds.get(ch.guild_id);
    if (!g.members.has(userId)) throw Errors.unknownMember();
    if (ch.parent_id && !access.canView(userId, ch.parent_id)) throw Errors.missingAccess();
    this.join(ch, userId);
  }

  /** Adds a member without permission checks (used after checks, and by mentions). */
  join(ch: ChannelRec, userId: string): void {
    if (!ch.threadMembers || ch.threadMembers.has(userId)) return;
    const sawBefore = this.root.access.canView(userId, ch.id);
    ch.threadMembers.set(userId, { user_id: userId, join_timestamp: iso() });
    if (!sawBefore)
      this.root.dispatch("THREAD_CREATE", this.root.channels.json(ch, userId), {
        guildId: ch.guild_id,
        intent: Intents.GUILDS,
        recipients: [userId],
      });
    this.emitMembers(ch, [userId], []);
  }

  removeMember(actor: string, channelId: string, userId: string): void {
    const ch = this.threadOf(actor, channelId);
    if (!ch.threadMembers) return;
    // "Requires the MANAGE_THREADS permission, or the creator of the thread if it is a
    // PRIVATE_THREAD" (https://discord.com/developers/docs/resources/channel#remove-thread-member).
    const creatorOfPrivate = ch.type === ChannelType.PrivateThread && ch.owner_id === actor;
    if (actor !== userId && !creatorOfPrivate) this.root.access.require(actor, ch.id, P.MANAGE_THREADS);
    if (ch.thread?.archived) throw Errors.archivedThread();
    if (!ch.threadMembers.has(userId)) throw Errors.unknownMember();
    const g = this.root.guilds.get(ch.guild_id);
    this.root.channels.withVisibility(g, () => {
      ch.threadMembers?.delete(userId);
    });
    this.emitMembers(ch, [], [userId]);
  }

  private emitMembers(ch: ChannelRec, added: string[], removed: string[]): void {
    const touched = new Set([...added, ...removed]);
    this.root.dispatch(
      "THREAD_MEMBERS_UPDATE",
      {
        id: ch.id,
        guild_id: ch.guild_id,
        member_count: Math.min(50, ch.threadMembers?.size ?? 0),
        added_members: added.map((u) => this.memberJson(ch, u, true)),
        removed_member_ids: removed,
      },
      {
        guildId: ch.guild_id,
        intent: Intents.GUILDS,
        visibleTo: (uid) => this.root.access.canView(uid, ch.id) || touched.has(uid),
      },
    );
  }

  members(actor: string, channelId: string): string[] {
    const ch = this.threadOf(actor, channelId);
    return [...(ch.threadMembers?.keys() ?? [])];
  }

  memberJson(ch: ChannelRec, userId: string, withMember: boolean): Json {
    const tm = ch.threadMembers?.get(userId);
    const out: Json = { id: ch.id, user_id: userId, join_timestamp: tm?.join_timestamp ?? iso(), flags: 0 };
    if (withMember) {
      const m = this.root.guilds.get(ch.guild_id).members.get(userId);
      if (m) out["member"] = this.root.guilds.memberJson(m);
    }
    return out;
  }

  /** THREAD_CREATE/UPDATE to the thread's viewers, each with their own thread member object. */
  emit(event: "THREAD_CREATE" | "THREAD_UPDATE", ch: ChannelRec, extra: Json = {}): void {
    const { channels } = this.root;
    this.root.dispatch(
      event,
      { ...channels.json(ch), ...extra },
      {
        ...channels.scope(ch),
        transform: (data, uid) => {
          const tm = ch.threadMembers?.get(uid);
          return tm
            ? { ...data, member: { id: ch.id, user_id: uid, join_timestamp: tm.join_timestamp, flags: 0 } }
            : data;
        },
      },
    );
  }
}

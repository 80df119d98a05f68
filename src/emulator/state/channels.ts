import { Errors, fieldError } from "../errors.js";
import { Maximum, MaximumErrors } from "../limits.js";
import { type ChannelRec, ChannelType, type GuildRec, type OverwriteRec } from "../model.js";
import { ALL_PERMISSIONS, P, parsePermissions } from "../permissions.js";
import { type DispatchScope, Intents, type Json, str } from "./common.js";
import type { EmulatorState } from "./index.js";

/** Channel flag of an obfuscated channel, and the name it carries. */
export const CHANNEL_OBFUSCATED = 1 << 17;
export const OBFUSCATED_NAME = "___hidden___";

/** Guild channels (threads are channels too and live here; `Threads` holds their own operations). */
export class Channels {
  readonly byId = new Map<string, ChannelRec>();

  constructor(private readonly root: EmulatorState) {}

  private parseOverwrites(
    actor: string,
    g: GuildRec,
    raw: unknown,
    channelId: string | null,
  ): OverwriteRec[] {
    if (!Array.isArray(raw)) return [];
    if (raw.length > Maximum.overwritesPerChannel) throw MaximumErrors.overwrites();
    const out: OverwriteRec[] = [];
    for (const o of raw as Json[]) {
      const id = str(o["id"]);
      const type = Number(o["type"] ?? (g.roles.has(id) ? 0 : 1)) === 1 ? 1 : 0;
      const allow = parsePermissions(o["allow"] ?? 0);
      const deny = parsePermissions(o["deny"] ?? 0);
      this.requireOverwriteGrantable(actor, g, channelId, allow | deny);
      out.push({ id, type, allow, deny });
    }
    return out;
  }

  private requireOverwriteGrantable(
    actor: string,
    g: GuildRec,
    channelId: string | null,
    bits: bigint,
  ): void {
    const { access } = this.root;
    const mine = channelId ? access.permissionsIn(actor, channelId) : access.basePermissions(g, actor);
    if (mine !== ALL_PERMISSIONS && (bits & ~mine) !== 0n) throw Errors.missingPermissions();
  }

  create(actor: string, guildId: string, body: Json): ChannelRec {
    const g = this.root.guilds.getFor(actor, guildId);
    this.root.access.requireGuild(actor, g, P.MANAGE_CHANNELS);
    const type = Number(body["type"] ?? 0);
    if (![0, 2, 4, 5, 15].includes(type))
      throw Errors.invalidForm(
        fieldError("type", "BASE_TYPE_CHOICES", "Value must be one of {0, 2, 4, 5, 15}."),
      );
    const name = str(body["name"]);
    if (!name) throw Errors.invalidForm(fieldError("name", "BASE_TYPE_REQUIRED", "This field is required"));
    const parentId = body["parent_id"] ? str(body["parent_id"]) : null;
    if (parentId) this.requireCategoryRoom(g, parentId, type);
    if (this.guildChannelCount(g) >= Maximum.channelsPerGuild) throw MaximumErrors.channels();
    const overwrites = this.parseOverwrites(actor, g, body["permission_overwrites"], parentId);
    const siblings = [...this.byId.values()].filter((c) => c.guild_id === g.id && !c.thread);
    const ch: ChannelRec = {
      id: this.root.ids.next(),
      type,
      guild_id: g.id,
      name: type === ChannelType.GuildText ? name.toLowerCase().replace(/\s+/g, "-") : name,
      parent_id: parentId,
      position: typeof body["position"] === "number" ? body["position"] : siblings.length,
      topic: body["topic"] ? str(body["topic"]) : null,
      nsfw: body["nsfw"] === true,
      rate_limit_per_user: typeof body["rate_limit_per_user"] === "number" ? body["rate_limit_per_user"] : 0,
      overwrites,
      last_message_id: null,
      message_count: 0,
      total_message_sent: 0,
    };
    this.add(ch);
    this.emit("CHANNEL_CREATE", ch);
    return ch;
  }

  /** Stores a new channel or thread with its (empty) message list. */
  add(ch: ChannelRec): void {
    this.byId.set(ch.id, ch);
    this.root.messages.byChannel.set(ch.id, []);
  }

  /** Guild channels, categories included, threads not (Discord's 500-channel count). */
  private guildChannelCount(g: GuildRec): number {
    let n = 0;
    for (const c of this.byId.values()) if (c.guild_id === g.id && !c.thread) n++;
    return n;
  }

  /** `parent_id` names a category of this guild with room for one more channel (50). */
  private requireCategoryRoom(g: GuildRec, parentId: string, type: number, movingId?: string): void {
    const parent = this.byId.get(parentId);
    if (
      !parent ||
      parent.guild_id !== g.id ||
      parent.type !== ChannelType.GuildCategory ||
      type === ChannelType.GuildCategory
    )
      throw Errors.invalidForm(fieldError("parent_id", "CHANNEL_PARENT_INVALID", "Category does not exist"));
    let children = 0;
    for (const c of this.byId.values())
      if (c.parent_id === parentId && !c.thread && c.id !== movingId) children++;
    if (children >= Maximum.channelsPerCategory) throw MaximumErrors.categoryFull();
  }

  modify(actor: string, channelId: string, body: Json): ChannelRec {
    const { access } = this.root;
    const ch = access.channelFor(actor, channelId);
    const g = this.root.guilds.get(ch.guild_id);
    if (ch.thread) return this.root.threads.modify(actor, ch, body);
    access.require(actor, ch.id, P.MANAGE_CHANNELS);
    if (body["parent_id"] && str(body["parent_id"]) !== ch.parent_id)
      this.requireCategoryRoom(g, str(body["parent_id"]), ch.type, ch.id);
    const overwrites =
      body["permission_overwrites"] !== undefined
        ? (access.require(actor, ch.id, P.MANAGE_ROLES),
          this.parseOverwrites(actor, g, body["permission_overwrites"], ch.id))
        : null;
    this.withVisibility(
      g,
      () => {
        if (body["name"] !== undefined) ch.name = str(body["name"]);
        if (body["topic"] !== undefined) ch.topic = body["topic"] === null ? null : str(body["topic"]);
        if (typeof body["position"] === "number") ch.position = body["position"];
        if (typeof body["nsfw"] === "boolean") ch.nsfw = body["nsfw"];
        if (typeof body["rate_limit_per_user"] === "number")
          ch.rate_limit_per_user = body["rate_limit_per_user"];
        if (body["parent_id"] !== undefined)
          ch.parent_id = body["parent_id"] === null ? null : str(body["parent_id"]);
        if (overwrites) ch.overwrites = overwrites;
      },
      ch.id,
    );
    this.emit("CHANNEL_UPDATE", ch);
    return ch;
  }

  delete(actor: string, channelId: string): ChannelRec {
    const { access, users } = this.root;
    const ch = access.channelFor(actor, channelId);
    access.require(actor, ch.id, ch.thread ? P.MANAGE_THREADS : P.MANAGE_CHANNELS);
    // Who hears of the deletion is decided while the channel still exists.
    const g = this.root.guilds.get(ch.guild_id);
    const audience = [...g.members.keys()].filter(
      (uid) => users.isBot(uid) || (ch.thread ? access.canView(uid, ch.id) : access.channelListed(uid, ch)),
    );
    const seen = new Map(audience.map((uid) => [uid, this.jsonFor(ch, uid)]));
    const scope: DispatchScope = {
      guildId: ch.guild_id,
      intent: Intents.GUILDS,
      recipients: ch.thread ? audience.filter((uid) => access.canView(uid, ch.id)) : audience,
      transform: (data, uid) => seen.get(uid) ?? data,
    };
    this.byId.delete(ch.id);
    this.root.messages.dropChannel(ch.id);
    if (ch.thread)
      this.root.dispatch(
        "THREAD_DELETE",
        { id: ch.id, guild_id: ch.guild_id, parent_id: ch.parent_id, type: ch.type },
        { ...scope, transform: (d) => d },
      );
    else {
      this.root.dispatch("CHANNEL_DELETE", this.json(ch), scope);
      for (const t of [...this.byId.values()]) if (t.thread && t.parent_id === ch.id) this.byId.delete(t.id);
    }
    return ch;
  }

  putOverwrite(actor: string, channelId: string, overwriteId: string, body: Json): void {
    const { access } = this.root;
    const ch = access.channelFor(actor, channelId);
    if (ch.thread) throw Errors.wrongChannelType();
    const g = this.root.guilds.get(ch.guild_id);
    access.require(actor, ch.id, P.MANAGE_ROLES);
    const allow = parsePermissions(body["allow"] ?? 0);
    const deny = parsePermissions(body["deny"] ?? 0);
    this.requireOverwriteGrantable(actor, g, ch.id, allow | deny);
    const type = Number(body["type"] ?? (g.roles.has(overwriteId) ? 0 : 1)) === 1 ? 1 : 0;
    if (
      !ch.overwrites.some((o) => o.id === overwriteId) &&
      ch.overwrites.length >= Maximum.overwritesPerChannel
    )
      throw MaximumErrors.overwrites();
    this.withVisibility(
      g,
      () => {
        ch.overwrites = ch.overwrites.filter((o) => o.id !== overwriteId);
        ch.overwrites.push({ id: overwriteId, type, allow, deny });
      },
      ch.id,
    );
    this.emit("CHANNEL_UPDATE", ch);
  }

  deleteOverwrite(actor: string, channelId: string, overwriteId: string): void {
    const { access } = this.root;
    const ch = access.channelFor(actor, channelId);
    if (ch.thread) throw Errors.wrongChannelType();
    const g = this.root.guilds.get(ch.guild_id);
    access.require(actor, ch.id, P.MANAGE_ROLES);
    this.withVisibility(
      g,
      () => {
        ch.overwrites = ch.overwrites.filter((o) => o.id !== overwriteId);
      },
      ch.id,
    );
    this.emit("CHANNEL_UPDATE", ch);
  }

  /**
   * Get Guild Channels: channels the actor cannot view are omitted, for bots too
   * (https://discord.com/developers/docs/resources/guild#get-guild-channels).
   */
  inGuild(actor: string, guildId: string): ChannelRec[] {
    const g = this.root.guilds.getFor(actor, guildId);
    return [...this.byId.values()]
      .filter((c) => c.guild_id === g.id && !c.thread && this.root.access.channelListed(actor, c))
      .sort((a, b) => a.position - b.position);
  }

  /** Runs a change that may alter visibility, then tells each user about threads they gained or lost. */
  withVisibility(g: GuildRec, change: () => void, reported?: string): void {
    const { access, users } = this.root;
    const threads = [...this.byId.values()].filter((c) => c.guild_id === g.id && c.thread);
    const before = new Map<string, Set<string>>();
    for (const uid of g.members.keys())
      before.set(uid, new Set(threads.filter((t) => access.canView(uid, t.id)).map((t) => t.id)));
    // Bots: a channel they gain or lose sight of comes again in a CHANNEL_UPDATE, full or obfuscated
    // (https://discord.com/developers/docs/resources/channel#channel-object-obfuscated-channels);
    // `reported` is the channel whose own update the caller sends.
    const guildChannels = [...this.byId.values()].filter((c) => c.guild_id === g.id && !c.thread);
    const bots = [...g.members.keys()].filter((uid) => users.isBot(uid));
    const listedBefore = new Map(
      bots.map((uid) => [
        uid,
        new Set(guildChannels.filter((c) => access.channelListed(uid, c)).map((c) => c.id)),
      ]),
    );
    change();
    for (const uid of bots) {
      const was = listedBefore.get(uid) ?? new Set<string>();
      for (const c of guildChannels)
        if (c.id !== reported && this.byId.has(c.id) && access.channelListed(uid, c) !== was.has(c.id))
          this.root.dispatch("CHANNEL_UPDATE", this.jsonFor(c, uid), {
            guildId: g.id,
            intent: Intents.GUILDS,
            recipients: [uid],
          });
    }
    for (const uid of g.members.keys()) {
      const was = before.get(uid) ?? new Set<string>();
      for (const t of threads) {
        const now = access.canView(uid, t.id);
        if (now && !was.has(t.id))
          this.root.dispatch("THREAD_CREATE", this.json(t, uid), {
            guildId: g.id,
            intent: Intents.GUILDS,
            recipients: [uid],
          });
        if (!now && was.has(t.id))
          this.root.dispatch(
            "THREAD_DELETE",
            { id: t.id, guild_id: g.id, parent_id: t.parent_id, type: t.type },
            { guildId: g.id, intent: Intents.GUILDS, recipients: [uid] },
          );
      }
    }
  }

  // ---------------------------------------------------------------- serialization and dispatch

  overwriteJson(o: OverwriteRec): Json {
    return { id: o.id, type: o.type, allow: o.allow.toString(), deny: o.deny.toString() };
  }

  /** The channel object; for a thread, `viewer`'s thread member object when they joined it. */
  json(ch: ChannelRec, viewer?: string): Json {
    const base: Json = {
      id: ch.id,
      type: ch.type,
      guild_id: ch.guild_id,
      name: ch.name,
      parent_id: ch.parent_id,
      flags: 0,
      last_message_id: ch.last_message_id,
      rate_limit_per_user: ch.rate_limit_per_user,
    };
    if (ch.thread) {
      const t = ch.thread;
      const meta: Json = {
        archived: t.archived,
        archive_timestamp: t.archive_timestamp,
        auto_archive_duration: t.auto_archive_duration,
        locked: t.locked,
        create_timestamp: t.create_timestamp,
      };
      if (ch.type === ChannelType.PrivateThread) meta["invitable"] = t.invitable;
      Object.assign(base, {
        owner_id: ch.owner_id,
        thread_metadata: meta,
        message_count: ch.message_count,
        member_count: Math.min(50, ch.threadMembers?.size ?? 0),
        total_message_sent: ch.total_message_sent,
      });
      if (viewer) {
        const tm = ch.threadMembers?.get(viewer);
        if (tm) base["member"] = { id: ch.id, user_id: viewer, join_timestamp: tm.join_timestamp, flags: 0 };
      }
      return base;
    }
    Object.assign(base, {
      position: ch.position,
      permission_overwrites: ch.overwrites.map((o) => this.overwriteJson(o)),
      nsfw: ch.nsfw,
    });
    if (ch.type === ChannelType.GuildCategory) {
      delete base["parent_id"];
      delete base["last_message_id"];
      delete base["rate_limit_per_user"];
    } else {
      base["topic"] = ch.topic;
    }
    return base;
  }

  /**
   * The channel as a bot that cannot view it receives it over the gateway
   * (https://discord.com/developers/docs/resources/channel#channel-object-obfuscated-channels):
   * id, type, position and parent_id stay true; the name becomes "___hidden___", the
   * CHANNEL_OBFUSCATED flag (1 << 17) is set, the overwrites are one @everyone deny of
   * VIEW_CHANNEL, and every other field is nulled or reduced.
   */
  obfuscatedJson(ch: ChannelRec): Json {
    const out: Json = {
      id: ch.id,
      type: ch.type,
      guild_id: ch.guild_id,
      position: ch.position,
      name: OBFUSCATED_NAME,
      flags: CHANNEL_OBFUSCATED,
      permission_overwrites: [{ id: ch.guild_id, type: 0, allow: "0", deny: P.VIEW_CHANNEL.toString() }],
      nsfw: false,
    };
    if (ch.type !== ChannelType.GuildCategory) {
      Object.assign(out, {
        parent_id: ch.parent_id,
        last_message_id: null,
        rate_limit_per_user: 0,
        topic: null,
      });
    }
    return out;
  }

  /** A guild channel as one user's gateway session receives it (bots: obfuscated when hidden). */
  jsonFor(ch: ChannelRec, userId: string): Json {
    if (!ch.thread && this.root.users.isBot(userId) && !this.root.access.channelListed(userId, ch))
      return this.obfuscatedJson(ch);
    return this.json(ch);
  }

  /** Who hears of a channel's changes: threads their viewers; guild channels every bot (maybe obfuscated) and those who list it. */
  scope(ch: ChannelRec): DispatchScope {
    const { access, users } = this.root;
    if (ch.thread)
      return { guildId: ch.guild_id, intent: Intents.GUILDS, visibleTo: (uid) => access.canView(uid, ch.id) };
    return {
      guildId: ch.guild_id,
      intent: Intents.GUILDS,
      // Bots receive every guild channel, obfuscated where they cannot view it; people only theirs.
      visibleTo: (uid) => users.isBot(uid) || access.channelListed(uid, ch),
      transform: (data, uid) => (users.isBot(uid) ? this.jsonFor(ch, uid) : data),
    };
  }

  emit(event: "CHANNEL_CREATE" | "CHANNEL_UPDATE", ch: ChannelRec): void {
    this.root.dispatch(event, this.json(ch), this.scope(ch));
  }
}

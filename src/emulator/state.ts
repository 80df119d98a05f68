import { DiscordError, Errors, fieldError } from "./errors.js";
import {
  type AttachmentRec,
  type ChannelRec,
  ChannelType,
  type CommandOption,
  type CommandRec,
  type GuildRec,
  type MemberRec,
  type MessageRec,
  type OverwriteRec,
  type RoleRec,
  type UserRec,
  type WebhookRec,
} from "./model.js";
import {
  checkCommandOptions,
  checkMessageBody,
  checkWebhookName,
  FormErrors,
  Maximum,
  MaximumErrors,
} from "./limits.js";
import {
  ALL_PERMISSIONS,
  DEFAULT_BOT,
  DEFAULT_EVERYONE,
  P,
  parsePermissions,
  TIMED_OUT_KEEPS,
} from "./permissions.js";
import { SnowflakeGenerator } from "./snowflake.js";

type Json = Record<string, unknown>;

export const Intents = {
  GUILDS: 1 << 0,
  GUILD_MEMBERS: 1 << 1,
  GUILD_MESSAGES: 1 << 9,
  DIRECT_MESSAGES: 1 << 12,
  MESSAGE_CONTENT: 1 << 15,
} as const;

/** Who may receive a gateway dispatch; the gateway applies it per session. */
export interface DispatchScope {
  guildId: string | null;
  /** Intent bit the receiving session must have (0: always sent). */
  intent: number;
  /** Only these users receive it. */
  recipients?: string[];
  /** Per-recipient visibility (e.g. canView on the channel). */
  visibleTo?: (userId: string) => boolean;
  /** Per-recipient rewriting (MESSAGE_CONTENT stripping). */
  transform?: (data: Json, userId: string, intents: number) => Json;
}

export type DispatchListener = (event: string, data: Json, scope: DispatchScope) => void;

export interface FileUpload {
  name: string;
  filename: string;
  contentType: string | undefined;
  data: Buffer;
}

export interface StateOptions {
  botName?: string;
  botPermissions?: bigint;
  everyonePermissions?: bigint;
  baseUrl: () => string;
}

const iso = (ms: number = Date.now()): string => new Date(ms).toISOString();

/** Channel flag of an obfuscated channel, and the name it carries. */
export const CHANNEL_OBFUSCATED = 1 << 17;
export const OBFUSCATED_NAME = "___hidden___";

function str(v: unknown, fallback = ""): string {
  return typeof v === "string" ? v : v === undefined || v === null ? fallback : String(v);
}

function mintToken(id: string, salt: string): string {
  const head = Buffer.from(id).toString("base64url");
  let h = 2166136261;
  for (const ch of id + salt) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `${head}.emu${salt}.${h.toString(36)}${(h ^ 0x5bd1e995).toString(36)}`;
}

export class EmulatorState {
  readonly ids = new SnowflakeGenerator();
  readonly users = new Map<string, UserRec>();
  readonly tokens = new Map<string, string>();
  readonly guilds = new Map<string, GuildRec>();
  readonly channels = new Map<string, ChannelRec>();
  readonly messages = new Map<string, MessageRec[]>();
  readonly messageIndex = new Map<string, MessageRec>();
  readonly commands = new Map<string, CommandRec>();
  readonly webhooks = new Map<string, WebhookRec>();
  readonly bot: UserRec;
  readonly applicationId: string;
  private listeners: DispatchListener[] = [];
  private readonly opts: StateOptions;
  private readonly nonces = new Map<string, { id: string; at: number }>();

  constructor(opts: StateOptions) {
    this.opts = opts;
    this.bot = this.createUser({ username: opts.botName ?? "GM Bot", bot: true });
    this.applicationId = this.bot.id;
  }

  onDispatch(l: DispatchListener): void {
    this.listeners.push(l);
  }

  dispatch(event: string, data: Json, scope: DispatchScope): void {
    for (const l of this.listeners) l(event, data, scope);
  }

  // ---------------------------------------------------------------- users, guilds

  createUser(o: { username: string; bot?: boolean; globalName?: string; locale?: string }): UserRec {
    const id = this.ids.next();
    const u: UserRec = {
      id,
      username: o.username,
      global_name: o.globalName ?? null,
      bot: o.bot ?? false,
      token: mintToken(id, o.bot ? "B" : "U"),
      locale: o.locale ?? "en-US",
    };
    this.users.set(id, u);
    this.tokens.set(u.token, id);
    return u;
  }

  user(id: string): UserRec {
    const u = this.users.get(id);
    if (!u) throw Errors.unknownUser();
    return u;
  }

  createGuild(o: { name: string; ownerId?: string; locale?: string }): GuildRec {
    const id = this.ids.next();
    const ownerId = o.ownerId ?? this.createUser({ username: `${o.name} owner` }).id;
    const g: GuildRec = {
      id,
      name: o.name,
      owner_id: ownerId,
      preferred_locale: o.locale ?? "en-US",
      roles: new Map(),
      members: new Map(),
    };
    g.roles.set(id, {
      id,
      guild_id: id,
      name: "@everyone",
      permissions: this.opts.everyonePermissions ?? DEFAULT_EVERYONE,
      position: 0,
      color: 0,
      hoist: false,
      mentionable: false,
      managed: false,
    });
    this.guilds.set(id, g);
    g.members.set(ownerId, {
      user_id: ownerId,
      roles: [],
      nick: null,
      joined_at: iso(),
      communication_disabled_until: null,
    });
    const botRole: RoleRec = {
      id: this.ids.next(),
      guild_id: id,
      name: this.bot.username,
      permissions: this.opts.botPermissions ?? DEFAULT_BOT,
      position: 1,
      color: 0,
      hoist: false,
      mentionable: false,
      managed: true,
      botId: this.bot.id,
    };
    g.roles.set(botRole.id, botRole);
    g.members.set(this.bot.id, {
      user_id: this.bot.id,
      roles: [botRole.id],
      nick: null,
      joined_at: iso(),
      communication_disabled_until: null,
    });
    return g;
  }

  guild(id: string): GuildRec {
    const g = this.guilds.get(id);
    if (!g) throw Errors.unknownGuild();
    return g;
  }

  /** A guild the actor belongs to (else Unknown Guild, as Discord answers non-members). */
  guildFor(actor: string, id: string): GuildRec {
    const g = this.guild(id);
    if (!g.members.has(actor)) throw Errors.unknownGuild();
    return g;
  }

  member(g: GuildRec, userId: string): MemberRec {
    const m = g.members.get(userId);
    if (!m) throw Errors.unknownMember();
    return m;
  }

  addMember(guildId: string, userId: string, roles: string[] = []): MemberRec {
    const g = this.guild(guildId);
    this.user(userId);
    const m: MemberRec = {
      user_id: userId,
      roles: [...roles],
      nick: null,
      joined_at: iso(),
      communication_disabled_until: null,
    };
    g.members.set(userId, m);
    this.dispatch(
      "GUILD_MEMBER_ADD",
      { ...this.memberJson(g, m), guild_id: g.id },
      { guildId: g.id, intent: Intents.GUILD_MEMBERS },
    );
    return m;
  }

  // ---------------------------------------------------------------- permissions

  basePermissions(g: GuildRec, userId: string): bigint {
    if (g.owner_id === userId) return ALL_PERMISSIONS;
    const m = g.members.get(userId);
    if (!m) return 0n;
    let perms = g.roles.get(g.id)?.permissions ?? 0n;
    for (const r of m.roles) perms |= g.roles.get(r)?.permissions ?? 0n;
    if (perms & P.ADMINISTRATOR) return ALL_PERMISSIONS;
    if (this.isTimedOut(m)) return perms & TIMED_OUT_KEEPS;
    return perms;
  }

  /** A member whose `communication_disabled_until` lies in the future. */
  isTimedOut(m: MemberRec): boolean {
    return m.communication_disabled_until !== null && Date.parse(m.communication_disabled_until) > Date.now();
  }

  private overwritePermissions(g: GuildRec, m: MemberRec, ch: ChannelRec, base: bigint): bigint {
    let perms = base;
    const ev = ch.overwrites.find((o) => o.id === g.id);
    if (ev) perms = (perms & ~ev.deny) | ev.allow;
    let allow = 0n;
    let deny = 0n;
    for (const o of ch.overwrites) {
      if (o.type === 0 && o.id !== g.id && m.roles.includes(o.id)) {
        allow |= o.allow;
        deny |= o.deny;
      }
    }
    perms = (perms & ~deny) | allow;
    const mo = ch.overwrites.find((o) => o.type === 1 && o.id === m.user_id);
    if (mo) perms = (perms & ~mo.deny) | mo.allow;
    return perms;
  }

  /** Permissions of a user in a channel (threads: the parent's, plus the thread's own rules). */
  permissionsIn(userId: string, channelId: string): bigint {
    const ch = this.channels.get(channelId);
    if (!ch) return 0n;
    const g = this.guilds.get(ch.guild_id);
    if (!g) return 0n;
    const m = g.members.get(userId);
    if (!m) return 0n;
    const base = this.basePermissions(g, userId);
    if (base === ALL_PERMISSIONS) return ALL_PERMISSIONS;
    const target = ch.thread && ch.parent_id ? this.channels.get(ch.parent_id) : ch;
    if (!target) return 0n;
    let perms = this.overwritePermissions(g, m, target, base);
    // A timeout leaves only viewing and reading history, whatever the overwrites allow.
    if (this.isTimedOut(m)) perms &= TIMED_OUT_KEEPS;
    if (!(perms & P.VIEW_CHANNEL)) return 0n;
    if (
      ch.type === ChannelType.PrivateThread &&
      !(perms & P.MANAGE_THREADS) &&
      !ch.threadMembers?.has(userId)
    )
      return 0n;
    return perms;
  }

  isAdmin(userId: string, channelId: string): boolean {
    return this.permissionsIn(userId, channelId) === ALL_PERMISSIONS;
  }

  canView(userId: string, channelId: string): boolean {
    return (this.permissionsIn(userId, channelId) & P.VIEW_CHANNEL) !== 0n;
  }

  canSend(userId: string, channelId: string): boolean {
    const ch = this.channels.get(channelId);
    if (!ch) return false;
    const perms = this.permissionsIn(userId, channelId);
    if (!(perms & P.VIEW_CHANNEL)) return false;
    if (ch.thread) {
      if (!(perms & P.SEND_MESSAGES_IN_THREADS)) return false;
      if (ch.thread.locked && !(perms & P.MANAGE_THREADS)) return false;
      return true;
    }
    if (ch.type === ChannelType.GuildCategory || ch.type === ChannelType.GuildForum) return false;
    return (perms & P.SEND_MESSAGES) !== 0n;
  }

  /** The channel if the actor may see it; private threads they cannot see do not exist for them. */
  channelFor(actor: string, id: string): ChannelRec {
    const ch = this.channels.get(id);
    if (!ch) throw Errors.unknownChannel();
    const g = this.guilds.get(ch.guild_id);
    if (!g?.members.has(actor)) throw Errors.unknownChannel();
    if (!this.canView(actor, id)) {
      if (ch.type === ChannelType.PrivateThread) throw Errors.unknownChannel();
      throw Errors.missingAccess();
    }
    return ch;
  }

  require(actor: string, channelId: string, perm: bigint): void {
    if ((this.permissionsIn(actor, channelId) & perm) !== perm) throw Errors.missingPermissions();
  }

  requireGuild(actor: string, g: GuildRec, perm: bigint): void {
    if ((this.basePermissions(g, actor) & perm) !== perm) throw Errors.missingPermissions();
  }

  highestRole(g: GuildRec, userId: string): number {
    if (g.owner_id === userId) return Number.MAX_SAFE_INTEGER;
    const m = g.members.get(userId);
    let top = 0;
    for (const r of m?.roles ?? []) top = Math.max(top, g.roles.get(r)?.position ?? 0);
    return top;
  }

  private requireAbove(actor: string, g: GuildRec, role: RoleRec): void {
    if (g.owner_id === actor) return;
    if (role.managed || role.id === g.id || this.highestRole(g, actor) <= role.position)
      throw Errors.missingPermissions();
  }

  // ---------------------------------------------------------------- serialization

  userJson(id: string): Json {
    const u = this.user(id);
    const out: Json = {
      id: u.id,
      username: u.username,
      avatar: null,
      discriminator: "0",
      public_flags: 0,
      flags: 0,
      global_name: u.global_name,
      primary_guild: null,
      accent_color: null,
      avatar_decoration_data: null,
      collectibles: null,
      display_name_styles: null,
      banner: null,
    };
    if (u.bot) out["bot"] = true;
    return out;
  }

  roleJson(r: RoleRec): Json {
    const out: Json = {
      id: r.id,
      name: r.name,
      description: null,
      permissions: r.permissions.toString(),
      position: r.position,
      color: r.color,
      colors: { primary_color: r.color, secondary_color: null, tertiary_color: null },
      hoist: r.hoist,
      managed: r.managed,
      mentionable: r.mentionable,
      icon: null,
      unicode_emoji: null,
      flags: 0,
    };
    if (r.botId) out["tags"] = { bot_id: r.botId };
    return out;
  }

  memberJson(g: GuildRec, m: MemberRec, withUser = true): Json {
    const out: Json = {
      avatar: null,
      banner: null,
      communication_disabled_until: m.communication_disabled_until,
      flags: 0,
      joined_at: m.joined_at,
      nick: m.nick,
      pending: false,
      premium_since: null,
      roles: [...m.roles],
      collectibles: null,
      deaf: false,
      mute: false,
    };
    if (withUser) out["user"] = this.userJson(m.user_id);
    void g;
    return out;
  }

  overwriteJson(o: OverwriteRec): Json {
    return { id: o.id, type: o.type, allow: o.allow.toString(), deny: o.deny.toString() };
  }

  channelJson(ch: ChannelRec, viewer?: string): Json {
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

  guildJson(g: GuildRec): Json {
    return {
      id: g.id,
      name: g.name,
      icon: null,
      description: null,
      home_header: null,
      splash: null,
      discovery_splash: null,
      features: [],
      banner: null,
      owner_id: g.owner_id,
      application_id: null,
      region: "deprecated",
      afk_channel_id: null,
      afk_timeout: 300,
      system_channel_id: null,
      system_channel_flags: 0,
      widget_enabled: false,
      widget_channel_id: null,
      verification_level: 0,
      roles: [...g.roles.values()].map((r) => this.roleJson(r)),
      default_message_notifications: 0,
      mfa_level: 0,
      explicit_content_filter: 0,
      max_presences: null,
      max_members: 500000,
      max_stage_video_channel_users: 50,
      max_video_channel_users: 25,
      vanity_url_code: null,
      premium_tier: 0,
      premium_subscription_count: 0,
      preferred_locale: g.preferred_locale,
      rules_channel_id: null,
      safety_alerts_channel_id: null,
      public_updates_channel_id: null,
      premium_progress_bar_enabled: false,
      nsfw: false,
      nsfw_level: 0,
      emojis: [],
      stickers: [],
      incidents_data: null,
    };
  }

  threadMemberJson(ch: ChannelRec, userId: string, withMember: boolean): Json {
    const tm = ch.threadMembers?.get(userId);
    const out: Json = { id: ch.id, user_id: userId, join_timestamp: tm?.join_timestamp ?? iso(), flags: 0 };
    if (withMember) {
      const g = this.guild(ch.guild_id);
      const m = g.members.get(userId);
      if (m) out["member"] = this.memberJson(g, m);
    }
    return out;
  }

  attachmentJson(a: AttachmentRec): Json {
    const out: Json = { id: a.id, filename: a.filename, size: a.size, url: a.url, proxy_url: a.proxy_url };
    if (a.content_type) out["content_type"] = a.content_type;
    if (a.description) out["description"] = a.description;
    return out;
  }

  messageJson(msg: MessageRec, withMember = false): Json {
    const author = msg.webhook
      ? {
          id: msg.webhook.id,
          username: msg.webhook.username,
          avatar: null,
          discriminator: "0000",
          public_flags: 0,
          flags: 0,
          bot: true,
          global_name: null,
          primary_guild: null,
          accent_color: null,
          avatar_decoration_data: null,
          collectibles: null,
          display_name_styles: null,
          banner: null,
        }
      : this.userJson(msg.author_id);
    const out: Json = {
      type: msg.type,
      content: msg.content,
      mentions: msg.mentions.filter((id) => this.users.has(id)).map((id) => this.userJson(id)),
      mention_roles: msg.mention_roles,
      attachments: msg.attachments.map((a) => this.attachmentJson(a)),
      embeds: msg.embeds,
      timestamp: msg.timestamp,
      edited_timestamp: msg.edited_timestamp,
      flags: msg.flags,
      components: msg.components,
      id: msg.id,
      channel_id: msg.channel_id,
      author,
      pinned: msg.pinned,
      mention_everyone: msg.mention_everyone,
      tts: msg.tts,
    };
    if (msg.webhook) out["webhook_id"] = msg.webhook.id;
    if (msg.application_id) {
      out["application_id"] = msg.application_id;
      out["webhook_id"] = msg.application_id;
    }
    if (msg.interaction) {
      const meta = (i: NonNullable<MessageRec["interaction"]>): Json => {
        const o: Json = {
          id: i.id,
          type: i.type,
          user: this.userJson(i.user_id),
          authorizing_integration_owners: msg.guild_id ? { "0": msg.guild_id } : {},
        };
        if (i.source_message_id) o["interacted_message_id"] = i.source_message_id;
        if (i.trigger)
          o["triggering_interaction_metadata"] = meta({ ...i.trigger, user_id: i.user_id, name: i.name });
        return o;
      };
      out["interaction_metadata"] = meta(msg.interaction);
      out["interaction"] = {
        id: msg.interaction.id,
        type: msg.interaction.type,
        name: msg.interaction.name,
        user: this.userJson(msg.interaction.user_id),
      };
    }
    if (msg.message_reference) out["message_reference"] = { type: 0, ...msg.message_reference };
    if (msg.nonce !== undefined) out["nonce"] = msg.nonce;
    const ch = this.channels.get(msg.channel_id);
    if (ch?.thread) out["position"] = Math.max(0, ch.total_message_sent - 1);
    if (withMember && msg.guild_id && !msg.webhook) {
      out["guild_id"] = msg.guild_id;
      const g = this.guilds.get(msg.guild_id);
      const m = g?.members.get(msg.author_id);
      if (g && m) out["member"] = this.memberJson(g, m, false);
    }
    return out;
  }

  commandJson(c: CommandRec, withLocalizations = true): Json {
    const out: Json = {
      id: c.id,
      application_id: c.application_id,
      version: c.version,
      default_member_permissions: c.default_member_permissions,
      type: c.type,
      name: c.name,
      description: c.description,
      dm_permission: c.contexts ? c.contexts.includes(1) : true,
      contexts: c.contexts,
      integration_types: c.integration_types,
      options: c.options,
      nsfw: c.nsfw,
    };
    if (c.guild_id) out["guild_id"] = c.guild_id;
    if (withLocalizations) {
      out["name_localizations"] = c.name_localizations;
      out["description_localizations"] = c.description_localizations;
    }
    return out;
  }

  webhookJson(w: WebhookRec, withToken: boolean): Json {
    const out: Json = {
      id: w.id,
      type: 1,
      guild_id: w.guild_id,
      channel_id: w.channel_id,
      name: w.name,
      avatar: w.avatar,
      application_id: w.application_id,
      user: this.userJson(w.creator_id),
    };
    if (withToken) out["token"] = w.token;
    return out;
  }

  // ---------------------------------------------------------------- dispatch helpers

  /**
   * Whether a guild channel (not a thread) shows in a user's channel list: VIEW_CHANNEL on it, or,
   * for a category, on any of its channels ("Channel categories are viewable if any of their child
   * channels are viewable", https://discord.com/developers/docs/topics/permissions#channel-visibility).
   */
  channelListed(userId: string, ch: ChannelRec): boolean {
    if (this.canView(userId, ch.id)) return true;
    if (ch.type !== ChannelType.GuildCategory) return false;
    for (const c of this.channels.values())
      if (c.parent_id === ch.id && !c.thread && this.canView(userId, c.id)) return true;
    return false;
  }

  /**
   * The channel as a bot that cannot view it receives it over the gateway
   * (https://discord.com/developers/docs/resources/channel#channel-object-obfuscated-channels):
   * id, type, position and parent_id stay true; the name becomes "___hidden___", the
   * CHANNEL_OBFUSCATED flag (1 << 17) is set, the overwrites are one @everyone deny of
   * VIEW_CHANNEL, and every other field is nulled or reduced.
   */
  obfuscatedChannelJson(ch: ChannelRec): Json {
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
  channelJsonFor(ch: ChannelRec, userId: string): Json {
    if (!ch.thread && this.users.get(userId)?.bot === true && !this.channelListed(userId, ch))
      return this.obfuscatedChannelJson(ch);
    return this.channelJson(ch);
  }

  private channelScope(ch: ChannelRec): DispatchScope {
    if (ch.thread)
      return { guildId: ch.guild_id, intent: Intents.GUILDS, visibleTo: (uid) => this.canView(uid, ch.id) };
    return {
      guildId: ch.guild_id,
      intent: Intents.GUILDS,
      // Bots receive every guild channel, obfuscated where they cannot view it; people only theirs.
      visibleTo: (uid) => this.users.get(uid)?.bot === true || this.channelListed(uid, ch),
      transform: (data, uid) => (this.users.get(uid)?.bot === true ? this.channelJsonFor(ch, uid) : data),
    };
  }

  emitChannel(event: "CHANNEL_CREATE" | "CHANNEL_UPDATE", ch: ChannelRec): void {
    this.dispatch(event, this.channelJson(ch), this.channelScope(ch));
  }

  emitThread(event: "THREAD_CREATE" | "THREAD_UPDATE", ch: ChannelRec, extra: Json = {}): void {
    const scope = this.channelScope(ch);
    this.dispatch(
      event,
      { ...this.channelJson(ch), ...extra },
      {
        ...scope,
        transform: (data, uid) => {
          const tm = ch.threadMembers?.get(uid);
          return tm
            ? { ...data, member: { id: ch.id, user_id: uid, join_timestamp: tm.join_timestamp, flags: 0 } }
            : data;
        },
      },
    );
  }

  // ---------------------------------------------------------------- roles and members

  createRole(actor: string, guildId: string, body: Json): RoleRec {
    const g = this.guildFor(actor, guildId);
    this.requireGuild(actor, g, P.MANAGE_ROLES);
    const perms = parsePermissions(
      body["permissions"] ?? (this.opts.everyonePermissions ?? DEFAULT_EVERYONE).toString(),
    );
    this.requireGrantable(actor, g, perms);
    if (g.roles.size >= Maximum.roles) throw MaximumErrors.roles();
    for (const r of g.roles.values()) if (r.position >= 1 && r.id !== g.id) r.position++;
    const role: RoleRec = {
      id: this.ids.next(),
      guild_id: g.id,
      name: str(body["name"], "new role"),
      permissions: perms,
      position: 1,
      color: typeof body["color"] === "number" ? body["color"] : 0,
      hoist: body["hoist"] === true,
      mentionable: body["mentionable"] === true,
      managed: false,
    };
    g.roles.set(role.id, role);
    this.dispatch(
      "GUILD_ROLE_CREATE",
      { guild_id: g.id, role: this.roleJson(role) },
      { guildId: g.id, intent: Intents.GUILDS },
    );
    return role;
  }

  private requireGrantable(actor: string, g: GuildRec, perms: bigint): void {
    const mine = this.basePermissions(g, actor);
    if (mine !== ALL_PERMISSIONS && (perms & ~mine) !== 0n) throw Errors.missingPermissions();
  }

  modifyRole(actor: string, guildId: string, roleId: string, body: Json): RoleRec {
    const g = this.guildFor(actor, guildId);
    this.requireGuild(actor, g, P.MANAGE_ROLES);
    const role = g.roles.get(roleId);
    if (!role) throw Errors.unknownRole();
    if (role.id !== g.id) this.requireAbove(actor, g, role);
    if (body["name"] !== undefined && role.id !== g.id) role.name = str(body["name"]);
    if (body["permissions"] !== undefined && body["permissions"] !== null) {
      const perms = parsePermissions(body["permissions"]);
      this.requireGrantable(actor, g, perms);
      this.withVisibility(g, () => {
        role.permissions = perms;
      });
    }
    if (typeof body["color"] === "number") role.color = body["color"];
    if (typeof body["hoist"] === "boolean") role.hoist = body["hoist"];
    if (typeof body["mentionable"] === "boolean") role.mentionable = body["mentionable"];
    this.dispatch(
      "GUILD_ROLE_UPDATE",
      { guild_id: g.id, role: this.roleJson(role) },
      { guildId: g.id, intent: Intents.GUILDS },
    );
    return role;
  }

  deleteRole(actor: string, guildId: string, roleId: string): void {
    const g = this.guildFor(actor, guildId);
    this.requireGuild(actor, g, P.MANAGE_ROLES);
    const role = g.roles.get(roleId);
    if (!role || role.id === g.id) throw Errors.unknownRole();
    this.requireAbove(actor, g, role);
    g.roles.delete(roleId);
    for (const m of g.members.values()) m.roles = m.roles.filter((r) => r !== roleId);
    this.dispatch(
      "GUILD_ROLE_DELETE",
      { guild_id: g.id, role_id: roleId },
      { guildId: g.id, intent: Intents.GUILDS },
    );
  }

  /** Runs a change that may alter visibility, then tells each user about threads they gained or lost. */
  private withVisibility(g: GuildRec, change: () => void, reported?: string): void {
    const threads = [...this.channels.values()].filter((c) => c.guild_id === g.id && c.thread);
    const before = new Map<string, Set<string>>();
    for (const uid of g.members.keys())
      before.set(uid, new Set(threads.filter((t) => this.canView(uid, t.id)).map((t) => t.id)));
    // Bots: a channel they gain or lose sight of comes again in a CHANNEL_UPDATE, full or obfuscated
    // (https://discord.com/developers/docs/resources/channel#channel-object-obfuscated-channels);
    // `reported` is the channel whose own update the caller sends.
    const guildChannels = [...this.channels.values()].filter((c) => c.guild_id === g.id && !c.thread);
    const bots = [...g.members.keys()].filter((uid) => this.users.get(uid)?.bot === true);
    const listedBefore = new Map(
      bots.map((uid) => [
        uid,
        new Set(guildChannels.filter((c) => this.channelListed(uid, c)).map((c) => c.id)),
      ]),
    );
    change();
    for (const uid of bots) {
      const was = listedBefore.get(uid) ?? new Set<string>();
      for (const c of guildChannels)
        if (c.id !== reported && this.channels.has(c.id) && this.channelListed(uid, c) !== was.has(c.id))
          this.dispatch("CHANNEL_UPDATE", this.channelJsonFor(c, uid), {
            guildId: g.id,
            intent: Intents.GUILDS,
            recipients: [uid],
          });
    }
    for (const uid of g.members.keys()) {
      const was = before.get(uid) ?? new Set<string>();
      for (const t of threads) {
        const now = this.canView(uid, t.id);
        if (now && !was.has(t.id))
          this.dispatch("THREAD_CREATE", this.channelJson(t, uid), {
            guildId: g.id,
            intent: Intents.GUILDS,
            recipients: [uid],
          });
        if (!now && was.has(t.id))
          this.dispatch(
            "THREAD_DELETE",
            { id: t.id, guild_id: g.id, parent_id: t.parent_id, type: t.type },
            { guildId: g.id, intent: Intents.GUILDS, recipients: [uid] },
          );
      }
    }
  }

  private emitMemberUpdate(g: GuildRec, m: MemberRec): void {
    this.dispatch(
      "GUILD_MEMBER_UPDATE",
      { ...this.memberJson(g, m), guild_id: g.id },
      { guildId: g.id, intent: Intents.GUILD_MEMBERS },
    );
  }

  modifyMember(actor: string, guildId: string, userId: string, body: Json): MemberRec {
    const g = this.guildFor(actor, guildId);
    const m = this.member(g, userId);
    if (Array.isArray(body["roles"])) {
      this.requireGuild(actor, g, P.MANAGE_ROLES);
      const next = [...new Set(body["roles"].map((r) => str(r)))];
      for (const r of next)
        if (!g.roles.has(r) || r === g.id)
          throw Errors.invalidForm(fieldError("roles", "INVALID_ROLE", `Role ${r} is not valid`));
      const changed = [
        ...next.filter((r) => !m.roles.includes(r)),
        ...m.roles.filter((r) => !next.includes(r)),
      ];
      for (const r of changed) {
        const role = g.roles.get(r);
        if (role) this.requireAbove(actor, g, role);
      }
      this.withVisibility(g, () => {
        m.roles = next;
      });
    }
    if (body["nick"] !== undefined) {
      this.requireGuild(actor, g, actor === userId ? P.CHANGE_NICKNAME : P.MANAGE_NICKNAMES);
      m.nick = body["nick"] === null ? null : str(body["nick"]);
    }
    if (body["communication_disabled_until"] !== undefined)
      this.setCommunicationDisabled(actor, g, m, body["communication_disabled_until"]);
    this.emitMemberUpdate(g, m);
    return m;
  }

  /**
   * Modify Guild Member's `communication_disabled_until`
   * (https://discord.com/developers/docs/resources/guild#modify-guild-member): needs
   * MODERATE_MEMBERS, "will throw a 403 error if the user has the ADMINISTRATOR permission or is the
   * owner of the guild", at most 28 days ahead; like every moderation action it also needs a
   * highest role above the target's.
   */
  private setCommunicationDisabled(actor: string, g: GuildRec, m: MemberRec, raw: unknown): void {
    this.requireGuild(actor, g, P.MODERATE_MEMBERS);
    if (m.user_id === g.owner_id || (this.basePermissions(g, m.user_id) & P.ADMINISTRATOR) !== 0n)
      throw Errors.missingPermissions();
    if (actor !== g.owner_id && this.highestRole(g, actor) <= this.highestRole(g, m.user_id))
      throw Errors.missingPermissions();
    let until: string | null = null;
    if (raw !== null) {
      const at = typeof raw === "string" ? Date.parse(raw) : Number.NaN;
      if (!Number.isFinite(at) || at > Date.now() + 28 * 24 * 3_600_000)
        throw Errors.invalidForm(
          fieldError(
            "communication_disabled_until",
            "BASE_TYPE_BAD_TIMESTAMP",
            "Timeouts can be at most 28 days in the future",
          ),
        );
      until = new Date(at).toISOString();
    }
    this.withVisibility(g, () => {
      m.communication_disabled_until = until;
    });
  }

  setMemberRole(actor: string, guildId: string, userId: string, roleId: string, add: boolean): void {
    const g = this.guildFor(actor, guildId);
    const m = this.member(g, userId);
    this.requireGuild(actor, g, P.MANAGE_ROLES);
    const role = g.roles.get(roleId);
    if (!role || role.id === g.id) throw Errors.unknownRole();
    this.requireAbove(actor, g, role);
    const has = m.roles.includes(roleId);
    if (has === add) return;
    this.withVisibility(g, () => {
      m.roles = add ? [...m.roles, roleId] : m.roles.filter((r) => r !== roleId);
    });
    this.emitMemberUpdate(g, m);
  }

  // ---------------------------------------------------------------- channels

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
    const mine = channelId ? this.permissionsIn(actor, channelId) : this.basePermissions(g, actor);
    if (mine !== ALL_PERMISSIONS && (bits & ~mine) !== 0n) throw Errors.missingPermissions();
  }

  createChannel(actor: string, guildId: string, body: Json): ChannelRec {
    const g = this.guildFor(actor, guildId);
    this.requireGuild(actor, g, P.MANAGE_CHANNELS);
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
    const siblings = [...this.channels.values()].filter((c) => c.guild_id === g.id && !c.thread);
    const ch: ChannelRec = {
      id: this.ids.next(),
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
    this.channels.set(ch.id, ch);
    this.messages.set(ch.id, []);
    this.emitChannel("CHANNEL_CREATE", ch);
    return ch;
  }

  /** Guild channels, categories included, threads not (Discord's 500-channel count). */
  private guildChannelCount(g: GuildRec): number {
    let n = 0;
    for (const c of this.channels.values()) if (c.guild_id === g.id && !c.thread) n++;
    return n;
  }

  /** `parent_id` names a category of this guild with room for one more channel (50). */
  private requireCategoryRoom(g: GuildRec, parentId: string, type: number, movingId?: string): void {
    const parent = this.channels.get(parentId);
    if (
      !parent ||
      parent.guild_id !== g.id ||
      parent.type !== ChannelType.GuildCategory ||
      type === ChannelType.GuildCategory
    )
      throw Errors.invalidForm(fieldError("parent_id", "CHANNEL_PARENT_INVALID", "Category does not exist"));
    let children = 0;
    for (const c of this.channels.values())
      if (c.parent_id === parentId && !c.thread && c.id !== movingId) children++;
    if (children >= Maximum.channelsPerCategory) throw MaximumErrors.categoryFull();
  }

  modifyChannel(actor: string, channelId: string, body: Json): ChannelRec {
    const ch = this.channelFor(actor, channelId);
    const g = this.guild(ch.guild_id);
    if (ch.thread) return this.modifyThread(actor, ch, body);
    this.require(actor, ch.id, P.MANAGE_CHANNELS);
    if (body["parent_id"] && str(body["parent_id"]) !== ch.parent_id)
      this.requireCategoryRoom(g, str(body["parent_id"]), ch.type, ch.id);
    const overwrites =
      body["permission_overwrites"] !== undefined
        ? (this.require(actor, ch.id, P.MANAGE_ROLES),
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
    this.emitChannel("CHANNEL_UPDATE", ch);
    return ch;
  }

  private modifyThread(actor: string, ch: ChannelRec, body: Json): ChannelRec {
    const t = ch.thread;
    if (!t) throw Errors.wrongChannelType();
    const mod = (this.permissionsIn(actor, ch.id) & P.MANAGE_THREADS) !== 0n;
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
    this.emitThread("THREAD_UPDATE", ch);
    return ch;
  }

  deleteChannel(actor: string, channelId: string): ChannelRec {
    const ch = this.channelFor(actor, channelId);
    this.require(actor, ch.id, ch.thread ? P.MANAGE_THREADS : P.MANAGE_CHANNELS);
    // Who hears of the deletion is decided while the channel still exists.
    const g = this.guild(ch.guild_id);
    const audience = [...g.members.keys()].filter(
      (uid) =>
        this.users.get(uid)?.bot === true ||
        (ch.thread ? this.canView(uid, ch.id) : this.channelListed(uid, ch)),
    );
    const seen = new Map(audience.map((uid) => [uid, this.channelJsonFor(ch, uid)]));
    const scope: DispatchScope = {
      guildId: ch.guild_id,
      intent: Intents.GUILDS,
      recipients: ch.thread ? audience.filter((uid) => this.canView(uid, ch.id)) : audience,
      transform: (data, uid) => seen.get(uid) ?? data,
    };
    this.channels.delete(ch.id);
    for (const m of this.messages.get(ch.id) ?? []) this.messageIndex.delete(m.id);
    this.messages.delete(ch.id);
    if (ch.thread)
      this.dispatch(
        "THREAD_DELETE",
        { id: ch.id, guild_id: ch.guild_id, parent_id: ch.parent_id, type: ch.type },
        { ...scope, transform: (d) => d },
      );
    else {
      this.dispatch("CHANNEL_DELETE", this.channelJson(ch), scope);
      for (const t of [...this.channels.values()])
        if (t.thread && t.parent_id === ch.id) this.channels.delete(t.id);
    }
    return ch;
  }

  putOverwrite(actor: string, channelId: string, overwriteId: string, body: Json): void {
    const ch = this.channelFor(actor, channelId);
    if (ch.thread) throw Errors.wrongChannelType();
    const g = this.guild(ch.guild_id);
    this.require(actor, ch.id, P.MANAGE_ROLES);
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
    this.emitChannel("CHANNEL_UPDATE", ch);
  }

  deleteOverwrite(actor: string, channelId: string, overwriteId: string): void {
    const ch = this.channelFor(actor, channelId);
    if (ch.thread) throw Errors.wrongChannelType();
    const g = this.guild(ch.guild_id);
    this.require(actor, ch.id, P.MANAGE_ROLES);
    this.withVisibility(
      g,
      () => {
        ch.overwrites = ch.overwrites.filter((o) => o.id !== overwriteId);
      },
      ch.id,
    );
    this.emitChannel("CHANNEL_UPDATE", ch);
  }

  /**
   * Get Guild Channels: channels the actor cannot view are omitted, for bots too
   * (https://discord.com/developers/docs/resources/guild#get-guild-channels).
   */
  guildChannels(actor: string, guildId: string): ChannelRec[] {
    const g = this.guildFor(actor, guildId);
    return [...this.channels.values()]
      .filter((c) => c.guild_id === g.id && !c.thread && this.channelListed(actor, c))
      .sort((a, b) => a.position - b.position);
  }

  activeThreads(actor: string, guildId: string): ChannelRec[] {
    const g = this.guildFor(actor, guildId);
    return [...this.channels.values()].filter(
      (c) => c.guild_id === g.id && c.thread && !c.thread.archived && this.canView(actor, c.id),
    );
  }

  // ---------------------------------------------------------------- threads

  createThread(actor: string, parentId: string, body: Json, fromMessageId?: string): ChannelRec {
    const parent = this.channelFor(actor, parentId);
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
      this.getMessage(actor, parentId, fromMessageId);
      if (this.channels.has(fromMessageId))
        throw new DiscordError(400, 160004, "A thread has already been created for this message");
    } else {
      const allowed: number[] =
        parent.type === ChannelType.GuildAnnouncement
          ? [ChannelType.AnnouncementThread, ChannelType.PrivateThread]
          : [ChannelType.PublicThread, ChannelType.PrivateThread];
      if (!allowed.includes(type))
        throw Errors.invalidForm(fieldError("type", "BASE_TYPE_CHOICES", "Invalid thread type"));
    }
    this.require(
      actor,
      parentId,
      type === ChannelType.PrivateThread ? P.CREATE_PRIVATE_THREADS : P.CREATE_PUBLIC_THREADS,
    );
    const name = str(body["name"]);
    if (!name) throw Errors.invalidForm(fieldError("name", "BASE_TYPE_REQUIRED", "This field is required"));
    const now = iso();
    const ch: ChannelRec = {
      id: fromMessageId ?? this.ids.next(),
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
    this.channels.set(ch.id, ch);
    this.messages.set(ch.id, []);
    this.emitThread("THREAD_CREATE", ch, { newly_created: true });
    return ch;
  }

  private threadOf(actor: string, channelId: string): ChannelRec {
    const ch = this.channelFor(actor, channelId);
    if (!ch.thread || !ch.threadMembers) throw Errors.wrongChannelType();
    return ch;
  }

  addThreadMember(actor: string, channelId: string, userId: string): void {
    const ch = this.threadOf(actor, channelId);
    const t = ch.thread;
    if (!t || !ch.threadMembers) return;
    const mod = (this.permissionsIn(actor, ch.id) & P.MANAGE_THREADS) !== 0n;
    if (t.archived && !mod) throw Errors.archivedThread();
    if (t.locked && !mod) throw Errors.threadLocked();
    if (actor !== userId) {
      // invitable: "whether non-moderators can add other non-moderators to a thread"
      // (https://discord.com/developers/docs/resources/channel#thread-metadata-object): the
      // creator is no exception.
      if (ch.type === ChannelType.PrivateThread && !t.invitable && !mod) throw Errors.missingPermissions();
      this.require(actor, ch.id, P.SEND_MESSAGES_IN_THREADS);
    }
    const g = this.guild(ch.guild_id);
    if (!g.members.has(userId)) throw Errors.unknownMember();
    if (ch.parent_id && !this.canView(userId, ch.parent_id)) throw Errors.missingAccess();
    this.joinThread(ch, userId);
  }

  /** Adds a member without permission checks (used after checks, and by mentions). */
  joinThread(ch: ChannelRec, userId: string): void {
    if (!ch.threadMembers || ch.threadMembers.has(userId)) return;
    const sawBefore = this.canView(userId, ch.id);
    ch.threadMembers.set(userId, { user_id: userId, join_timestamp: iso() });
    if (!sawBefore)
      this.dispatch("THREAD_CREATE", this.channelJson(ch, userId), {
        guildId: ch.guild_id,
        intent: Intents.GUILDS,
        recipients: [userId],
      });
    this.emitThreadMembers(ch, [userId], []);
  }

  removeThreadMember(actor: string, channelId: string, userId: string): void {
    const ch = this.threadOf(actor, channelId);
    if (!ch.threadMembers) return;
    // "Requires the MANAGE_THREADS permission, or the creator of the thread if it is a
    // PRIVATE_THREAD" (https://discord.com/developers/docs/resources/channel#remove-thread-member).
    const creatorOfPrivate = ch.type === ChannelType.PrivateThread && ch.owner_id === actor;
    if (actor !== userId && !creatorOfPrivate) this.require(actor, ch.id, P.MANAGE_THREADS);
    if (ch.thread?.archived) throw Errors.archivedThread();
    if (!ch.threadMembers.has(userId)) throw Errors.unknownMember();
    const g = this.guild(ch.guild_id);
    this.withVisibility(g, () => {
      ch.threadMembers?.delete(userId);
    });
    this.emitThreadMembers(ch, [], [userId]);
  }

  private emitThreadMembers(ch: ChannelRec, added: string[], removed: string[]): void {
    const touched = new Set([...added, ...removed]);
    this.dispatch(
      "THREAD_MEMBERS_UPDATE",
      {
        id: ch.id,
        guild_id: ch.guild_id,
        member_count: Math.min(50, ch.threadMembers?.size ?? 0),
        added_members: added.map((u) => this.threadMemberJson(ch, u, true)),
        removed_member_ids: removed,
      },
      {
        guildId: ch.guild_id,
        intent: Intents.GUILDS,
        visibleTo: (uid) => this.canView(uid, ch.id) || touched.has(uid),
      },
    );
  }

  listThreadMembers(actor: string, channelId: string): string[] {
    const ch = this.threadOf(actor, channelId);
    return [...(ch.threadMembers?.keys() ?? [])];
  }

  // ---------------------------------------------------------------- messages

  private mentionsOf(
    g: GuildRec,
    content: string,
    allowed: Json | undefined,
  ): { users: string[]; roles: string[]; everyone: boolean } {
    const users = [...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1] ?? "");
    const roles = [...content.matchAll(/<@&(\d+)>/g)].map((m) => m[1] ?? "");
    const everyone = /@(everyone|here)/.test(content);
    if (!allowed)
      return {
        users: users.filter((u) => this.users.has(u)),
        roles: roles.filter((r) => g.roles.has(r)),
        everyone,
      };
    const parse = Array.isArray(allowed["parse"]) ? (allowed["parse"] as string[]) : [];
    const okUsers = Array.isArray(allowed["users"]) ? (allowed["users"] as string[]) : [];
    const okRoles = Array.isArray(allowed["roles"]) ? (allowed["roles"] as string[]) : [];
    return {
      users: users.filter((u) => this.users.has(u) && (parse.includes("users") || okUsers.includes(u))),
      roles: roles.filter((r) => g.roles.has(r) && (parse.includes("roles") || okRoles.includes(r))),
      everyone: everyone && parse.includes("everyone"),
    };
  }

  messageScope(msg: MessageRec): DispatchScope {
    return {
      guildId: msg.guild_id,
      intent: Intents.GUILD_MESSAGES,
      visibleTo: (uid) => (msg.ephemeralFor ? msg.ephemeralFor === uid : this.canView(uid, msg.channel_id)),
      transform: (data, uid, intents) => {
        const u = this.users.get(uid);
        if (
          !u?.bot ||
          intents & Intents.MESSAGE_CONTENT ||
          msg.author_id === uid ||
          msg.mentions.includes(uid)
        )
          return data;
        return { ...data, content: "", embeds: [], attachments: [], components: [] };
      },
    };
  }

  storeAttachments(files: FileUpload[], meta: unknown, channelId: string): AttachmentRec[] {
    const metas = Array.isArray(meta) ? (meta as Json[]) : [];
    return files.map((f, i) => {
      const idx = /\[(\d+)\]/.exec(f.name)?.[1];
      const m = metas.find((x) => String(x["id"]) === idx) ?? metas[i];
      const id = this.ids.next();
      const filename = str(m?.["filename"], f.filename);
      const url = `${this.opts.baseUrl()}/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`;
      const a: AttachmentRec = { id, filename, size: f.data.length, url, proxy_url: url, data: f.data };
      if (f.contentType) a.content_type = f.contentType;
      if (m?.["description"]) a.description = str(m["description"]);
      return a;
    });
  }

  /**
   * Creates a message in a channel the author can post in. `via` skips the author's own
   * permission check for webhook and interaction messages (Discord checks the webhook, not the user).
   */
  createMessage(
    actor: string,
    channelId: string,
    body: Json,
    files: FileUpload[] = [],
    via?: {
      webhook?: MessageRec["webhook"];
      interaction?: MessageRec["interaction"];
      ephemeralFor?: string;
      flags?: number;
      type?: number;
    },
  ): MessageRec {
    const ch = via ? this.channels.get(channelId) : this.channelFor(actor, channelId);
    if (!ch) throw Errors.unknownChannel();
    const g = this.guild(ch.guild_id);
    if (!via) {
      if (ch.thread?.locked && !(this.permissionsIn(actor, ch.id) & P.MANAGE_THREADS))
        throw Errors.threadLocked();
      if (!this.canSend(actor, ch.id)) throw Errors.missingPermissions();
      if (files.length && !(this.permissionsIn(actor, ch.id) & P.ATTACH_FILES))
        throw Errors.missingPermissions();
    } else if (via.webhook && ch.thread?.locked) {
      throw Errors.threadLocked();
    }
    if (
      ch.type === ChannelType.GuildCategory ||
      ch.type === ChannelType.GuildForum ||
      ch.type === ChannelType.GuildVoice
    )
      throw Errors.wrongChannelType();
    const content = str(body["content"]);
    const embeds = Array.isArray(body["embeds"]) ? (body["embeds"] as unknown[]) : [];
    const components = Array.isArray(body["components"]) ? (body["components"] as unknown[]) : [];
    const stickers = Array.isArray(body["sticker_ids"]) ? body["sticker_ids"] : [];
    if (
      !content &&
      !embeds.length &&
      !components.length &&
      !files.length &&
      !stickers.length &&
      !body["poll"] &&
      !((via?.flags ?? 0) & 128)
    )
      throw Errors.emptyMessage();
    checkMessageBody(body);
    const nonce = body["nonce"];
    const nonceKey =
      nonce !== undefined && body["enforce_nonce"] === true ? `${actor}:${ch.id}:${String(nonce)}` : null;
    if (nonceKey) {
      const seen = this.nonces.get(nonceKey);
      const existing = seen && Date.now() - seen.at < 5 * 60_000 ? this.messageIndex.get(seen.id) : undefined;
      if (existing && !existing.deleted) return existing;
    }
    const keepEmbeds = via || (this.permissionsIn(actor, ch.id) & P.EMBED_LINKS) !== 0n;
    const allowed =
      body["allowed_mentions"] && typeof body["allowed_mentions"] === "object"
        ? (body["allowed_mentions"] as Json)
        : undefined;
    const mentions = this.mentionsOf(g, content, allowed);
    const ref = body["message_reference"] as Json | undefined;
    if (ref?.["message_id"] && !via?.webhook) {
      const target = this.messageIndex.get(str(ref["message_id"]));
      if (!target || target.deleted || target.channel_id !== str(ref["channel_id"], ch.id)) {
        if (ref["fail_if_not_exists"] !== false)
          throw Errors.invalidForm(
            fieldError("message_reference", "REPLIES_UNKNOWN_MESSAGE", "Unknown message"),
          );
      } else if (allowed?.["replied_user"] !== false && !mentions.users.includes(target.author_id))
        mentions.users.push(target.author_id);
    }
    const flags = (via?.flags ?? 0) | (Number(body["flags"] ?? 0) & (4 | 4096 | 32768 | 64));
    const msg: MessageRec = {
      id: this.ids.next(),
      channel_id: ch.id,
      guild_id: ch.guild_id,
      author_id: actor,
      content,
      embeds: keepEmbeds
        ? embeds.map((e) => ({ type: "rich", content_scan_version: 0, ...(e as Json) }))
        : [],
      components: normalizeComponents(components),
      attachments: this.storeAttachments(files, body["attachments"], ch.id),
      flags: via?.ephemeralFor ? flags | 64 : flags & ~64,
      type: via?.type ?? (ref?.["message_id"] ? 19 : 0),
      timestamp: iso(),
      edited_timestamp: null,
      mentions: mentions.users,
      mention_roles: mentions.roles,
      mention_everyone:
        mentions.everyone &&
        (via !== undefined || (this.permissionsIn(actor, ch.id) & P.MENTION_EVERYONE) !== 0n),
      tts: body["tts"] === true,
      pinned: false,
    };
    if (nonce !== undefined && (typeof nonce === "string" || typeof nonce === "number")) msg.nonce = nonce;
    if (via?.webhook) msg.webhook = via.webhook;
    if (via?.interaction) {
      msg.interaction = via.interaction;
      msg.application_id = this.applicationId;
    }
    if (via?.ephemeralFor) msg.ephemeralFor = via.ephemeralFor;
    if (ref?.["message_id"])
      msg.message_reference = {
        message_id: str(ref["message_id"]),
        channel_id: ch.id,
        guild_id: ch.guild_id,
      };
    this.messageIndex.set(msg.id, msg);
    if (nonceKey) this.nonces.set(nonceKey, { id: msg.id, at: Date.now() });
    if (!msg.ephemeralFor) {
      this.messages.get(ch.id)?.push(msg);
      ch.last_message_id = msg.id;
      if (ch.thread) {
        ch.message_count++;
        ch.total_message_sent++;
        if (ch.thread.archived) {
          ch.thread.archived = false;
          ch.thread.archive_timestamp = iso();
          this.emitThread("THREAD_UPDATE", ch);
        }
        if (!ch.threadMembers?.has(actor) && this.users.has(actor) && !via?.webhook)
          this.joinThread(ch, actor);
        // Mentioning someone in a thread adds them, when the mention is allowed.
        const canInvite =
          ch.type !== ChannelType.PrivateThread ||
          ch.thread.invitable ||
          (this.permissionsIn(actor, ch.id) & P.MANAGE_THREADS) !== 0n;
        if (canInvite)
          for (const uid of this.mentionedIntoThread(g, ch, actor, mentions, via !== undefined))
            if (ch.parent_id && this.canView(uid, ch.parent_id) && !ch.threadMembers?.has(uid))
              this.joinThread(ch, uid);
      }
      this.dispatch("MESSAGE_CREATE", this.messageJson(msg, true), this.messageScope(msg));
    }
    return msg;
  }

  /**
   * Who a thread message's mentions add to the thread. Users: every allowed user mention. Roles:
   * Discord's API does not add a role's members; the Discord client does when a person mentions a
   * role the mention can ping (mentionable, or the author has MENTION_EVERYONE), so the emulator
   * adds them for people and never for bots, webhooks or interaction replies
   * (https://github.com/openabdev/openab/issues/806 observes it; the API docs are silent).
   */
  private mentionedIntoThread(
    g: GuildRec,
    ch: ChannelRec,
    actor: string,
    mentions: { users: string[]; roles: string[] },
    viaApp: boolean,
  ): string[] {
    const out = new Set(mentions.users.filter((u) => g.members.has(u)));
    if (viaApp || this.users.get(actor)?.bot !== false) return [...out];
    const canPing = (this.permissionsIn(actor, ch.id) & P.MENTION_EVERYONE) !== 0n;
    for (const roleId of mentions.roles) {
      const role = g.roles.get(roleId);
      if (!role || role.id === g.id || !(role.mentionable || canPing)) continue;
      for (const m of g.members.values()) if (m.roles.includes(roleId)) out.add(m.user_id);
    }
    return [...out];
  }

  /** A message in a channel the actor can read (ephemeral ones only for their recipient). */
  getMessage(actor: string, channelId: string, messageId: string): MessageRec {
    this.channelFor(actor, channelId);
    const msg = this.messageIndex.get(messageId);
    if (
      !msg ||
      msg.deleted ||
      msg.channel_id !== channelId ||
      (msg.ephemeralFor && msg.ephemeralFor !== actor)
    )
      throw Errors.unknownMessage();
    if (!(this.permissionsIn(actor, channelId) & P.READ_MESSAGE_HISTORY)) throw Errors.missingAccess();
    return msg;
  }

  listMessages(
    actor: string,
    channelId: string,
    q: { limit?: number; before?: string; after?: string; around?: string },
  ): MessageRec[] {
    const ch = this.channelFor(actor, channelId);
    if (!(this.permissionsIn(actor, ch.id) & P.READ_MESSAGE_HISTORY)) return [];
    const all = (this.messages.get(ch.id) ?? []).filter((m) => !m.deleted);
    const limit = Math.max(1, Math.min(100, q.limit ?? 50));
    const big = (s: string): bigint => BigInt(s);
    let list: MessageRec[];
    if (q.after) list = all.filter((m) => big(m.id) > big(q.after ?? "0")).slice(0, limit);
    else if (q.around) {
      const idx = all.findIndex((m) => big(m.id) >= big(q.around ?? "0"));
      const start = Math.max(0, (idx < 0 ? all.length : idx) - Math.floor(limit / 2));
      list = all.slice(start, start + limit);
    } else {
      const before = q.before ? all.filter((m) => big(m.id) < big(q.before ?? "0")) : all;
      list = before.slice(-limit);
    }
    return list.reverse();
  }

  editMessage(
    actor: string,
    channelId: string,
    messageId: string,
    body: Json,
    files: FileUpload[] = [],
    skipChecks = false,
  ): MessageRec {
    const msg = skipChecks ? this.messageIndex.get(messageId) : this.getMessage(actor, channelId, messageId);
    if (!msg || msg.deleted) throw Errors.unknownMessage();
    const ch = this.channels.get(msg.channel_id);
    if (!skipChecks) {
      if (msg.author_id !== actor || msg.webhook) {
        if (Object.keys(body).some((k) => k !== "flags")) throw Errors.notAuthor();
        this.require(actor, channelId, P.MANAGE_MESSAGES);
      }
      if (ch?.thread?.locked && !(this.permissionsIn(actor, ch.id) & P.MANAGE_THREADS))
        throw Errors.threadLocked();
    }
    checkMessageBody(body);
    if (body["content"] !== undefined) msg.content = body["content"] === null ? "" : str(body["content"]);
    if (body["embeds"] !== undefined)
      msg.embeds = Array.isArray(body["embeds"])
        ? (body["embeds"] as Json[]).map((e) => ({ type: "rich", content_scan_version: 0, ...e }))
        : [];
    if (body["components"] !== undefined)
      msg.components = Array.isArray(body["components"]) ? (body["components"] as unknown[]) : [];
    if (body["flags"] !== undefined && body["flags"] !== null)
      msg.flags = (msg.flags & ~4) | (Number(body["flags"]) & 4);
    if (body["attachments"] !== undefined || files.length) {
      const keep = Array.isArray(body["attachments"])
        ? (body["attachments"] as Json[]).map((a) => str(a["id"]))
        : msg.attachments.map((a) => a.id);
      msg.attachments = [
        ...msg.attachments.filter((a) => keep.includes(a.id)),
        ...this.storeAttachments(files, body["attachments"], msg.channel_id),
      ];
    }
    if (body["allowed_mentions"] !== undefined || body["content"] !== undefined) {
      const g = msg.guild_id ? this.guilds.get(msg.guild_id) : undefined;
      if (g) {
        const m = this.mentionsOf(g, msg.content, body["allowed_mentions"] as Json | undefined);
        msg.mentions = m.users;
        msg.mention_roles = m.roles;
      }
    }
    msg.flags &= ~128;
    msg.edited_timestamp = iso();
    if (!msg.ephemeralFor)
      this.dispatch("MESSAGE_UPDATE", this.messageJson(msg, true), this.messageScope(msg));
    return msg;
  }

  deleteMessage(actor: string, channelId: string, messageId: string, skipChecks = false): MessageRec {
    const msg = skipChecks ? this.messageIndex.get(messageId) : this.getMessage(actor, channelId, messageId);
    if (!msg || msg.deleted) throw Errors.unknownMessage();
    if (!skipChecks && msg.author_id !== actor) this.require(actor, channelId, P.MANAGE_MESSAGES);
    msg.deleted = true;
    const list = this.messages.get(msg.channel_id);
    if (list)
      this.messages.set(
        msg.channel_id,
        list.filter((m) => m.id !== msg.id),
      );
    const ch = this.channels.get(msg.channel_id);
    if (ch?.thread && !msg.ephemeralFor) ch.message_count = Math.max(0, ch.message_count - 1);
    if (!msg.ephemeralFor) {
      const payload: Json = { id: msg.id, channel_id: msg.channel_id };
      if (msg.guild_id) payload["guild_id"] = msg.guild_id;
      this.dispatch("MESSAGE_DELETE", payload, { ...this.messageScope(msg), transform: (d) => d });
    }
    return msg;
  }

  // ---------------------------------------------------------------- application commands

  private parseCommand(raw: Json, guildId: string | null, existing?: CommandRec): CommandRec {
    const name = str(raw["name"]);
    const type = Number(raw["type"] ?? 1);
    if (!name || (type === 1 && !/^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u.test(name)))
      throw Errors.invalidForm(
        fieldError("name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"),
      );
    if (type === 1 && name !== name.toLowerCase())
      throw Errors.invalidForm(
        fieldError("name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"),
      );
    const description = str(raw["description"]);
    if (type === 1 && (description.length < 1 || description.length > 100))
      throw Errors.invalidForm(
        fieldError("description", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."),
      );
    const limits = new FormErrors();
    checkCommandOptions(raw, limits);
    limits.throwIfAny();
    const perms = raw["default_member_permissions"];
    return {
      id: existing?.id ?? this.ids.next(),
      application_id: this.applicationId,
      guild_id: guildId,
      version: this.ids.next(),
      type,
      name,
      name_localizations: (raw["name_localizations"] as Record<string, string> | null | undefined) ?? null,
      description,
      description_localizations:
        (raw["description_localizations"] as Record<string, string> | null | undefined) ?? null,
      options: Array.isArray(raw["options"]) ? (raw["options"] as CommandOption[]) : [],
      default_member_permissions: perms === undefined || perms === null ? null : String(perms),
      nsfw: raw["nsfw"] === true,
      contexts: Array.isArray(raw["contexts"]) ? (raw["contexts"] as number[]) : null,
      integration_types: Array.isArray(raw["integration_types"])
        ? (raw["integration_types"] as number[])
        : [0],
    };
  }

  private requireApp(actor: string, applicationId: string): void {
    if (actor !== this.bot.id) throw Errors.unauthorized();
    if (applicationId !== this.applicationId) throw Errors.missingAccess();
  }

  listCommands(actor: string, applicationId: string, guildId: string | null): CommandRec[] {
    this.requireApp(actor, applicationId);
    if (guildId) this.guildFor(actor, guildId);
    return [...this.commands.values()].filter((c) => c.guild_id === guildId);
  }

  overwriteCommands(
    actor: string,
    applicationId: string,
    guildId: string | null,
    list: unknown,
  ): CommandRec[] {
    this.requireApp(actor, applicationId);
    if (guildId) this.guildFor(actor, guildId);
    if (!Array.isArray(list))
      throw Errors.invalidForm(fieldError("_root", "BASE_TYPE_ARRAY", "Must be an array"));
    if (list.length > 100)
      throw Errors.invalidForm(
        fieldError("_root", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length."),
      );
    const old = [...this.commands.values()].filter((c) => c.guild_id === guildId);
    const next = (list as Json[]).map((raw) =>
      this.parseCommand(
        raw,
        guildId,
        old.find((c) => c.name === raw["name"] && c.type === Number(raw["type"] ?? 1)),
      ),
    );
    const seen = new Set<string>();
    for (const c of next) {
      const key = `${c.type}:${c.name}`;
      if (seen.has(key))
        throw Errors.invalidForm(
          fieldError(
            "_root",
            "APPLICATION_COMMANDS_DUPLICATE_NAME",
            `Application command names must be unique`,
          ),
        );
      seen.add(key);
    }
    for (const c of old) this.commands.delete(c.id);
    for (const c of next) this.commands.set(c.id, c);
    return next;
  }

  createCommand(actor: string, applicationId: string, guildId: string | null, raw: Json): CommandRec {
    this.requireApp(actor, applicationId);
    if (guildId) this.guildFor(actor, guildId);
    const existing = [...this.commands.values()].find(
      (c) => c.guild_id === guildId && c.name === raw["name"] && c.type === Number(raw["type"] ?? 1),
    );
    const c = this.parseCommand(raw, guildId, existing);
    this.commands.set(c.id, c);
    return c;
  }

  command(actor: string, applicationId: string, guildId: string | null, id: string): CommandRec {
    this.requireApp(actor, applicationId);
    const c = this.commands.get(id);
    if (!c || c.guild_id !== guildId) throw Errors.unknownCommand();
    return c;
  }

  editCommand(
    actor: string,
    applicationId: string,
    guildId: string | null,
    id: string,
    raw: Json,
  ): CommandRec {
    const c = this.command(actor, applicationId, guildId, id);
    const next = this.parseCommand({ ...this.commandJson(c), ...raw }, guildId, c);
    this.commands.set(c.id, next);
    return next;
  }

  deleteCommand(actor: string, applicationId: string, guildId: string | null, id: string): void {
    const c = this.command(actor, applicationId, guildId, id);
    this.commands.delete(c.id);
  }

  /** The command a user in this guild would see under this name (guild commands shadow global ones). */
  findCommand(guildId: string, name: string, type = 1): CommandRec | undefined {
    const all = [...this.commands.values()].filter((c) => c.name === name && c.type === type);
    return all.find((c) => c.guild_id === guildId) ?? all.find((c) => c.guild_id === null);
  }

  // ---------------------------------------------------------------- webhooks

  createWebhook(actor: string, channelId: string, body: Json): WebhookRec {
    const ch = this.channelFor(actor, channelId);
    if (ch.thread || ch.type === ChannelType.GuildCategory) throw Errors.wrongChannelType();
    this.require(actor, ch.id, P.MANAGE_WEBHOOKS);
    const name = str(body["name"]);
    const errors = new FormErrors();
    if (!name) errors.add(["name"], "BASE_TYPE_REQUIRED", "This field is required");
    checkWebhookName("name", name, errors);
    errors.throwIfAny();
    let inChannel = 0;
    for (const w of this.webhooks.values()) if (w.channel_id === ch.id) inChannel++;
    if (inChannel >= Maximum.webhooksPerChannel) throw MaximumErrors.webhooks();
    const id = this.ids.next();
    const w: WebhookRec = {
      id,
      token: mintToken(id, "W"),
      channel_id: ch.id,
      guild_id: ch.guild_id,
      name,
      avatar: null,
      creator_id: actor,
      application_id: this.users.get(actor)?.bot ? this.applicationId : null,
    };
    this.webhooks.set(id, w);
    return w;
  }

  channelWebhooks(actor: string, channelId: string): WebhookRec[] {
    const ch = this.channelFor(actor, channelId);
    this.require(actor, ch.id, P.MANAGE_WEBHOOKS);
    return [...this.webhooks.values()].filter((w) => w.channel_id === ch.id);
  }

  executeWebhook(w: WebhookRec, body: Json, files: FileUpload[], threadId: string | null): MessageRec {
    const errors = new FormErrors();
    checkWebhookName("username", body["username"], errors);
    errors.throwIfAny();
    let target = w.channel_id;
    if (threadId) {
      const t = this.channels.get(threadId);
      if (!t?.thread || t.parent_id !== w.channel_id) throw Errors.unknownChannel();
      target = t.id;
    }
    return this.createMessage(w.creator_id, target, body, files, {
      webhook: {
        id: w.id,
        username: str(body["username"], w.name),
        avatar_url: body["avatar_url"] ? str(body["avatar_url"]) : null,
      },
    });
  }
}

export { DiscordError };

/** Discord numbers every component of a stored message and fills select defaults. */
export function normalizeComponents(list: unknown[]): unknown[] {
  let next = 1;
  const walk = (c: unknown): unknown => {
    if (!c || typeof c !== "object") return c;
    const o = { ...(c as Json) };
    if (typeof o["id"] !== "number") o["id"] = next++;
    else next = Math.max(next, o["id"] + 1);
    if ([3, 5, 6, 7, 8].includes(Number(o["type"]))) {
      o["min_values"] ??= 1;
      o["max_values"] ??= 1;
    }
    if (Array.isArray(o["components"])) o["components"] = o["components"].map(walk);
    if (o["accessory"]) o["accessory"] = walk(o["accessory"]);
    if (o["component"]) o["component"] = walk(o["component"]);
    return o;
  };
  return list.map(walk);
}

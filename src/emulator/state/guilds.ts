import { Errors, fieldError } from "../errors.js";
import { Maximum, MaximumErrors } from "../limits.js";
import type { GuildRec, MemberRec, RoleRec } from "../model.js";
import { ALL_PERMISSIONS, DEFAULT_BOT, DEFAULT_EVERYONE, P, parsePermissions } from "../permissions.js";
import { Intents, iso, type Json, str } from "./common.js";
import type { EmulatorState } from "./index.js";

/** Guilds with their roles and members. */
export class Guilds {
  readonly byId = new Map<string, GuildRec>();

  constructor(private readonly root: EmulatorState) {}

  create(o: { name: string; ownerId?: string; locale?: string }): GuildRec {
    const { ids, opts, bot } = this.root;
    const id = ids.next();
    const ownerId = o.ownerId ?? this.root.users.create({ username: `${o.name} owner` }).id;
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
      permissions: opts.everyonePermissions ?? DEFAULT_EVERYONE,
      position: 0,
      color: 0,
      hoist: false,
      mentionable: false,
      managed: false,
    });
    this.byId.set(id, g);
    g.members.set(ownerId, newMember(ownerId, []));
    const botRole: RoleRec = {
      id: ids.next(),
      guild_id: id,
      name: bot.username,
      permissions: opts.botPermissions ?? DEFAULT_BOT,
      position: 1,
      color: 0,
      hoist: false,
      mentionable: false,
      managed: true,
      botId: bot.id,
    };
    g.roles.set(botRole.id, botRole);
    g.members.set(bot.id, newMember(bot.id, [botRole.id]));
    return g;
  }

  get(id: string): GuildRec {
    const g = this.byId.get(id);
    if (!g) throw Errors.unknownGuild();
    return g;
  }

  /** A guild the actor belongs to (else Unknown Guild, as Discord answers non-members). */
  getFor(actor: string, id: string): GuildRec {
    const g = this.get(id);
    if (!g.members.has(actor)) throw Errors.unknownGuild();
    return g;
  }

  member(g: GuildRec, userId: string): MemberRec {
    const m = g.members.get(userId);
    if (!m) throw Errors.unknownMember();
    return m;
  }

  addMember(guildId: string, userId: string, roles: string[] = []): MemberRec {
    const g = this.get(guildId);
    this.root.users.get(userId);
    const m = newMember(userId, roles);
    g.members.set(userId, m);
    this.root.dispatch(
      "GUILD_MEMBER_ADD",
      { ...this.memberJson(m), guild_id: g.id },
      { guildId: g.id, intent: Intents.GUILD_MEMBERS },
    );
    return m;
  }

  // ---------------------------------------------------------------- roles

  createRole(actor: string, guildId: string, body: Json): RoleRec {
    const { access, opts } = this.root;
    const g = this.getFor(actor, guildId);
    access.requireGuild(actor, g, P.MANAGE_ROLES);
    const perms = parsePermissions(
      body["permissions"] ?? (opts.everyonePermissions ?? DEFAULT_EVERYONE).toString(),
    );
    this.requireGrantable(actor, g, perms);
    if (g.roles.size >= Maximum.roles) throw MaximumErrors.roles();
    for (const r of g.roles.values()) if (r.position >= 1 && r.id !== g.id) r.position++;
    const role: RoleRec = {
      id: this.root.ids.next(),
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
    this.root.dispatch(
      "GUILD_ROLE_CREATE",
      { guild_id: g.id, role: this.roleJson(role) },
      { guildId: g.id, intent: Intents.GUILDS },
    );
    return role;
  }

  private requireGrantable(actor: string, g: GuildRec, perms: bigint): void {
    const mine = this.root.access.basePermissions(g, actor);
    if (mine !== ALL_PERMISSIONS && (perms & ~mine) !== 0n) throw Errors.missingPermissions();
  }

  modifyRole(actor: string, guildId: string, roleId: string, body: Json): RoleRec {
    const { access, channels } = this.root;
    const g = this.getFor(actor, guildId);
    access.requireGuild(actor, g, P.MANAGE_ROLES);
    const role = g.roles.get(roleId);
    if (!role) throw Errors.unknownRole();
    if (role.id !== g.id) access.requireAbove(actor, g, role);
    if (body["name"] !== undefined && role.id !== g.id) role.name = str(body["name"]);
    if (body["permissions"] !== undefined && body["permissions"] !== null) {
      const perms = parsePermissions(body["permissions"]);
      this.requireGrantable(actor, g, perms);
      channels.withVisibility(g, () => {
        role.permissions = perms;
      });
    }
    if (typeof body["color"] === "number") role.color = body["color"];
    if (typeof body["hoist"] === "boolean") role.hoist = body["hoist"];
    if (typeof body["mentionable"] === "boolean") role.mentionable = body["mentionable"];
    this.root.dispatch(
      "GUILD_ROLE_UPDATE",
      { guild_id: g.id, role: this.roleJson(role) },
      { guildId: g.id, intent: Intents.GUILDS },
    );
    return role;
  }

  deleteRole(actor: string, guildId: string, roleId: string): void {
    const { access } = this.root;
    const g = this.getFor(actor, guildId);
    access.requireGuild(actor, g, P.MANAGE_ROLES);
    const role = g.roles.get(roleId);
    if (!role || role.id === g.id) throw Errors.unknownRole();
    access.requireAbove(actor, g, role);
    g.roles.delete(roleId);
    for (const m of g.members.values()) m.roles = m.roles.filter((r) => r !== roleId);
    this.root.dispatch(
      "GUILD_ROLE_DELETE",
      { guild_id: g.id, role_id: roleId },
      { guildId: g.id, intent: Intents.GUILDS },
    );
  }

  // ---------------------------------------------------------------- members

  private emitMemberUpdate(g: GuildRec, m: MemberRec): void {
    this.root.dispatch(
      "GUILD_MEMBER_UPDATE",
      { ...this.memberJson(m), guild_id: g.id },
      { guildId: g.id, intent: Intents.GUILD_MEMBERS },
    );
  }

  modifyMember(actor: string, guildId: string, userId: string, body: Json): MemberRec {
    const { access, channels } = this.root;
    const g = this.getFor(actor, guildId);
    const m = this.member(g, userId);
    if (Array.isArray(body["roles"])) {
      access.requireGuild(actor, g, P.MANAGE_ROLES);
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
        if (role) access.requireAbove(actor, g, role);
      }
      channels.withVisibility(g, () => {
        m.roles = next;
      });
    }
    if (body["nick"] !== undefined) {
      access.requireGuild(actor, g, actor === userId ? P.CHANGE_NICKNAME : P.MANAGE_NICKNAMES);
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
    const { access } = this.root;
    access.requireGuild(actor, g, P.MODERATE_MEMBERS);
    if (m.user_id === g.owner_id || (access.basePermissions(g, m.user_id) & P.ADMINISTRATOR) !== 0n)
      throw Errors.missingPermissions();
    if (actor !== g.owner_id && access.highestRole(g, actor) <= access.highestRole(g, m.user_id))
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
    this.root.channels.withVisibility(g, () => {
      m.communication_disabled_until = until;
    });
  }

  setMemberRole(actor: string, guildId: string, userId: string, roleId: string, add: boolean): void {
    const { access } = this.root;
    const g = this.getFor(actor, guildId);
    const m = this.member(g, userId);
    access.requireGuild(actor, g, P.MANAGE_ROLES);
    const role = g.roles.get(roleId);
    if (!role || role.id === g.id) throw Errors.unknownRole();
    access.requireAbove(actor, g, role);
    const has = m.roles.includes(roleId);
    if (has === add) return;
    this.root.channels.withVisibility(g, () => {
      m.roles = add ? [...m.roles, roleId] : m.roles.filter((r) => r !== roleId);
    });
    this.emitMemberUpdate(g, m);
  }

  // ---------------------------------------------------------------- serialization

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

  memberJson(m: MemberRec, withUser = true): Json {
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
    if (withUser) out["user"] = this.root.users.json(m.user_id);
    return out;
  }

  json(g: GuildRec): Json {
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
}

function newMember(userId: string, roles: string[]): MemberRec {
  return {
    user_id: userId,
    roles: [...roles],
    nick: null,
    joined_at: iso(),
    communication_disabled_until: null,
  };
}

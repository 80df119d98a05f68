import { Errors } from "../errors.js";
import { type ChannelRec, ChannelType, type GuildRec, type MemberRec, type RoleRec } from "../model.js";
import { ALL_PERMISSIONS, P, TIMED_OUT_KEEPS } from "../permissions.js";
import type { EmulatorState } from "./index.js";

/**
 * Permissions: what a member may do in a guild and in each channel, computed as Discord does
 * (https://discord.com/developers/docs/topics/permissions#permission-overwrites), and the checks
 * every other store runs before it changes anything.
 */
export class Access {
  constructor(private readonly root: EmulatorState) {}

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
    const { channels, guilds } = this.root;
    const ch = channels.byId.get(channelId);
    if (!ch) return 0n;
    const g = guilds.byId.get(ch.guild_id);
    if (!g) return 0n;
    const m = g.members.get(userId);
    if (!m) return 0n;
    const base = this.basePermissions(g, userId);
    if (base === ALL_PERMISSIONS) return ALL_PERMISSIONS;
    const target = ch.thread && ch.parent_id ? channels.byId.get(ch.parent_id) : ch;
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
    const ch = this.root.channels.byId.get(channelId);
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

  /**
   * Whether a guild channel (not a thread) shows in a user's channel list: VIEW_CHANNEL on it, or,
   * for a category, on any of its channels ("Channel categories are viewable if any of their child
   * channels are viewable", https://discord.com/developers/docs/topics/permissions#channel-visibility).
   */
  channelListed(userId: string, ch: ChannelRec): boolean {
    if (this.canView(userId, ch.id)) return true;
    if (ch.type !== ChannelType.GuildCategory) return false;
    for (const c of this.root.channels.byId.values())
      if (c.parent_id === ch.id && !c.thread && this.canView(userId, c.id)) return true;
    return false;
  }

  /** The channel if the actor may see it; private threads they cannot see do not exist for them. */
  channelFor(actor: string, id: string): ChannelRec {
    const ch = this.root.channels.byId.get(id);
    if (!ch) throw Errors.unknownChannel();
    const g = this.root.guilds.byId.get(ch.guild_id);
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

  /** Moderation needs a highest role above the role acted on (the owner excepted). */
  requireAbove(actor: string, g: GuildRec, role: RoleRec): void {
    if (g.owner_id === actor) return;
    if (role.managed || role.id === g.id || this.highestRole(g, actor) <= role.position)
      throw Errors.missingPermissions();
  }
}

import { Errors, fieldError } from "../errors.js";
import { checkMessageBody } from "../limits.js";
import {
  type AttachmentRec,
  type ChannelRec,
  ChannelType,
  type GuildRec,
  type MessageRec,
} from "../model.js";
import { P } from "../permissions.js";
import { type DispatchScope, type FileUpload, Intents, iso, type Json, str } from "./common.js";
import type { EmulatorState } from "./index.js";

/** How a message is created other than by its author posting: through a webhook or an interaction. */
export interface MessageVia {
  webhook?: MessageRec["webhook"];
  interaction?: MessageRec["interaction"];
  ephemeralFor?: string;
  flags?: number;
  type?: number;
}

/** Messages, their attachments and mentions. */
export class Messages {
  /** Each channel's messages in order (deleted ones removed; ephemeral ones never listed). */
  readonly byChannel = new Map<string, MessageRec[]>();
  /** Every message by id, ephemeral and deleted ones included. */
  readonly byId = new Map<string, MessageRec>();
  private readonly nonces = new Map<string, { id: string; at: number }>();

  constructor(private readonly root: EmulatorState) {}

  /** Forgets a deleted channel's messages. */
  dropChannel(channelId: string): void {
    for (const m of this.byChannel.get(channelId) ?? []) this.byId.delete(m.id);
    this.byChannel.delete(channelId);
  }

  private mentionsOf(
    g: GuildRec,
    content: string,
    allowed: Json | undefined,
  ): { users: string[]; roles: string[]; everyone: boolean } {
    const known = this.root.users.byId;
    const users = [...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1] ?? "");
    const roles = [...content.matchAll(/<@&(\d+)>/g)].map((m) => m[1] ?? "");
    const everyone = /@(everyone|here)/.test(content);
    if (!allowed)
      return {
        users: users.filter((u) => known.has(u)),
        roles: roles.filter((r) => g.roles.has(r)),
        everyone,
      };
    const parse = Array.isArray(allowed["parse"]) ? (allowed["parse"] as string[]) : [];
    const okUsers = Array.isArray(allowed["users"]) ? (allowed["users"] as string[]) : [];
    const okRoles = Array.isArray(allowed["roles"]) ? (allowed["roles"] as string[]) : [];
    return {
      users: users.filter((u) => known.has(u) && (parse.includes("users") || okUsers.includes(u))),
      roles: roles.filter((r) => g.roles.has(r) && (parse.includes("roles") || okRoles.includes(r))),
      everyone: everyone && parse.includes("everyone"),
    };
  }

  /** Who receives a message's events: its channel's viewers (ephemeral: its one recipient). */
  scope(msg: MessageRec): DispatchScope {
    const { access, users } = this.root;
    return {
      guildId: msg.guild_id,
      intent: Intents.GUILD_MESSAGES,
      visibleTo: (uid) => (msg.ephemeralFor ? msg.ephemeralFor === uid : access.canView(uid, msg.channel_id)),
      transform: (data, uid, intents) => {
        if (
          !users.isBot(uid) ||
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
      const id = this.root.ids.next();
      const filename = str(m?.["filename"], f.filename);
      const url = `${this.root.opts.baseUrl()}/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`;
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
  create(
    actor: string,
    channelId: string,
    body: Json,
    files: FileUpload[] = [],
    via?: MessageVia,
  ): MessageRec {
    const { access, channels, users, threads } = this.root;
    const ch = via ? channels.byId.get(channelId) : access.channelFor(actor, channelId);
    if (!ch) throw Errors.unknownChannel();
    const g = this.root.guilds.get(ch.guild_id);
    if (!via) {
      // "When a thread is locked, only users with MANAGE_THREADS can unarchive it" (Thread
      // Metadata, https://discord.com/developers/docs/resources/channel#thread-metadata-object),
      // and they alone post in it; an archived thread that is not locked is unarchived by a post
      // from a member who may send there ("The API will helpfully automatically unarchive a thread
      // when sending a message in that thread", topics/threads), below.
      if (ch.thread?.locked && !(access.permissionsIn(actor, ch.id) & P.MANAGE_THREADS))
        throw Errors.threadLocked();
      if (!access.canSend(actor, ch.id)) throw Errors.missingPermissions();
      if (files.length && !(access.permissionsIn(actor, ch.id) & P.ATTACH_FILES))
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
    const ref = body["message_reference"] as Json | undefined;
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
      !(ref?.["type"] === 1 && ref["message_id"] !== undefined) &&
      !((via?.flags ?? 0) & 128)
    )
      throw Errors.emptyMessage();
    checkMessageBody(body);
    const nonce = body["nonce"];
    const nonceKey =
      nonce !== undefined && body["enforce_nonce"] === true ? `${actor}:${ch.id}:${String(nonce)}` : null;
    if (nonceKey) {
      const seen = this.nonces.get(nonceKey);
      const existing = seen && Date.now() - seen.at < 5 * 60_000 ? this.byId.get(seen.id) : undefined;
      if (existing && !existing.deleted) return existing;
    }
    const keepEmbeds = via || (access.permissionsIn(actor, ch.id) & P.EMBED_LINKS) !== 0n;
    const allowed =
      body["allowed_mentions"] && typeof body["allowed_mentions"] === "object"
        ? (body["allowed_mentions"] as Json)
        : undefined;
    const mentions = this.mentionsOf(g, content, allowed);
    const forward = ref?.["type"] === 1 && ref["message_id"] !== undefined;
    const snapshot = forward && ref ? this.forwardSource(actor, ref, via !== undefined) : undefined;
    if (ref?.["message_id"] && !forward && !via) {
      // "...if replying to a message, also requires the READ_MESSAGE_HISTORY permission"
      // (https://discord.com/developers/docs/resources/message#create-message); SEND_MESSAGES is
      // checked above, as for any message.
      access.require(actor, ch.id, P.READ_MESSAGE_HISTORY);
    }
    if (ref?.["message_id"] && !forward && !via?.webhook) {
      const target = this.byId.get(str(ref["message_id"]));
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
      id: this.root.ids.next(),
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
        (via !== undefined || (access.permissionsIn(actor, ch.id) & P.MENTION_EVERYONE) !== 0n),
      tts: body["tts"] === true,
      pinned: false,
    };
    if (nonce !== undefined && (typeof nonce === "string" || typeof nonce === "number")) msg.nonce = nonce;
    if (via?.webhook) msg.webhook = via.webhook;
    if (via?.interaction) {
      msg.interaction = via.interaction;
      msg.application_id = this.root.applicationId;
    }
    if (via?.ephemeralFor) msg.ephemeralFor = via.ephemeralFor;
    if (snapshot && ref)
      msg.message_reference = {
        type: 1,
        message_id: snapshot.id,
        channel_id: snapshot.channel_id,
        guild_id: snapshot.guild_id ?? ch.guild_id,
      };
    else if (ref?.["message_id"])
      msg.message_reference = {
        message_id: str(ref["message_id"]),
        channel_id: ch.id,
        guild_id: ch.guild_id,
      };
    if (snapshot)
      msg.message_snapshots = [
        {
          message: {
            type: snapshot.type,
            content: snapshot.content,
            embeds: snapshot.embeds,
            attachments: snapshot.attachments.map((a) => this.attachmentJson(a)),
            timestamp: snapshot.timestamp,
            edited_timestamp: snapshot.edited_timestamp,
            flags: snapshot.flags,
            mentions: [],
            mention_roles: [],
            components: [],
          },
        },
      ];
    this.byId.set(msg.id, msg);
    if (nonceKey) this.nonces.set(nonceKey, { id: msg.id, at: Date.now() });
    if (!msg.ephemeralFor) {
      this.byChannel.get(ch.id)?.push(msg);
      ch.last_message_id = msg.id;
      if (ch.thread) {
        ch.message_count++;
        ch.total_message_sent++;
        if (ch.thread.archived) {
          ch.thread.archived = false;
          ch.thread.archive_timestamp = iso();
          threads.emit("THREAD_UPDATE", ch);
        }
        if (!ch.threadMembers?.has(actor) && users.byId.has(actor) && !via?.webhook) threads.join(ch, actor);
        // Mentioning someone in a thread adds them, when the mention is allowed.
        const canInvite =
          ch.type !== ChannelType.PrivateThread ||
          ch.thread.invitable ||
          (access.permissionsIn(actor, ch.id) & P.MANAGE_THREADS) !== 0n;
        if (canInvite)
          for (const uid of this.mentionedIntoThread(g, ch, actor, mentions, via !== undefined))
            if (ch.parent_id && access.canView(uid, ch.parent_id) && !ch.threadMembers?.has(uid))
              threads.join(ch, uid);
      }
      this.root.dispatch("MESSAGE_CREATE", this.json(msg, true), this.scope(msg));
    }
    return msg;
  }

  /**
   * The message a forward copies: the author must be able to read it where it is ("the current
   * user must have the VIEW_CHANNEL and READ_MESSAGE_HISTORY permissions in the source channel",
   * https://discord.com/developers/docs/resources/message#message-reference-types); the target
   * needs SEND_MESSAGES like any message, checked by `create`.
   */
  private forwardSource(actor: string, ref: Json, viaApp: boolean): MessageRec {
    const source = this.byId.get(str(ref["message_id"]));
    const channelId = str(ref["channel_id"], source?.channel_id ?? "");
    if (viaApp) {
      if (!source || source.deleted) throw Errors.unknownMessage();
      return source;
    }
    return this.get(actor, channelId, str(ref["message_id"]));
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
    if (viaApp || this.root.users.byId.get(actor)?.bot !== false) return [...out];
    const canPing = (this.root.access.permissionsIn(actor, ch.id) & P.MENTION_EVERYONE) !== 0n;
    for (const roleId of mentions.roles) {
      const role = g.roles.get(roleId);
      if (!role || role.id === g.id || !(role.mentionable || canPing)) continue;
      for (const m of g.members.values()) if (m.roles.includes(roleId)) out.add(m.user_id);
    }
    return [...out];
  }

  /** A message in a channel the actor can read (ephemeral ones only for their recipient). */
  get(actor: string, channelId: string, messageId: string): MessageRec {
    const { access } = this.root;
    access.channelFor(actor, channelId);
    const msg = this.byId.get(messageId);
    if (
      !msg ||
      msg.deleted ||
      msg.channel_id !== channelId ||
      (msg.ephemeralFor && msg.ephemeralFor !== actor)
    )
      throw Errors.unknownMessage();
    if (!(access.permissionsIn(actor, channelId) & P.READ_MESSAGE_HISTORY)) throw Errors.missingAccess();
    return msg;
  }

  list(
    actor: string,
    channelId: string,
    q: { limit?: number; before?: string; after?: string; around?: string },
  ): MessageRec[] {
    const { access } = this.root;
    const ch = access.channelFor(actor, channelId);
    if (!(access.permissionsIn(actor, ch.id) & P.READ_MESSAGE_HISTORY)) return [];
    const all = (this.byChannel.get(ch.id) ?? []).filter((m) => !m.deleted);
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

  edit(
    actor: string,
    channelId: string,
    messageId: string,
    body: Json,
    files: FileUpload[] = [],
    skipChecks = false,
  ): MessageRec {
    const { access } = this.root;
    const msg = skipChecks ? this.byId.get(messageId) : this.get(actor, channelId, messageId);
    if (!msg || msg.deleted) throw Errors.unknownMessage();
    const ch = this.root.channels.byId.get(msg.channel_id);
    if (!skipChecks) {
      // "The fields content, embeds, and flags can be edited by the original message author.
      // Other users can only edit flags and only if they have the MANAGE_MESSAGES permission"
      // (https://discord.com/developers/docs/resources/message#edit-message): the author needs no
      // Send Messages to edit his own earlier message, only to see the channel.
      if (msg.author_id !== actor || msg.webhook) {
        if (Object.keys(body).some((k) => k !== "flags")) throw Errors.notAuthor();
        access.require(actor, channelId, P.MANAGE_MESSAGES);
      }
      // A locked thread leaves members without Manage Threads only View Channel, Read Message
      // History, Add Reactions and Use External Emojis: no edits
      // (https://discord.com/developers/docs/change-log#update-to-locked-threads).
      if (ch?.thread?.locked && !(access.permissionsIn(actor, ch.id) & P.MANAGE_THREADS))
        throw Errors.threadLocked();
    }
    // "Archived threads are generally immutable"
    // (https://discord.com/developers/docs/topics/threads#archiving-and-locking-threads): an edit
    // in an archived thread is refused, by whoever (50083), webhooks and the bot included.
    if (ch?.thread?.archived) throw Errors.archivedThread();
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
      const g = msg.guild_id ? this.root.guilds.byId.get(msg.guild_id) : undefined;
      if (g) {
        const m = this.mentionsOf(g, msg.content, body["allowed_mentions"] as Json | undefined);
        msg.mentions = m.users;
        msg.mention_roles = m.roles;
      }
    }
    msg.flags &= ~128;
    msg.edited_timestamp = iso();
    if (!msg.ephemeralFor) this.root.dispatch("MESSAGE_UPDATE", this.json(msg, true), this.scope(msg));
    return msg;
  }

  delete(actor: string, channelId: string, messageId: string, skipChecks = false): MessageRec {
    const msg = skipChecks ? this.byId.get(messageId) : this.get(actor, channelId, messageId);
    if (!msg || msg.deleted) throw Errors.unknownMessage();
    if (!skipChecks && msg.author_id !== actor) this.root.access.require(actor, channelId, P.MANAGE_MESSAGES);
    // Deleting stays possible in an archived thread unless it is also locked: "deleting messages
    // and adding or removing reactions will only be allowed in locked threads if that thread is
    // also active" (https://discord.com/developers/docs/change-log#update-to-locked-threads).
    const thread = this.root.channels.byId.get(msg.channel_id)?.thread;
    if (thread?.archived && thread.locked) throw Errors.archivedThread();
    msg.deleted = true;
    const list = this.byChannel.get(msg.channel_id);
    if (list)
      this.byChannel.set(
        msg.channel_id,
        list.filter((m) => m.id !== msg.id),
      );
    const ch = this.root.channels.byId.get(msg.channel_id);
    if (ch?.thread && !msg.ephemeralFor) ch.message_count = Math.max(0, ch.message_count - 1);
    if (!msg.ephemeralFor) {
      const payload: Json = { id: msg.id, channel_id: msg.channel_id };
      if (msg.guild_id) payload["guild_id"] = msg.guild_id;
      this.root.dispatch("MESSAGE_DELETE", payload, { ...this.scope(msg), transform: (d) => d });
    }
    return msg;
  }

  // ---------------------------------------------------------------- serialization

  attachmentJson(a: AttachmentRec): Json {
    const out: Json = { id: a.id, filename: a.filename, size: a.size, url: a.url, proxy_url: a.proxy_url };
    if (a.content_type) out["content_type"] = a.content_type;
    if (a.description) out["description"] = a.description;
    return out;
  }

  json(msg: MessageRec, withMember = false): Json {
    const { users, guilds } = this.root;
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
      : users.json(msg.author_id);
    const out: Json = {
      type: msg.type,
      content: msg.content,
      mentions: msg.mentions.filter((id) => users.byId.has(id)).map((id) => users.json(id)),
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
          user: users.json(i.user_id),
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
        user: users.json(msg.interaction.user_id),
      };
    }
    if (msg.message_reference) out["message_reference"] = { type: 0, ...msg.message_reference };
    if (msg.message_snapshots) out["message_snapshots"] = msg.message_snapshots;
    const reactions = this.root.reactions.json(msg.id);
    if (reactions) out["reactions"] = reactions;
    if (msg.nonce !== undefined) out["nonce"] = msg.nonce;
    const ch = this.root.channels.byId.get(msg.channel_id);
    if (ch?.thread) out["position"] = Math.max(0, ch.total_message_sent - 1);
    if (withMember && msg.guild_id && !msg.webhook) {
      out["guild_id"] = msg.guild_id;
      const m = guilds.byId.get(msg.guild_id)?.members.get(msg.author_id);
      if (m) out["member"] = guilds.memberJson(m, false);
    }
    return out;
  }
}

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

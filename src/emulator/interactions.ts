import { DiscordError, Errors, fieldError } from "./errors.js";
import { resolveCommandOptions } from "./command-options.js";
import {
  InteractionHandle,
  InteractionType,
  type InteractionEvent,
  type InteractionOptions,
  type InteractionRec,
} from "./interaction-handle.js";
import type { ChannelRec, CommandRec, MessageRec } from "./model.js";
import { checkAutocompleteChoices, FormErrors } from "./limits.js";
import { P } from "./permissions.js";
import type { EmulatorState, FileUpload } from "./state/index.js";

/**
 * The emulator's interactions: a user's commands, clicks and modal submits reach the bot as
 * INTERACTION_CREATE; the bot answers with a callback, then edits and follow-ups on the token.
 */

type Json = Record<string, unknown>;

export class Interactions {
  readonly byId = new Map<string, InteractionRec>();
  /** The modal each user has open (the last one a bot showed them). */
  private readonly openModals = new Map<string, { rec: InteractionRec; modal: Json }>();
  private readonly s: EmulatorState;
  private readonly opts: InteractionOptions;

  constructor(state: EmulatorState, opts: InteractionOptions) {
    this.s = state;
    this.opts = opts;
  }

  handle(rec: InteractionRec): InteractionHandle {
    return new InteractionHandle(rec, (id) => {
      const m = this.s.messages.byId.get(id);
      return m ? this.s.messages.json(m) : null;
    });
  }

  private record(rec: InteractionRec, e: Omit<InteractionEvent, "at">): void {
    rec.events.push({ ...e, at: Date.now() });
    for (const w of [...rec.waiters]) w();
  }

  close(): void {
    for (const r of this.byId.values()) if (r.timer) clearTimeout(r.timer);
  }

  // ------------------------------------------------------------ the user's side

  private start(
    userId: string,
    channel: ChannelRec,
    type: number,
    data: Json,
    commandName: string,
    source?: MessageRec,
  ): InteractionRec {
    const g = this.s.guilds.get(channel.guild_id);
    const member = this.s.guilds.member(g, userId);
    const id = this.s.ids.next();
    const rec: InteractionRec = {
      id,
      token: `aW50ZXJhY3Rpb24.${id}.${Buffer.from(`${id}:${userId}`).toString("base64url")}`,
      type,
      userId,
      guildId: g.id,
      channelId: channel.id,
      data,
      commandName,
      createdAt: Date.now(),
      acked: false,
      ackType: null,
      failed: false,
      originalId: null,
      deferredFollowupPending: false,
      ephemeral: false,
      followups: [],
      events: [],
      waiters: new Set(),
      timer: null,
    };
    if (source) rec.source = source;
    this.byId.set(id, rec);
    rec.timer = setTimeout(() => {
      rec.timer = null;
      if (!rec.acked) {
        rec.failed = true;
        this.record(rec, { kind: "failed" });
      }
    }, this.opts.ackWindowMs);
    rec.timer.unref();
    const payload: Json = {
      id,
      application_id: this.s.applicationId,
      type,
      data,
      guild: { id: g.id, locale: g.preferred_locale, features: [] },
      guild_id: g.id,
      guild_locale: g.preferred_locale,
      channel: this.s.channels.json(channel, userId),
      channel_id: channel.id,
      member: {
        ...this.s.guilds.memberJson(member),
        permissions: this.s.access.permissionsIn(userId, channel.id).toString(),
      },
      token: rec.token,
      version: 1,
      app_permissions: this.s.access.permissionsIn(this.s.bot.id, channel.id).toString(),
      locale: this.s.users.get(userId).locale,
      entitlements: [],
      authorizing_integration_owners: { "0": g.id },
      context: 0,
      attachment_size_limit: 10485760,
    };
    if (source)
      payload["message"] = {
        ...this.s.messages.json(source),
        ...(source.guild_id ? { guild_id: source.guild_id } : {}),
      };
    this.s.dispatch("INTERACTION_CREATE", payload, { guildId: g.id, intent: 0, recipients: [this.s.bot.id] });
    return rec;
  }

  private usableChannel(userId: string, channelId: string): ChannelRec {
    const ch = this.s.access.channelFor(userId, channelId);
    const perms = this.s.access.permissionsIn(userId, ch.id);
    if (!(perms & P.USE_APPLICATION_COMMANDS)) throw Errors.missingPermissions();
    // A locked thread leaves members without Manage Threads only View Channel, Read Message
    // History, Add Reactions and Use External Emojis: no application commands there
    // (https://discord.com/developers/docs/change-log#update-to-locked-threads).
    if (ch.thread?.locked && !(perms & P.MANAGE_THREADS)) throw Errors.threadLocked();
    return ch;
  }

  /** A user runs `/name [group] [sub]` with options (by name); `focused` makes it an autocomplete. */
  command(
    userId: string,
    channelId: string,
    line: string,
    given: Record<string, unknown> = {},
    focused?: string,
  ): InteractionHandle {
    const ch = this.usableChannel(userId, channelId);
    const [name = "", ...path] = line.trim().replace(/^\//, "").split(/\s+/);
    const cmd = this.s.commands.find(ch.guild_id, name);
    if (!cmd) throw Errors.unknownCommand();
    this.checkDefaultPermissions(userId, ch, cmd);
    const resolved: Json = {};
    let defs = cmd.options;
    const wrap: { name: string; type: number }[] = [];
    for (const p of path) {
      const def = defs.find((d) => d.name === p && (d.type === 1 || d.type === 2));
      if (!def)
        throw Errors.invalidForm(fieldError("options", "UNKNOWN_SUBCOMMAND", `Unknown subcommand ${p}`));
      wrap.push({ name: p, type: def.type });
      defs = def.options ?? [];
    }
    if (defs.some((d) => d.type === 1 || d.type === 2))
      throw Errors.invalidForm(fieldError("options", "SUBCOMMAND_REQUIRED", "A subcommand is required"));
    if (focused && !defs.find((d) => d.name === focused)?.autocomplete)
      throw Errors.invalidForm(
        fieldError(`options.${focused}`, "NOT_AUTOCOMPLETE", "Option has no autocomplete"),
      );
    let options: Json[] = resolveCommandOptions(this.s, ch.guild_id, defs, given, resolved, focused);
    for (const w of wrap.reverse()) options = [{ name: w.name, type: w.type, options }];
    return this.invoke(userId, ch, cmd, options, resolved, focused !== undefined);
  }

  private checkDefaultPermissions(userId: string, ch: ChannelRec, cmd: CommandRec): void {
    if (cmd.default_member_permissions === null) return;
    const need = BigInt(cmd.default_member_permissions);
    const have = this.s.access.basePermissions(this.s.guilds.get(ch.guild_id), userId);
    if ((have & need) !== need) throw Errors.missingPermissions();
  }

  /** Invokes a command with raw (wire-format) options, as the Discord client does. */
  invoke(
    userId: string,
    ch: ChannelRec,
    cmd: CommandRec,
    options: Json[],
    resolved: Json,
    autocomplete: boolean,
  ): InteractionHandle {
    const data: Json = { id: cmd.id, name: cmd.name, type: cmd.type };
    if (options.length) data["options"] = options;
    if (Object.keys(resolved).length) data["resolved"] = resolved;
    if (cmd.guild_id) data["guild_id"] = cmd.guild_id;
    const rec = this.start(
      userId,
      ch,
      autocomplete ? InteractionType.Autocomplete : InteractionType.ApplicationCommand,
      data,
      cmd.name,
    );
    return this.handle(rec);
  }

  /** A user clicks a button or picks values in a select menu on a message. */
  component(userId: string, messageId: string, customId: string, values?: string[]): InteractionHandle {
    const msg = this.s.messages.byId.get(messageId);
    if (!msg || msg.deleted || (msg.ephemeralFor && msg.ephemeralFor !== userId))
      throw Errors.unknownMessage();
    const ch = this.s.access.channelFor(userId, msg.channel_id);
    const comp = findComponent(msg.components, customId);
    if (!comp)
      throw Errors.invalidForm(
        fieldError("data.custom_id", "COMPONENT_NOT_FOUND", `No component ${customId} on this message`),
      );
    if (comp["disabled"] === true)
      throw Errors.invalidForm(
        fieldError("data.custom_id", "COMPONENT_DISABLED", "This component is disabled"),
      );
    const type = Number(comp["type"]);
    const data: Json = { custom_id: customId, component_type: type };
    if (type === 2) {
      if (comp["style"] === 5 || comp["style"] === 6)
        throw Errors.invalidForm(
          fieldError("data.custom_id", "COMPONENT_NOT_INTERACTIVE", "Link buttons do not interact"),
        );
    } else {
      const picked = values ?? [];
      const min = Number(comp["min_values"] ?? 1);
      const max = Number(comp["max_values"] ?? 1);
      if (picked.length < min || picked.length > max)
        throw Errors.invalidForm(
          fieldError("data.values", "BASE_TYPE_BAD_LENGTH", `Must pick between ${min} and ${max}`),
        );
      if (type === 3) {
        const opts = ((comp["options"] ?? []) as Json[]).map((o) => String(o["value"]));
        for (const v of picked)
          if (!opts.includes(v))
            throw Errors.invalidForm(fieldError("data.values", "INVALID_OPTION", `${v} is not an option`));
      } else {
        const resolved: Json = {};
        const g = this.s.guilds.get(ch.guild_id);
        for (const v of picked) {
          if (this.s.users.byId.has(v) && (type === 5 || type === 7)) {
            ((resolved["users"] ??= {}) as Json)[v] = this.s.users.json(v);
            const m = g.members.get(v);
            if (m)
              ((resolved["members"] ??= {}) as Json)[v] = {
                ...this.s.guilds.memberJson(m, false),
                permissions: "0",
              };
          } else if (g.roles.has(v) && (type === 6 || type === 7)) {
            const r = g.roles.get(v);
            if (r) ((resolved["roles"] ??= {}) as Json)[v] = this.s.guilds.roleJson(r);
          } else if (this.s.channels.byId.has(v) && type === 8) {
            const c = this.s.channels.byId.get(v);
            if (c)
              ((resolved["channels"] ??= {}) as Json)[v] = {
                id: v,
                name: c.name,
                type: c.type,
                permissions: "0",
              };
          } else
            throw Errors.invalidForm(
              fieldError("data.values", "INVALID_OPTION", `${v} cannot be picked here`),
            );
        }
        data["resolved"] = resolved;
      }
      data["values"] = picked;
    }
    return this.handle(this.start(userId, ch, InteractionType.MessageComponent, data, customId, msg));
  }

  /** The modal a bot last showed this user, if still open. */
  openModal(userId: string): Json | null {
    return this.openModals.get(userId)?.modal ?? null;
  }

  /** A user submits the modal the bot showed them, with values by text input custom_id. */
  submitModal(userId: string, values: Record<string, string>, customId?: string): InteractionHandle {
    const open = this.openModals.get(userId);
    if (!open || (customId !== undefined && open.modal["custom_id"] !== customId))
      throw Errors.unknownInteraction();
    const ch = this.s.access.channelFor(userId, open.rec.channelId);
    const used = new Set<string>();
    const fill = (c: Json): Json => {
      if (Array.isArray(c["components"]))
        return { type: c["type"], id: c["id"] ?? 0, components: (c["components"] as Json[]).map(fill) };
      if (c["component"] && typeof c["component"] === "object")
        return { type: c["type"], id: c["id"] ?? 0, component: fill(c["component"] as Json) };
      const cid = String(c["custom_id"] ?? "");
      const out: Json = { type: c["type"], id: c["id"] ?? 0, custom_id: cid };
      if (Number(c["type"]) === 4) {
        const v = values[cid] ?? String(c["value"] ?? "");
        used.add(cid);
        if (c["required"] !== false && !v)
          throw Errors.invalidForm(
            fieldError(`data.components.${cid}`, "BASE_TYPE_REQUIRED", "This field is required"),
          );
        if (typeof c["max_length"] === "number" && v.length > c["max_length"])
          throw Errors.invalidForm(fieldError(`data.components.${cid}`, "BASE_TYPE_MAX_LENGTH", "Too long"));
        out["value"] = v;
      }
      return out;
    };
    const components = ((open.modal["components"] ?? []) as Json[]).map(fill);
    for (const k of Object.keys(values))
      if (!used.has(k))
        throw Errors.invalidForm(
          fieldError(`data.components.${k}`, "UNKNOWN_FIELD", `The modal has no field ${k}`),
        );
    this.openModals.delete(userId);
    const data: Json = { custom_id: open.modal["custom_id"], components };
    const rec = this.start(
      userId,
      ch,
      InteractionType.ModalSubmit,
      data,
      String(open.modal["custom_id"]),
      open.rec.source,
    );
    return this.handle(rec);
  }

  /**
   * A modal submit with a custom id this user was never shown: what a modified client could
   * send. Discord's own client cannot, but a bot that trusts the custom id alone (a collector
   * filtering by custom id, not by user) would take it as the form's owner's answer.
   */
  forgeModalSubmit(
    userId: string,
    channelId: string,
    customId: string,
    values: Record<string, string>,
  ): InteractionHandle {
    const ch = this.s.access.channelFor(userId, channelId);
    const components = Object.entries(values).map(([cid, value], i) => ({
      type: 1,
      id: i * 2 + 1,
      components: [{ type: 4, id: i * 2 + 2, custom_id: cid, value }],
    }));
    const data: Json = { custom_id: customId, components };
    return this.handle(this.start(userId, ch, InteractionType.ModalSubmit, data, customId));
  }

  // ------------------------------------------------------------ the bot's side

  private live(id: string, token: string): InteractionRec {
    const rec = this.byId.get(id);
    if (!rec || rec.token !== token || rec.failed) throw Errors.unknownInteraction();
    if (Date.now() - rec.createdAt > this.opts.tokenLifetimeMs) throw Errors.unknownInteraction();
    return rec;
  }

  callback(id: string, token: string, body: Json, files: FileUpload[], withResponse: boolean): Json | null {
    const rec = this.live(id, token);
    if (rec.acked) throw Errors.alreadyAcknowledged();
    const type = Number(body["type"]);
    const data = (body["data"] ?? {}) as Json;
    const allowed: Record<number, number[]> = {
      1: [1],
      2: [4, 5, 9],
      3: [4, 5, 6, 7, 9],
      4: [8],
      5: [4, 5, 6, 7],
    };
    if (!(allowed[rec.type] ?? []).includes(type))
      throw Errors.invalidForm(
        fieldError(
          "type",
          "INTERACTION_RESPONSE_TYPE_INVALID",
          `Interaction response type ${type} is not valid for interaction type ${rec.type}`,
        ),
      );
    if (type === 8) {
      const errors = new FormErrors();
      checkAutocompleteChoices(data["choices"], errors);
      errors.throwIfAny();
    }
    if ((type === 6 || type === 7) && !rec.source)
      throw Errors.invalidForm(
        fieldError("type", "INTERACTION_RESPONSE_TYPE_INVALID", "No message to update"),
      );
    const flags = Number(data["flags"] ?? 0);
    const via = {
      interaction: this.meta(rec),
      type: rec.type === 2 ? 20 : 0,
      ...(flags & 64 ? { ephemeralFor: rec.userId } : {}),
    };
    let message: MessageRec | undefined;
    if (type === 4) {
      message = this.s.messages.create(this.s.bot.id, rec.channelId, data, files, via);
      rec.originalId = message.id;
      rec.ephemeral = (flags & 64) !== 0;
    } else if (type === 5) {
      message = this.s.messages.create(this.s.bot.id, rec.channelId, { content: "" }, [], {
        ...via,
        flags: 128,
      });
      rec.originalId = message.id;
      rec.ephemeral = (flags & 64) !== 0;
      rec.deferredFollowupPending = true;
    } else if (type === 6 || type === 7) {
      rec.originalId = rec.source?.id ?? null;
      if (type === 7 && rec.source)
        message = this.s.messages.edit(
          this.s.bot.id,
          rec.source.channel_id,
          rec.source.id,
          data,
          files,
          true,
        );
    } else if (type === 9) {
      if (!data["custom_id"] || !data["title"] || !Array.isArray(data["components"]))
        throw Errors.invalidForm(
          fieldError("data", "MODAL_INVALID", "A modal needs custom_id, title and components"),
        );
      this.openModals.set(rec.userId, { rec, modal: data });
    }
    rec.acked = true;
    rec.ackType = type;
    if (rec.timer) clearTimeout(rec.timer);
    rec.timer = null;
    const ev: Omit<InteractionEvent, "at"> = { kind: "callback", type, data };
    if (message) ev.message = this.s.messages.json(message);
    this.record(rec, ev);
    if (!withResponse) return null;
    const resp: Json = {
      interaction: {
        id: rec.id,
        type: rec.type,
        response_message_id: rec.originalId,
        response_message_loading: type === 5,
        response_message_ephemeral: rec.ephemeral,
      },
    };
    if (type !== 6 && type !== 8)
      resp["resource"] = { type, ...(message ? { message: this.s.messages.json(message) } : {}) };
    return resp;
  }

  private meta(rec: InteractionRec): NonNullable<MessageRec["interaction"]> {
    const out: NonNullable<MessageRec["interaction"]> = {
      id: rec.id,
      type: rec.type,
      name: rec.commandName,
      user_id: rec.userId,
    };
    if (rec.source && rec.type === 3) out.source_message_id = rec.source.id;
    if (rec.trigger) {
      out.trigger = { id: rec.trigger.id, type: rec.trigger.type };
      if (rec.trigger.source && rec.trigger.type === 3) out.trigger.source_message_id = rec.trigger.source.id;
    }
    return out;
  }

  /** Resolves an interaction's webhook (application id + token), or null if it is not one. */
  byToken(appId: string, token: string): InteractionRec | null {
    if (appId !== this.s.applicationId) return null;
    for (const r of this.byId.values()) if (r.token === token) return r;
    return null;
  }

  private usable(rec: InteractionRec): void {
    if (Date.now() - rec.createdAt > this.opts.tokenLifetimeMs) throw Errors.invalidWebhookToken();
    if (!rec.acked) throw Errors.unknownWebhook();
  }

  private resolveMessage(rec: InteractionRec, messageId: string): MessageRec {
    const id = messageId === "@original" ? rec.originalId : messageId;
    if (!id || (messageId !== "@original" && id !== rec.originalId && !rec.followups.includes(id)))
      throw Errors.unknownMessage();
    const m = this.s.messages.byId.get(id);
    if (!m || m.deleted) throw Errors.unknownMessage();
    return m;
  }

  getMessage(rec: InteractionRec, messageId: string): MessageRec {
    this.usable(rec);
    return this.resolveMessage(rec, messageId);
  }

  editMessage(rec: InteractionRec, messageId: string, body: Json, files: FileUpload[]): MessageRec {
    this.usable(rec);
    const target = this.resolveMessage(rec, messageId);
    const wasLoading = (target.flags & 128) !== 0;
    if (wasLoading && target.id === rec.originalId) rec.deferredFollowupPending = false;
    const m = this.s.messages.edit(this.s.bot.id, target.channel_id, target.id, body, files, true);
    this.record(rec, {
      kind: "edit",
      message: this.s.messages.json(m),
      data: { original: m.id === rec.originalId, was_loading: wasLoading },
    });
    return m;
  }

  deleteMessage(rec: InteractionRec, messageId: string): void {
    this.usable(rec);
    const target = this.resolveMessage(rec, messageId);
    this.s.messages.delete(this.s.bot.id, target.channel_id, target.id, true);
    this.record(rec, { kind: "delete", data: { id: target.id } });
  }

  followUp(rec: InteractionRec, body: Json, files: FileUpload[]): MessageRec {
    this.usable(rec);
    const flags = Number(body["flags"] ?? 0);
    // After a deferral the first follow-up replaces the loading message, as on Discord.
    if (rec.deferredFollowupPending && rec.originalId && rec.ackType === 5) {
      rec.deferredFollowupPending = false;
      const m = this.s.messages.edit(this.s.bot.id, rec.channelId, rec.originalId, body, files, true);
      this.record(rec, {
        kind: "edit",
        message: this.s.messages.json(m),
        data: { original: true, was_loading: true },
      });
      return m;
    }
    const m = this.s.messages.create(this.s.bot.id, rec.channelId, body, files, {
      interaction: this.meta(rec),
      ...(flags & 64 ? { ephemeralFor: rec.userId } : {}),
    });
    rec.followups.push(m.id);
    this.record(rec, { kind: "followup", message: this.s.messages.json(m) });
    return m;
  }
}

export function findComponent(list: unknown, customId: string): Json | null {
  if (!Array.isArray(list)) return null;
  for (const c of list as Json[]) {
    if (c["custom_id"] === customId) return c;
    const nested =
      findComponent(c["components"], customId) ??
      (c["accessory"] ? findComponent([c["accessory"]], customId) : null) ??
      (c["component"] ? findComponent([c["component"]], customId) : null);
    if (nested) return nested;
  }
  return null;
}

export function isDiscordError(e: unknown): e is DiscordError {
  return e instanceof DiscordError;
}

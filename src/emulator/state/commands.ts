import { Errors, fieldError } from "../errors.js";
import { checkCommandOptions, FormErrors } from "../limits.js";
import type { CommandOption, CommandRec } from "../model.js";
import { type Json, str } from "./common.js";
import type { EmulatorState } from "./index.js";

/** The application's commands, global (guildId null) and per guild. */
export class Commands {
  readonly byId = new Map<string, CommandRec>();

  constructor(private readonly root: EmulatorState) {}

  private parse(raw: Json, guildId: string | null, existing?: CommandRec): CommandRec {
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
      id: existing?.id ?? this.root.ids.next(),
      application_id: this.root.applicationId,
      guild_id: guildId,
      version: this.root.ids.next(),
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

  /** Only the application's own bot manages its commands; guild commands also need the guild. */
  private requireApp(actor: string, applicationId: string, guildId: string | null): void {
    if (actor !== this.root.bot.id) throw Errors.unauthorized();
    if (applicationId !== this.root.applicationId) throw Errors.missingAccess();
    if (guildId) this.root.guilds.getFor(actor, guildId);
  }

  list(actor: string, applicationId: string, guildId: string | null): CommandRec[] {
    this.requireApp(actor, applicationId, guildId);
    return [...this.byId.values()].filter((c) => c.guild_id === guildId);
  }

  overwrite(actor: string, applicationId: string, guildId: string | null, list: unknown): CommandRec[] {
    this.requireApp(actor, applicationId, guildId);
    if (!Array.isArray(list))
      throw Errors.invalidForm(fieldError("_root", "BASE_TYPE_ARRAY", "Must be an array"));
    if (list.length > 100)
      throw Errors.invalidForm(
        fieldError("_root", "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length."),
      );
    const old = [...this.byId.values()].filter((c) => c.guild_id === guildId);
    const next = (list as Json[]).map((raw) =>
      this.parse(
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
    for (const c of old) this.byId.delete(c.id);
    for (const c of next) this.byId.set(c.id, c);
    return next;
  }

  create(actor: string, applicationId: string, guildId: string | null, raw: Json): CommandRec {
    this.requireApp(actor, applicationId, guildId);
    const existing = [...this.byId.values()].find(
      (c) => c.guild_id === guildId && c.name === raw["name"] && c.type === Number(raw["type"] ?? 1),
    );
    const c = this.parse(raw, guildId, existing);
    this.byId.set(c.id, c);
    return c;
  }

  get(actor: string, applicationId: string, guildId: string | null, id: string): CommandRec {
    this.requireApp(actor, applicationId, null);
    const c = this.byId.get(id);
    if (!c || c.guild_id !== guildId) throw Errors.unknownCommand();
    return c;
  }

  edit(actor: string, applicationId: string, guildId: string | null, id: string, raw: Json): CommandRec {
    const c = this.get(actor, applicationId, guildId, id);
    const next = this.parse({ ...this.json(c), ...raw }, guildId, c);
    this.byId.set(c.id, next);
    return next;
  }

  delete(actor: string, applicationId: string, guildId: string | null, id: string): void {
    const c = this.get(actor, applicationId, guildId, id);
    this.byId.delete(c.id);
  }

  /** The command a user in this guild would see under this name (guild commands shadow global ones). */
  find(guildId: string, name: string, type = 1): CommandRec | undefined {
    const all = [...this.byId.values()].filter((c) => c.name === name && c.type === type);
    return all.find((c) => c.guild_id === guildId) ?? all.find((c) => c.guild_id === null);
  }

  json(c: CommandRec, withLocalizations = true): Json {
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
}

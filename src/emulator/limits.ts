/**
 * Discord's documented size limits, enforced whether or not the OpenAPI oracle runs, with the
 * error Discord answers: 50035 "Invalid Form Body" and an `errors` object naming the field.
 */
import { DiscordError, Errors } from "./errors.js";

type Json = Record<string, unknown>;

/** One field error in Discord's nested `{a: {0: {b: {_errors: [...]}}}}` form. */
export class FormErrors {
  private readonly root: Json = {};
  private count = 0;

  add(path: (string | number)[], code: string, message: string): void {
    let node = this.root;
    for (const part of path) {
      const key = String(part);
      const next = (node[key] as Json | undefined) ?? {};
      node[key] = next;
      node = next;
    }
    const list = (node["_errors"] as unknown[] | undefined) ?? [];
    list.push({ code, message });
    node["_errors"] = list;
    this.count++;
  }

  maxLength(path: (string | number)[], value: unknown, max: number): void {
    if (typeof value === "string" && value.length > max)
      this.add(path, "BASE_TYPE_MAX_LENGTH", `Must be ${max} or fewer in length.`);
  }

  lengthBetween(path: (string | number)[], value: unknown, min: number, max: number): void {
    if (typeof value === "string" && (value.length < min || value.length > max))
      this.add(path, "BASE_TYPE_BAD_LENGTH", `Must be between ${min} and ${max} in length.`);
  }

  maxItems(path: (string | number)[], value: unknown, max: number): void {
    if (Array.isArray(value) && value.length > max)
      this.add(path, "BASE_TYPE_MAX_LENGTH", `Must be ${max} or fewer in length.`);
  }

  /** Throws 50035 with every error collected, as Discord reports them all at once. */
  throwIfAny(): void {
    if (this.count) throw Errors.invalidForm(this.root);
  }
}

function obj(v: unknown): Json {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {};
}

/** Characters Discord counts: leading and trailing whitespace is trimmed first. */
function counted(v: unknown): number {
  return typeof v === "string" ? v.trim().length : 0;
}

/**
 * Embed limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits):
 * title 256, description 4096, 25 fields, field name 256, field value 1024, footer text 2048,
 * author name 256, and 6000 characters across all of them in all embeds of a message.
 */
export function checkEmbeds(embeds: unknown, errors: FormErrors, prefix: (string | number)[] = []): void {
  if (!Array.isArray(embeds)) return;
  errors.maxItems([...prefix, "embeds"], embeds, 10);
  let total = 0;
  embeds.forEach((raw, i) => {
    const e = obj(raw);
    const at = [...prefix, "embeds", i];
    const trimmedMax = (path: (string | number)[], v: unknown, max: number): void => {
      if (counted(v) > max) errors.add(path, "BASE_TYPE_MAX_LENGTH", `Must be ${max} or fewer in length.`);
    };
    trimmedMax([...at, "title"], e["title"], 256);
    trimmedMax([...at, "description"], e["description"], 4096);
    const footer = obj(e["footer"]);
    const author = obj(e["author"]);
    trimmedMax([...at, "footer", "text"], footer["text"], 2048);
    trimmedMax([...at, "author", "name"], author["name"], 256);
    total +=
      counted(e["title"]) + counted(e["description"]) + counted(footer["text"]) + counted(author["name"]);
    const fields = Array.isArray(e["fields"]) ? (e["fields"] as unknown[]) : [];
    errors.maxItems([...at, "fields"], fields, 25);
    fields.forEach((rawField, j) => {
      const f = obj(rawField);
      trimmedMax([...at, "fields", j, "name"], f["name"], 256);
      trimmedMax([...at, "fields", j, "value"], f["value"], 1024);
      total += counted(f["name"]) + counted(f["value"]);
    });
  });
  if (total > 6000)
    errors.add([...prefix, "embeds"], "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000");
}

/** Content (2000 characters) and embeds of a message body; throws 50035 on any violation. */
export function checkMessageBody(body: Json): void {
  const errors = new FormErrors();
  errors.maxLength(["content"], body["content"], 2000);
  checkEmbeds(body["embeds"], errors);
  errors.throwIfAny();
}

/**
 * Webhook names (https://discord.com/developers/docs/resources/webhook#create-webhook): 1-80
 * characters, never containing "clyde" or "discord" in any case. Discord refuses the same names as
 * the `username` override at execution, though the Execute Webhook page does not spell it out.
 */
export function checkWebhookName(field: string, name: unknown, errors: FormErrors): void {
  if (typeof name !== "string") return;
  if (name.length < 1 || name.length > 80)
    errors.add([field], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 80 in length.");
  for (const banned of ["clyde", "discord"])
    if (name.toLowerCase().includes(banned))
      errors.add([field], "USERNAME_INVALID_CONTAINS", `Username cannot contain "${banned}"`);
}

/**
 * Application command options
 * (https://discord.com/developers/docs/interactions/application-commands#application-command-object):
 * at most 25 options per level, 25 choices per option, option names 1-32 and descriptions 1-100
 * characters, choice names 1-100 and string choice values up to 100 characters, and 8000
 * characters of names, descriptions and values per command.
 */
export function checkCommandOptions(raw: Json, errors: FormErrors): void {
  let size = counted(raw["name"]) + counted(raw["description"]);
  const walk = (options: unknown, at: (string | number)[]): void => {
    if (!Array.isArray(options)) return;
    errors.maxItems([...at, "options"], options, 25);
    options.forEach((rawOption, i) => {
      const o = obj(rawOption);
      const here = [...at, "options", i];
      errors.lengthBetween([...here, "name"], o["name"], 1, 32);
      errors.lengthBetween([...here, "description"], o["description"], 1, 100);
      size += counted(o["name"]) + counted(o["description"]);
      const choices = Array.isArray(o["choices"]) ? (o["choices"] as unknown[]) : [];
      errors.maxItems([...here, "choices"], choices, 25);
      choices.forEach((rawChoice, j) => {
        const c = obj(rawChoice);
        errors.lengthBetween([...here, "choices", j, "name"], c["name"], 1, 100);
        errors.maxLength([...here, "choices", j, "value"], c["value"], 100);
        size += counted(c["name"]) + (typeof c["value"] === "string" ? c["value"].length : 0);
      });
      walk(o["options"], here);
    });
  };
  walk(raw["options"], []);
  if (size > 8000)
    errors.add(["_root"], "APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size (8000)");
}

/**
 * Autocomplete answers (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-autocomplete):
 * up to 25 choices, names 1-100 characters, string values up to 100.
 */
export function checkAutocompleteChoices(choices: unknown, errors: FormErrors): void {
  if (!Array.isArray(choices)) return;
  errors.maxItems(["data", "choices"], choices, 25);
  choices.forEach((raw, j) => {
    const c = obj(raw);
    errors.lengthBetween(["data", "choices", j, "name"], c["name"], 1, 100);
    errors.maxLength(["data", "choices", j, "value"], c["value"], 100);
  });
}

/** Guild and channel maximums (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json). */
export const Maximum = {
  roles: 250,
  webhooksPerChannel: 15,
  channelsPerGuild: 500,
  channelsPerCategory: 50,
  overwritesPerChannel: 100,
} as const;

export const MaximumErrors = {
  roles: () => new DiscordError(400, 30005, "Maximum number of guild roles reached (250)"),
  webhooks: () => new DiscordError(400, 30007, "Maximum number of webhooks reached (15)"),
  channels: () => new DiscordError(400, 30013, "Maximum number of guild channels reached (500)"),
  categoryFull: () =>
    Errors.invalidForm({
      parent_id: {
        _errors: [
          {
            code: "CHANNEL_PARENT_MAX_CHANNELS",
            message: "Maximum number of channels in category reached (50)",
          },
        ],
      },
    }),
  overwrites: () =>
    Errors.invalidForm({
      permission_overwrites: {
        _errors: [{ code: "BASE_TYPE_MAX_LENGTH", message: "Must be 100 or fewer in length." }],
      },
    }),
};

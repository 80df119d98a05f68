import { Errors, fieldError } from "./errors.js";
import type { CommandOption } from "./model.js";
import type { EmulatorState } from "./state/index.js";

/**
 * A slash command's options as Discord checks and resolves them: typed values, choices, required
 * options, and the users, roles and channels they name.
 */

type Json = Record<string, unknown>;

function optionValue(o: CommandOption, v: unknown): unknown {
  switch (o.type) {
    case 4:
      return typeof v === "number" ? Math.trunc(v) : Number.parseInt(String(v), 10);
    case 10:
      return Number(v);
    case 5:
      return v === true || v === "true";
    default:
      return String(v);
  }
}

export function resolveCommandOptions(
  s: EmulatorState,
  g: string,
  defs: CommandOption[],
  given: Record<string, unknown>,
  resolved: Json,
  focused?: string,
): Json[] {
  const out: Json[] = [];
  for (const [name, value] of Object.entries(given)) {
    const def = defs.find((d) => d.name === name);
    if (!def)
      throw Errors.invalidForm(fieldError(`options.${name}`, "UNKNOWN_OPTION", `Unknown option ${name}`));
    const v = optionValue(def, value);
    if (def.choices?.length && focused !== name && !def.choices.some((c) => c.value === v))
      throw Errors.invalidForm(
        fieldError(`options.${name}`, "INVALID_CHOICE", `${String(v)} is not a valid choice`),
      );
    const opt: Json = { name, type: def.type, value: v };
    if (focused === name) opt["focused"] = true;
    out.push(opt);
    const id = String(v);
    const guild = s.guilds.get(g);
    const bag = (k: string): Json => (resolved[k] ??= {}) as Json;
    if (def.type === 6 || def.type === 9) {
      if (s.users.byId.has(id)) {
        bag("users")[id] = s.users.json(id);
        const m = guild.members.get(id);
        if (m) bag("members")[id] = { ...s.guilds.memberJson(m, false), permissions: "0" };
      } else if (def.type === 9 && guild.roles.has(id)) {
        const r = guild.roles.get(id);
        if (r) bag("roles")[id] = s.guilds.roleJson(r);
      } else throw Errors.invalidForm(fieldError(`options.${name}`, "INVALID_USER", "Unknown user"));
    }
    if (def.type === 8) {
      const r = guild.roles.get(id);
      if (!r) throw Errors.invalidForm(fieldError(`options.${name}`, "INVALID_ROLE", "Unknown role"));
      bag("roles")[id] = s.guilds.roleJson(r);
    }
    if (def.type === 7) {
      const c = s.channels.byId.get(id);
      if (!c) throw Errors.invalidForm(fieldError(`options.${name}`, "INVALID_CHANNEL", "Unknown channel"));
      bag("channels")[id] = {
        id,
        name: c.name,
        type: c.type,
        permissions: s.access.permissionsIn(s.bot.id, id).toString(),
      };
    }
  }
  for (const d of defs)
    if (d.required && !(d.name in given) && d.type !== 1 && d.type !== 2)
      throw Errors.invalidForm(
        fieldError(`options.${d.name}`, "BASE_TYPE_REQUIRED", "This field is required"),
      );
  return out;
}

import { z } from "zod";
import type { JsonObject } from "../../engine/types.js";
import { CLANS, ROLE_IDS } from "./state.js";

/** §11 options (`parse({})` gives the defaults) and the keys of a scenario's player. */

const count = z.number().int().min(0);

export const DEFAULT_ROLES = {
  citizen: 8,
  commissar: 1,
  sergeant: 1,
  ninja: 1,
  doctor: 1,
  necromancer: 1,
  maniac: 1,
  italians: { mafia: 3, kamikaze: 1, bastard_son: 1 },
  russians: { mafia: 3, thug: 1, bastard_son: 1 },
};

export const rolesSchema = z.object({
  citizen: count.default(0),
  commissar: count.default(0),
  sergeant: count.default(0),
  ninja: count.default(0),
  doctor: count.default(0),
  necromancer: count.default(0),
  maniac: count.default(0),
  italians: z
    .object({ mafia: count.default(0), kamikaze: count.default(0), bastard_son: count.default(0) })
    .default({ mafia: 0, kamikaze: 0, bastard_son: 0 }),
  russians: z
    .object({ mafia: count.default(0), thug: count.default(0), bastard_son: count.default(0) })
    .default({ mafia: 0, thug: 0, bastard_son: 0 }),
});
export type RolesOption = z.infer<typeof rolesSchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "expected HH:MM");

export const optionsSchema = z.object({
  roles: rolesSchema.default(DEFAULT_ROLES),
  voteReasonRequired: z.boolean().default(false),
  duel: z.enum(["coin", "gm"]).default("coin"),
  revealNightRoles: z.boolean().default(false),
  deadChat: z.boolean().default(true),
  deadKeepRead: z.boolean().default(false),
  commissarContacts: z.boolean().default(true),
  timezone: z.string().min(1).default("Europe/Moscow"),
  dayDeadline: hhmm.default("22:00"),
  nightDeadline: hhmm.default("10:00"),
  night0MinHours: z.number().min(0).default(12),
});
export type ClassicOptions = z.infer<typeof optionsSchema>;

export const playerSchema = z.object({
  id: z.string().min(1),
  role: z.enum(ROLE_IDS).optional(),
  faction: z.string().optional(),
  don: z.boolean().optional(),
  clan: z.enum(CLANS).optional(),
}) as unknown as z.ZodType<JsonObject & { id: string }>;

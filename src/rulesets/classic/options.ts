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

/**
 * The default deal of a table of `players` when the GM sets no `roles`: the rules' 24 (§11) at
 * 24, else a proportional deal (DECISIONS.md): two mafia clans of one per eight players each, a
 * maniac from 5, the commissar from 6, the doctor from 7, the sergeant from 16, the ninja from
 * 18, the necromancer, kamikaze and thug from 20, the bastard sons from 22, the town the rest.
 */
export function defaultRoles(players: number): RolesOption {
  if (players === 24) return structuredClone(DEFAULT_ROLES);
  const mafia = Math.max(1, Math.floor(players / 8));
  const extra = (min: number) => (players >= min ? 1 : 0);
  const roles: RolesOption = {
    maniac: extra(5),
    commissar: extra(6),
    doctor: extra(7),
    sergeant: extra(16),
    ninja: extra(18),
    necromancer: extra(20),
    italians: { mafia, kamikaze: extra(20), bastard_son: extra(22) },
    russians: { mafia, thug: extra(20), bastard_son: extra(22) },
    citizen: 0,
  };
  const dealt =
    roles.maniac +
    roles.commissar +
    roles.doctor +
    roles.sergeant +
    roles.ninja +
    roles.necromancer +
    2 * mafia +
    roles.italians.kamikaze +
    roles.italians.bastard_son +
    roles.russians.thug +
    roles.russians.bastard_son;
  roles.citizen = Math.max(0, players - dealt);
  return roles;
}

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
  /** Absent: the default deal of the table's size (`defaultRoles`). */
  roles: rolesSchema.optional(),
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

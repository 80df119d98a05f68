import { z } from "zod";
import type { JsonObject, PlayerId } from "../../engine/types.js";
import { MAYOR_TARGET, ROLE_IDS } from "./state.js";

/** The options (section 11; `parse({})` gives the defaults) and the keys of a scenario's player. */

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "expected HH:MM");
const count = z.number().int().min(0);

export const roleCountsSchema = z.object({
  mafia: count.default(0),
  maniac: count.default(0),
  lawyer: count.default(0),
  doctor: count.default(0),
  agent: count.default(0),
});

export const optionsSchema = z.object({
  roles: roleCountsSchema.optional(),
  lawyerFaction: z.enum(["town", "mafia"]).default("town"),
  agentResult: z.enum(["alignment", "role"]).default("alignment"),
  mafiaMajorityBase: z.enum(["cast", "members"]).default("cast"),
  executionMajority: z.enum(["relative", "absolute"]).default("relative"),
  verdictChange: z.boolean().default(false),
  revealRoleOnDeath: z.boolean().default(false),
  deadChat: z.boolean().default(true),
  timezone: z.string().min(1).default("Europe/Moscow"),
  nightOpen: hhmm.default("22:00"),
  nightClose: hhmm.default("14:00"),
  sessionOpen: hhmm.default("16:00"),
  sessionClose: hhmm.default("22:00"),
});
export type MayorOptions = z.infer<typeof optionsSchema>;

/** A scenario player: an id and, when the scenario does not let the engine deal, a role. */
export const playerSchema = z.object({
  id: z
    .string()
    .min(1)
    .refine((id) => id !== MAYOR_TARGET, { message: `"${MAYOR_TARGET}" is reserved for the Mayor` }),
  role: z.enum(ROLE_IDS).optional(),
}) as unknown as z.ZodType<JsonObject & { id: PlayerId }>;

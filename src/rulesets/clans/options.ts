import { z } from "zod";
import type { JsonObject, PlayerId } from "../../engine/types.js";
import { CLANS, DEALT_ROLES } from "./state.js";

/** Options of §11; `parse({})` gives the defaults. */
export const optionsSchema = z.strictObject({
  numbers: z.array(z.number().int().min(1).max(100)).default([]),
  acquaintance: z.boolean().default(true),
  inactivity_autokill: z.boolean().default(true),
  dead_post_limit: z.number().int().min(0).default(5),
  night_hours: z.number().positive().default(12),
  day_hours: z.number().positive().default(24),
  night_early_close: z.boolean().default(true),
  reveal_at_end: z.boolean().default(true),
  lang: z.enum(["ru", "en"]).default("ru"),
});

export type ClansOptions = z.infer<typeof optionsSchema>;

/** A scenario player (§2.3); any other key is an error. */
export const playerSchema = z.strictObject({
  id: z.string().min(1),
  role: z.enum(DEALT_ROLES).optional(),
  faction: z.enum(CLANS).optional(),
  number: z.number().int().min(1).max(2).optional(),
}) as unknown as z.ZodType<JsonObject & { id: PlayerId }>;

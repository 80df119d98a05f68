import { z } from "zod";

/** The options (`parse({})` gives the defaults) and the keys of a scenario's player. */

const policy = z.enum(["L", "F"]);

export const optionsSchema = z
  .object({
    deck: z.array(policy).optional(),
    enacted: z
      .object({
        liberal: z.number().int().min(0).max(4).default(0),
        fascist: z.number().int().min(0).max(5).default(0),
      })
      .strict()
      .default({ liberal: 0, fascist: 0 }),
    firstCandidate: z.string().min(1).default("first"),
    missingVote: z.enum(["abstain", "nein"]).default("abstain"),
    openVoting: z.boolean().default(true),
    timezone: z.string().min(1).default("Europe/Moscow"),
    deadlineTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
      .default("21:00"),
    minPhaseHours: z.number().min(0).default(12),
    extensionCapHours: z.number().min(0).default(24),
    stallExtensionHours: z.number().min(0).default(24),
  })
  .strict();

export type ReichstagOptions = z.infer<typeof optionsSchema>;

export const playerSchema = z
  .object({
    id: z.string().min(1),
    role: z.enum(["liberal", "fascist", "hitler"]).optional(),
    faction: z.enum(["liberals", "fascists"]).optional(),
  })
  .strict();

import { z } from "zod";
import type { Json } from "../../engine/types.js";
import { ARMIES, CHAT_IDS, COUNTRIES, SEASONS, UNIT_TYPES, allPairs } from "./state.js";

/** Options of rules file §11 with their defaults (`parse({})` gives the defaults). */

const id = z.string().regex(/^[a-z][a-z0-9_]*$/);
const country = z.enum(COUNTRIES);

const postSchema = z.object({
  power: z.number().int().min(1).max(5).optional(),
  government: z.enum(["royal", "parliament"]).nullable().optional(),
  chats: z.array(z.string()).optional(),
  public: z.boolean().optional(),
});

const unitSchema = z.object({
  id: z.string().min(1),
  army: z.string().min(1),
  type: z.string().refine((t) => Object.hasOwn(UNIT_TYPES, t), "unknown unit type"),
  owner: z.string().min(1).nullable().default(null),
  location: country.default("regnum"),
  conscripted: z.boolean().optional(),
});

export const optionsSchema = z.object({
  season: z.enum(SEASONS).default("summer"),
  countryFront: z
    .record(z.string(), z.string())
    .default({ regnum: "home", norsland: "north", orientem: "east", britonia: "sea" }),
  countryForces: z.record(z.string(), z.array(z.string())).default({
    regnum: ["royal", "parliament", "ksb", "inquisition"],
    norsland: ["norsland"],
    orientem: ["orientem"],
    britonia: ["britonia"],
  }),
  countryPower: z.record(z.string(), z.number().int().min(1).max(5)).default({
    norsland: 1,
    orientem: 1,
    britonia: 1,
  }),
  borders: z.record(z.string(), z.enum(["open", "closed"])).default({}),
  relations: z.record(z.string(), z.enum(["allied", "neutral", "enemy"])).default({}),
  wars: z.array(z.tuple([z.string(), z.string()])).default([]),
  armyAlliances: z.array(z.tuple([z.string(), z.string()])).default([]),
  units: z.array(unitSchema).default([]),
  treasuries: z
    .record(
      z.string(),
      z.object({ crowns: z.number().int().min(0).default(0), items: z.array(z.string()).default([]) }),
    )
    .default({ royal: { crowns: 0, items: [] }, parliament: { crowns: 0, items: [] } }),
  inquisitionActive: z.boolean().default(true),
  chats: z.array(z.enum(CHAT_IDS as [string, ...string[]])).default(CHAT_IDS),
  groupChats: z.record(z.string(), z.array(z.string())).default({}),
  posts: z.record(z.string(), postSchema).default({}),
  rolePower: z.record(z.string(), z.number().int().min(1).max(5)).default({ rainbow_baron: 2 }),
  publicRoles: z.array(z.string()).default(["detective"]),
  magicalRoles: z.array(z.string()).default(["healer", "snow_king"]),
  allowRuleDeviations: z.boolean().default(false),
  movesPerPhase: z.number().int().min(1).default(1),
  nightHours: z.number().positive().default(12),
  dayHours: z.number().positive().default(12),
  answerWindowHours: z.number().positive().default(24),
  advocateReleaseSutki: z.number().int().min(0).default(2),
  baronOrchiumPerDay: z.number().int().min(0).default(1),
  squadCostCrowns: z.number().int().min(0).nullable().default(null),
  battleLossRule: z.enum(["cover", "any"]).default("cover"),
  rewardCoefficient: z.number().min(0).default(1),
  baronRewardUsesCoefficient: z.boolean().default(true),
  baronCountsSelf: z.boolean().default(false),
  materialistReward: z.enum(["crowns", "gm"]).default("crowns"),
  defaultTreasury: z.string().default("royal"),
});

export type RegnumOptions = z.infer<typeof optionsSchema>;

export const playerSchema = z
  .object({
    id: z.string().min(1),
    role: id,
    roles: z.array(id).default([]),
    faction: id.optional(),
    groups: z.array(id).default([]),
    type: z.enum(["ki", "km", "im", "ii"]).optional(),
    posts: z.array(id).default([]),
    power: z.number().int().min(1).max(5).optional(),
    appearance: z.string().min(1).optional(),
    difficulty: z.number().default(1),
    crowns: z.number().int().min(0).default(0),
    items: z.array(z.string()).default([]),
    orchium: z.number().int().min(0).default(0),
    resources: z.number().int().min(0).default(0),
    location: country.default("regnum"),
    statuses: z.array(z.enum(["underground", "wanted", "detained", "neutralized"])).default([]),
    serviceOf: z.array(z.enum(ARMIES)).optional(),
    visas: z.array(country).default([]),
    incorporeal: z.boolean().default(false),
  })
  // A scenario's other keys are kept as they came (its players are JSON).
  .catchall(z.custom<Json>());

export function defaultBorders(): Record<string, string> {
  return Object.fromEntries(allPairs().map((k) => [k, "open"]));
}
export function defaultRelations(): Record<string, string> {
  return Object.fromEntries(allPairs().map((k) => [k, "neutral"]));
}

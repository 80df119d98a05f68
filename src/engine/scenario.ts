import { z } from "zod";
import type { JsonObject } from "./types.js";

/** The scenario file of ../shared/SCENARIOS.md: the engine's public contract. */

const id = z.string().min(1);
const jsonObject = z.record(z.string(), z.unknown()) as unknown as z.ZodType<JsonObject>;

export const scenarioAction = z
  .object({ actor: id, action: id, targets: z.array(id).default([]) })
  .catchall(z.unknown());

export const scenarioGmAction = z
  .object({ action: id, targets: z.array(id).default([]) })
  .catchall(z.unknown());

export const scenarioSchema = z.object({
  ruleset: z.string(),
  seed: z.number().int(),
  options: jsonObject.optional(),
  players: z.array(z.object({ id }).catchall(z.unknown())).min(1),
  script: z.array(
    z.object({
      phase: z.string().min(1),
      actions: z.array(scenarioAction).default([]),
      gm: z.array(scenarioGmAction).default([]),
    }),
  ),
});

export type Scenario = z.infer<typeof scenarioSchema>;

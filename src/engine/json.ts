import { z } from "zod";
import type { JsonObject } from "./types.js";

/** A JSON object, checked: what the engine takes from a file or a database column. */
export const jsonObject: z.ZodType<JsonObject> = z.record(z.string(), z.json());

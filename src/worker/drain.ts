import type { REST } from "@discordjs/rest";
import type { Db } from "../db/client.js";
import { drainOutbox, type RetryPolicy } from "../discord/outbox.js";
import type { Logger } from "../log.js";
import type { DrainFn } from "./handlers.js";

/** Binds src/discord/outbox.ts `drainOutbox` to the worker's dependencies. */
export function bindDrain(deps: {
  db: Db;
  rest: REST;
  log: Logger;
  retry?: RetryPolicy;
  publicUrl?: string;
}): DrainFn {
  return (gameId, options) => drainOutbox(deps, gameId, options);
}

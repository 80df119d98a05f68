import type { REST } from "@discordjs/rest";
import type { Db } from "../db/client.js";
import type { Logger } from "../log.js";
import type { DrainFn } from "./handlers.js";

type DrainOutbox = (
  deps: { db: Db; rest: REST; log: Logger },
  gameId: string,
) => Promise<{ done: number; failed: number }>;

/**
 * Binds src/discord/outbox.ts `drainOutbox` to the worker's dependencies. Loaded by path so the
 * worker builds while that module is being written; without it, drains fail and are retried
 * (the rows stay pending and a later start drains them).
 */
export async function loadDrain(deps: { db: Db; rest: REST; log: Logger }): Promise<DrainFn> {
  const path = "../discord/outbox.js";
  let drainOutbox: DrainOutbox | undefined;
  try {
    const mod = (await import(path)) as { drainOutbox?: DrainOutbox };
    drainOutbox = mod.drainOutbox;
  } catch (error) {
    deps.log.error({ err: (error as Error).message }, "src/discord/outbox.ts could not be loaded");
  }
  if (!drainOutbox) {
    return async () => {
      throw new Error("outbox drain unavailable (src/discord/outbox.ts drainOutbox missing)");
    };
  }
  const drain = drainOutbox;
  return (gameId) => drain(deps, gameId);
}

import { Events, type Client, type Interaction } from "discord.js";
import type { Redis } from "ioredis";
import type { Env } from "../config/env.js";
import type { Database } from "../db/client.js";
import type { Logger } from "../log.js";
import { handleInteraction } from "../discord/router.js";

export interface BotDeps {
  env: Env;
  log: Logger;
  database: Database;
  redis: Redis;
  client: Client;
}

/** Wires the gateway client to the interaction router; returns how to stop taking new work. */
export async function startBot(deps: BotDeps): Promise<{ stop(): Promise<void> }> {
  const inFlight = new Set<Promise<void>>();
  let accepting = true;
  const onInteraction = (interaction: Interaction) => {
    if (!accepting) return;
    const work = handleInteraction(deps, interaction).finally(() => inFlight.delete(work));
    inFlight.add(work);
  };
  deps.client.on(Events.InteractionCreate, onInteraction);
  return {
    async stop() {
      accepting = false;
      deps.client.off(Events.InteractionCreate, onInteraction);
      await Promise.allSettled([...inFlight]);
    },
  };
}

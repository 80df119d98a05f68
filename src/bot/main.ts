import { Events } from "discord.js";
import { loadEnvOrExit } from "../config/env.js";
import { createGatewayClient } from "../discord/client.js";
import { migrateDatabase } from "../db/migrate.js";
import { createLogger } from "../log.js";
import { connectPostgres, connectRedis, DependencyError } from "../runtime/dependencies.js";
import { runProcess } from "../runtime/lifecycle.js";
import { createQueue, Scheduler } from "../jobs/scheduler.js";
import { workerSettingsFromEnv } from "../worker/settings.js";
import { startBot } from "./bot.js";

/** `npm run bot`: the only process with a gateway connection. It never resolves a phase. */
const env = loadEnvOrExit();
const log = createLogger("bot", env.LOG_LEVEL);
// The bot enqueues on the worker's queue: the same WORKER_QUEUE_PREFIX (default "gm").
const { prefix } = workerSettingsFromEnv(process.env);

await runProcess("bot", log, async () => {
  const database = await connectPostgres(env.DATABASE_URL, log);
  await migrateDatabase(database);
  const redis = await connectRedis(env.REDIS_URL, log);
  const client = createGatewayClient(env.DISCORD_API_URL);
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(env.DISCORD_TOKEN);
    await ready;
  } catch (error) {
    await Promise.allSettled([client.destroy(), database.close(), redis.quit()]);
    throw new DependencyError(
      "Discord",
      env.DISCORD_API_URL ?? "https://discord.com/api",
      (error as Error).message,
    );
  }
  log.info(
    { dependency: "discord", user: client.user?.tag, guilds: client.guilds.cache.size },
    "discord reached",
  );
  const queue = createQueue(redis, prefix);
  const scheduler = new Scheduler({ queue, db: database.db, log });
  const bot = await startBot({ env, log, database, redis, client, scheduler });
  return async () => {
    await bot.stop();
    await client.destroy();
    await queue.close();
    await Promise.allSettled([redis.quit(), database.close()]);
  };
});

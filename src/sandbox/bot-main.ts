import { Events } from "discord.js";
import { startBot } from "../bot/bot.js";
import { loadEnvOrExit } from "../config/env.js";
import { migrateDatabase } from "../db/migrate.js";
import { createGatewayClient } from "../discord/client.js";
import { createQueue, Scheduler } from "../jobs/scheduler.js";
import { createLogger } from "../log.js";
import { connectPostgres, connectRedis } from "../runtime/dependencies.js";
import { runProcess } from "../runtime/lifecycle.js";
import { workerSettingsFromEnv } from "../worker/settings.js";

/**
 * The bot process as `npm run bot` runs it (src/bot/main.ts), with one difference: its
 * BullMQ queue uses WORKER_QUEUE_PREFIX like the worker's, so a benchmark's bot and worker
 * share a queue of their own on a shared Redis. (src/bot/main.ts always uses the default prefix.)
 */
const env = loadEnvOrExit();
const log = createLogger("bot", env.LOG_LEVEL);
const { prefix } = workerSettingsFromEnv(process.env);

await runProcess("bot", log, async () => {
  const database = await connectPostgres(env.DATABASE_URL, log);
  await migrateDatabase(database);
  const redis = await connectRedis(env.REDIS_URL, log);
  const client = createGatewayClient(env.DISCORD_API_URL);
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(env.DISCORD_TOKEN);
  await ready;
  const queue = createQueue(redis, prefix);
  const scheduler = new Scheduler({ queue, db: database.db, log });
  const bot = await startBot({ env, log, database, redis, client, scheduler });
  return async () => {
    await bot.stop();
    await queue.close();
    await client.destroy();
    await Promise.allSettled([redis.quit(), database.close()]);
  };
});

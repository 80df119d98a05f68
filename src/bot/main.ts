import { Events } from "discord.js";
import { parseFlags, runCli } from "../cli/args.js";
import { loadEnvOrExit } from "../config/env.js";
import { createGatewayClient, shardRangeOf } from "../discord/client.js";
import { redisGlobalLimiter } from "../discord/global-limit.js";
import { welcomeLines } from "../discord/invite.js";
import { migrateDatabase } from "../db/migrate.js";
import { gatewayCheck, postgresCheck, redisCheck } from "../http/checks.js";
import { instrumentRest } from "../http/metrics.js";
import { createHttpServer, healthRoutes, metricsRoutes, type HttpServer } from "../http/server.js";
import { outboxHealth, watchSharedState } from "../http/shared-state.js";
import { createLogger } from "../log.js";
import { connectPostgres, connectRedis, DependencyError } from "../runtime/dependencies.js";
import { runProcess } from "../runtime/lifecycle.js";
import { createQueue, Scheduler } from "../jobs/scheduler.js";
import { workerSettingsFromEnv } from "../worker/settings.js";
import { startBot } from "./bot.js";
import { consoleRoutesFor } from "../console/routes.js";

/**
 * `npm run bot`: the only process with a gateway connection. It never resolves a phase. Its
 * HTTP server (/healthz, /readyz, /metrics on BOT_HTTP_PORT) answers from before the login, so
 * /readyz shows the gateway coming up.
 */
const USAGE = `usage: npm run bot

The bot's gateway process: it answers slash commands, buttons and players' posts, and enqueues the
deadlines a worker (npm run worker) resolves. It applies the migrations at start, serves /healthz,
/readyz and /metrics on BOT_HTTP_PORT and the GM console on CONSOLE_PORT, and stops on SIGINT or
SIGTERM. No flags; it reads its environment (docs/deployment.md, "Configuration"):

  required  DISCORD_TOKEN, DISCORD_APPLICATION_ID, DATABASE_URL, REDIS_URL
  optional  DISCORD_API_URL, LOG_LEVEL, DEFAULT_TIMEZONE, HTTP_HOST, BOT_HTTP_PORT, CONSOLE_PORT,
            CONSOLE_PUBLIC_URL, SHARD_COUNT, SHARD_IDS, WORKER_QUEUE_PREFIX (docs/worker.md)

A missing or malformed variable stops it with one line and exit 1; 2 on bad usage.`;

await runCli("bot", USAGE, async (argv) => {
  parseFlags(argv, {});
  const env = loadEnvOrExit();
  const log = createLogger("bot", env.LOG_LEVEL);
  // The bot enqueues on the worker's queue: the same WORKER_QUEUE_PREFIX (default "gm").
  const { prefix } = workerSettingsFromEnv(process.env);

  await runProcess("bot", log, async () => {
    const database = await connectPostgres(env.DATABASE_URL, log);
    await migrateDatabase(database);
    const redis = await connectRedis(env.REDIS_URL, log);
    // One global request limit for the token, shared with the workers through Redis.
    // This process's gateway shards (SHARD_IDS of SHARD_COUNT; docs/scaling.md).
    const shards = shardRangeOf(env);
    const client = createGatewayClient(
      env.DISCORD_API_URL,
      {
        limiter: redisGlobalLimiter(redis, env.DISCORD_TOKEN, { log }),
        applicationId: env.DISCORD_APPLICATION_ID,
      },
      shards,
    );
    instrumentRest(client.rest);
    let http: HttpServer;
    try {
      http = await createHttpServer({
        host: env.HTTP_HOST,
        port: env.BOT_HTTP_PORT,
        log,
        plugins: [
          healthRoutes(
            [postgresCheck(database.pool), redisCheck(redis), gatewayCheck(client)],
            outboxHealth(database.db),
          ),
          metricsRoutes,
        ],
      });
    } catch (error) {
      await Promise.allSettled([client.destroy(), database.close(), redis.quit()]);
      throw new Error(
        `cannot serve HTTP on ${env.HTTP_HOST}:${env.BOT_HTTP_PORT}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    try {
      await client.login(env.DISCORD_TOKEN);
      await ready;
    } catch (error) {
      await Promise.allSettled([http.close(), client.destroy(), database.close(), redis.quit()]);
      throw new DependencyError(
        "Discord",
        env.DISCORD_API_URL ?? "https://discord.com/api",
        (error as Error).message,
      );
    }
    const servers = [...client.guilds.cache.values()].map((guild) => guild.name);
    const applicationId = client.application?.id ?? env.DISCORD_APPLICATION_ID;
    log.info(
      {
        dependency: "discord",
        user: client.user?.tag,
        guilds: servers.length,
        applicationId,
        shards: shards.ids,
        shardCount: shards.count,
      },
      "discord reached",
    );
    // For the person starting it: plain lines, beside the JSON log.
    const welcome = welcomeLines({ tag: client.user?.tag ?? "(unknown)", applicationId, servers });
    process.stderr.write(welcome.map((line) => `bot: ${line}\n`).join(""));
    const queue = createQueue(redis, prefix);
    const scheduler = new Scheduler({ queue, db: database.db, log });
    const unwatch = watchSharedState({ db: database.db, queues: [queue, scheduler.outboxQueue] });
    // The GM web console, on a port of its own (docs/console.md).
    const consoleDeps = { env, log, database, redis, client, scheduler };
    let consoleServer: HttpServer;
    try {
      consoleServer = await createHttpServer({
        host: env.HTTP_HOST,
        port: env.CONSOLE_PORT,
        log,
        plugins: [consoleRoutesFor(consoleDeps, env.CONSOLE_PUBLIC_URL)],
      });
    } catch (error) {
      unwatch();
      await Promise.allSettled([
        http.close(),
        client.destroy(),
        scheduler.close(),
        queue.close(),
        database.close(),
        redis.quit(),
      ]);
      throw new Error(
        `cannot serve the GM console on ${env.HTTP_HOST}:${env.CONSOLE_PORT}: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    const consoleUrl = env.CONSOLE_PUBLIC_URL ?? consoleServer.url;
    const bot = await startBot({ env, log, database, redis, client, scheduler, consoleUrl });
    return async () => {
      unwatch();
      await consoleServer.close();
      await http.close();
      await bot.stop();
      await client.destroy();
      await scheduler.close();
      await queue.close();
      await Promise.allSettled([redis.quit(), database.close()]);
    };
  });
});

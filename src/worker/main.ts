import { parseFlags, runCli } from "../cli/args.js";
import { loadEnvOrExit } from "../config/env.js";
import { createRestClient } from "../discord/client.js";
import { redisGlobalLimiter } from "../discord/global-limit.js";
import { migrateDatabase } from "../db/migrate.js";
import { postgresCheck, redisCheck } from "../http/checks.js";
import { instrumentRest } from "../http/metrics.js";
import { createHttpServer, healthRoutes, metricsRoutes } from "../http/server.js";
import { outboxHealth, watchSharedState } from "../http/shared-state.js";
import { createLogger } from "../log.js";
import { connectPostgres, connectRedis, DependencyError } from "../runtime/dependencies.js";
import { runProcess } from "../runtime/lifecycle.js";
import { bindDrain } from "./drain.js";
import { workerSettingsFromEnv } from "./settings.js";
import { startWorker } from "./worker.js";

/**
 * `npm run worker`: owns every deadline. Postgres (migrated at start), Redis, Discord REST
 * (no gateway), then the BullMQ worker and its HTTP server (/healthz, /readyz, /metrics on
 * WORKER_HTTP_PORT). SIGINT/SIGTERM finish the jobs in hand and close.
 */
const USAGE = `usage: npm run worker

The worker: it resolves every game's phases at their deadlines and performs the games' Discord
writes (the outbox) over REST, with no gateway connection. It applies the migrations at start,
serves /healthz, /readyz and /metrics on WORKER_HTTP_PORT, and on SIGINT or SIGTERM finishes the
jobs in hand and stops. Run as many as you like. No flags; it reads its environment
(docs/deployment.md, "Configuration"; the tuning ones in docs/worker.md):

  required  DISCORD_TOKEN, DISCORD_APPLICATION_ID, DATABASE_URL, REDIS_URL
  optional  DISCORD_API_URL, LOG_LEVEL, HTTP_HOST, WORKER_HTTP_PORT, CONSOLE_PUBLIC_URL,
            WORKER_QUEUE_PREFIX, WORKER_CONCURRENCY, WORKER_DRAIN_CONCURRENCY, WORKER_LOCK_MS,
            WORKER_STALLED_MS, WORKER_SWEEP_MS, OUTBOX_RETRY_BASE_MS, OUTBOX_RETRY_CAP_MS

A missing or malformed variable stops it with one line and exit 1; 2 on bad usage.`;

await runCli("worker", USAGE, async (argv) => {
  parseFlags(argv, {});
  const env = loadEnvOrExit();
  const log = createLogger("worker", env.LOG_LEVEL);
  const settings = workerSettingsFromEnv(process.env);

  await runProcess("worker", log, async () => {
    // A drain runs its queries on the one connection that holds its lock (src/db/locks.ts); the rest
    // serve the other jobs and the game service's transactions.
    const database = await connectPostgres(env.DATABASE_URL, log, {
      max: (settings.concurrency + settings.drainConcurrency) * 2 + 4,
    });
    await migrateDatabase(database);
    let redis;
    try {
      redis = await connectRedis(env.REDIS_URL, log);
    } catch (error) {
      await database.close();
      throw error;
    }
    // One global request limit for the token, shared with the bot and other workers through Redis.
    const rest = createRestClient(env.DISCORD_TOKEN, env.DISCORD_API_URL, {
      limiter: redisGlobalLimiter(redis, env.DISCORD_TOKEN, { log }),
      applicationId: env.DISCORD_APPLICATION_ID,
    });
    instrumentRest(rest);
    try {
      const me = (await rest.get("/users/@me")) as { id: string; username: string };
      log.info({ dependency: "discord", user: me.username, id: me.id }, "discord reached");
    } catch (error) {
      await Promise.allSettled([database.close(), redis.quit()]);
      throw new DependencyError(
        "Discord",
        env.DISCORD_API_URL ?? "https://discord.com/api",
        (error as Error).message,
      );
    }
    const drain = bindDrain({
      db: database.db,
      rest,
      log,
      retry: { baseMs: settings.outboxRetryBaseMs, capMs: settings.outboxRetryCapMs },
      ...(env.CONSOLE_PUBLIC_URL ? { publicUrl: env.CONSOLE_PUBLIC_URL } : {}),
    });
    const running = await startWorker({
      db: database.db,
      redis,
      drain,
      log,
      settings,
    });
    const unwatch = watchSharedState({
      db: database.db,
      queues: [running.scheduler.queue, running.scheduler.outboxQueue],
    });
    let http;
    try {
      http = await createHttpServer({
        host: env.HTTP_HOST,
        port: env.WORKER_HTTP_PORT,
        log,
        plugins: [
          healthRoutes([postgresCheck(database.pool), redisCheck(redis)], outboxHealth(database.db)),
          metricsRoutes,
        ],
      });
    } catch (error) {
      await running.stop();
      await Promise.allSettled([redis.quit(), database.close()]);
      throw new Error(
        `cannot serve HTTP on ${env.HTTP_HOST}:${env.WORKER_HTTP_PORT}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    return async () => {
      unwatch();
      await http.close();
      await running.stop();
      await Promise.allSettled([redis.quit(), database.close()]);
    };
  });
});

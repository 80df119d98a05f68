import { REST } from "@discordjs/rest";
import { Events, type Client } from "discord.js";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { pino, type Logger } from "pino";
import type { Redis } from "ioredis";
import { startBot } from "../bot/bot.js";
import { parseEnv } from "../config/env.js";
import { createDatabase, type Database } from "../db/client.js";
import { migrateDatabase } from "../db/migrate.js";
import { createGatewayClient } from "../discord/client.js";
import { consoleRoutesFor } from "../console/routes.js";
import { drainOutbox } from "../discord/outbox.js";
import { startEmulator, type Emulator, type EmulatorOptions } from "../emulator/index.js";
import { GameService } from "../games/service.js";
import { createHttpServer, type HttpServer } from "../http/server.js";
import { createQueue, Scheduler } from "../jobs/scheduler.js";
import { connectRedis, DependencyError, redactUrl } from "../runtime/dependencies.js";
import { startWorker, type RunningWorker, type WorkerSettings } from "../worker/worker.js";
import {
  NoRedisError,
  postgresAnswers,
  startEmbeddedPostgres,
  startPrivateRedis,
  type EmbeddedPostgres,
  type PrivateRedis,
} from "./embedded.js";

/**
 * The whole product in one process, against a local Discord: the emulator, the bot (an
 * unmodified discord.js Client logged into it, src/bot/bot.ts startBot), and the worker
 * (src/worker/worker.ts startWorker with the outbox drain over REST), on Postgres and Redis.
 * The sandbox's database and BullMQ prefix are its own, so it never touches a real deployment.
 */

export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";
export const DEFAULT_REDIS_URL = "redis://127.0.0.1:6379";

export interface StackOptions {
  /** The server to use (its database in the URL is only used to create the sandbox's own). */
  databaseUrl?: string;
  redisUrl?: string;
  /** The sandbox's own database, recreated at every start. */
  databaseName?: string;
  /** BullMQ key prefix (default: the database name). */
  prefix?: string;
  emulator?: EmulatorOptions;
  log?: Logger;
  worker?: Partial<WorkerSettings>;
  /** World building before the bot logs in (its guilds are then in the READY burst). */
  beforeLogin?: (emu: Emulator) => void;
  /** Told which Postgres the sandbox uses, before it waits for it (the embedded one takes ~20 s). */
  onPostgres?: (event: PostgresEvent) => void;
  /**
   * Serve the console's HTTP routes (the GM console and the public archive, docs/community.md) on
   * a free port of 127.0.0.1, as the bot process serves them; the reveal then links the archive.
   */
  console?: boolean;
}

/**
 * Which Postgres the sandbox runs on: an embedded one (none answers at `server`, or it refused
 * the sandbox: `refused` says why), or its own database on the given server, created through the
 * URL's database or, when that one does not exist, through `postgres`.
 */
export type PostgresEvent =
  | { kind: "embedded"; server: string; refused: string | undefined }
  | { kind: "embedded-ready"; seconds: string }
  | { kind: "recreated"; server: string; name: string }
  | { kind: "created"; server: string; name: string; admin: string };

export interface Stack {
  emu: Emulator;
  database: Database;
  redis: Redis;
  client: Client;
  rest: REST;
  service: GameService;
  /** The same scheduler the bot uses (the sandbox GM's own commits go through it). */
  scheduler: Scheduler;
  worker: RunningWorker;
  databaseUrl: string;
  /** The console's address (with `console`): the archive of a game is at `/archive/<token>` under it. */
  consoleUrl: string | undefined;
  /** Whether a dependency was started for this run (see embedded.ts) instead of the machine's. */
  embedded: { postgres: boolean; redis: boolean };
  prefix: string;
  close(): Promise<void>;
}

/** Logs to stderr only, so the terminal shows the game and nothing else unless asked. */
export function sandboxLogger(level = process.env["LOG_LEVEL"] ?? "error"): Logger {
  return pino({ name: "sandbox", level }, pino.destination(2));
}

/** The URL of database `name` on the server of `base`. */
export function databaseUrlFor(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `host:port` of a Postgres URL, for the lines the sandbox prints. */
export function serverOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || "5432"}`;
}

const MISSING_DATABASE = "3D000";

/**
 * Drops and creates the sandbox's database (a fresh world each run; it holds nothing else),
 * connected to the URL's own database, or to `postgres` on the same server when that one does
 * not exist (a fresh Postgres has no `test`). `via` says which.
 */
export async function recreateDatabase(
  base: string,
  name: string,
): Promise<{ url: string; via: "given" | "postgres"; admin: string }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const given = new URL(base).pathname.slice(1) || "postgres";
  const connect = async (url: string): Promise<pg.Client> => {
    const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    admin.on("error", () => undefined);
    try {
      await admin.connect();
      return admin;
    } catch (error) {
      await admin.end().catch(() => undefined);
      throw error;
    }
  };
  let admin: pg.Client;
  let via: "given" | "postgres" = "given";
  try {
    admin = await connect(base).catch(async (error: unknown) => {
      if ((error as { code?: string }).code !== MISSING_DATABASE || given === "postgres") throw error;
      via = "postgres";
      return connect(databaseUrlFor(base, "postgres"));
    });
  } catch (error) {
    throw new DependencyError("Postgres", redactUrl(base), (error as Error).message || "connection refused");
  }
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    throw new DependencyError("Postgres", redactUrl(base), (error as Error).message);
  } finally {
    await admin.end().catch(() => undefined);
  }
  return { url: databaseUrlFor(base, name), via, admin: given };
}

/**
 * One sandbox per database name and queue prefix on a Redis at a time: a second sandbox started
 * beside a running one (two terminals) takes the next free name (`gm_sandbox_2`, …) instead of
 * dropping the first one's database and clearing its queue under it. The claim is a Redis key
 * the run keeps alive and gives back at its end; a run that dies lets it expire in 30 s.
 */
export async function claimName(
  redis: Redis,
  base: string,
): Promise<{ name: string; release(): Promise<void> }> {
  const token = `${process.pid}:${randomUUID()}`;
  for (let n = 1; n <= 20; n++) {
    const name = n === 1 ? base : `${base}_${n}`;
    const key = `gm-sandbox-claim:${name}`;
    if ((await redis.set(key, token, "PX", CLAIM_MS, "NX")) !== "OK") continue;
    const keepAlive = setInterval(
      () => void redis.pexpire(key, CLAIM_MS).catch(() => undefined),
      CLAIM_MS / 3,
    );
    keepAlive.unref();
    return {
      name,
      async release() {
        clearInterval(keepAlive);
        if ((await redis.get(key).catch(() => null)) === token) await redis.del(key).catch(() => undefined);
      },
    };
  }
  throw new Error(`twenty sandboxes already run against this Redis (${base} to ${base}_20)`);
}

const CLAIM_MS = 30_000;

export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const log = opts.log ?? sandboxLogger();
  const baseUrl = opts.databaseUrl ?? process.env["DATABASE_URL"] ?? DEFAULT_DATABASE_URL;
  const redisUrl = opts.redisUrl ?? process.env["REDIS_URL"] ?? DEFAULT_REDIS_URL;
  const wanted = opts.databaseName ?? process.env["SANDBOX_DATABASE"] ?? "gm_sandbox";

  // With no Postgres answering, an embedded one (PGlite) for this run; with no Redis, a private one.
  const server = serverOf(baseUrl);
  const embedded = async (refused: string | undefined): Promise<EmbeddedPostgres> => {
    opts.onPostgres?.({ kind: "embedded", server, refused });
    const from = performance.now();
    const started = await startEmbeddedPostgres();
    opts.onPostgres?.({ kind: "embedded-ready", seconds: ((performance.now() - from) / 1000).toFixed(1) });
    return started;
  };
  let embeddedPostgres: EmbeddedPostgres | undefined = (await postgresAnswers(baseUrl))
    ? undefined
    : await embedded(undefined);
  let privateRedis: PrivateRedis | undefined;
  let redis: Redis;
  try {
    redis = await connectRedis(redisUrl, log).catch(async (error: unknown) => {
      try {
        privateRedis = await startPrivateRedis();
      } catch (startError) {
        if (startError instanceof NoRedisError) {
          const reason = (error as Error).message.split(": ").at(-1) ?? "no answer";
          throw new DependencyError(
            "Redis",
            redactUrl(redisUrl),
            `${reason}, and redis-server is not on the PATH; install Redis (apt install redis-server, brew install redis) or set REDIS_URL`,
          );
        }
        throw startError;
      }
      return connectRedis(privateRedis.url, log);
    });
  } catch (error) {
    await embeddedPostgres?.close();
    throw error;
  }
  let claim: Awaited<ReturnType<typeof claimName>>;
  try {
    claim = await claimName(redis, wanted);
  } catch (error) {
    redis.disconnect();
    await privateRedis?.close();
    await embeddedPostgres?.close();
    throw error;
  }
  const name = claim.name;
  const prefix = opts.prefix ?? name.replace(/_/g, "-");
  const stopEmbedded = async () => {
    await claim.release();
    await privateRedis?.close();
    await embeddedPostgres?.close();
  };
  // PGlite is one in-memory database, fresh at each run: it is the sandbox's database as it is.
  // A server that answers but refuses the sandbox (a login, a missing right) is left alone too.
  let databaseUrl: string;
  try {
    if (embeddedPostgres) databaseUrl = embeddedPostgres.url;
    else {
      try {
        const made = await recreateDatabase(baseUrl, name);
        databaseUrl = made.url;
        opts.onPostgres?.(
          made.via === "postgres"
            ? { kind: "created", server, name, admin: made.admin }
            : { kind: "recreated", server, name },
        );
      } catch (error) {
        if (!(error instanceof DependencyError)) throw error;
        embeddedPostgres = await embedded(error.message.slice(error.message.indexOf(": ") + 2));
        databaseUrl = embeddedPostgres.url;
      }
    }
  } catch (error) {
    await claim.release();
    redis.disconnect();
    await stopEmbedded();
    throw error;
  }
  const database = createDatabase(databaseUrl, { max: 8, log });
  await migrateDatabase(database);
  // A previous run's jobs under this prefix belong to a database that no longer exists.
  const queue = createQueue(redis, prefix);
  await queue.obliterate({ force: true });

  const emu = await startEmulator({ port: 0, strict: true, ...opts.emulator });
  const client = createGatewayClient(emu.apiBase);
  const rest = new REST({ api: emu.apiBase, retries: 2 }).setToken(emu.botToken);
  const env = parseEnv({
    DISCORD_TOKEN: emu.botToken,
    DISCORD_APPLICATION_ID: emu.applicationId,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    DISCORD_API_URL: emu.apiBase,
    LOG_LEVEL: log.level,
  });
  const scheduler = new Scheduler({ queue, db: database.db, log });
  await scheduler.outboxQueue.obliterate({ force: true });
  // Before the worker, whose reveal links the archive under the console's address.
  const consoleServer: HttpServer | undefined = opts.console
    ? await createHttpServer({
        host: "127.0.0.1",
        port: 0,
        log,
        plugins: [consoleRoutesFor({ env, log, database, redis, client, scheduler }, undefined)],
      })
    : undefined;
  const consoleUrl = consoleServer?.url;
  const publicUrl = consoleUrl ? { publicUrl: consoleUrl } : {};
  const worker = await startWorker({
    db: database.db,
    redis,
    drain: (gameId, options) => drainOutbox({ db: database.db, rest, log, ...publicUrl }, gameId, options),
    log,
    settings: { prefix, concurrency: 16, sweepMs: 5_000, ...opts.worker },
  });

  opts.beforeLogin?.(emu);
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(emu.botToken);
  await ready;
  const bot = await startBot({
    env,
    log,
    database,
    redis,
    client,
    scheduler,
    ...(consoleUrl ? { consoleUrl } : {}),
  });
  const service = new GameService(database.db);

  return {
    emu,
    database,
    redis,
    client,
    rest,
    service,
    scheduler,
    worker,
    databaseUrl,
    consoleUrl,
    embedded: { postgres: embeddedPostgres !== undefined, redis: privateRedis !== undefined },
    prefix,
    async close() {
      await consoleServer?.close();
      await bot.stop();
      await worker.stop();
      await client.destroy();
      await queue.obliterate({ force: true }).catch(() => undefined);
      await scheduler.outboxQueue.obliterate({ force: true }).catch(() => undefined);
      await scheduler.close();
      await queue.close();
      await emu.close();
      await database.close();
      await stopEmbedded();
      await redis.quit().catch(() => undefined);
    },
  };
}

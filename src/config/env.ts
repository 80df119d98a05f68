import { z } from "zod";

/**
 * The process environment, read once at start. A missing or malformed value stops the
 * process with one line naming the variable and what is expected.
 */

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const url = (protocols: readonly string[], example: string) =>
  z.string({ error: `expected a URL like ${example}` }).refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `expected a URL like ${example}`);

const port = (fallback: number) =>
  z.coerce
    .number({ error: "expected a TCP port number (0 picks a free one)" })
    .int({ error: "expected a TCP port number (0 picks a free one)" })
    .min(0, { error: "expected a TCP port number (0 picks a free one)" })
    .max(65_535, { error: "expected a TCP port number (0 picks a free one)" })
    .default(fallback);

/** Where each process serves /healthz, /readyz and /metrics unless told otherwise. */
export const DEFAULT_BOT_HTTP_PORT = 9101;
export const DEFAULT_WORKER_HTTP_PORT = 9102;
/** Where the bot serves the GM web console (its own port: health and metrics stay internal). */
export const DEFAULT_CONSOLE_PORT = 9103;

const SHARD_IDS_EXPECTED = "expected shard ids like 0, 0,1 or 2-3";

/** `0,2-4` → [0, 2, 3, 4]: sorted, each once (none above 4096, Discord's most shards and more). */
export function shardList(text: string): number[] {
  const ids = new Set<number>();
  for (const part of text.split(",")) {
    const [from = 0, to = from] = part.split("-").map(Number);
    for (let id = from; id <= Math.min(to, 4096); id++) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

export const envSchema = z
  .object({
    DISCORD_TOKEN: z.string({ error: "expected the bot token of your Discord application" }).min(1, {
      error: "expected the bot token of your Discord application",
    }),
    DISCORD_APPLICATION_ID: z
      .string({ error: "expected the numeric application id (a Discord snowflake)" })
      .regex(/^\d{5,20}$/, { error: "expected the numeric application id (a Discord snowflake)" }),
    DATABASE_URL: url(["postgres:", "postgresql:"], "postgres://postgres@127.0.0.1:5432/gm_bot"),
    REDIS_URL: url(["redis:", "rediss:"], "redis://127.0.0.1:6379"),
    DISCORD_API_URL: url(["http:", "https:"], "http://127.0.0.1:8787/api").optional(),
    LOG_LEVEL: z.enum(logLevels, { error: `expected one of ${logLevels.join(", ")}` }).default("info"),
    DEFAULT_TIMEZONE: z
      .string()
      .refine(isTimeZone, { error: "expected an IANA time zone such as Europe/Moscow" })
      .default("Europe/Moscow"),
    HTTP_HOST: z
      .string()
      .regex(/^[0-9a-zA-Z.:-]+$/, { error: "expected an address to listen on, e.g. 127.0.0.1 or 0.0.0.0" })
      .default("127.0.0.1"),
    BOT_HTTP_PORT: port(DEFAULT_BOT_HTTP_PORT),
    WORKER_HTTP_PORT: port(DEFAULT_WORKER_HTTP_PORT),
    CONSOLE_PORT: port(DEFAULT_CONSOLE_PORT),
    /** The console's address as GMs open it (behind a reverse proxy: its https URL). */
    CONSOLE_PUBLIC_URL: url(["http:", "https:"], "https://gm.example.org").optional(),
    /** How many gateway shards the whole bot runs (every bot process names the same count). */
    SHARD_COUNT: z.coerce
      .number({ error: "expected the number of gateway shards, 1 or more" })
      .int({ error: "expected the number of gateway shards, 1 or more" })
      .min(1, { error: "expected the number of gateway shards, 1 or more" })
      .max(4096, { error: "expected the number of gateway shards, 1 or more" })
      .default(1),
    /** The shards this bot process runs, e.g. `0`, `0,1` or `2-3`; unset: all of them. */
    SHARD_IDS: z
      .string()
      .regex(/^\d+(-\d+)?(,\d+(-\d+)?)*$/, { error: SHARD_IDS_EXPECTED })
      .transform(shardList)
      .optional(),
  })
  .refine(
    (env) =>
      // (zod runs this on a value whose own checks failed too: that failure is reported instead.)
      !Array.isArray(env.SHARD_IDS) ||
      (env.SHARD_IDS.length > 0 && env.SHARD_IDS.every((id) => id < env.SHARD_COUNT)),
    {
      error: "expected shard ids from 0 to SHARD_COUNT - 1 (a range goes upwards: 2-3)",
      path: ["SHARD_IDS"],
    },
  );

export type Env = z.infer<typeof envSchema>;

/** The keys a process needs; the worker needs no gateway but the same REST token. */
export type EnvKey = keyof Env;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly expected: string,
  ) {
    super(`${variable}: ${expected}`);
  }
}

/** Parses the environment; an empty string counts as missing. Throws ConfigError for the first problem. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value !== undefined && value.trim() !== "") cleaned[key] = value.trim();
  }
  const parsed = envSchema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const variable = String(issue?.path[0] ?? "environment");
  const missing = cleaned[variable] === undefined;
  throw new ConfigError(variable, `${missing ? "missing" : "malformed"}; ${issue?.message ?? "invalid"}`);
}

/** Reads the environment once at start, or prints one line and exits 1. */
export function loadEnvOrExit(source: Record<string, string | undefined> = process.env): Env {
  try {
    return parseEnv(source);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

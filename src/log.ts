import { pino, type Logger } from "pino";

export type { Logger };

/**
 * A failed query's parameters, as drizzle writes them into its error (`Failed query: …\nparams: …`)
 * and keeps on it (`params`). They can hold a game's engine state, whose PRNG state is the game's
 * secret (docs/fairness.md), so no log line carries them: the query text is enough to debug.
 */
const QUERY_PARAMS = /(Failed query: [\s\S]*?\n)params: [^\n]*/g;

export function redactQueryParams(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return value.replace(QUERY_PARAMS, "$1params: [redacted]");
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (value instanceof Error) {
    const plain: Record<string, unknown> = { type: value.name, message: value.message, stack: value.stack };
    if (value.cause !== undefined) plain["cause"] = value.cause;
    return redactQueryParams(plain, depth + 1);
  }
  if (Array.isArray(value)) return value.map((v) => redactQueryParams(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    // drizzle's DrizzleQueryError keeps the raw parameters beside the query.
    if (key === "params" && "query" in value) out[key] = "[redacted]";
    else out[key] = redactQueryParams(v, depth + 1);
  }
  return out;
}

/** Structured JSON logs (pino): one line per event, machine-readable in production. */
export function createLogger(name: string, level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    base: { process: name },
    formatters: { log: (object) => redactQueryParams(object) as Record<string, unknown> },
    hooks: {
      // The message string too (`log.error(error.message)`).
      logMethod(args, method) {
        method.apply(this, args.map((a) => redactQueryParams(a)) as Parameters<typeof method>);
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

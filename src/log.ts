import { pino, type Logger } from "pino";

export type { Logger };

/** Structured JSON logs (pino): one line per event, machine-readable in production. */
export function createLogger(name: string, level: string): Logger {
  return pino({ name, level, base: { process: name } });
}

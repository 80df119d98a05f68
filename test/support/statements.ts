import pg from "pg";

/**
 * The SQL statements Postgres receives from this process, counted at the driver: every `query`
 * a pooled client sends, BEGIN and COMMIT included. `watch` installs the counter (once);
 * `during(work)` gives the statements `work` sent; `restore` puts the driver back.
 */
export interface StatementWatch {
  during<T>(work: () => Promise<T>): Promise<{ result: T; sql: string[] }>;
  restore(): void;
}

export function watchStatements(): StatementWatch {
  const original = pg.Client.prototype.query;
  let sent: string[] | null = null;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    if (sent) sent.push(typeof first === "string" ? first : String((first as { text?: string }).text));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  return {
    async during(work) {
      sent = [];
      try {
        const result = await work();
        return { result, sql: sent };
      } finally {
        sent = null;
      }
    },
    restore() {
      pg.Client.prototype.query = original;
    },
  };
}

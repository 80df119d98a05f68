import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketHandler } from "@electric-sql/pglite-socket";
import pg from "pg";

/**
 * The sandbox's embedded dependencies, for a machine with Node.js and nothing else: PGlite (a
 * whole Postgres in WebAssembly, in memory) served over the wire protocol so the same `pg` code
 * runs, and a private `redis-server` when that binary is on the PATH.
 *
 * PGlite is one session. Its connections are multiplexed here one protocol cycle at a time (up
 * to Sync or a simple query), and a connection that opens a transaction keeps the session until
 * it ends, so statements and transactions of different connections never interleave. Row locks
 * and advisory locks cannot exclude anything inside one session; the sandbox runs the bot and the
 * worker in one process, where BullMQ's per-job locks and the in-process turns of src/db/locks.ts
 * (which every advisory lock of the process, the drain's included, takes first) keep the work apart.
 */

interface Item {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

const SYNC = 0x53;
const QUERY = 0x51;
const TERMINATE = 0x58;

/** Serializes the wire protocol of many connections onto PGlite's one session (see above). */
class SessionQueue {
  private owner: number | null = null;
  private waiting: Item[] = [];
  private busy = false;
  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ handlerId, message, onData, resolve, reject });
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (;;) {
        const index =
          this.owner === null ? 0 : this.waiting.findIndex((item) => item.handlerId === this.owner);
        if (index < 0 || this.waiting.length === 0) break;
        const [item] = this.waiting.splice(index, 1);
        if (!item) break;
        this.owner = item.handlerId;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          this.owner = null;
          item.reject(error);
          continue;
        }
        // A startup packet (its first byte is the length's high byte, 0), Sync, a simple query
        // or Terminate ends a cycle; outside a transaction the session is free for others.
        const type = item.message[0];
        const endsCycle = type === 0 || type === SYNC || type === QUERY || type === TERMINATE;
        if (endsCycle && !this.db.isInTransaction()) this.owner = null;
        item.resolve(bytes);
      }
    } finally {
      this.busy = false;
    }
  }

  getQueueLength(): number {
    return this.waiting.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.waiting = this.waiting.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error("connection closed"));
      return false;
    });
  }

  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec("ROLLBACK");
    this.owner = null;
    void this.pump();
  }
}

export interface EmbeddedPostgres {
  url: string;
  close(): Promise<void>;
}

/** An in-memory PGlite on a free local port; `url` is its database for `pg`. */
export async function startEmbeddedPostgres(): Promise<EmbeddedPostgres> {
  const db = await PGlite.create();
  const queue = new SessionQueue(db);
  const handlers = new Set<PGLiteSocketHandler>();
  const server: Server = createServer((socket) => {
    const handler = new PGLiteSocketHandler({
      queryQueue: queue as unknown as ConstructorParameters<typeof PGLiteSocketHandler>[0]["queryQueue"],
      closeOnDetach: true,
    });
    handlers.add(handler);
    handler.addEventListener("close", () => handlers.delete(handler));
    handler.addEventListener("error", () => handlers.delete(handler));
    handler.attach(socket).catch(() => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async close() {
      for (const handler of handlers) await handler.detach(true);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

/** Error codes that mean "nothing listens there" (as opposed to a refused login). */
const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT", "EHOSTUNREACH", "EAI_AGAIN"]);

function codeOf(error: unknown): string | undefined {
  if (error instanceof AggregateError) return codeOf(error.errors[0]);
  const code = (error as { code?: string }).code;
  if (code) return code;
  return /timeout/i.test((error as Error).message ?? "") ? "ETIMEDOUT" : undefined;
}

/** True when a Postgres server answers at `url` (a refused login still counts as there). */
export async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (error) {
    await client.end().catch(() => undefined);
    return !UNREACHABLE.has(codeOf(error) ?? "");
  }
}

/** A free local TCP port. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface PrivateRedis {
  url: string;
  close(): Promise<void>;
}

export class NoRedisError extends Error {}

/** A throwaway `redis-server` (no persistence) on a free port, or NoRedisError when none is installed. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new NoRedisError(
              "Redis is not reachable and redis-server is not installed: install Redis (e.g. `apt install redis-server`, `brew install redis`) or set REDIS_URL",
            )
          : error,
      ),
    );
    child.once("exit", (code) => reject(new Error(`redis-server exited (${code ?? "?"}): ${output.trim()}`)));
    const ready = setInterval(() => {
      if (output.includes("Ready to accept connections")) {
        clearInterval(ready);
        resolve();
      }
    }, 20);
    child.once("exit", () => clearInterval(ready));
  });
  child.removeAllListeners("exit");
  // However this process ends (a signal's handler exiting at once, an uncaught error), the
  // private redis-server ends with it: `exit` handlers run on every process.exit().
  const stopWithProcess = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  };
  process.once("exit", stopWithProcess);
  return {
    url: `redis://127.0.0.1:${port}`,
    async close() {
      process.removeListener("exit", stopWithProcess);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

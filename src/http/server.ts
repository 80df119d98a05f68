import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";
import type { Logger } from "../log.js";
import { registry, renderMetrics } from "./metrics.js";

/**
 * The process's HTTP server (fastify): health, readiness and metrics, and whatever route
 * plugins a caller adds (a GM web console mounts its routes the same way). One per process,
 * on its own port (BOT_HTTP_PORT, WORKER_HTTP_PORT; 0 picks a free port).
 */

/** A dependency the process needs to do its work; throws (or rejects) when it cannot. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void> | void;
}

export interface HttpServerOptions {
  host: string;
  port: number;
  log: Logger;
  /** Route plugins beyond the built-in ones (health, metrics), registered in order. */
  plugins?: FastifyPluginAsync[];
}

export interface HttpServer {
  app: FastifyInstance;
  /** The base URL it listens on, e.g. http://127.0.0.1:9101 */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A readiness check that does not answer within this time counts as failed. */
const CHECK_TIMEOUT_MS = 2_000;

async function runCheck(check: ReadinessCheck): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([Promise.resolve().then(() => check.check()), timeout]);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.constructor.name : String(error);
  } finally {
    clearTimeout(timer);
  }
}

/** The facts of `/healthz`, or none when they fail or are slow: liveness never waits on a dependency. */
async function runFacts(facts: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Record<string, unknown>>((resolve) => {
    timer = setTimeout(() => resolve({}), 1_000);
  });
  try {
    return await Promise.race([facts().catch(() => ({})), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz`: the process is alive (its event loop answers). `/readyz`: every check passes
 * (200), or 503 naming the failing ones. Both answer JSON.
 */
export function healthRoutes(
  checks: ReadinessCheck[],
  /** Facts added to `/healthz` (the failed effects); left out when they cannot be read in time. */
  facts?: () => Promise<Record<string, unknown>>,
): FastifyPluginAsync {
  return async (app) => {
    app.get("/healthz", async () => {
      const known = facts ? await runFacts(facts) : {};
      return { status: "alive", ...known };
    });
    app.get("/readyz", async (_request, reply) => {
      const results = await Promise.all(checks.map(async (c) => [c.name, await runCheck(c)] as const));
      const failing = results.filter(([, error]) => error !== null);
      const body = {
        status: failing.length === 0 ? "ready" : "not ready",
        checks: Object.fromEntries(results.map(([name, error]) => [name, error ?? "ok"])),
      };
      return reply.code(failing.length === 0 ? 200 : 503).send(body);
    });
  };
}

/** `/metrics`: the Prometheus exposition of src/http/metrics.ts. */
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  app.get("/metrics", async (_request, reply) => {
    const text = await renderMetrics();
    return reply.type(registry.contentType).send(text);
  });
};

export async function createHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  // Requests are not logged: Prometheus and health probes would flood the log.
  const app = Fastify({ logger: false });
  for (const plugin of options.plugins ?? []) await app.register(plugin);
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  const url = `http://${host === "0.0.0.0" || host === "[::]" ? "127.0.0.1" : host}:${port}`;
  options.log.info({ url }, "http server listening");
  return { app, url, port, close: () => app.close() };
}

import type { FastifyPluginAsync } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/log.js";
import { createHttpServer, healthRoutes, metricsRoutes, type HttpServer } from "../../src/http/server.js";
import { onScrape, outboxDepth } from "../../src/http/metrics.js";

const log = createLogger("test", "silent");
const servers: HttpServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function serve(plugins: FastifyPluginAsync[]): Promise<HttpServer> {
  const server = await createHttpServer({ host: "127.0.0.1", port: 0, log, plugins });
  servers.push(server);
  return server;
}

describe("the process HTTP server", () => {
  it("answers /healthz while a dependency is down, and /readyz 503 naming the failing check", async () => {
    let redisUp = false;
    const server = await serve([
      healthRoutes([
        { name: "postgres", check: () => undefined },
        {
          name: "redis",
          check: () => {
            if (!redisUp) throw new Error("connection refused");
          },
        },
      ]),
    ]);
    expect(server.port).toBeGreaterThan(0);
    const alive = await fetch(`${server.url}/healthz`);
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: "alive" });

    const down = await fetch(`${server.url}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      status: "not ready",
      checks: { postgres: "ok", redis: "connection refused" },
    });

    redisUp = true;
    const up = await fetch(`${server.url}/readyz`);
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ status: "ready", checks: { postgres: "ok", redis: "ok" } });
  });

  it("serves the route plugins it is given beside the built-in ones", async () => {
    const console: FastifyPluginAsync = async (app) => {
      app.get("/console/ping", async () => ({ pong: true }));
    };
    const server = await serve([healthRoutes([]), metricsRoutes, console]);
    expect(await (await fetch(`${server.url}/console/ping`)).json()).toEqual({ pong: true });
    expect((await fetch(`${server.url}/nothing-here`)).status).toBe(404);
  });

  it("refreshes the shared-state gauges at each scrape, in Prometheus text format", async () => {
    const server = await serve([metricsRoutes]);
    let depth = 3;
    const stop = onScrape(async () => {
      outboxDepth.set(depth);
    });
    try {
      const first = await fetch(`${server.url}/metrics`);
      expect(first.headers.get("content-type")).toContain("text/plain");
      expect(await first.text()).toMatch(/^gm_outbox_pending 3$/m);
      depth = 7;
      expect(await (await fetch(`${server.url}/metrics`)).text()).toMatch(/^gm_outbox_pending 7$/m);
    } finally {
      stop();
    }
  });
});

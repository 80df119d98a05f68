import { Status, type Client } from "discord.js";
import type { Redis } from "ioredis";
import type pg from "pg";
import type { ReadinessCheck } from "./server.js";

/** Readiness checks of the processes' dependencies, for `/readyz`. */

export function postgresCheck(pool: pg.Pool): ReadinessCheck {
  return {
    name: "postgres",
    async check() {
      await pool.query("SELECT 1");
    },
  };
}

export function redisCheck(redis: Redis): ReadinessCheck {
  return {
    name: "redis",
    async check() {
      if (redis.status !== "ready") throw new Error(`connection ${redis.status}`);
      await redis.ping();
    },
  };
}

/** The bot is ready when its gateway session is (it reconnects by itself after a drop). */
export function gatewayCheck(client: Client): ReadinessCheck {
  return {
    name: "gateway",
    check() {
      if (!client.isReady() || client.ws.status !== Status.Ready) {
        throw new Error(`gateway ${Status[client.ws.status] ?? "not connected"}`);
      }
    },
  };
}

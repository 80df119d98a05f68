import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { envSchema, parseEnv } from "../src/config/env.js";

const valid = {
  DISCORD_TOKEN: "token",
  DISCORD_APPLICATION_ID: "123456789012345678",
  DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test",
  REDIS_URL: "redis://127.0.0.1:6379",
};

describe("configuration", () => {
  it("takes defaults for the log level and the time zone", () => {
    expect(parseEnv(valid)).toMatchObject({ LOG_LEVEL: "info", DEFAULT_TIMEZONE: "Europe/Moscow" });
  });

  it("names the missing variable and what is expected", () => {
    const { DISCORD_TOKEN: _token, ...rest } = valid;
    expect(() => parseEnv(rest)).toThrow(/^DISCORD_TOKEN: missing; expected the bot token/);
    expect(() => parseEnv({ ...valid, DISCORD_TOKEN: "  " })).toThrow(/^DISCORD_TOKEN: missing/);
  });

  it("names a malformed variable", () => {
    expect(() => parseEnv({ ...valid, REDIS_URL: "http://x" })).toThrow(
      /^REDIS_URL: malformed; expected a URL like redis:/,
    );
    expect(() => parseEnv({ ...valid, DEFAULT_TIMEZONE: "Mars/Olympus" })).toThrow(
      /^DEFAULT_TIMEZONE: malformed/,
    );
    expect(() => parseEnv({ ...valid, LOG_LEVEL: "loud" })).toThrow(/^LOG_LEVEL: malformed; expected one of/);
  });

  it("npm run bot without a token exits 1 with one line naming DISCORD_TOKEN", { timeout: 60_000 }, () => {
    const env = { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "" };
    const result = spawnSync(process.execPath, ["--import", "tsx", "src/bot/main.ts"], {
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("DISCORD_TOKEN");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("docker-compose.yml runs postgres, redis, migrate, bot and worker with the schema's variables", () => {
    const compose = parse(readFileSync("docker-compose.yml", "utf8")) as {
      services: Record<string, { environment?: Record<string, string>; command?: string[] }>;
    };
    expect(Object.keys(compose.services).sort()).toEqual(["bot", "migrate", "postgres", "redis", "worker"]);
    const known = Object.keys(envSchema.shape);
    const required = known.filter(
      (key) => !envSchema.shape[key as keyof typeof envSchema.shape].safeParse(undefined).success,
    );
    for (const service of ["bot", "worker"]) {
      const environment = compose.services[service]?.environment ?? {};
      for (const key of Object.keys(environment)) expect(known).toContain(key);
      for (const key of required) expect(Object.keys(environment)).toContain(key);
    }
    expect(compose.services["bot"]?.command).toEqual(["npm", "run", "bot"]);
    expect(compose.services["worker"]?.command).toEqual(["npm", "run", "worker"]);
    expect(compose.services["migrate"]?.command).toEqual(["npm", "run", "db:migrate"]);
    expect(Object.keys(compose.services["migrate"]?.environment ?? {})).toEqual(["DATABASE_URL"]);
  });
});

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../src/config/env.js";
import { shardRangeOf } from "../src/discord/client.js";
import { BOT_PERMISSIONS, inviteUrl, welcomeLines } from "../src/discord/invite.js";
import { builtEntry } from "./worker/support.js";

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
    const result = spawnSync(process.execPath, [builtEntry("src/bot/main.ts")], {
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

  it("runs every gateway shard by default; SHARD_IDS names this process's shards of SHARD_COUNT, and an id past the count is refused", () => {
    expect(shardRangeOf(parseEnv(valid))).toEqual({ ids: [0], count: 1 });
    expect(shardRangeOf(parseEnv({ ...valid, SHARD_COUNT: "4" }))).toEqual({ ids: [0, 1, 2, 3], count: 4 });
    expect(shardRangeOf(parseEnv({ ...valid, SHARD_COUNT: "8", SHARD_IDS: "6,2-4,3" }))).toEqual({
      ids: [2, 3, 4, 6],
      count: 8,
    });
    expect(() => parseEnv({ ...valid, SHARD_COUNT: "2", SHARD_IDS: "2" })).toThrow(
      /^SHARD_IDS: malformed; expected shard ids from 0 to SHARD_COUNT - 1/,
    );
    expect(() => parseEnv({ ...valid, SHARD_COUNT: "4", SHARD_IDS: "3-1" })).toThrow(/^SHARD_IDS: malformed/);
    expect(() => parseEnv({ ...valid, SHARD_IDS: "one" })).toThrow(
      /^SHARD_IDS: malformed; expected shard ids like/,
    );
    expect(() => parseEnv({ ...valid, SHARD_COUNT: "0" })).toThrow(/^SHARD_COUNT: malformed/);
  });

  it("takes the HTTP ports from the environment, 9101 and 9102 by default, and refuses a bad one", () => {
    expect(parseEnv(valid)).toMatchObject({
      HTTP_HOST: "127.0.0.1",
      BOT_HTTP_PORT: 9101,
      WORKER_HTTP_PORT: 9102,
    });
    expect(parseEnv({ ...valid, WORKER_HTTP_PORT: "0" })).toMatchObject({ WORKER_HTTP_PORT: 0 });
    expect(() => parseEnv({ ...valid, BOT_HTTP_PORT: "70000" })).toThrow(
      /^BOT_HTTP_PORT: malformed; expected a TCP port/,
    );
  });
});

describe("the invite link", () => {
  it("asks for exactly the permission integer of the README and docs/deployment.md, never Administrator", () => {
    const readme = readFileSync("README.md", "utf8");
    const deployment = readFileSync("docs/deployment.md", "utf8");
    expect(/permissions integer\s+`(\d+)`/.exec(readme)?.[1]).toBe(BOT_PERMISSIONS.toString());
    const documented = /exactly these permissions\s+\(integer `(\d+)`\)/.exec(deployment)?.[1];
    expect(documented).toBe(BOT_PERMISSIONS.toString());
    expect(BOT_PERMISSIONS).toBe(395942423632n);
    expect(BOT_PERMISSIONS & 8n).toBe(0n);
    const link = new URL(inviteUrl("123456789012345678"));
    expect(link.origin + link.pathname).toBe("https://discord.com/oauth2/authorize");
    expect(Object.fromEntries(link.searchParams)).toEqual({
      client_id: "123456789012345678",
      scope: "bot applications.commands",
      permissions: "395942423632",
    });
  });

  it("is in the first-run lines with the bot's tag and its servers (the first ten named)", () => {
    const servers = Array.from({ length: 12 }, (_, i) => `Server ${i + 1}`);
    const lines = welcomeLines({ tag: "GM#0001", applicationId: "123456789012345678", servers });
    expect(lines[0]).toBe("Logged in to Discord as GM#0001.");
    expect(lines[1]).toBe(`It is in 12 servers: ${servers.slice(0, 10).join(", ")} and 2 more.`);
    expect(lines[2]).toBe(`Invite it to a server: ${inviteUrl("123456789012345678")}`);
    expect(welcomeLines({ tag: "GM#0001", applicationId: "1", servers: [] })[1]).toBe(
      "It is in no server yet.",
    );
  });
});

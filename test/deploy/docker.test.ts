import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { envSchema } from "../../src/config/env.js";
import { type Emulator, startEmulator } from "../../src/emulator/index.js";
import { BOT_NODE_FLAGS } from "../../src/runtime/node-flags.js";
import { createTestDatabase } from "../support/db.js";
import { TEST_REDIS_URL } from "../support/env.js";
import { ensureBuilt, root, uniquePrefix, until } from "../worker/support.js";

/**
 * Docker cannot run here: docker-compose.yml, the Dockerfile and .dockerignore are checked as
 * text, and the command (and health check) of every service is run as a process.
 */

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  restart?: string;
  init?: boolean;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(readFileSync(`${root}docker-compose.yml`, "utf8")) as {
  services: Record<string, Service>;
};
const services = compose.services;
const dockerfile = readFileSync(`${root}Dockerfile`, "utf8");
const packageScripts = (
  JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { scripts: Record<string, string> }
).scripts;
const appServices = ["migrate", "bot", "worker"] as const;

/** The files of Debian's fonts-dejavu-core that a renderer may load. */
const dejavuCore = [
  "DejaVuSans.ttf",
  "DejaVuSans-Bold.ttf",
  "DejaVuSansMono.ttf",
  "DejaVuSansMono-Bold.ttf",
  "DejaVuSerif.ttf",
  "DejaVuSerif-Bold.ttf",
];

/** Docker's .dockerignore semantics for the patterns this project uses (`*`, `**`, `!`). */
function ignoredByDocker(path: string, patterns: string[]): boolean {
  let ignored = false;
  for (const raw of patterns) {
    const negated = raw.startsWith("!");
    const pattern = (negated ? raw.slice(1) : raw).replace(/^\/+|\/+$/g, "");
    const source = pattern
      .split("**/")
      .map((part) =>
        part
          .replace(/[.+^${}()|[\]\\]/g, "\\$&")
          .replace(/\*/g, "[^/]*")
          .replace(/\?/g, "[^/]"),
      )
      .join("(?:.*/)?");
    // A pattern matching a directory excludes everything below it.
    if (new RegExp(`^${source}(?:/.*)?$`).test(path)) ignored = !negated;
  }
  return ignored;
}

const dockerignore = readFileSync(`${root}.dockerignore`, "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line !== "" && !line.startsWith("#"));

describe("the Docker setup, read as text", () => {
  it("runs postgres, redis, migrate, bot and worker, each with a restart policy", () => {
    expect(Object.keys(services).sort()).toEqual(["bot", "migrate", "postgres", "redis", "worker"]);
    for (const [name, service] of Object.entries(services))
      expect(service.restart, name).toMatch(/^(unless-stopped|always|on-failure)/);
  });

  it("builds one image once and runs it in every service of the bot", () => {
    const builders = Object.entries(services).filter(([, s]) => s.build !== undefined);
    expect(builders.map(([name]) => name)).toEqual(["migrate"]);
    const image = services["migrate"]?.image;
    expect(image).toBeTruthy();
    for (const name of appServices) expect(services[name]?.image, name).toBe(image);
  });

  it("runs node itself (not npm) on the built script each npm command runs, with an init for signals", () => {
    const scripts = { migrate: "db:migrate", bot: "bot", worker: "worker" } as const;
    // The bot's V8 flags (src/runtime/node-flags.ts) wherever it starts; the others run with none.
    const flags = { migrate: [], bot: [...BOT_NODE_FLAGS], worker: [] };
    for (const name of appServices) {
      const command = services[name]?.command ?? [];
      expect(command.slice(0, -1), name).toEqual(["node", ...flags[name]]);
      const script = command.at(-1);
      expect(script, name).toMatch(/^dist\/.+\.js$/);
      expect(packageScripts[scripts[name]], name).toBe(command.join(" "));
      // npm builds before it runs; the image builds once, after the sources are copied.
      expect(packageScripts[`pre${scripts[name]}`], name).toBe("node scripts/build.mjs");
      expect(services[name]?.init, name).toBe(true);
    }
    expect(dockerfile).toMatch(/^COPY \. \.\n(?:#.*\n)*RUN node scripts\/build\.mjs$/m);
    const cmd = ["node", ...BOT_NODE_FLAGS, "dist/bot/main.js"].map((word) => `"${word}"`).join(", ");
    expect(dockerfile.split("\n")).toContain(`CMD [${cmd}]`);
  });

  it("passes only the config schema's variables, every required one to bot and worker", () => {
    const known = Object.keys(envSchema.shape);
    const required = known.filter(
      (key) => !envSchema.shape[key as keyof typeof envSchema.shape].safeParse(undefined).success,
    );
    for (const name of ["bot", "worker"]) {
      const environment = Object.keys(services[name]?.environment ?? {});
      for (const key of environment) expect(known, `${name}: ${key}`).toContain(key);
      for (const key of required) expect(environment, name).toContain(key);
    }
    expect(Object.keys(services["migrate"]?.environment ?? {})).toEqual(["DATABASE_URL"]);
  });

  it("checks the bot's and the worker's health on their own endpoints; they wait for migrations and Redis", () => {
    for (const name of ["bot", "worker"] as const) {
      expect(services[name]?.healthcheck?.test).toEqual(["CMD", "node", "scripts/healthcheck.mjs", name]);
      expect(services[name]?.depends_on).toEqual({
        migrate: { condition: "service_completed_successfully" },
        redis: { condition: "service_healthy" },
      });
    }
  });

  it("runs as a non-root user and installs the fonts the renderers load", () => {
    const users = [...dockerfile.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)$/);
    expect(dockerfile).toMatch(/apt-get install[^\n]*fonts-dejavu-core/);
    // Every renderer's font is named in one module.
    const text = readFileSync(`${root}src/render/fonts.ts`, "utf8");
    const fonts = [...text.matchAll(/"(\/usr\/share\/fonts\/[^"]+)"/g)].map((m) => m[1]);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font).toMatch(/^\/usr\/share\/fonts\/truetype\/dejavu\//);
      expect(dejavuCore).toContain(font?.split("/").at(-1));
    }
  });

  it("keeps secrets, tests, benchmark results, local data, .git and node_modules out of the image", () => {
    const out = [
      ".env",
      ".env.production",
      "test/db/migrations.test.ts",
      "src/render/reichstag-board.test.ts",
      "bench/results/latest.json",
      ".git/HEAD",
      "node_modules/pg/package.json",
      "pgdata/PG_VERSION",
      "dump.rdb",
      "coverage/index.html",
      "dist/bot/main.js", // a local build: the image builds its own from src/
    ];
    const kept = [
      "package.json",
      "package-lock.json",
      "src/bot/main.ts",
      "src/render/reichstag-board.ts",
      "drizzle/0000_init.sql",
      "drizzle/meta/_journal.json",
      "scripts/healthcheck.mjs",
      "scripts/build.mjs",
      "tsconfig.json",
    ];
    for (const path of out) expect(ignoredByDocker(path, dockerignore), path).toBe(true);
    for (const path of kept) expect(ignoredByDocker(path, dockerignore), path).toBe(false);
  });
});

/** A free local port (listen on 0, close). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Compose's `${NAME:-default}` and `${NAME:?message}` as compose resolves them from `given`. */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(
    /\$\{(\w+)(?::[-?]([^}]*))?\}/g,
    (_, name: string, fallback?: string) => given[name] ?? fallback ?? "",
  );
}

interface Run {
  exited: Promise<number | null>;
  output: () => string;
  kill: (signal: NodeJS.Signals) => void;
  running: () => boolean;
}

/** Runs a compose command array as a process here (`node` is this Node). */
function run(command: string[], env: Record<string, string>): Run {
  const [program, ...args] = command;
  const child = spawn(program === "node" ? process.execPath : (program ?? ""), args, {
    cwd: root,
    env: { PATH: process.env["PATH"] ?? "", HOME: process.env["HOME"] ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { exited, output: () => out, kill: (s) => child.kill(s), running: () => child.exitCode === null };
}

describe("the services' commands, run as processes", { timeout: 180_000 }, () => {
  let emu: Emulator;
  let fresh: Awaited<ReturnType<typeof createTestDatabase>>;
  let redis: Redis;
  const prefix = uniquePrefix("compose");
  const started: Run[] = [];

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, oracle: false });
    emu.createGuild({ name: "Compose Server", members: 1 });
    fresh = await createTestDatabase();
    redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    ensureBuilt(); // what the image's `RUN node scripts/build.mjs` makes
  });
  afterAll(async () => {
    for (const process of started) if (process.running()) process.kill("SIGKILL");
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await emu.close();
    await fresh.drop();
  });

  it("migrate exits 0, then bot and worker come up and pass their own health checks, and stop cleanly", async () => {
    const migrate = run(services["migrate"]?.command ?? [], { DATABASE_URL: fresh.url });
    expect(await migrate.exited, migrate.output()).toBe(0);

    // The compose environment, with this machine's dependencies and free ports in place of the containers'.
    const given = { DISCORD_TOKEN: emu.botToken, DISCORD_APPLICATION_ID: emu.applicationId };
    const ports = {
      BOT_HTTP_PORT: String(await freePort()),
      WORKER_HTTP_PORT: String(await freePort()),
      CONSOLE_PORT: String(await freePort()),
    };
    const overrides = {
      DATABASE_URL: fresh.url,
      REDIS_URL: TEST_REDIS_URL,
      DISCORD_API_URL: emu.apiBase,
      HTTP_HOST: "127.0.0.1",
      WORKER_QUEUE_PREFIX: prefix,
      ...ports,
    };
    for (const name of ["worker", "bot"] as const) {
      const environment = Object.fromEntries(
        Object.entries(services[name]?.environment ?? {}).map(([key, value]) => [
          key,
          interpolate(String(value), given),
        ]),
      );
      expect(environment["DISCORD_TOKEN"]).toBe(emu.botToken);
      const process = run(services[name]?.command ?? [], { ...environment, ...overrides });
      started.push(process);
      const healthcheck = (services[name]?.healthcheck?.test ?? []).slice(1);
      let last = "";
      await until(async () => {
        const probe = run(healthcheck, ports);
        const code = await probe.exited;
        last = probe.output();
        return code === 0 || !process.running();
      }, 500);
      expect(process.running(), process.output()).toBe(true);
      expect(last).toContain(`${name} 200 {"status":"ready"`);
    }
    for (const process of started) process.kill("SIGTERM");
    for (const process of started) expect(await process.exited, process.output()).toBe(0);
  });

  it("the health check fails with one line when nothing answers", async () => {
    const port = String(await freePort());
    const probe = run(["node", "scripts/healthcheck.mjs", "worker"], { WORKER_HTTP_PORT: port });
    expect(await probe.exited).toBe(1);
    expect(probe.output().trim()).toBe(`worker unreachable on port ${port}: ECONNREFUSED`);
  });
});

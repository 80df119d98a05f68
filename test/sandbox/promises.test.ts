import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmulator } from "../../src/emulator/index.js";
import { createMigratedDatabase } from "../support/db.js";
import { TEST_DATABASE_URL } from "../support/env.js";
import { builtEntry, processEnv, spawnScript, uniquePrefix, until } from "../worker/support.js";

/**
 * What the sandbox promises a newcomer, held as a process: the game's log saved in a folder it
 * names and a verify command that works exactly as printed; a database that is missing is
 * created (and says so); any stop signal ends it and the redis-server it started within 5 s;
 * the bot, the worker and the emulator each exit within 5 s of SIGTERM.
 */

const root = new URL("../../", import.meta.url);
const folders: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

interface Started {
  child: ChildProcess;
  out: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function startSandbox(args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, [builtEntry("src/cli/start.ts"), ...args], {
    cwd: root,
    env: { ...process.env, DISCORD_TOKEN: "", LOG_LEVEL: "error", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, out: () => out, exited };
}

/**
 * The pids of the direct children of `pid` whose program is `name`, matched on the command line:
 * the process name is no help (Node 26 names its main thread "node-MainThread").
 */
function childrenNamed(pid: number, name: string): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid), "-f", `^(\\S*/)?${name}( |$)`], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Sends `signal` and returns the milliseconds until the process exited. */
async function stopWith(started: Started, signal: NodeJS.Signals): Promise<number> {
  const from = Date.now();
  started.child.kill(signal);
  await started.exited;
  return Date.now() - from;
}

describe("a sandbox game's end", { timeout: 180_000 }, () => {
  it("creates its database where the URL's one is missing, saves game-log.json in the folder it names, and the command it prints verifies the game as printed", async () => {
    const out = await mkdtemp(join(tmpdir(), "gm-sandbox-test-"));
    folders.push(out);
    const missing = `gm_missing_${process.pid}`;
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${missing}`;
    const name = `gm_sb_promise_${process.pid}`;
    const run = startSandbox(["--ruleset", "classic", "--players", "6", "--seed", "1", "--out", out], {
      DATABASE_URL: url.toString(),
      SANDBOX_DATABASE: name,
    });
    const { code } = await run.exited;
    const text = run.out();
    expect(code, text).toBe(0);
    expect(text).toContain(
      `Postgres: ${url.hostname}:${url.port || "5432"} has no database ${missing}; the sandbox's own database ${name} was created there`,
    );
    expect(text).toContain(`📁 Saved in ${out}: game-log.json, game-log.txt`);
    const command = /^🔎 Check the game: (.+)$/m.exec(text)?.[1] ?? "";
    expect(command).toMatch(
      new RegExp(`^npm run -s verify -- ${join(out, "game-log.json")} --seed 1 --digest [0-9a-f]{64}$`),
    );
    expect(readFileSync(join(out, "game-log.json"), "utf8")).toContain('"seed": 1');
    // Exactly as printed, in a shell, from the folder `npm start` runs in.
    const verified = execFileSync("sh", ["-c", command], { cwd: root, encoding: "utf8" });
    expect(verified).toMatch(/^VERIFIED: an honest classic game\./);
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
});

describe("stopping the sandbox", { timeout: 120_000 }, () => {
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
    it(`${signal} ends it and the private redis-server it started within 5 s`, async () => {
      databases.push(`gm_sb_signal_${process.pid}_${signal.toLowerCase()}`);
      const run = startSandbox(["--ruleset", "reichstag", "--players", "6", "--seed", "2"], {
        DATABASE_URL: TEST_DATABASE_URL,
        REDIS_URL: "redis://127.0.0.1:1",
        SANDBOX_DATABASE: `gm_sb_signal_${process.pid}_${signal.toLowerCase()}`,
      });
      // The game is under way: the redis-server is up and the players have joined.
      await until(() => run.out().includes("/game join") || run.child.exitCode !== null, 100);
      const pid = run.child.pid ?? 0;
      const redis = childrenNamed(pid, "redis-server");
      expect(redis, run.out()).toHaveLength(1);
      const took = await stopWith(run, signal);
      expect(took).toBeLessThan(5_000);
      expect((await run.exited).code).toBe(128 + { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 }[signal]);
      expect(run.out()).toContain(`sandbox: stopped (${signal})`);
      await until(() => !alive(redis[0] ?? 0), 50);
      expect(alive(redis[0] ?? 0)).toBe(false);
    });
  }
});

describe("every process exits within 5 s of SIGTERM", { timeout: 120_000 }, () => {
  it("the bot and the worker, once running", async () => {
    const database = await createMigratedDatabase();
    const emu = await startEmulator({ port: 0, oracle: false });
    try {
      const env = processEnv({ databaseUrl: database.url, emu, prefix: uniquePrefix("stop") });
      for (const script of ["src/bot/main.ts", "src/worker/main.ts"]) {
        const proc = spawnScript(script, env);
        const name = script.includes("bot") ? "bot" : "worker";
        await until(() => proc.output().includes(`${name} started`) || proc.child.exitCode !== null, 100);
        expect(proc.output()).toContain(`${name} started`);
        const from = Date.now();
        proc.child.kill("SIGTERM");
        expect(await proc.exited, proc.output()).toBe(0);
        expect(Date.now() - from).toBeLessThan(5_000);
      }
    } finally {
      await emu.close();
      await database.drop();
    }
  });

  it("npm start with a token, and the bot and the worker it started", async () => {
    const database = await createMigratedDatabase();
    const emu = await startEmulator({ port: 0, oracle: false });
    try {
      const env = {
        ...processEnv({ databaseUrl: database.url, emu, prefix: uniquePrefix("start-stop") }),
        BOT_HTTP_PORT: "0",
        WORKER_HTTP_PORT: "0",
        CONSOLE_PORT: "0",
      };
      const run = startSandbox([], env);
      await until(
        () =>
          (run.out().includes("bot started") && run.out().includes("worker started")) ||
          run.child.exitCode !== null,
        100,
      );
      expect(run.child.exitCode, run.out()).toBeNull();
      const children = childrenNamed(run.child.pid ?? 0, "node");
      expect(children, run.out()).toHaveLength(2);
      const took = await stopWith(run, "SIGTERM");
      expect(took).toBeLessThan(5_000);
      expect((await run.exited).code, run.out()).toBe(0);
      expect(children.filter(alive)).toEqual([]);
    } finally {
      await emu.close();
      await database.drop();
    }
  });

  it("the emulator of npm run emulator", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/emulator/main.ts", "--members", "2"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    await until(() => out.includes("\n"), 50);
    const from = Date.now();
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - from).toBeLessThan(5_000);
  });
});

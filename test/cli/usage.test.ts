import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envSchema } from "../../src/config/env.js";
import { builtEntry, nodeFlagsOf } from "../worker/support.js";

/**
 * Every command a user runs answers `--help` with its usage (exit 0) and refuses bad input (an
 * unknown flag, a bad port, a bad number) with ONE line on stderr and exit 2, never a stack trace.
 * Each runs as its npm script runs it.
 */

const root = new URL("../../", import.meta.url);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(argv: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, {
      cwd: root,
      env: { ...process.env, DISCORD_TOKEN: "", LOG_LEVEL: "error", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The commands, as their npm scripts start them (package.json). */
const commands: Record<string, { argv: () => string[]; usage: string }> = {
  start: { argv: () => [builtEntry("src/cli/start.ts")], usage: "usage: npm start --" },
  bot: {
    argv: () => [...nodeFlagsOf("src/bot/main.ts"), builtEntry("src/bot/main.ts")],
    usage: "usage: npm run bot",
  },
  worker: { argv: () => [builtEntry("src/worker/main.ts")], usage: "usage: npm run worker" },
  emulator: { argv: () => ["--import", "tsx", "src/emulator/main.ts"], usage: "usage: npm run emulator --" },
  simulate: {
    argv: () => ["--import", "tsx", "src/cli/simulate.ts"],
    usage: "usage: npm run -s simulate --",
  },
  verify: { argv: () => ["--import", "tsx", "src/cli/verify.ts"], usage: "usage: npm run -s verify --" },
  bench: { argv: () => ["--import", "tsx", "bench/run.ts"], usage: "usage: npm run bench" },
  "db:migrate": { argv: () => [builtEntry("src/db/migrate-cli.ts")], usage: "usage: npm run db:migrate" },
};

/** One line on stderr naming the command's fault, exit 2, nothing on stdout. */
function expectRefused(result: Run, pattern: RegExp): void {
  expect(result.code, result.stderr).toBe(2);
  const lines = result.stderr.trimEnd().split("\n");
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe("every command's --help", { timeout: 120_000 }, () => {
  it("prints its usage on stdout and exits 0", async () => {
    const results = await Promise.all(
      Object.entries(commands).map(async ([name, c]) => [name, await run([...c.argv(), "--help"])] as const),
    );
    for (const [name, result] of results) {
      expect(result.code, `${name}: ${result.stderr}`).toBe(0);
      expect(result.stdout.startsWith(commands[name]?.usage ?? "?"), `${name}: ${result.stdout}`).toBe(true);
      expect(result.stderr, name).toBe("");
    }
    // -h too, and with a token set, npm start still answers with its usage.
    const short = await run([...(commands["start"]?.argv() ?? []), "-h"], { DISCORD_TOKEN: "x" });
    expect(short.code).toBe(0);
    expect(short.stdout).toContain("--ruleset");
  });
});

describe("npm run bot and npm run worker --help", { timeout: 120_000 }, () => {
  it("names every environment variable they read, the shared ones and the worker's tuning", async () => {
    const [bot, worker] = await Promise.all(
      ["bot", "worker"].map((name) => run([...(commands[name]?.argv() ?? []), "--help"])),
    );
    const both = `${bot?.stdout ?? ""}${worker?.stdout ?? ""}`;
    for (const variable of Object.keys(envSchema.shape)) expect(both).toContain(variable);
    const tuning = [...readFileSync(new URL("docs/worker.md", root), "utf8").matchAll(/^\| `([A-Z_]+)`/gm)];
    expect(tuning.length).toBeGreaterThan(0);
    for (const [, variable] of tuning) expect(worker?.stdout).toContain(variable);
    // The bot enqueues on the workers' queue, so it reads their prefix too.
    expect(bot?.stdout).toContain("WORKER_QUEUE_PREFIX");
  });
});

describe("every command's bad input", { timeout: 120_000 }, () => {
  it("an unknown flag is refused with one line and exit 2", async () => {
    const results = await Promise.all(
      Object.entries(commands).map(async ([name, c]) => [name, await run([...c.argv(), "--bogus"])] as const),
    );
    for (const [, result] of results) expectRefused(result, /(unknown flag|unknown argument) --bogus/);
  });

  it("bad ports and numbers are refused with one line and exit 2", async () => {
    const emulator = commands["emulator"]?.argv() ?? [];
    const start = commands["start"]?.argv() ?? [];
    const verify = commands["verify"]?.argv() ?? [];
    const [port, members, latency, players, speed, seed, noFile, dash] = await Promise.all([
      run([...emulator, "--port", "99999"]),
      run([...emulator, "--members", "abc"]),
      run([...emulator, "--latency=-5"]),
      run([...start, "--players", "abc"]),
      run([...start, "--speed", "5"]),
      run([...verify, "game-log.json", "--seed", "one"]),
      run(commands["simulate"]?.argv() ?? []),
      run([...emulator, "--latency", "-5"]),
    ]);
    expectRefused(port, /^emulator: --port expects a TCP port from 0 .* to 65535, got 99999/);
    expectRefused(members, /^emulator: --members expects an integer from 0 to 1000, got abc/);
    expectRefused(latency, /^emulator: --latency expects an integer/);
    expectRefused(players, /^--players expects an integer ≥ 1, got abc/);
    expectRefused(speed, /^--speed expects an integer ≥ 100, got 5/);
    expectRefused(seed, /^verify: --seed expects an integer ≥ 0, got one/);
    expectRefused(noFile, /^simulate: expects one scenario file/);
    expectRefused(
      dash,
      /^emulator: --latency expects a value \(one that starts with "-" is written --latency=…\)/,
    );
  });
});

describe("npm run emulator", { timeout: 60_000 }, () => {
  it("prints the server's admin with a token, so whoever drives it can act as a GM", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/emulator/main.ts", "--members", "2"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    while (!out.includes("\n")) await new Promise((resolve) => setTimeout(resolve, 50));
    const world = JSON.parse(out.split("\n")[0] ?? "{}") as {
      apiBase: string;
      botToken: string;
      guildId: string;
      admin: { id: string; username: string; token: string };
      members: { id: string; token: string }[];
    };
    try {
      expect(world.members).toHaveLength(2);
      expect(world.admin.token).not.toBe("");
      expect(world.members.map((m) => m.id)).not.toContain(world.admin.id);
      // The admin owns the server (every permission, Manage Server among them: a GM, docs/gm.md).
      const guild = (await (
        await fetch(`${world.apiBase}/v10/guilds/${world.guildId}`, {
          headers: { Authorization: `Bot ${world.botToken}` },
        })
      ).json()) as { owner_id: string };
      expect(guild.owner_id).toBe(world.admin.id);
      // Its token is a user's the emulator accepts.
      const me = (await (
        await fetch(`${world.apiBase}/v10/users/@me`, { headers: { Authorization: world.admin.token } })
      ).json()) as { id: string };
      expect(me.id).toBe(world.admin.id);
    } finally {
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    }
  });
});

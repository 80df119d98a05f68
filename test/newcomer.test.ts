import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The first hour, as a newcomer walks it from the README alone: a fresh clone of the repository
 * in a temporary folder, its dependencies (on the project's Node, as CI runs it, a real `npm ci`
 * that must print no warning; on another, the checkout's own node_modules, linked, and
 * test/deploy/node-version.test.ts holds that every package accepts the project's Node),
 * the README's sandbox command on a machine with neither Postgres nor Redis reachable (the
 * embedded Postgres and a private redis-server), the verify command it prints, run as printed,
 * and a SIGTERM to `npm start` that leaves no process behind.
 */

const root = fileURLToPath(new URL("../", import.meta.url));
let home = "";
let clone = "";
/** What `npm ci` printed in the clone, or undefined where the checkout's node_modules were linked. */
let installed: string | undefined;
const pinned = readFileSync(join(root, ".node-version"), "utf8").trim();

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), "gm-newcomer-"));
  clone = join(home, "gm-bot");
  execFileSync("git", ["clone", "--quiet", root, clone], { stdio: "ignore" });
  if (process.versions.node === pinned) {
    const npm = spawnSync("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], {
      cwd: clone,
      encoding: "utf8",
      env: { ...process.env, NO_UPDATE_NOTIFIER: "1" },
    });
    installed = `${npm.stdout}${npm.stderr}`;
    if (npm.status !== 0) throw new Error(`npm ci failed:\n${installed}`);
  } else symlinkSync(join(root, "node_modules"), join(clone, "node_modules"), "dir");
}, 300_000);

afterAll(async () => {
  if (home) await rm(home, { recursive: true, force: true });
});

/** Nothing answers on these: the newcomer's machine has Node.js and nothing else running. */
const bareMachine = {
  DISCORD_TOKEN: "",
  DATABASE_URL: "postgres://postgres@127.0.0.1:1/test",
  REDIS_URL: "redis://127.0.0.1:1",
  LOG_LEVEL: "error",
};

/** The README's sandbox command: the first line of the shell block under "The sandbox in five lines". */
function sandboxCommand(readme: string): string {
  const section = readme.slice(readme.indexOf("## The sandbox in five lines"));
  const block = /```sh\n([^\n]+)\n/.exec(section)?.[1] ?? "";
  return block.replace(/\s+#.*$/, "").trim();
}

interface Running {
  child: ChildProcess;
  out: () => string;
  exited: Promise<number | null>;
}

/** A command as the newcomer types it (plain words, no shell: the test holds npm's own pid). */
function type(command: string, cwd: string): Running {
  const [program = "", ...args] = command.split(/\s+/);
  const child = spawn(program, args, {
    cwd,
    env: { ...process.env, ...bareMachine },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, out: () => out, exited };
}

/** Every process below `pid` (children, theirs, …). */
function descendants(pid: number): number[] {
  const table = execFileSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child = 0, ppid = 0] of table)
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
  };
  walk(pid);
  return found;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const waitFor = async (check: () => boolean, timeoutMs: number): Promise<boolean> => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
};

describe("a newcomer's first hour, from the README of a fresh clone", { timeout: 300_000 }, () => {
  it("plays the sandbox on the embedded database, verifies the game with the printed command, and a SIGTERM leaves no process", async () => {
    const readme = readFileSync(join(clone, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThanOrEqual(150);
    expect(readme).toContain("npm ci && npm start");
    expect(readme).toContain("npm ci && npm test");
    // On the project's Node a fresh install warns of nothing (no engine, no install script).
    if (installed !== undefined) expect(installed).not.toMatch(/npm (warn|WARN|ERR)/);
    const command = sandboxCommand(readme);
    expect(command).toMatch(/^npm start -- /);
    expect(existsSync(join(clone, "dist"))).toBe(false);

    // The game, to its end, on a machine with nothing but Node.js.
    const game = type(command, clone);
    const code = await game.exited;
    const out = game.out();
    expect(code, out).toBe(0);
    expect(out).toContain("Postgres: none answers at 127.0.0.1:1; starting an embedded one (PGlite");
    expect(out).toMatch(/Postgres: the embedded one is up after \d+\.\d s/);
    expect(out).toContain("Postgres embedded (PGlite, in memory) · private redis-server");
    expect(out).toMatch(/🏁 Winners: /);
    const check = /^🔎 Check the game: (.+)$/m.exec(out)?.[1] ?? "";
    expect(check).toMatch(/^npm run -s verify -- \S+\/game-log\.json --seed 1(?: |$)/);

    // The command as printed, in the clone.
    const verified = execFileSync("sh", ["-c", check], { cwd: clone, encoding: "utf8" });
    expect(verified).toMatch(/^VERIFIED: an honest classic game\./);
    const saved = /^📁 \S+ \S+ (\/\S+): game-log\.json/mu.exec(out)?.[1];
    expect(saved && check.includes(saved)).toBe(true);
    if (saved) await rm(saved, { recursive: true, force: true });

    // Again, stopped halfway by a SIGTERM to npm (an IDE's stop button, `timeout`): nothing stays.
    const again = type(command, clone);
    const underway = await waitFor(
      () => again.out().includes("/game join") || again.child.exitCode !== null,
      120_000,
    );
    expect(underway && again.child.exitCode === null, again.out()).toBe(true);
    const npm = again.child.pid ?? 0;
    const started = descendants(npm);
    expect(started.length, again.out()).toBeGreaterThanOrEqual(2); // node (under sh) and redis-server
    const from = Date.now();
    again.child.kill("SIGTERM");
    await again.exited;
    const gone = await waitFor(() => started.every((pid) => !alive(pid)), 5_000);
    expect(gone, `left running: ${started.filter(alive).join(", ")}`).toBe(true);
    expect(Date.now() - from).toBeLessThan(5_000);
  });
});

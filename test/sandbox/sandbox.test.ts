import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { parseSandboxArgs, UsageError } from "../../src/sandbox/options.js";
import { TEST_DATABASE_URL, TEST_REDIS_URL } from "../support/env.js";

/**
 * `npm start`: the sandbox plays each ruleset to its end as a child process (its own database
 * and BullMQ prefix per ruleset, so they run side by side), and with a token but no reachable
 * Discord it stops with one clear line.
 */

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/start.ts", ...args], {
      cwd: new URL("../../", import.meta.url),
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

const tables: [ruleset: string, players: number, seed: number][] = [
  ["classic", 6, 1],
  ["clans", 12, 1],
  ["mayor", 5, 4],
  ["reichstag", 6, 2],
  ["regnum", 12, 1],
];

describe("npm start without a token: the sandbox", () => {
  const runs = new Map<string, Promise<Run>>();
  const runOf = (ruleset: string): Promise<Run> => {
    let run = runs.get(ruleset);
    if (!run) {
      // All five start at once (the first test asks for every one); each waits for its own.
      for (const [id, players, seed] of tables) {
        runs.set(
          id,
          // regnum ends only by the GM's end_game: after 4 phases here (--max-phases).
          start(
            [
              "--ruleset",
              id,
              "--players",
              String(players),
              "--seed",
              String(seed),
              "--speed",
              "1500",
              ...(id === "regnum" ? ["--max-phases", "4"] : []),
            ],
            {
              DATABASE_URL: TEST_DATABASE_URL,
              REDIS_URL: TEST_REDIS_URL,
              SANDBOX_DATABASE: `gm_sandbox_test_${id}`,
            },
          ),
        );
      }
      run = runs.get(ruleset) as Promise<Run>;
    }
    return run;
  };

  for (const [ruleset] of tables) {
    it(`plays ${ruleset} to its end: exit 0, the newspaper, the reveal and the winners`, async () => {
      const run = await runOf(ruleset);
      expect(run.stderr, run.stdout.slice(-2000)).toBe("");
      expect(run.code).toBe(0);
      const out = run.stdout;
      expect(out).toContain(`═══ Sandbox ${ruleset} #`);
      expect(out).toMatch(/^── .+ · phase 1 · /m);
      expect(out).toMatch(/^▸ .+ resolved/m);
      expect(out).toMatch(/^📰 /m);
      expect(out).toMatch(/^📰 “Sandbox .+” is over: roles revealed$/m);
      expect(out).toMatch(/^ {3}Winners: .+|^ {3}Nobody won\.$/m);
      expect(out).toMatch(/^🏁 Winners: .+ ended by the (rules|GM) after \d+ phases/m);
      expect(out).not.toContain("max phases reached");
      // regnum ends only by the GM's end_game; every other ruleset ends by its own rules.
      expect(out).toContain(ruleset === "regnum" ? "ended by the GM" : "ended by the rules");
    }, 150_000);
  }
});

describe("npm start on a machine with only Node.js", { timeout: 240_000 }, () => {
  it("plays on an embedded Postgres (PGlite) when none answers, and a private redis-server when Redis does not", async () => {
    const run = await start(
      ["--ruleset", "reichstag", "--players", "6", "--seed", "2", "--speed", "2000", "--max-phases", "4"],
      {
        DATABASE_URL: "postgres://postgres@127.0.0.1:1/test",
        REDIS_URL: "redis://127.0.0.1:1",
        SANDBOX_DATABASE: `gm_sandbox_embedded_${process.pid}`,
      },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Postgres embedded (PGlite, in memory) · private redis-server");
    expect(run.stdout).toMatch(/🏁 Winners: .* after \d+ phases/);
  });

  it("stops with one line saying how to get Redis when none answers and redis-server is not installed", async () => {
    const run = await start(["--ruleset", "reichstag", "--players", "6"], {
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/test",
      REDIS_URL: "redis://127.0.0.1:1",
      PATH: "/nonexistent",
    });
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^sandbox: Redis is unreachable at redis:\/\/127\.0\.0\.1:1.*redis-server is not on the PATH; install Redis/,
    );
  });
});

describe("npm start with a token", () => {
  it("exits non-zero with one clear line when Discord is unreachable", async () => {
    const run = await start([], {
      DISCORD_TOKEN: "not-a-real-token",
      DISCORD_APPLICATION_ID: "123456789012345678",
      DATABASE_URL: TEST_DATABASE_URL,
      REDIS_URL: TEST_REDIS_URL,
      DISCORD_API_URL: "http://127.0.0.1:9/api",
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    const lines = run.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^start: Discord is unreachable at http:\/\/127\.0\.0\.1:9\/api: /);
  });

  it("names a missing variable in one line", async () => {
    const run = await start([], {
      DISCORD_TOKEN: "x",
      DISCORD_APPLICATION_ID: "",
      DATABASE_URL: TEST_DATABASE_URL,
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(/^Configuration error: DISCORD_APPLICATION_ID: missing/);
  });
});

describe("the sandbox's flags", () => {
  it("has a table per ruleset and takes repeated seeds", () => {
    expect(parseSandboxArgs(["--ruleset", "mayor", "--seed", "3"])).toMatchObject({
      ruleset: "mayor",
      seeds: [3],
      players: 12,
    });
    expect(parseSandboxArgs(["--ruleset=reichstag", "--seed", "1", "--seed", "2"])).toMatchObject({
      players: 7,
      seeds: [1, 2],
    });
    expect(parseSandboxArgs([]).players).toBe(24);
  });

  it("refuses what it cannot play", () => {
    expect(() => parseSandboxArgs(["--ruleset", "chess"])).toThrow(UsageError);
    expect(() => parseSandboxArgs(["--ruleset", "clans", "--players", "8"])).toThrow(/12–12 players/);
    expect(() => parseSandboxArgs(["--speed", "fast"])).toThrow(/--speed/);
  });
});

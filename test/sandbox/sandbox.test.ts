import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { Emulator } from "../../src/emulator/index.js";
import { parseSandboxArgs, UsageError } from "../../src/sandbox/options.js";
import { messageText, runSandbox } from "../../src/sandbox/sandbox.js";
import { TEST_DATABASE_URL, TEST_REDIS_URL } from "../support/env.js";
import { builtEntry } from "../worker/support.js";

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
    // What `npm start` runs after its build.
    const child = spawn(process.execPath, [builtEntry("src/cli/start.ts"), ...args], {
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

/**
 * Names of this run's own (a database per ruleset, and its BullMQ prefix): several runs of this
 * file on one machine never drop each other's databases. Its saved game logs go to a scratch
 * folder; both are removed at the end.
 */
const own = (name: string) => `${name}_${process.pid}`;
const scratch = mkdtempSync(join(tmpdir(), "gm-sandbox-test-"));
const databases: string[] = [];
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** A seeded table per ruleset that ends by its rules with winners (regnum: by the GM after 4 phases). */
const tables: { ruleset: string; players: number; seed: number; lang: "en" | "ru"; args?: string[] }[] = [
  { ruleset: "clans", players: 12, seed: 1, lang: "en" },
  { ruleset: "regnum", players: 12, seed: 1, lang: "en", args: ["--max-phases", "4"] },
  { ruleset: "classic", players: 6, seed: 1, lang: "en" },
  { ruleset: "mayor", players: 5, seed: 4, lang: "en" },
  { ruleset: "reichstag", players: 6, seed: 2, lang: "ru" },
];

/** Where the rules make votes public, each day's tally is printed in the vote chat. */
const PUBLIC_TALLY = new Set(["classic", "clans"]);

describe("npm start without a token: the sandbox", () => {
  const runs = new Map<string, Promise<Run>>();
  const runOf = (ruleset: string): Promise<Run> => {
    if (runs.size === 0) {
      // All five are queued at once (the first test asks for every one), three running at a time
      // (more starve each other's bots on two cores); each test waits for its own.
      let running = 0;
      const waiting: (() => void)[] = [];
      const slot = async <T>(work: () => Promise<T>): Promise<T> => {
        if (running >= 3) await new Promise<void>((resolve) => waiting.push(resolve));
        running++;
        try {
          return await work();
        } finally {
          running--;
          waiting.shift()?.();
        }
      };
      for (const table of tables) {
        databases.push(own(`gm_sandbox_test_${table.ruleset}`));
        runs.set(
          table.ruleset,
          slot(() =>
            start(
              [
                "--ruleset",
                table.ruleset,
                "--players",
                String(table.players),
                "--seed",
                String(table.seed),
                "--lang",
                table.lang,
                ...(table.args ?? []),
                "--out",
                join(scratch, table.ruleset),
              ],
              {
                DATABASE_URL: TEST_DATABASE_URL,
                REDIS_URL: TEST_REDIS_URL,
                SANDBOX_DATABASE: own(`gm_sandbox_test_${table.ruleset}`),
              },
            ),
          ),
        );
      }
    }
    return runs.get(ruleset) as Promise<Run>;
  };

  for (const { ruleset, lang } of tables) {
    const english = lang === "en";
    it(`plays ${ruleset} (${english ? "English" : "Russian"}) to its end with winners, showing what a spectator follows`, async () => {
      const run = await runOf(ruleset);
      const stderr = run.stderr.split("\n").filter((l) => l.trim() !== "");
      expect(stderr, run.stdout.slice(-2000)).toEqual([]);
      expect(run.code).toBe(0);
      const out = run.stdout;
      expect(out).toMatch(english ? /^═══ Sandbox .+ #\d+ ═══$/m : /^═══ Песочница №\d+ ═══$/m);
      expect(out).toMatch(english ? /^── .+ · phase 1 · \d+\/\d+ alive ──$/m : /^── .+ · фаза 1 · живых /m);
      // Each phase's progress: the players posted and gave orders, and none was refused.
      const progress = out.split("\n").filter((l) => l.startsWith("▸ "));
      expect(progress.length).toBeGreaterThan(1);
      const posts = english ? / · posts (\d+) · / : / · сообщений (\d+) · /;
      expect(progress.some((l) => Number(posts.exec(l)?.[1] ?? 0) > 0)).toBe(true);
      const votes = english ? / · votes (\d+) · / : / · голосов (\d+) · /;
      if (ruleset !== "regnum") expect(progress.some((l) => Number(votes.exec(l)?.[1] ?? 0) > 0)).toBe(true);
      // The newspaper and the reveal.
      expect(out).toMatch(/^📰 /m);
      expect(out).toMatch(english ? /^📰 “.+” is over: roles revealed$/m : /^📰 «.+»/m);
      if (PUBLIC_TALLY.has(ruleset)) expect(out).toMatch(/^ {3}💬 #\S+: 📊 /m);
      if (ruleset !== "regnum")
        expect(out).toMatch(english ? /^ {3}✝ Out of the game: /m : /^ {3}✝ Выбыва(?:ет|ют) из игры: /m);
      // Winners, by the rules (regnum: only the GM's end_game ends it).
      const finish = english
        ? /^🏁 Winners: (.+) — .+ ended by the (rules|GM) after \d+ phases/m
        : /^🏁 Победители: (.+) — «.+» (окончена по правилам|завершена ведущим) после \d+ фазы?/m;
      const [, winners, by] = finish.exec(out) ?? [];
      expect(winners).toBeDefined();
      expect(winners).not.toBe(english ? "nobody" : "никто");
      expect(by).toBe(
        ruleset === "regnum"
          ? english
            ? "GM"
            : "завершена ведущим"
          : english
            ? "rules"
            : "окончена по правилам",
      );
      expect(out).not.toContain("max phases reached");
      // Not each player's own thread, the GM room or receipts: those are for --verbose.
      expect(out).not.toMatch(/^ {3}(🔒|🎩|✎|✗)/m);
      expect(out).not.toMatch(/your orders|ваши приказы/i);
      // A Russian demo has no English in it (Ja/Nein are the game's words; product names stay).
      if (!english) {
        const latin = out
          .replace(/^ {3}Эмулятор Discord .*$/m, "")
          // Technical lines: the database's name and server, the saved files and the verify command.
          .replace(/^ {3}Postgres: .*$/gm, "")
          .replace(/^(📁|🔎) .*$/gmu, "")
          .replace(
            /--max-phases|UTC|Ja|Nein|\/[a-z]+|npm run -s verify -- game-log\.json --seed \d+ --digest|[0-9a-f]{64}|game-log\.json/g,
            "",
          )
          .match(/[A-Za-z]{2,}/g);
        expect(latin).toBeNull();
      }
    }, 600_000);
  }
});

describe("the sandbox's simulated players, seen from the emulator", () => {
  it("post in the game's chats as members and vote with /vote, as players' clients do", async () => {
    let emu: Emulator | undefined;
    const lines: string[] = [];
    databases.push(own("gm_sandbox_test_sim"));
    const [outcome] = await runSandbox(
      parseSandboxArgs([
        ...["--ruleset", "classic", "--players", "6", "--seed", "1", "--max-phases", "3"],
        ...["--out", join(scratch, "sim")],
      ]),
      (line) => lines.push(line),
      {
        databaseUrl: TEST_DATABASE_URL,
        redisUrl: TEST_REDIS_URL,
        databaseName: own("gm_sandbox_test_sim"),
        beforeLogin: (e) => (emu = e),
      },
    );
    if (!emu) throw new Error("no emulator");
    const world = emu;
    expect(outcome?.posts).toBeGreaterThan(0);
    expect(outcome?.votes).toBeGreaterThan(0);
    const [guild] = [...world.state.guilds.byId.values()];
    const members = new Set(
      [...(guild?.members.keys() ?? [])].filter((id) => id !== guild?.owner_id && id !== world.state.bot.id),
    );
    const channels = world.guildChannels(String(guild?.id));
    const messages = channels.flatMap((c) => world.messages(String(c["id"])));
    // The players' posts are messages by the members themselves in the game's chats.
    const posts = messages.filter((m) => members.has(String((m["author"] as Record<string, unknown>)["id"])));
    expect(posts.length).toBe(outcome?.posts);
    // Their votes are /vote commands (after the autocomplete, as a client sends them), each one
    // posted in the public vote chat by the bot.
    const interactions = [...world.interactions.byId.values()].filter((r) => members.has(r.userId));
    const voteCommands = interactions.filter((r) => r.commandName === "vote" && r.type === 2);
    expect(interactions.some((r) => r.commandName === "vote" && r.type === 4)).toBe(true);
    expect(voteCommands.length).toBeGreaterThanOrEqual(outcome?.votes ?? 1);
    const votePosts = messages.filter(
      (m) =>
        (m["author"] as Record<string, unknown>)["id"] === world.state.bot.id &&
        messageText(m).startsWith("🗳 "),
    );
    expect(votePosts.length).toBeGreaterThanOrEqual(outcome?.votes ?? 1);
    // Orders too: /order and the panel's buttons and menus.
    expect(interactions.some((r) => r.commandName === "order")).toBe(true);
  }, 300_000);
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
    // The final line counts the phases played, also when --max-phases ends the game unfinished.
    const played = run.stdout.match(/^── .* · phase \d+ · /gm)?.length ?? 0;
    const skipped = [...run.stdout.matchAll(/⏩ (\d+) more phases? closed/g)].reduce(
      (n, m) => n + Number(m[1]),
      0,
    );
    expect(Number(/🏁 .* after (\d+) phases?/.exec(run.stdout)?.[1])).toBe(played + skipped);
  });

  it("a --speed shorter than the players' turns: the phases the deadline closed unplayed are said and counted", async () => {
    const run = await start(["--ruleset", "reichstag", "--players", "6", "--seed", "3", "--speed", "100"], {
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/test",
      REDIS_URL: "redis://127.0.0.1:1",
      SANDBOX_DATABASE: `gm_sandbox_fast_${process.pid}`,
    });
    expect(run.code, run.stderr).toBe(0);
    const played = run.stdout.match(/^── .* · phase \d+ · /gm)?.length ?? 0;
    const skipped = [...run.stdout.matchAll(/⏩ (\d+) more phases? closed by the deadline/g)].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
    expect(skipped).toBeGreaterThan(0);
    const total = Number(/🏁 .* after (\d+) phases?/.exec(run.stdout)?.[1]);
    expect(total).toBe(played + skipped);
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

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { t } from "../../src/i18n/index.js";
import { parseSandboxArgs, UsageError, USAGE } from "../../src/sandbox/options.js";
import { runSandbox, type GameOutcome } from "../../src/sandbox/sandbox.js";
import { device, launchBrowser } from "../console/browser.js";
import { TEST_DATABASE_URL, TEST_REDIS_URL } from "../support/env.js";
import { builtEntry } from "../worker/support.js";

/**
 * `npm start -- --signups` (issue 33's "done when", docs/community.md): a seeded sandbox game
 * from its timed sign-ups to its archive page. The simulated members press Join on the sign-up
 * post (the seventh lands on the bench), the worker's close starts the game, it is played to its
 * end; then, while the sandbox still serves its console, Chromium opens the archive address the
 * sandbox printed, and the `/stats` answers it printed count the game from Postgres.
 */

const database = `gm_sandbox_test_community_${process.pid}`;
const cliDatabase = `gm_sandbox_test_community_cli_${process.pid}`;
const scratch = mkdtempSync(join(tmpdir(), "gm-sandbox-community-"));
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  for (const name of [database, cliDatabase])
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

const en = (key: string, params: Record<string, string | number> = {}) => t("en", key, params);

describe("the sandbox with --signups", () => {
  it("plays a seeded game from its sign-ups to its archive page, and /stats reads it", async () => {
    const lines: string[] = [];
    let page:
      | {
          status: number | undefined;
          title: string;
          main: string;
          roles: string;
          verdict: string;
          fairness: string;
          listing: string;
        }
      | undefined;
    const printed = () => lines.join("\n");
    const browser = await launchBrowser();
    let outcomes: GameOutcome[];
    try {
      outcomes = await runSandbox(
        parseSandboxArgs([
          ...["--signups", "--ruleset", "classic", "--players", "6", "--seed", "1"],
          ...["--speed", "20000", "--out", scratch],
        ]),
        (line) => lines.push(line),
        { databaseUrl: TEST_DATABASE_URL, redisUrl: TEST_REDIS_URL, databaseName: database },
        // While the sandbox serves its console: the address it printed, in a browser signed in nowhere.
        async () => {
          const line = lines.find((l) => l.startsWith("📜 The game's archive (no sign-in"));
          const url = /(http:\/\/\S+\/archive\/[0-9a-f]{64})$/.exec(line ?? "")?.[1];
          if (!url) throw new Error(`no archive address in:\n${lines.join("\n")}`);
          const { context, page: tab } = await device(browser);
          const response = await tab.goto(url);
          const seen = {
            status: response?.status(),
            title: await tab.title(),
            main: await tab.innerText("main"),
            roles: await tab.innerText("#roles"),
            verdict: await tab.innerText("#verdict"),
            fairness: await tab.innerText("#fairness"),
            listing: "",
          };
          // The server's public listing the GM turned on: the game, linking this archive.
          const listing = /<(http:\/\/\S+\/archives\/[0-9a-f]{64})>/.exec(printed())?.[1] ?? "";
          await tab.goto(listing);
          seen.listing = await tab.innerText("#archives");
          await tab.click(`a[href="${new URL(url).pathname}"]`);
          await tab.waitForURL(url);
          page = seen;
          await context.close();
        },
      );
    } finally {
      await browser.close();
    }
    const out = printed();
    const [game] = outcomes;
    if (!game || !page) throw new Error(`no game or no page:\n${out}`);
    const name = "Sandbox classic #1";
    const seated = ["Anna", "Boris", "Vera", "Gleb", "Daria", "Egor"];

    // Sign-ups: six took seats by the post's Join button, the seventh went on the bench.
    expect(out).toMatch(
      /^ {3}GM: sign-ups open until \d\d:\d\d:\d\d UTC, at least 3 and at most 6 players at the table/m,
    );
    expect(out).toContain(
      `   6 members pressed “Join” on the sign-up post and took a seat: ${seated.join(", ")}`,
    );
    expect(out).toContain(`   Zoya pressed “Join” too → ${en("bench.joined", { name, max: 6, place: 1 })}`);
    expect(out).toMatch(/^ {6}Seated: 6 of 6 \(at least 3 players to start\) · substitutes: 1$/m);
    // The close started the game, which was played to its end by the rules.
    expect(out).toMatch(/^ {3}The sign-ups closed at \d\d:\d\d:\d\d UTC and the game started by itself:$/m);
    expect(out).toContain(
      `📋 ${name} (Classic mafia: two clans): sign-ups are closed, the game has started with 6 players.`,
    );
    expect(game.endedBy).toBe("rules");
    expect(out).toMatch(/^🏁 Winners: .+ ended by the rules after \d+ phases/m);
    // The GM listed the server's ranked games; the listing shows this one, linking its archive.
    expect(out).toMatch(
      /^📚 GM: \/settings public_archives → The server's finished ranked games are listed publicly at <http:\/\/127\.0\.0\.1:\d+\/archives\/[0-9a-f]{64}>/m,
    );
    expect(page.listing).toContain(name);
    // Seeded: dealt from the public seed, as the verify command says.
    expect(game.saved?.command).toMatch(/ --seed 1 --digest [0-9a-f]{64}$/);

    // The archive page, served by the sandbox's console at the address it printed.
    expect(game.archiveUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/archive\/[0-9a-f]{64}$/);
    expect(out).toContain(`📜 The game's archive (no sign-in, any browser): ${game.archiveUrl ?? ""}`);
    expect(page.status).toBe(200);
    expect(page.title).toBe(en("archive.title", { name }));
    for (const member of seated) expect(page.roles).toContain(member);
    expect(page.roles).not.toContain("Zoya");
    expect(page.roles).toContain("Maniac");
    expect(page.main).toContain(en("archive.timeline"));
    expect(page.main).toContain("Night 0");
    expect(page.main).toContain("Day 1");
    expect(page.verdict).toMatch(/^verified: the deal and all \d+ inputs over \d+ phases/);
    expect(page.fairness).toContain(/--digest ([0-9a-f]{64})/.exec(game.saved?.command ?? "")?.[1] ?? "none");

    // /stats, asked through the emulator by the first seat's member, reads the finished game.
    const after = out.slice(out.indexOf("📊 Anna: /stats member →"));
    expect(after).toContain(en("stats.member_title", { name: "Anna" }));
    expect(after).toMatch(/^ {6}Games: 1 · wins [01] /m);
    // Discord's date of the last game, as the terminal shows it.
    expect(after).toMatch(/ · last game \d{4}-\d\d-\d\d$/m);
    const server = after.slice(after.indexOf("📊 Anna: /stats server →"));
    expect(server).toContain(en("stats.server_title"));
    expect(server).toMatch(/^ {6}1 finished ranked game, 6 players$/m);
    expect(server).toMatch(/^ {6}• Classic mafia: two clans: 1 game, \d+ phases? on average/m);
    expect(out).toMatch(
      /^🌐 The console serves the archive at http:\/\/127\.0\.0\.1:\d+ until you stop the sandbox/m,
    );
  }, 400_000);

  it("npm start -- --signups serves the archive until Ctrl-C, which ends it normally", async () => {
    // What `npm start` runs after its build, as a terminal runs it.
    const child = spawn(
      process.execPath,
      [
        builtEntry("src/cli/start.ts"),
        ...["--signups", "--ruleset", "classic", "--players", "5", "--seed", "2"],
      ],
      {
        cwd: new URL("../../", import.meta.url),
        env: {
          ...process.env,
          DISCORD_TOKEN: "",
          LOG_LEVEL: "error",
          DATABASE_URL: TEST_DATABASE_URL,
          REDIS_URL: TEST_REDIS_URL,
          SANDBOX_DATABASE: cliDatabase,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes("🌐 ")) resolve();
      });
      void exited.then(() => reject(new Error(`the sandbox exited before serving:\n${stdout}\n${stderr}`)));
    });
    const url = /📜 The game's archive \(no sign-in, any browser\): (\S+)$/m.exec(stdout)?.[1] ?? "";
    const archive = await fetch(url);
    expect(archive.status).toBe(200);
    expect(await archive.text()).toContain(en("archive.title", { name: "Sandbox classic #2" }));
    child.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(stderr).toBe("");
  }, 400_000);

  it("is a flag of npm start, in its --help", () => {
    expect(parseSandboxArgs(["--signups"]).signups).toBe(true);
    expect(parseSandboxArgs([]).signups).toBe(false);
    expect(USAGE).toContain("--signups");
    expect(() => parseSandboxArgs(["--help"])).toThrow(UsageError);
  });
});

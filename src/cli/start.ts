import { spawn, type ChildProcess } from "node:child_process";
import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, parseEnv } from "../config/env.js";
import { DependencyError } from "../runtime/dependencies.js";
import { onParentExit } from "../runtime/lifecycle.js";
import { BOT_NODE_FLAGS } from "../runtime/node-flags.js";
import { wantsHelp } from "./args.js";
import { parseSandboxArgs, UsageError, USAGE } from "../sandbox/options.js";
import { runSandbox } from "../sandbox/sandbox.js";

/**
 * `npm start`. With DISCORD_TOKEN: the bot and the worker as two child processes (signals
 * forwarded; when either fails the other is stopped and start exits with its code). Without
 * it: the sandbox (src/sandbox/), a whole demo game against a local Discord emulator.
 */

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The signals that stop `npm start` and everything it started, and their numbers (exit 128 + n). */
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const SIGNAL_NUMBERS: Record<(typeof STOP_SIGNALS)[number], number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

function fail(line: string, code = 1): never {
  process.stderr.write(`${line}\n`);
  process.exit(code);
}

/** Discord must answer the token before two processes start: one clear line if it does not. */
async function checkDiscord(token: string, apiUrl: string | undefined): Promise<void> {
  const base = (apiUrl ?? "https://discord.com/api").replace(/\/+$/, "");
  let response: Response;
  try {
    response = await fetch(`${base}/v10/users/@me`, {
      headers: { Authorization: `Bot ${token}` },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new DependencyError("Discord", base, reason);
  }
  if (response.status === 401) throw new DependencyError("Discord", base, "the token was refused (401)");
  if (!response.ok) throw new DependencyError("Discord", base, `HTTP ${response.status}`);
}

/**
 * `bot/main` or `worker/main` beside this module's folder, with this module's extension:
 * dist/…/main.js when built (`npm start`), src/…/main.ts under tsx.
 */
function entryPoint(process: "bot" | "worker"): string {
  const here = fileURLToPath(import.meta.url);
  return fileURLToPath(new URL(`../${process}/main${extname(here)}`, import.meta.url));
}

function startChild(name: "bot" | "worker"): ChildProcess {
  // The same Node and loader flags (tsx, when this runs under it) as this process, and the
  // bot's own (src/runtime/node-flags.ts).
  // Its own process group: a terminal's Ctrl-C reaches it once, forwarded by us, not twice
  // (a second SIGINT would end it without its graceful shutdown).
  const flags = name === "bot" ? BOT_NODE_FLAGS : [];
  return spawn(process.execPath, [...process.execArgv, ...flags, entryPoint(name)], {
    cwd: root,
    stdio: "inherit",
    env: process.env,
    detached: true,
  });
}

async function runProduction(): Promise<void> {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) fail(`Configuration error: ${error.message}`);
    throw error;
  }
  try {
    await checkDiscord(env.DISCORD_TOKEN, env.DISCORD_API_URL);
  } catch (error) {
    fail(`start: ${(error as Error).message}`);
  }
  const children = new Map<string, ChildProcess>([
    ["bot", startChild("bot")],
    ["worker", startChild("worker")],
  ]);
  let stopping = false;
  const stopAll = (signal: NodeJS.Signals) => {
    for (const child of children.values()) if (child.exitCode === null && !child.killed) child.kill(signal);
  };
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    stopAll(signal === "SIGHUP" ? "SIGTERM" : signal);
    // Each stops within 4 s (src/runtime/lifecycle.ts); whatever is left then is killed.
    setTimeout(() => stopAll("SIGKILL"), 4_500).unref();
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => stop(signal));
  // npm's SIGTERM reaches only the shell it runs us in (src/runtime/lifecycle.ts onParentExit).
  onParentExit(() => stop("SIGTERM"));
  const exits = [...children.entries()].map(
    ([name, child]) =>
      new Promise<void>((resolve) => {
        child.once("exit", (code, signal) => {
          children.delete(name);
          if (!stopping) {
            stopping = true;
            process.exitCode = code === 0 || code === null ? 1 : code;
            process.stderr.write(
              `start: the ${name} exited (${signal ?? `code ${code ?? "?"}`}); stopping the other process\n`,
            );
            stopAll("SIGTERM");
          } else if (code !== 0 && code !== null) {
            process.exitCode = process.exitCode || code;
          }
          resolve();
        });
      }),
  );
  await Promise.all(exits);
}

async function runSandboxCli(): Promise<void> {
  let options;
  try {
    options = parseSandboxArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) fail(error.message, 2);
    throw error;
  }
  // Everything the sandbox started lives in this process but the private redis-server, which
  // an `exit` handler stops (src/sandbox/embedded.ts): exiting at once ends it all within 5 s.
  // With --signups, once the games are over the console serves their archives until a stop
  // signal: that one ends the sandbox normally (exit 0), any other stop is an interruption.
  let release: (() => void) | undefined;
  for (const signal of STOP_SIGNALS) {
    process.on(signal, () => {
      if (!release) fail(`sandbox: stopped (${signal})`, 128 + SIGNAL_NUMBERS[signal]);
      release();
      release = undefined;
    });
  }
  // Under `npm start`, npm's SIGTERM reaches only the shell it runs us in: its exit is the signal.
  onParentExit(() => fail("sandbox: stopped (npm exited)", 128 + SIGNAL_NUMBERS.SIGTERM));
  const serving = () => new Promise<void>((resolve) => (release = resolve));
  try {
    await runSandbox(options, undefined, {}, serving);
  } catch (error) {
    if (error instanceof DependencyError) fail(`sandbox: ${error.message}`);
    fail(`sandbox: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  process.exit(0);
}

if (wantsHelp(process.argv.slice(2))) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const token = process.env["DISCORD_TOKEN"]?.trim();
if (token) await runProduction();
else await runSandboxCli();

import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * `memory_mb` {bot, worker}: the peak resident set (VmHWM) of each process under the
 * benchmark's load. Both run as real child processes (the same Node and tsx loader as
 * `npm run bot` / `npm run worker`); the load is bench/interactions.ts's (50 slash commands a
 * second against the bot through the emulator, the worker draining and resolving phases).
 * bench/run.ts also counts the worker's peak under bench/deadlines.ts's 1000-game load.
 */

export const root = fileURLToPath(new URL("../", import.meta.url));

/** The process's peak RSS so far in MB (Linux VmHWM), NaN when unknown. */
export function peakRssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
    return Math.round(kb / 1024);
  } catch {
    return Number.NaN;
  }
}

export interface Proc {
  name: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
  /** The highest VmHWM seen (sampled every 250 ms and at stop). */
  peakMb(): number;
  /** Resolves when `text` appears in the output; rejects when the process exits first. */
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Runs a TypeScript entry point as a child process (`node --import tsx <script>`). */
export function spawnProcess(name: string, script: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const keep = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > 400_000) out = out.slice(-200_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let peak = 0;
  const sample = () => {
    const mb = peakRssMb(child.pid);
    if (Number.isFinite(mb)) peak = Math.max(peak, mb);
  };
  const timer = setInterval(sample, 250);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      clearInterval(timer);
      resolve(code);
    }),
  );
  return {
    name,
    child,
    output: () => out,
    exited,
    peakMb: () => {
      sample();
      return peak;
    },
    async waitFor(text, timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      while (!out.includes(text)) {
        if (child.exitCode !== null)
          throw new Error(`${name} exited (${child.exitCode}): ${out.slice(-2000)}`);
        if (Date.now() > until)
          throw new Error(`${name}: "${text}" not seen within ${timeoutMs} ms: ${out.slice(-2000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      sample();
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await Promise.race([
        exited,
        new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 20_000)),
      ]);
      if (code === "timeout") child.kill("SIGKILL");
      clearInterval(timer);
    },
  };
}

export async function benchMemory(): Promise<Record<string, unknown>> {
  const { runInteractionLoad } = await import("./interactions.js");
  const figures = await runInteractionLoad();
  return { memory_mb: figures.memory_mb };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(await benchMemory(), null, 2)}\n`);
}

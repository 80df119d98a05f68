import type { Logger } from "../log.js";
import { DependencyError } from "./dependencies.js";

/**
 * Runs a process: start() acquires its dependencies and returns how to stop; SIGINT, SIGTERM and
 * SIGHUP stop gracefully (finish the job in hand, close pools), and the process exits within 5 s. A dependency that cannot be reached
 * at start ends the process with exit code 1 and one clear line.
 */
/**
 * Calls `gone` once when the process that started this one has exited (this one is orphaned).
 * `npm start` and `npm run bot` run node under `sh -c`: npm forwards a SIGTERM to that shell,
 * which dies without passing it on, and node would go on alone; it notices here and stops.
 */
export function onParentExit(gone: () => void, everyMs = 250): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    gone();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** How long a process takes at most to stop after SIGINT, SIGTERM or SIGHUP. */
export const STOP_WITHIN_MS = 4_000;

export async function runProcess(
  name: string,
  log: Logger,
  start: () => Promise<() => Promise<void>>,
): Promise<void> {
  let stop: (() => Promise<void>) | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, `${name} shutting down`);
    // A process is gone within 5 s of the signal (a supervisor's, an IDE's stop button, `timeout`):
    // 4 s for the jobs in hand and the pools, then it exits whatever is still open.
    const force = setTimeout(() => {
      log.error(`${name} did not stop within ${STOP_WITHIN_MS / 1000} s; exiting`);
      process.exit(1);
    }, STOP_WITHIN_MS);
    force.unref();
    if (!stop) {
      // Still starting: nothing to finish yet, and what start() opened ends with the process.
      log.info(`${name} stopped while starting`);
      process.exit(0);
    }
    try {
      await stop();
      log.info(`${name} stopped`);
      process.exitCode = 0;
    } catch (error) {
      log.error({ err: error }, `${name} failed to stop cleanly`);
      process.exitCode = 1;
    }
    // Stopped: a handle a library left open (a timer, a keep-alive socket) must not keep the
    // process alive after it said so.
    setTimeout(() => process.exit(), 200).unref();
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
    process.once(signal, (received) => void shutdown(received));
  onParentExit(() => void shutdown("parent exited"));
  try {
    stop = await start();
    log.info(`${name} started`);
  } catch (error) {
    if (error instanceof DependencyError) {
      process.stderr.write(`${name}: ${error.message}\n`);
    } else {
      process.stderr.write(
        `${name}: failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      log.debug({ err: error }, "start failure");
    }
    process.exit(1);
  }
}

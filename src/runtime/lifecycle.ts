import type { Logger } from "../log.js";
import { DependencyError } from "./dependencies.js";

/**
 * Runs a process: start() acquires its dependencies and returns how to stop; SIGINT/SIGTERM
 * stop gracefully (finish the job in hand, close pools). A dependency that cannot be reached
 * at start ends the process with exit code 1 and one clear line.
 */
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
    const force = setTimeout(() => {
      log.error(`${name} did not stop within 30 s; exiting`);
      process.exit(1);
    }, 30_000);
    force.unref();
    try {
      await stop?.();
      log.info(`${name} stopped`);
      process.exitCode = 0;
    } catch (error) {
      log.error({ err: error }, `${name} failed to stop cleanly`);
      process.exitCode = 1;
    }
  };
  process.once("SIGINT", (signal) => void shutdown(signal));
  process.once("SIGTERM", (signal) => void shutdown(signal));
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

/**
 * A command-line tool whose reader goes away (`… | head`) stops quietly with the exit code it
 * would have had, instead of dying on an unhandled EPIPE with a stack trace.
 */
export function quietOnClosedPipe(): void {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

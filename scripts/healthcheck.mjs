/* global process, fetch, AbortSignal */
// The container health check: `node scripts/healthcheck.mjs bot|worker` asks the process's own
// /readyz (port from BOT_HTTP_PORT / WORKER_HTTP_PORT, defaults 9101 / 9102) and exits 0 when
// it is ready, 1 otherwise. Plain JavaScript, so it starts fast and needs no curl in the image.
const defaults = { bot: ["BOT_HTTP_PORT", 9101], worker: ["WORKER_HTTP_PORT", 9102] };
const which = process.argv[2];
if (!Object.hasOwn(defaults, which)) {
  process.stderr.write("usage: node scripts/healthcheck.mjs bot|worker\n");
  process.exit(2);
}
const [variable, fallback] = defaults[which];
const port = process.env[variable]?.trim() || String(fallback);
try {
  const response = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(4_000) });
  const body = await response.text();
  process.stdout.write(`${which} ${response.status} ${body}\n`);
  process.exit(response.ok ? 0 : 1);
} catch (error) {
  process.stdout.write(`${which} unreachable on port ${port}: ${error.cause?.code ?? error.message}\n`);
  process.exit(1);
}

/**
 * The V8 flags the bot process runs with, wherever it is started: `npm run bot`, `npm start`, the
 * Dockerfile and docker-compose.yml, and the child processes of the tests and benchmarks
 * (test/deploy/docker.test.ts holds them to this list).
 *
 * The gateway process keeps ~48 MB alive with a hundred running games, yet V8's defaults let its
 * heap stand at twice that: a young generation of two 16 MB semi-spaces, and an old generation
 * that grows by an adaptive factor (up to 4×) before its next full collection. Two 8 MB
 * semi-spaces and growth by 20% keep the peak RSS at 146–149 MB instead of 171–180 (bench/README.md,
 * `memory_mb.bot_100_games`) for about 5% more CPU in the bot: its garbage is short-lived
 * (interactions, gateway events), so smaller spaces cost little scavenging.
 * The worker keeps V8's defaults: it works in large batches (a thousand resolutions at once)
 * where the bigger young generation pays, and stays well inside its own budget.
 */
export const BOT_NODE_FLAGS = ["--max-semi-space-size=8", "--heap-growing-percent=20"] as const;

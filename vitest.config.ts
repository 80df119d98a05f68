import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Most test files wait on Discord's emulated rate limits and on child processes, not on the
    // CPU: four at once keep a 2-core machine busy without starving any (the suite runs in about
    // 10 minutes instead of 35 with the default of one fork per spare core).
    maxWorkers: 4,
    // Creates the database TEST_DATABASE_URL names when the server lacks it.
    globalSetup: ["test/support/global-setup.ts"],
  },
});

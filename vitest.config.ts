import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Creates the database TEST_DATABASE_URL names when the server lacks it.
    globalSetup: ["test/support/global-setup.ts"],
  },
});

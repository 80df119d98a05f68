// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";

// The engine and the rulesets are pure: no I/O library, no wall clock, no ambient randomness.
const impureModules = [
  "discord.js",
  "@discordjs/*",
  "drizzle-orm",
  "drizzle-orm/*",
  "pg",
  "bullmq",
  "ioredis",
  "ws",
  "node:*",
  "fs",
  "net",
  "http",
  "pino",
];

export default tseslint.config(
  { ignores: ["node_modules/**", "drizzle/**", "dist/**", "coverage/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    rules: {
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": "off",
    },
  },
  {
    // The game layers sit below the Discord adapter: src/discord/ builds on them, never the reverse.
    files: [
      "src/games/**/*.ts",
      "src/render/**/*.ts",
      "src/jobs/**/*.ts",
      "src/db/**/*.ts",
      "src/i18n/**/*.ts",
    ],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/discord/**", "@discordjs/*"],
              message:
                "games/, render/, jobs/, db/ and i18n/ do not depend on the Discord adapter (src/discord/).",
            },
          ],
        },
      ],
    },
  },
  {
    // drizzle's pooled transaction leaks its connection when BEGIN fails (see inTransaction).
    files: ["src/**/*.ts", "test/**/*.ts", "bench/**/*.ts", "scripts/**/*.ts"],
    ignores: ["src/db/client.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message:
            "Use inTransaction(db, work) from src/db/client.ts: it gives the connection back on every failure.",
        },
      ],
    },
  },
  {
    files: ["src/engine/**/*.ts", "src/rulesets/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: impureModules.map((group) => ({
            group: [group],
            message: "engine/ and rulesets/ are pure: no I/O.",
          })),
        },
      ],
      "no-restricted-properties": [
        "error",
        { object: "Date", property: "now", message: "Time comes in as data." },
        { object: "Math", property: "random", message: "Use the seeded PRNG in the game state." },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Time comes in as data.",
        },
      ],
    },
  },
);

import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? "");
}

describe("the engine and the rulesets are pure (lint)", () => {
  it("refuses the wall clock and ambient randomness under src/engine and src/rulesets", async () => {
    for (const file of ["src/engine/probe.ts", "src/rulesets/classic/probe.ts"]) {
      expect(await ruleIds("export const t = Date.now();\n", file)).toContain("no-restricted-properties");
      expect(await ruleIds("export const r = Math.random();\n", file)).toContain("no-restricted-properties");
      expect(await ruleIds("export const d = new Date();\n", file)).toContain("no-restricted-syntax");
    }
  });

  it("refuses I/O libraries under src/engine and src/rulesets", async () => {
    for (const lib of ["discord.js", "drizzle-orm", "bullmq", "ioredis", "pg", "node:fs"]) {
      const code = `import * as x from "${lib}";\nexport const y = x;\n`;
      expect(await ruleIds(code, "src/engine/probe.ts"), lib).toContain("no-restricted-imports");
    }
  });

  it("allows them elsewhere", async () => {
    expect(await ruleIds("export const t = Date.now();\n", "src/worker/probe.ts")).toEqual([]);
  });
});

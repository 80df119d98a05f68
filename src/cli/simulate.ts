import { readFileSync } from "node:fs";
import { simulate } from "../engine/simulate.js";
import { getRuleset } from "../rulesets/index.js";
import { parseFlags, runCli } from "./args.js";
import { quietOnClosedPipe } from "./stdout.js";

const USAGE = `usage: npm run -s simulate -- <file.json>

Plays a scenario file (docs/scenarios.md) through the pure rules engine and prints one JSON
document on stdout: the phases and the final state. A scenario case of test/fixtures/scenarios
({name, rule, scenario, expect}) plays its "scenario". Exit 0; 2 on a malformed file or bad usage.`;

/** A scenario case (`{name, rule, scenario, expect}`, test/fixtures/scenarios) plays its scenario. */
function scenarioOf(raw: unknown): unknown {
  if (raw !== null && typeof raw === "object" && !Array.isArray(raw)) {
    const record = raw as Record<string, unknown>;
    if (!("ruleset" in record) && "scenario" in record && "expect" in record) return record["scenario"];
  }
  return raw;
}

/** `npm run -s simulate -- file.json`: one JSON document on stdout; exit 2 on a malformed file. */
function main(argv: string[]): number {
  const { positionals } = parseFlags(argv, {}, { min: 1, max: 1, name: "one scenario file" });
  const file = positionals[0] ?? "";
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: `file: ${(error as Error).message}` })}\n`);
    return 2;
  }
  const result = simulate(scenarioOf(raw), getRuleset);
  if (!result.ok) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: result.error })}\n`);
    return 2;
  }
  process.stdout.write(`${JSON.stringify(result.output, null, 2)}\n`);
  return 0;
}

quietOnClosedPipe();
await runCli("simulate", USAGE, main);

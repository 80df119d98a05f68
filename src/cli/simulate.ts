import { readFileSync } from "node:fs";
import { simulate } from "../engine/simulate.js";
import { getRuleset } from "../rulesets/index.js";
import { quietOnClosedPipe } from "./stdout.js";

/** `npm run -s simulate -- file.json`: one JSON document on stdout; exit 2 on a malformed file. */
function main(): number {
  const file = process.argv[2];
  if (!file) {
    process.stdout.write(
      `${JSON.stringify({ ok: false, error: "usage: npm run -s simulate -- file.json" })}\n`,
    );
    return 2;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: `file: ${(error as Error).message}` })}\n`);
    return 2;
  }
  const result = simulate(raw, getRuleset);
  if (!result.ok) {
    process.stdout.write(`${JSON.stringify({ ok: false, error: result.error })}\n`);
    return 2;
  }
  process.stdout.write(`${JSON.stringify(result.output, null, 2)}\n`);
  return 0;
}

quietOnClosedPipe();
process.exitCode = main();

import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { verifyGameLog } from "../games/verify.js";
import { quietOnClosedPipe } from "./stdout.js";

const USAGE =
  "usage: npm run -s verify -- game-log.json --secret <32 hex digits>   (or --seed <n> for a public seed)";

/**
 * `npm run -s verify -- game-log.json --secret <hex>`: replays a finished game from the log the
 * reveal attached and the secret it published (docs/fairness.md). Exit 0: the game is honest;
 * 1: it is not (the reason is printed); 2: bad usage or an unreadable file.
 */
function main(): number {
  let args: ReturnType<typeof parse>;
  try {
    args = parse();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const file = args.positionals[0];
  const seedText = args.values.seed;
  const seed = seedText === undefined ? undefined : Number(seedText);
  if (!file || args.positionals.length > 1 || (seed !== undefined && !Number.isInteger(seed))) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    process.stderr.write(`cannot read ${file}: ${(error as Error).message}\n`);
    return 2;
  }
  const verdict = verifyGameLog(raw, {
    ...(args.values.secret !== undefined ? { secret: args.values.secret } : {}),
    ...(seed !== undefined ? { seed } : {}),
  });
  const s = verdict.summary;
  if (!verdict.ok) {
    process.stdout.write(`NOT VERIFIED: ${verdict.reason}\n`);
    return 1;
  }
  const source =
    s.commitment !== null
      ? `the secret matches the commitment ${s.commitment} (compare it with the one the newspaper published at the start)`
      : `the game was dealt from the public seed ${String(s.seed)}`;
  process.stdout.write(
    [
      `VERIFIED: an honest ${s.ruleset} game.`,
      `  ${source};`,
      `  the deal of ${s.seats} seats is the one this seed gives;`,
      `  ${s.inputs} inputs replay as logged (${s.accepted} accepted, ${s.refused} refused), and the ${s.phases} phase reports are exactly the published ones;`,
      `  winners: ${s.winners.length > 0 ? s.winners.join(", ") : "nobody"}.`,
      "",
    ].join("\n"),
  );
  return 0;
}

function parse() {
  return parseArgs({
    allowPositionals: true,
    options: { secret: { type: "string" }, seed: { type: "string" } },
  });
}

quietOnClosedPipe();
process.exitCode = main();

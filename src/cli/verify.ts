import { readFileSync } from "node:fs";
import { verifyGameLog } from "../games/verify.js";
import { integerFlag, parseFlags, runCli, UsageError } from "./args.js";
import { quietOnClosedPipe } from "./stdout.js";

const USAGE = `usage: npm run -s verify -- <game-log.json> --secret <32 hex digits> --digest <sha256>
       npm run -s verify -- <game-log.json> --seed <n> --digest <sha256>   (a game dealt from a public seed: the sandbox)

Replays a finished game from the game-log.json its reveal attached (docs/fairness.md).
Exit 0: VERIFIED; 1: NOT VERIFIED (the first difference is printed); 2: bad usage or an unreadable file.`;

/**
 * `npm run -s verify -- game-log.json --secret <hex>`: replays a finished game from the log the
 * reveal attached and the secret it published (docs/fairness.md). Exit 0: the game is honest;
 * 1: it is not (the reason is printed); 2: bad usage or an unreadable file.
 */
function main(argv: string[]): number {
  const args = parseFlags(
    argv,
    { secret: { type: "string" }, seed: { type: "string" }, digest: { type: "string" } },
    { min: 1, max: 1, name: "one game-log.json" },
  );
  const file = args.positionals[0] ?? "";
  const secret = args.values["secret"] as string | undefined;
  const seedText = args.values["seed"] as string | undefined;
  const seed = seedText === undefined ? undefined : integerFlag("--seed", seedText, 0);
  if (secret === undefined && seed === undefined)
    throw new UsageError("expects --secret <hex> or --seed <n>");
  const digest = args.values["digest"] as string | undefined;
  if (digest === undefined) {
    process.stderr.write(
      `expects --digest <sha256>: the reveal message gives it with the whole command\n${USAGE}\n`,
    );
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
    ...(secret !== undefined ? { secret } : {}),
    ...(seed !== undefined ? { seed } : {}),
    digest,
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
  const from = s.commitment !== null ? "the secret" : "the public seed";
  const free = s.seats - s.assigned.length;
  const deal =
    s.assigned.length === 0
      ? `the deal of ${s.seats} seats is the one ${from} gives`
      : free === 0
        ? `all ${s.seats} seats were assigned by the GM (/game assign): none was dealt from ${from}`
        : `${s.assigned.length} ${s.assigned.length === 1 ? "seat was" : "seats were"} assigned by the GM (/game assign: ${s.assigned.join(", ")}); the other ${free} dealt from ${from}`;
  process.stdout.write(
    [
      `VERIFIED: an honest ${s.ruleset} game.`,
      `  ${source};`,
      `  ${deal};`,
      `  ${s.inputs} inputs replay as logged (${s.accepted} accepted, ${s.refused} refused), and the ${s.phases} phase reports are exactly the published ones;`,
      `  every name, label, text and the final table are what this replay exports, and the file is the log the reveal published (SHA-256 of its canonical JSON: ${s.digest});`,
      `  winners: ${s.winners.length > 0 ? s.winners.join(", ") : "nobody"}.`,
      "",
    ].join("\n"),
  );
  return 0;
}

quietOnClosedPipe();
await runCli("verify", USAGE, main);

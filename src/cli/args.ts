import { parseArgs } from "node:util";

/**
 * The command-line contract every CLI of the project keeps (`npm start`, `npm run bot`, `worker`,
 * `emulator`, `simulate`, `verify`, `bench`, `db:migrate`): `--help` (or `-h`) prints the usage on
 * stdout and exits 0; an unknown flag, a missing or malformed value, a bad port or a bad number is
 * refused with ONE line on stderr naming the command and what was wrong, and exit code 2.
 */

export class UsageError extends Error {}

export const USAGE_EXIT = 2;

export interface FlagSpec {
  type: "string" | "boolean";
  multiple?: boolean;
  short?: string;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  positionals: string[];
}

/** True when argv asks for the usage (before `--`, anywhere). */
export function wantsHelp(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === "--") return false;
    if (arg === "--help" || arg === "-h") return true;
  }
  return false;
}

/** Node's parseArgs, strict, with its errors turned into one-line UsageErrors. */
export function parseFlags(
  argv: readonly string[],
  flags: Record<string, FlagSpec>,
  positionals: { min?: number; max?: number; name?: string } = { max: 0 },
): ParsedArgs {
  let parsed: ParsedArgs;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { ...flags, help: { type: "boolean", short: "h" } },
      allowPositionals: (positionals.max ?? 0) > 0,
      strict: true,
    }) as ParsedArgs;
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = (error as Error).message;
    const flag = /'(-{1,2}[^' ]+)/.exec(message)?.[1];
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw new UsageError(`unknown flag ${flag ?? ""}`.trim());
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE")
      throw new UsageError(
        /argument missing/.test(message)
          ? `${flag ?? "a flag"} expects a value`
          : /ambiguous/.test(message)
            ? `${flag ?? "a flag"} expects a value (one that starts with "-" is written ${flag ?? "--flag"}=…)`
            : `${flag ?? "a flag"} takes no value`,
      );
    if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL")
      throw new UsageError(`unexpected argument ${/'([^']+)'/.exec(message)?.[1] ?? ""}`.trim());
    throw new UsageError(message.split("\n")[0] ?? message);
  }
  const count = parsed.positionals.length;
  const what = positionals.name ?? "argument";
  if (positionals.min !== undefined && count < positionals.min) throw new UsageError(`expects ${what}`);
  if (positionals.max !== undefined && count > positionals.max)
    throw new UsageError(
      positionals.max === 0
        ? `unexpected argument ${parsed.positionals[0] ?? ""}`
        : `expects at most ${positionals.max} ${what}, got ${count}`,
    );
  return parsed;
}

/** An integer flag within [min, max]. */
export function integerFlag(
  flag: string,
  value: string | undefined,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const n = value === undefined || value.trim() === "" ? Number.NaN : Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(
      `${flag} expects an integer ${max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`}, got ${value ?? "nothing"}`,
    );
  return n;
}

/** A TCP port to listen on: 0 (any free port) to 65535. */
export function portFlag(flag: string, value: string | undefined): number {
  const n = value === undefined || value.trim() === "" ? Number.NaN : Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65_535)
    throw new UsageError(
      `${flag} expects a TCP port from 0 (any free port) to 65535, got ${value ?? "nothing"}`,
    );
  return n;
}

/**
 * Runs a CLI's main under the contract above: `--help` prints `usage` and exits 0; a UsageError
 * prints `<command>: <reason> (--help shows the usage)` and exits 2.
 */
export async function runCli(
  command: string,
  usage: string,
  main: (argv: string[]) => number | void | Promise<number | void>,
  argv: string[] = process.argv.slice(2),
): Promise<void> {
  if (wantsHelp(argv)) {
    process.stdout.write(`${usage.trimEnd()}\n`);
    process.exit(0);
  }
  try {
    const code = await main(argv);
    if (typeof code === "number") process.exitCode = code;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${command}: ${error.message} (--help shows the usage)\n`);
    process.exit(USAGE_EXIT);
  }
}

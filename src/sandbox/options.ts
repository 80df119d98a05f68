import { tableMinimum } from "../games/table.js";
import { rulesets } from "../rulesets/index.js";
import type { Lang } from "../engine/types.js";

/** The sandbox's flags (`npm start -- --ruleset mayor --seed 3`). */
export interface SandboxOptions {
  ruleset: string;
  seeds: number[];
  players: number;
  /** Milliseconds per phase (games.phaseDurationMs). */
  speedMs: number;
  /** Phases after which the sandbox GM ends a game that has not ended by itself. */
  maxPhases: number;
  lang: Lang;
  /** Print every private result (role cards, checks, receipts), not only a count. */
  verbose: boolean;
  /**
   * The community's journey (docs/community.md): each game opens timed sign-ups, the members
   * join by the post's button (one more than the table, so one lands on the bench), the close
   * starts it; at the end the archive's address and `/stats`, and the console serves the archive
   * until the sandbox is stopped.
   */
  signups: boolean;
  /** Where each game's game-log.json (and its secret, when not dealt from a public seed) is saved; default a new folder under the system's temp. */
  outDir?: string;
}

/** The demo table per ruleset (the forum's usual size). */
export const DEFAULT_PLAYERS: Record<string, number> = {
  classic: 24,
  clans: 12,
  mayor: 12,
  reichstag: 7,
  regnum: 12,
};

/** regnum ends only by the GM's `end_game` (rules §9): the sandbox GM calls it after this many phases. */
export const GM_ENDS_AFTER: Record<string, number> = { regnum: 8 };

/** The deadline of every phase; the GM closes a phase sooner once every player has acted. */
export const DEFAULT_SPEED_MS = 60_000;
export const DEFAULT_MAX_PHASES = 120;

export const USAGE = `usage: npm start -- [--ruleset ${Object.keys(DEFAULT_PLAYERS).join("|")}] [--seed N]... [--players N] [--speed MS] [--max-phases N] [--lang en|ru] [--out DIR] [--signups] [--verbose]

Without DISCORD_TOKEN: the sandbox, a whole game against a local Discord emulator, played by
simulated players (docs/getting-started.md). With DISCORD_TOKEN: the bot and the worker.
  --ruleset ID      the ruleset (default classic)
  --seed N          the game's seed, 0 or more (default 1); repeat it for more games
  --players N       the table (default: the ruleset's usual, within its limits)
  --speed MS        every phase's deadline in ms, at least 100 (default ${DEFAULT_SPEED_MS})
  --max-phases N    the GM ends a game still running after N phases (default ${DEFAULT_MAX_PHASES})
  --lang en|ru      the demo's language (default en)
  --out DIR         where game-log.json is saved (default: a new folder under the system's temp)
  --signups         timed sign-ups first: the players press Join on the sign-up post, one more
                    lands on the bench, the close starts the game; at the end the archive's
                    address and /stats, the archive served until Ctrl+C (docs/community.md)
  --verbose         every vote, post and receipt, private threads, secret chats and the GM room`;

export class UsageError extends Error {}

function integer(flag: string, value: string | undefined, min: number): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < min)
    throw new UsageError(`${flag} expects an integer ≥ ${min}, got ${value ?? "nothing"}`);
  return n;
}

export function parseSandboxArgs(argv: readonly string[]): SandboxOptions {
  let ruleset = "classic";
  const seeds: number[] = [];
  let players: number | undefined;
  let speedMs = DEFAULT_SPEED_MS;
  let maxPhases = DEFAULT_MAX_PHASES;
  let lang: Lang = "en";
  let verbose = false;
  let signups = false;
  let outDir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    const [flag, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg, undefined];
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case "--ruleset": {
        const id = value();
        if (!id || !Object.hasOwn(rulesets, id))
          throw new UsageError(
            `--ruleset expects one of ${Object.keys(rulesets).sort().join(", ")}, got ${id ?? "nothing"}`,
          );
        ruleset = id;
        break;
      }
      case "--seed":
        seeds.push(integer("--seed", value(), 0));
        break;
      case "--players":
        players = integer("--players", value(), 1);
        break;
      case "--speed":
        speedMs = integer("--speed", value(), 100);
        break;
      case "--max-phases":
        maxPhases = integer("--max-phases", value(), 1);
        break;
      case "--lang": {
        const l = value();
        if (l !== "en" && l !== "ru") throw new UsageError(`--lang expects en or ru, got ${l ?? "nothing"}`);
        lang = l;
        break;
      }
      case "--verbose":
        verbose = true;
        break;
      case "--signups":
        signups = true;
        break;
      case "--out": {
        const dir = value();
        if (!dir || dir.startsWith("--"))
          throw new UsageError(`--out expects a folder, got ${dir ?? "nothing"}`);
        outDir = dir;
        break;
      }
      case "--help":
      case "-h":
        throw new UsageError(USAGE);
      default:
        throw new UsageError(`unknown argument ${arg} (npm start -- --help lists the flags)`);
    }
  }
  const definition = rulesets[ruleset];
  const table = players ?? DEFAULT_PLAYERS[ruleset] ?? 12;
  // The sandbox's players join and the bot deals: the table minimum of a dealt game applies.
  const min = definition ? tableMinimum(definition, false) : 0;
  if (definition && (table < min || table > definition.players.max))
    throw new UsageError(
      `--players: ${ruleset} is played by ${min}–${definition.players.max} players, not ${table}`,
    );
  return {
    ruleset,
    seeds: seeds.length > 0 ? seeds : [1],
    players: table,
    speedMs,
    maxPhases,
    lang,
    verbose,
    signups,
    ...(outDir !== undefined ? { outDir } : {}),
  };
}

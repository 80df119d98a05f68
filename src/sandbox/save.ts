import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { isAbsolute, join, relative, resolve } from "node:path";
import type { Db } from "../db/client.js";
import { secretOf } from "../games/fairness.js";
import { gameLogFiles } from "../games/game-log.js";
import { readGame } from "../games/reads.js";
import { logDigest } from "../games/verify.js";

/**
 * What the sandbox keeps of a finished game: the files the reveal attaches (`game-log.json`,
 * `game-log.txt`) and, for a game dealt from a secret, `secret.txt`, in a folder it names; and
 * the verify command that checks them, exactly as it runs from the folder `npm start` ran in.
 */
export interface SavedGame {
  dir: string;
  log: string;
  secret: string | null;
  command: string;
}

/** The folder the sandbox saves into: `--out` (created when missing), or a new one under the system's temp. */
export async function outputFolder(outDir: string | undefined): Promise<string> {
  if (outDir !== undefined) {
    const dir = resolve(outDir);
    await mkdir(dir, { recursive: true });
    return dir;
  }
  return mkdtemp(join(tmpdir(), "gm-sandbox-"));
}

/** A path as the user types it from `cwd`: relative when inside it, else absolute; quoted when it must be. */
export function shellPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path);
  const shown = rel !== "" && !rel.startsWith("..") && !isAbsolute(rel) ? rel : path;
  return /^[\w./@%+=:,-]+$/.test(shown) ? shown : `'${shown.replace(/'/g, `'\\''`)}'`;
}

/** Writes a finished game's log (and its secret) into `dir` and returns the command that verifies it. */
export async function saveGame(db: Db, gameId: string, dir: string): Promise<SavedGame> {
  await mkdir(dir, { recursive: true });
  const files = await gameLogFiles(db, gameId);
  for (const file of files) await writeFile(join(dir, file.name), file.data);
  const log = join(dir, "game-log.json");
  const game = await readGame(db, gameId);
  const secret = game.seed === null ? await secretOf(db, gameId) : null;
  if (secret !== null) await writeFile(join(dir, "secret.txt"), `${secret}\n`);
  const logFile = files.find((f) => f.name === "game-log.json");
  const digest = logFile ? logDigest(JSON.parse(logFile.data.toString("utf8"))) : "";
  const check = `${secret !== null ? `--secret ${secret}` : `--seed ${String(game.seed)}`} --digest ${digest}`;
  return { dir, log, secret, command: `npm run -s verify -- ${shellPath(log)} ${check}` };
}

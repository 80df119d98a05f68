import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { phaseReport, resolutions } from "../db/schema/index.js";
import { namesOf } from "../render/names.js";
import { revealFiles, type RevealFile } from "../render/reveal.js";
import { gameRecord } from "./fairness.js";
import { languageOf, readGame, seatsOf, stateOf } from "./reads.js";
import { rulesetOrThrow } from "./state.js";
import { seatGenders } from "./render.js";

/**
 * The game's log as files (`game-log.json`, `game-log.txt`) in the server's language: what the
 * end-of-game reveal attaches, and what the GM console exports at any time (for its GMs only).
 */
export async function gameLogFiles(db: Db, gameId: string): Promise<RevealFile[]> {
  const game = await readGame(db, gameId);
  const ruleset = rulesetOrThrow(game.ruleset);
  const lang = await languageOf(db, game.guildId);
  const state = await stateOf(db, gameId);
  const seats = await seatsOf(db, gameId);
  const names = namesOf(seats);
  const reports = await db
    .select({ report: resolutions.report })
    .from(resolutions)
    .where(and(eq(resolutions.gameId, gameId), eq(resolutions.status, "published")))
    .orderBy(asc(resolutions.phaseIndex));
  const record = await gameRecord(db, game);
  return revealFiles(
    ruleset,
    state,
    reports.map((r) => phaseReport.parse(r.report)),
    names,
    lang,
    record,
    seatGenders(seats),
  );
}

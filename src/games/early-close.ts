import type { Db } from "../db/client.js";
import { GameService, type Clock, type Committed, type DeadlineRow } from "./service.js";

/**
 * After an accepted input: when the ruleset says the open phase needs nothing more
 * (`closesEarly` — reichstag's decided steps and unanimous elections, clans' complete night),
 * its resolve deadline moves to now and the worker resolves it at once. Returns the deadline
 * rows to enqueue (none when nothing changed).
 */
export function closeEarlyIfComplete(
  db: Db,
  clock: Clock,
  gameId: string,
): Promise<Committed<DeadlineRow | null>> {
  return new GameService(db, clock).closeEarly(gameId);
}

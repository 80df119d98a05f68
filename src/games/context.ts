import type { Db } from "../db/client.js";

/**
 * What every use case of a game runs with: the database, the clock, and who acts. The modules
 * of the application layer (lobby.ts, play.ts, deadlines.ts, phases.ts, review.ts, timers.ts,
 * gm-actions.ts) take it as their first argument; GameService (service.ts) is one of them per
 * interaction or per worker.
 */

export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/**
 * Who acts through a service built for one interaction. A member the server trusts as a GM (its
 * GM role, or the Manage Server permission: the Discord layer decides) is a GM of every game of
 * that server without being listed in `game_masters`; the name goes into the log beside the id.
 */
export interface Actor {
  guildId: string;
  userId: string;
  /** The member's shown name when acting, for the log. */
  name: string;
  /** The server's GM role or Manage Server: may act as a GM of every game on the server. */
  serverGm: boolean;
}

export interface GameContext {
  readonly db: Db;
  readonly clock: Clock;
  /** The member acting (one interaction); null for the worker. */
  readonly actor: Actor | null;
}

export function gameContext(db: Db, clock: Clock = systemClock, actor: Actor | null = null): GameContext {
  return { db, clock, actor };
}

import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { z } from "zod";
import { games } from "./games.js";

/**
 * What a finished game ended as, written once after its end (src/games/records.ts) so that the
 * server's records read rows instead of replaying games: who won, how long it ran. `played`
 * is false for a game ended from its lobby or by a GM before its rules decided it (no seat has a
 * result). A running game has no row.
 */
export const gameResults = pgTable(
  "game_results",
  {
    gameId: uuid("game_id")
      .primaryKey()
      .references(() => games.id, { onDelete: "cascade" }),
    guildId: text("guild_id").notNull(),
    ruleset: text("ruleset").notNull(),
    played: boolean("played").notNull(),
    /** The winning sides (the engine's `winners`, faction ids); empty: nobody won. */
    winners: jsonb("winners").$type<string[]>().notNull().default([]),
    /** Phases resolved until the end. */
    phases: integer("phases").notNull().default(0),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("game_results_guild_idx").on(t.guildId, t.endedAt)],
);

/** The `game_results.winners` column. */
export const resultWinners = z.array(z.string());

/**
 * Each seat of a finished game as it ended: the account that played it to the end, its role and
 * side (at the end: a recruit's new clan counts), whether that side won and the seat lived, and
 * whether the account came in as a substitute (`/gm replace`).
 */
export const seatResults = pgTable(
  "seat_results",
  {
    gameId: uuid("game_id")
      .notNull()
      .references(() => gameResults.gameId, { onDelete: "cascade" }),
    seatId: text("seat_id").notNull(),
    userId: text("user_id").notNull(),
    role: text("role").notNull(),
    faction: text("faction").notNull(),
    won: boolean("won").notNull(),
    survived: boolean("survived").notNull(),
    substitute: boolean("substitute").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seatId] }), index("seat_results_user_idx").on(t.userId)],
);

/** A member who hides his record on a server (`/stats hide`); no row: the record is public. */
export const hiddenRecords = pgTable(
  "hidden_records",
  {
    guildId: text("guild_id").notNull(),
    userId: text("user_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.userId] })],
);

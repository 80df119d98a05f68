import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

export const gameStatuses = ["lobby", "running", "paused", "ended"] as const;

/**
 * A game: its ruleset, options and seed (the engine's whole setup), its lifecycle status and
 * an optimistic `version` bumped by every state change.
 */
export const games = pgTable(
  "games",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    guildId: text("guild_id").notNull(),
    name: text("name").notNull(),
    ruleset: text("ruleset").notNull(),
    options: jsonb("options").notNull().default({}),
    seed: bigint("seed", { mode: "number" }).notNull(),
    status: text("status", { enum: gameStatuses }).notNull().default("lobby"),
    /** auto: results publish at once; review: drafted for the GMs first. */
    publishMode: text("publish_mode", { enum: ["auto", "review"] })
      .notNull()
      .default("auto"),
    timezone: text("timezone").notNull().default("Europe/Moscow"),
    /** When set, every phase lasts this long instead of the ruleset's schedule (sandbox, GM-set). */
    phaseDurationMs: integer("phase_duration_ms"),
    /** Minutes before each deadline at which reminders go out. */
    reminders: jsonb("reminders").$type<number[]>().notNull().default([60, 10]),
    createdBy: text("created_by").notNull(),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("games_guild_idx").on(t.guildId, t.status)],
);

/** The GMs of a game (the creator and any co-GMs). */
export const gameMasters = pgTable(
  "game_masters",
  {
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] })],
);

/**
 * Engine state snapshots: the state after applying the input log up to `inputSeq`.
 * The state is always reproducible as setup + replay; snapshots only make loading fast.
 */
export const gameSnapshots = pgTable(
  "game_snapshots",
  {
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    inputSeq: integer("input_seq").notNull(),
    state: jsonb("state").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.inputSeq] })],
);

import { sql } from "drizzle-orm";
import {
  bigint,
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

export const gameStatuses = ["lobby", "running", "paused", "ended"] as const;

/**
 * A game: its ruleset, options and seed (the engine's whole setup), its lifecycle status and
 * an optimistic `version` bumped by every state change. `seed` is set only for games created
 * with a public integer seed (the sandbox, tests); every other game draws a secret
 * (`game_secrets`, docs/fairness.md).
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
    /** A public integer seed, or null: the game's randomness is its row in `game_secrets`. */
    seed: bigint("seed", { mode: "number" }),
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
    /** False: the GM marked the game unranked (`/game create ranked:false`); no record counts it. */
    ranked: boolean("ranked").notNull().default(true),
    /**
     * True: the public archive of the game names the account behind each mask (the GM's choice at
     * `/game create archive_accounts:True`, known to players before they join); false: masks only.
     */
    archiveAccounts: boolean("archive_accounts").notNull().default(false),
    /**
     * The GM's largest table (`/game create max_players`); members who join beyond it go on the
     * game's bench of substitutes (`substitutes`). Null: the rules' maximum, no bench.
     */
    maxPlayers: integer("max_players"),
    /**
     * Timed sign-ups (`/game create signup_until`, docs/community.md): when they close (the
     * `signup_close` deadline starts the game then), the table's minimum the GM asked for, and the
     * channel of the public sign-up post. Null: no timed sign-ups.
     */
    signupUntil: timestamp("signup_until", { withTimezone: true }),
    minPlayers: integer("min_players"),
    signupChannelId: text("signup_channel_id"),
    /**
     * The public archive's address of the game once it has ended (`/archive/<token>`): 244 random
     * bits, unguessable, drawn by Postgres for every game (docs/community.md).
     */
    archiveToken: text("archive_token")
      .notNull()
      .unique("games_archive_token_uq")
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    version: integer("version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("games_guild_idx").on(t.guildId, t.status)],
);

/**
 * A game's secret: 16 bytes from node:crypto (32 hex digits), drawn at creation and used as the
 * PRNG's whole state. Its own table so that it never travels with the game row; read only to
 * start the game, to deal masks and, after the end, to publish it (docs/fairness.md).
 */
export const gameSecrets = pgTable("game_secrets", {
  gameId: uuid("game_id")
    .primaryKey()
    .references(() => games.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
});

/** The GMs of a game (the creator and any co-GMs). */
export const gameMasters = pgTable(
  "game_masters",
  {
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
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

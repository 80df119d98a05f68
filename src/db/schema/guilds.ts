import { sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Per-server settings: language of everything the bot says, the GM role, the default zone. */
export const guildSettings = pgTable("guild_settings", {
  guildId: text("guild_id").primaryKey(),
  language: text("language", { enum: ["ru", "en"] })
    .notNull()
    .default("ru"),
  gmRoleId: text("gm_role_id"),
  /** The server's zone for new games (`/settings timezone`); null: DEFAULT_TIMEZONE. */
  timezone: text("timezone"),
  /** How many games may run (started, not over) on the server at once: each builds ~20 chats. */
  maxRunningGames: integer("max_running_games").notNull().default(5),
  /**
   * The public listing of the server's archives (`/settings public_archives`, docs/community.md):
   * off (the default: nothing lists them), its ranked finished games, or all its finished games.
   */
  archiveList: text("archive_list", { enum: ["off", "ranked", "all"] })
    .notNull()
    .default("off"),
  /**
   * The listing's address, `/archives/<token>`: 244 random bits drawn by Postgres for every
   * server, unguessable like a game's archive token; it serves a page only while the listing is on.
   */
  archiveListToken: text("archive_list_token")
    .notNull()
    .unique("guild_settings_archive_list_token_uq")
    .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

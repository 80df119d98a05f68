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
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

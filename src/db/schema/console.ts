import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { games } from "./games.js";

/**
 * The GM web console's credentials (src/console/auth.ts), stored only as SHA-256 hashes: a
 * `link` is the one-time token of a `/gm console` link (minutes), a `session` the cookie it is
 * exchanged for (hours). Both are bound to one GM's Discord account and one game; every request
 * checks again that the account is still a GM of the game.
 */
export const consoleTokens = pgTable(
  "console_tokens",
  {
    hash: text("hash").primaryKey(),
    kind: text("kind", { enum: ["link", "session"] }).notNull(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** When a link was exchanged for a session: a link is good once. */
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("console_tokens_game_idx").on(t.gameId, t.kind)],
);

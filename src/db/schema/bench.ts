import { pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { games } from "./games.js";

/**
 * A game's bench: members who joined a full table (`games.max_players`), in the order they came,
 * with the name they joined with. `/gm replace` without `with` seats the first (docs/community.md).
 */
export const substitutes = pgTable(
  "substitutes",
  {
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    displayName: text("display_name").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] })],
);

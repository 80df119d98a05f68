import { bigserial, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { games } from "./games.js";

/**
 * What players wrote in a game's public chats (the layout's `public` chats: the town square, the
 * votes, …), kept for the public archive of the finished game (docs/community.md): one row per
 * Discord message, its last text (edits replace it), and when it was deleted (by its author, a GM
 * or the bot). Never a secret chat, a player's own thread or the GM room; a masked game's speech
 * is the relay's `mask_relays` rows instead.
 */
export const publicPosts = pgTable(
  "public_posts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    chatKey: text("chat_key").notNull(),
    messageId: text("message_id").notNull(),
    seatId: text("seat_id").notNull(),
    /** The phase the post was written in (`day 1`), as the phase reports name it. */
    phase: text("phase").notNull(),
    content: text("content").notNull(),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    unique("public_posts_message_uq").on(t.messageId),
    index("public_posts_game_idx").on(t.gameId, t.id),
  ],
);

import { index, integer, jsonb, pgTable, serial, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { jsonObject } from "../../engine/json.js";
import { games } from "./games.js";

/** The `players.setup` column: the GM's setup of a seat, JSON by key (`role` and the ruleset's keys). */
export const playerSetup = jsonObject;

/**
 * A seat of a game and the Discord account currently playing it. The seat id is the engine's
 * player id for the whole game; a replacement changes `userId` and is recorded below.
 */
export const players = pgTable(
  "players",
  {
    id: serial("id").primaryKey(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    seatId: text("seat_id").notNull(),
    seat: integer("seat").notNull(),
    userId: text("user_id").notNull(),
    /** The name shown for this seat in public texts (the account's name at join, or a mask). */
    displayName: text("display_name").notNull(),
    /**
     * The grammatical gender its player said (`m`, `f`; null: not said), copied from the member's
     * profile at join and kept in step with it (docs/i18n.md). Used only while the seat is shown
     * under its player's own name: a mask never carries it.
     */
    gender: text("gender").$type<"m" | "f">(),
    /** The GM's setup of this seat (role and the ruleset's keys); empty = dealt by the engine. */
    setup: jsonb("setup").$type<Record<string, unknown>>().notNull().default({}),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("players_game_seat_id_uq").on(t.gameId, t.seatId),
    unique("players_game_seat_uq").on(t.gameId, t.seat),
    unique("players_game_user_uq").on(t.gameId, t.userId),
    index("players_user_idx").on(t.userId),
  ],
);

/** Every replacement of a seat's account, oldest first. */
export const playerReplacements = pgTable("player_replacements", {
  id: serial("id").primaryKey(),
  gameId: uuid("game_id")
    .notNull()
    .references(() => games.id, { onDelete: "cascade" }),
  seatId: text("seat_id").notNull(),
  fromUserId: text("from_user_id").notNull(),
  toUserId: text("to_user_id").notNull(),
  phase: text("phase").notNull(),
  byUserId: text("by_user_id").notNull(),
  at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What a member says of themselves once for every game (`/settings gender`, `/game join gender`):
 * the grammatical gender the bot's Russian agrees with (`m`, `f`; null: not said, texts need none).
 */
export const memberProfiles = pgTable("member_profiles", {
  userId: text("user_id").primaryKey(),
  gender: text("gender").$type<"m" | "f">(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

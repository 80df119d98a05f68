import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { games } from "./games.js";

/**
 * Each game chat and the Discord channel or thread it lives in, with the membership and
 * permissions the bot last applied (the reconciler diffs the desired layout against this).
 */
export const chats = pgTable(
  "chats",
  {
    id: serial("id").primaryKey(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    /** The engine's chat id, or `public:<id>`, `personal:<seat>`, `category`, `gm`. */
    chatKey: text("chat_key").notNull(),
    discordId: text("discord_id").notNull(),
    discordKind: text("discord_kind", { enum: ["role", "category", "channel", "thread"] }).notNull(),
    appliedMembers: jsonb("applied_members").$type<string[]>().notNull().default([]),
    appliedState: jsonb("applied_state").notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("chats_game_key_uq").on(t.gameId, t.chatKey), unique("chats_discord_id_uq").on(t.discordId)],
);

/**
 * A Discord object the reconciler is about to create for a chat, recorded before the call: when
 * the answer is lost (a 5xx after Discord made it, a timeout), the next reconcile finds the
 * object by name and parent instead of making a second one. Deleted once the chat is recorded.
 */
export const discordIntents = pgTable(
  "discord_intents",
  {
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    chatKey: text("chat_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.chatKey] })],
);

/**
 * Pending Discord side effects, written in the same transaction as the state change that
 * caused them and drained afterwards. `dedupeKey` doubles as the message nonce, so a retry
 * after a crash repeats nothing visible.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    dedupeKey: text("dedupe_key").notNull(),
    /** Effects of a resolution under GM review wait until it is published. */
    resolutionId: bigint("resolution_id", { mode: "number" }),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    /**
     * The row's order: rows of one lane are performed in id order, and a waiting row holds back
     * only its lane. Null: the game's own output (one lane for the game, so a newspaper goes out
     * before the chats close); a chat key: what is said in that chat under a mask.
     */
    lane: text("lane"),
    status: text("status", { enum: ["pending", "done", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** After a transient failure (5xx, 429, network): not tried again before this time. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [unique("outbox_dedupe_key_uq").on(t.dedupeKey), index("outbox_pending_idx").on(t.status, t.id)],
);

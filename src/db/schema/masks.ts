import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { games } from "./games.js";

export const maskModes = ["off", "masks", "appearances"] as const;
export type MaskMode = (typeof maskModes)[number];

/**
 * A game's masked-play setting and the milestones of its masks. No row: the ruleset's default
 * (`regnum` plays under appearances, the others unmasked). See docs/masks.md.
 */
export const maskGames = pgTable("mask_games", {
  gameId: uuid("game_id")
    .primaryKey()
    .references(() => games.id, { onDelete: "cascade" }),
  mode: text("mode", { enum: maskModes }).notNull(),
  /** When the masks were dealt (at the first reconcile after the start). */
  dealtAt: timestamp("dealt_at", { withTimezone: true }),
  /** When the mapping was posted in the GM room. */
  announcedAt: timestamp("announced_at", { withTimezone: true }),
  /** When the mapping was published at the end of the game. */
  revealedAt: timestamp("revealed_at", { withTimezone: true }),
});

/**
 * The mask of each seat: its name, and the account behind it when the masks were dealt.
 * Readable by the GMs only (the GM room) until the reveal.
 */
export const masks = pgTable(
  "masks",
  {
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    seatId: text("seat_id").notNull(),
    name: text("name").notNull(),
    /** `generated` from the game seed, or set by a GM. */
    source: text("source", { enum: ["generated", "gm"] })
      .notNull()
      .default("generated"),
    /** A GM-set avatar URL; null: the generated identicon. */
    avatarUrl: text("avatar_url"),
    /** The seat's account name at the deal, for the GM room and the reveal. */
    accountName: text("account_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seatId] }), unique("masks_game_name_uq").on(t.gameId, t.name)],
);

/**
 * Generated avatar images, hosted as attachments of a bot message in the GM room (a webhook
 * takes an avatar URL, not bytes). `key` is `mask:<name>` or `appearance:<appearance>`.
 * Attachment URLs expire, so `url` is refreshed from the message when it is old.
 */
export const maskAvatars = pgTable(
  "mask_avatars",
  {
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    channelId: text("channel_id").notNull(),
    messageId: text("message_id").notNull(),
    filename: text("filename").notNull(),
    url: text("url").notNull(),
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.key] })],
);

/** The bot's webhook in each game channel (threads use their parent channel's webhook). */
export const maskWebhooks = pgTable("mask_webhooks", {
  channelId: text("channel_id").primaryKey(),
  gameId: uuid("game_id")
    .notNull()
    .references(() => games.id, { onDelete: "cascade" }),
  webhookId: text("webhook_id").notNull(),
  token: text("token").notNull(),
});

export interface RelayFile {
  url: string;
  name: string;
  size: number;
  contentType?: string;
}

/**
 * Every message a player speaks through the bot, persisted before anything is sent: one queue
 * per chat, delivered in id order. `idempotencyKey` (the interaction id) makes a repeated
 * request one row; `messageId` records the webhook message once delivered, and a `sending` row
 * found after a crash is matched against the channel before it is sent again.
 */
export const maskRelays = pgTable(
  "mask_relays",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    chatKey: text("chat_key").notNull(),
    /** The channel whose webhook posts (a thread's parent). */
    channelId: text("channel_id").notNull(),
    threadId: text("thread_id"),
    seatId: text("seat_id").notNull(),
    userId: text("user_id").notNull(),
    kind: text("kind", { enum: ["post", "edit", "delete"] }).notNull(),
    /** For edits and deletions: the relay whose message they change. */
    targetId: bigint("target_id", { mode: "number" }),
    idempotencyKey: text("idempotency_key").notNull(),
    /** For a player's post: the phase it was said in (`day 1`), for the public archive. */
    phase: text("phase"),
    content: text("content").notNull().default(""),
    username: text("username").notNull().default(""),
    avatarKey: text("avatar_key"),
    files: jsonb("files").$type<RelayFile[]>().notNull().default([]),
    status: text("status", { enum: ["pending", "sending", "done", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    messageId: text("message_id"),
    /** Where to tell the speaker that the relay finally failed (interaction follow-up). */
    notify: jsonb("notify").$type<{ applicationId: string; token: string; lang: "en" | "ru" }>(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    unique("mask_relays_idempotency_uq").on(t.idempotencyKey),
    index("mask_relays_queue_idx").on(t.gameId, t.chatKey, t.status, t.id),
  ],
);

import { index, integer, jsonb, pgTable, serial, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { z } from "zod";
import { games } from "./games.js";

/**
 * The phases of a game in order. `deadlineAt` is the truth for the phase's deadline; a paused
 * phase keeps the time it had left in `remainingMs`.
 */
export const phases = pgTable(
  "phases",
  {
    id: serial("id").primaryKey(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    index: integer("index").notNull(),
    label: text("label").notNull(),
    kind: text("kind").notNull(),
    number: integer("number").notNull(),
    status: text("status", { enum: ["open", "resolved"] })
      .notNull()
      .default("open"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    deadlineAt: timestamp("deadline_at", { withTimezone: true }),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    remainingMs: integer("remaining_ms"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** How much of the phase's output was already delivered as it happened (role cards, …). */
    deliveredPublic: integer("delivered_public").notNull().default(0),
    deliveredPrivate: integer("delivered_private").notNull().default(0),
  },
  (t) => [unique("phases_game_index_uq").on(t.gameId, t.index)],
);

export const deadlineKinds = [
  "resolve",
  "reminder",
  "publish",
  "interrogation",
  "daily",
  /** Timed sign-ups of a game in its lobby (phase index 0; key: the close time in ms). */
  "signup_close",
  "signup_remind",
] as const;

/**
 * Every timed job of a game (resolution, reminders, review grace periods, regnum's
 * interrogation windows). BullMQ holds a delayed job per row with `jobId`; a lost Redis is
 * healed by re-enqueueing the pending rows.
 */
export const deadlines = pgTable(
  "deadlines",
  {
    id: serial("id").primaryKey(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    phaseIndex: integer("phase_index").notNull(),
    kind: text("kind", { enum: deadlineKinds }).notNull(),
    /** Distinguishes several deadlines of one kind in a phase (reminder "60", "10"). */
    key: text("key").notNull().default(""),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: ["pending", "done", "cancelled"] })
      .notNull()
      .default("pending"),
    jobId: text("job_id").notNull(),
    payload: jsonb("payload").notNull().default({}),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    unique("deadlines_game_phase_kind_key_uq").on(t.gameId, t.phaseIndex, t.kind, t.key),
    unique("deadlines_job_id_uq").on(t.jobId),
    index("deadlines_pending_idx").on(t.status, t.dueAt),
  ],
);

/** `deadlines.payload`: a reminder's minutes before the phase's end (other kinds carry nothing). */
export const deadlinePayload = z.looseObject({ minutesBefore: z.number().exactOptional() });

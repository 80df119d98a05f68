import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { z } from "zod";
import { jsonObject } from "../../engine/json.js";
import type { PhaseReport } from "../../engine/types.js";
import { games } from "./games.js";

/**
 * The input log: every action, vote, GM action and resolution trigger, accepted or not, in
 * order. Append-only (a trigger refuses UPDATE and DELETE): the game state is setup + replay
 * of the accepted entries.
 */
export const inputs = pgTable(
  "inputs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    phase: text("phase").notNull(),
    /** `control`: a GM's schedule action (extend, pause, resume, force, publish, hold, edit, replace),
     * logged for the record; the engine state does not depend on it. */
    type: text("type", { enum: ["action", "gm", "resolve", "control"] }).notNull(),
    /** The Discord user who submitted it (a player, a GM, or "system" for the worker). */
    userId: text("user_id").notNull(),
    /** A GM's or control input: the GM's shown name when it was made, so the log names who acted. */
    actorName: text("actor_name"),
    seatId: text("seat_id"),
    payload: jsonb("payload").notNull(),
    accepted: boolean("accepted").notNull(),
    rejection: jsonb("rejection"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    unique("inputs_game_seq_uq").on(t.gameId, t.seq),
    index("inputs_game_phase_idx").on(t.gameId, t.phase),
  ],
);

/**
 * The `inputs.payload` column: an action or a GM action (`action`, `targets`, `params`, and an
 * action's `actor`), a control's `action` and its details, or `{}` for a resolve.
 */
export const inputPayload = z.looseObject({
  action: z.string().exactOptional(),
  targets: z.array(z.string()).exactOptional(),
  params: z.record(z.string(), z.unknown()).exactOptional(),
});

/** An action's or a GM action's `params`: JSON, as the engine takes them. */
const params = jsonObject;

/** The payload of an `action` row: the engine's `ActionInput`. */
export const actionPayload = z.object({
  actor: z.string(),
  action: z.string(),
  targets: z.array(z.string()),
  params,
});

/** The payload of a `gm` row: the engine's `GmInput`. */
export const gmPayload = z.object({ action: z.string(), targets: z.array(z.string()), params });

/** The `resolutions.report` column: the engine's phase report. */
export const phaseReport: z.ZodType<PhaseReport> = z.looseObject({
  phase: z.string(),
  deaths: z.array(z.object({ player: z.string(), cause: z.string() })),
  events: z.array(z.object({ type: z.string() }).catchall(z.json())),
  public: z.array(z.object({ key: z.string(), params: jsonObject })),
  private: z.array(z.object({ to: z.string(), kind: z.string() }).catchall(z.json())),
});

/**
 * One resolution per (game, phase): the unique key makes a double resolution impossible.
 * `report` is the engine's phase report; GMs review drafts before they are published.
 */
export const resolutions = pgTable(
  "resolutions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    phaseIndex: integer("phase_index").notNull(),
    phase: text("phase").notNull(),
    report: jsonb("report").notNull(),
    status: text("status", { enum: ["draft", "held", "published"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (t) => [unique("resolutions_game_phase_uq").on(t.gameId, t.phaseIndex)],
);

/** The event log: the resolution output, one row per event, for queries and the reveal. */
export const events = pgTable(
  "events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    gameId: uuid("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    resolutionId: bigint("resolution_id", { mode: "number" })
      .notNull()
      .references(() => resolutions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("events_resolution_position_uq").on(t.resolutionId, t.position)],
);

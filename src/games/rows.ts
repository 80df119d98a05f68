import type { deadlines, games, phases, players, resolutions } from "../db/schema/index.js";

/** A game's rows as Drizzle selects them. */
export type GameRow = typeof games.$inferSelect;
export type PlayerRow = typeof players.$inferSelect;
export type PhaseRow = typeof phases.$inferSelect;
export type DeadlineRow = typeof deadlines.$inferSelect;
export type ResolutionRow = typeof resolutions.$inferSelect;

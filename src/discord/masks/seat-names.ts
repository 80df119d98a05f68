import type { Db } from "../../db/client.js";
import type { AnyGameState, PlayerId } from "../../engine/types.js";
import { UserError } from "../../games/errors.js";
import { defaultMaskMode, maskModeOf, maskNames, type MaskMode } from "../../games/masks.js";
import { games, type players } from "../../db/schema/index.js";
import { eq } from "drizzle-orm";

/**
 * How the commands layer names seats to players and reads them back. Unmasked games: shown names,
 * and seat ids as option values. Masked games (docs/masks.md): the mask (or current appearance),
 * option values `@<mask>` that the bot maps back here, lists in name order — never a seat id or a
 * seat order, since the public join order ties seats to accounts.
 */
export interface SeatNames {
  /** Seat id → the name players know the seat by. */
  readonly names: ReadonlyMap<PlayerId, string>;
  readonly mode: MaskMode;
  /** The option value of a target (a seat or another choice id). */
  valueOf(id: string): string;
  /** A chosen or typed value back to the target the engine takes; a seat id is refused when masked. */
  targetOf(value: string): string;
  /** Target ids in the order a list shows them: by name when masked, as given otherwise. */
  order<T extends string>(ids: readonly T[]): T[];
}

const PREFIX = "@";

export function seatNamesOf(names: ReadonlyMap<PlayerId, string>, mode: MaskMode): SeatNames {
  const masked = mode !== "off";
  const seatOf = (name: string): PlayerId[] => {
    const lower = name.trim().toLowerCase();
    return [...names].filter(([, shown]) => shown.toLowerCase() === lower).map(([id]) => id);
  };
  return {
    names,
    mode,
    valueOf(id) {
      const name = names.get(id);
      return masked && name !== undefined ? `${PREFIX}${name}`.slice(0, 100) : id;
    },
    targetOf(value) {
      const typed = value.trim();
      if (!masked) {
        if (names.has(typed)) return typed;
        return seatOf(typed)[0] ?? typed;
      }
      const name = typed.startsWith(PREFIX) ? typed.slice(PREFIX.length) : typed;
      const seats = seatOf(name);
      // Appearances: a double shares the appearance it took; the rules resolve `@<appearance>`.
      if (seats.length > 0 && mode === "appearances") return `${PREFIX}${names.get(seats[0] ?? "") ?? name}`;
      if (seats.length === 1) return seats[0] ?? typed;
      if (names.has(typed) || seats.length > 1) throw new UserError("order.unknown_target", { value: typed });
      return typed;
    },
    order(ids) {
      if (!masked) return [...ids];
      const key = (id: string) => names.get(id) ?? id;
      return [...ids].sort((a, b) => key(a).localeCompare(key(b)) || (a < b ? -1 : 1));
    },
  };
}

/**
 * The game's seat names from what the caller read already (`GameService.table`): no statement
 * unless the game plays under masks (its masks are read, and dealt if they are not yet).
 */
export async function seatNamesFrom(
  db: Db,
  game: typeof games.$inferSelect,
  table: { maskMode: MaskMode | null; seats: (typeof players.$inferSelect)[]; state: AnyGameState | null },
): Promise<SeatNames> {
  const stored = table.maskMode ?? defaultMaskMode(game.ruleset);
  const mode = game.status !== "lobby" ? stored : "off";
  const names = await maskNames(db, game.id, { game, mode: stored, seats: table.seats, state: table.state });
  return seatNamesOf(names, mode);
}

/** The game's seat names as its players know them now. */
export async function seatNames(db: Db, gameId: string): Promise<SeatNames> {
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  if (!game) return seatNamesOf(new Map(), "off");
  const stored = await maskModeOf(db, gameId, game.ruleset);
  const mode = game.status !== "lobby" ? stored : "off";
  return seatNamesOf(await maskNames(db, gameId, { game, mode: stored }), mode);
}

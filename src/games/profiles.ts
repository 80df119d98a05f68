import { and, eq, inArray, ne, notExists } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { inTransaction } from "../db/client.js";
import { games, masks, memberProfiles, players } from "../db/schema/index.js";
import type { Gender } from "../engine/grammar.js";
import type { Tx } from "./state.js";

/**
 * What a member says of themselves once (`/settings gender`, `/game join gender`): the grammatical
 * gender the Russian texts agree with. Kept in the member's profile and copied to each of their
 * seats (players.gender), where every reader of the seats finds it (docs/i18n.md).
 */

/** The gender the member said, or null (not said: texts that need none). */
export async function memberGender(db: Tx, userId: string): Promise<Gender | null> {
  const [row] = await db
    .select({ gender: memberProfiles.gender })
    .from(memberProfiles)
    .where(eq(memberProfiles.userId, userId));
  return row?.gender ?? null;
}

/**
 * Records what the member said, and gives it to their seats in every game not ended, except the
 * seats under a mask: a mask tells nothing of its player (docs/masks.md).
 */
export async function saveMemberGender(db: Db, userId: string, gender: Gender | null): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx
      .insert(memberProfiles)
      .values({ userId, gender })
      .onConflictDoUpdate({ target: memberProfiles.userId, set: { gender, updatedAt: new Date() } });
    const open = tx.select({ id: games.id }).from(games).where(ne(games.status, "ended"));
    await tx
      .update(players)
      .set({ gender })
      .where(
        and(
          eq(players.userId, userId),
          inArray(players.gameId, open),
          notExists(
            tx
              .select({ seatId: masks.seatId })
              .from(masks)
              .where(and(eq(masks.gameId, players.gameId), eq(masks.seatId, players.seatId))),
          ),
        ),
      );
  });
}

/** The option's value (`m`, `f`, `none`) as a gender; undefined when the option was not given. */
export function genderOption(value: string | null): Gender | null | undefined {
  if (value === "m" || value === "f") return value;
  return value === "none" ? null : undefined;
}

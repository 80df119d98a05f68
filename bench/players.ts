import { and, count, eq } from "drizzle-orm";
import type { Db } from "../src/db/client.js";
import { chats, inputs } from "../src/db/schema/index.js";
import type { Emulator } from "../src/emulator/index.js";

/** Accepted player inputs (orders, votes, posts) in a game's log. */
export async function acceptedActions(db: Db, gameId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inputs)
    .where(and(eq(inputs.gameId, gameId), eq(inputs.type, "action"), eq(inputs.accepted, true)));
  return row?.n ?? 0;
}

/**
 * Every player says something in the first public game chat they may write in, as players do
 * each day (classic removes a player silent for a whole day), and waits until the bot has logged
 * the posts.
 */
export async function speakInDay(db: Db, emu: Emulator, gameId: string, users: string[]): Promise<void> {
  const rows = await db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.discordKind, "channel")));
  const publicChats = rows.filter((row) => row.chatKey.startsWith("chat:"));
  const before = await acceptedActions(db, gameId);
  let spoken = 0;
  for (const user of users) {
    for (const chat of publicChats) {
      try {
        emu.user(user).send(chat.discordId, "Good morning, town.");
        spoken++;
        break;
      } catch {
        // This chat is closed to the player now; try the next.
      }
    }
  }
  for (let i = 0; i < 600 && (await acceptedActions(db, gameId)) < before + spoken; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

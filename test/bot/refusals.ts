import { asc } from "drizzle-orm";
import { expect } from "vitest";
import { gameMasters, games, inputs, players } from "../../src/db/schema/index.js";
import { contentOf, type Harness, type Json } from "./harness.js";

/** Everything a refused command must leave alone: the games, their GMs, seats and input logs. */
export async function gameWorld(h: Harness): Promise<string> {
  const db = h.database.db;
  return JSON.stringify({
    games: await db.select().from(games).orderBy(asc(games.createdAt)),
    gms: await db.select().from(gameMasters).orderBy(asc(gameMasters.gameId), asc(gameMasters.userId)),
    seats: await db.select().from(players).orderBy(asc(players.id)),
    inputs: await db.select().from(inputs).orderBy(asc(inputs.id)),
  });
}

/** A refused slash command's answer, checking that the command changed nothing (gameWorld). */
export async function refusedSlash(
  h: Harness,
  user: string,
  line: string,
  options: Json = {},
): Promise<string> {
  const before = await gameWorld(h);
  const answer = contentOf(await h.slash(user, line, options));
  expect(await gameWorld(h)).toBe(before);
  return answer;
}

import { and, desc, eq, exists, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { games, gameSnapshots, guildSettings } from "../db/schema/index.js";

/**
 * The optional public listing of a server's archives (docs/community.md): a server that chooses
 * it (`/settings public_archives`, Manage Server) gets one page, `/archives/<token>`, listing its
 * finished games — the ranked ones, or all — each linking its archive. Off by default; the token
 * is the server's own, 244 random bits drawn by Postgres (`guild_settings.archive_list_token`).
 */

export const ARCHIVE_LIST_SCOPES = ["off", "ranked", "all"] as const;
export type ArchiveListScope = (typeof ARCHIVE_LIST_SCOPES)[number];

export function isArchiveListScope(value: string | null): value is ArchiveListScope {
  return (ARCHIVE_LIST_SCOPES as readonly (string | null)[]).includes(value);
}

export const ARCHIVE_LIST_TOKEN = /^[0-9a-f]{64}$/;

/** The listing's address of a server, under the console's public URL. */
export function archiveListUrl(base: string, token: string): string {
  return `${base.replace(/\/+$/, "")}/archives/${token}`;
}

/** Turns the server's listing on (ranked or all games) or off; its scope and address token. */
export async function setArchiveList(
  db: Db,
  guildId: string,
  scope: ArchiveListScope,
): Promise<{ scope: ArchiveListScope; token: string }> {
  const [row] = await db
    .insert(guildSettings)
    .values({ guildId, archiveList: scope })
    .onConflictDoUpdate({ target: guildSettings.guildId, set: { archiveList: scope, updatedAt: new Date() } })
    .returning({ scope: guildSettings.archiveList, token: guildSettings.archiveListToken });
  if (!row) throw new Error("upsert returned nothing");
  return row;
}

export interface ListedGame {
  name: string;
  ruleset: string;
  ranked: boolean;
  endedAt: Date;
  timezone: string;
  archiveToken: string;
}

/**
 * The server of a listing's token and its finished games, newest first: only while its listing
 * is on, and only games that ended after they started (a lobby that ended has no archive);
 * `ranked` lists the ranked ones. Null for an unknown token or a listing that is off.
 */
export async function listedArchives(
  db: Db,
  token: string,
): Promise<{ guildId: string; scope: Exclude<ArchiveListScope, "off">; games: ListedGame[] } | null> {
  if (!ARCHIVE_LIST_TOKEN.test(token)) return null;
  const [server] = await db
    .select({ guildId: guildSettings.guildId, scope: guildSettings.archiveList })
    .from(guildSettings)
    .where(eq(guildSettings.archiveListToken, token));
  if (!server || server.scope === "off") return null;
  const rows = await db
    .select({
      name: games.name,
      ruleset: games.ruleset,
      ranked: games.ranked,
      // An ended game never changes again: its last update is its end (as records.ts reads it).
      endedAt: games.updatedAt,
      timezone: games.timezone,
      archiveToken: games.archiveToken,
    })
    .from(games)
    .where(
      and(
        eq(games.guildId, server.guildId),
        eq(games.status, "ended"),
        server.scope === "ranked" ? eq(games.ranked, true) : sql`true`,
        exists(
          db
            .select({ one: sql`1` })
            .from(gameSnapshots)
            .where(eq(gameSnapshots.gameId, games.id)),
        ),
      ),
    )
    .orderBy(desc(games.updatedAt), desc(games.createdAt));
  return { guildId: server.guildId, scope: server.scope, games: rows };
}

import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { consoleTokens } from "../db/schema/index.js";
import type { Clock } from "../games/service.js";

/**
 * Who may open the GM console (docs/console.md). `/gm console` issues a one-time link token
 * (LINK_TTL_MS) bound to the GM's account and the game; opening it and pressing "Open" exchanges
 * it for a session cookie (SESSION_TTL_MS) bound the same way. Only SHA-256 hashes are stored.
 * Every request checks again that the account is a GM of the game (`isGm`: GameService.isGm for
 * a service acting as that member, so the server's GM role counts, and a seat in the game voids
 * any standing: src/games/authority.ts), so a GM removed from the game loses the console at once.
 */

export const LINK_TTL_MS = 10 * 60_000;
export const SESSION_TTL_MS = 12 * 3_600_000;
export const COOKIE_NAME = "gm_console";

/** Why a link gives no session; `cross_site`: the sign-in form was posted from another site (login CSRF). */
export type Refusal = "unknown" | "expired" | "used" | "not_gm" | "cross_site";

/** Whether the account is a GM of the game now. */
export type GmCheck = (gameId: string, userId: string) => Promise<boolean>;

export interface Grant {
  gameId: string;
  userId: string;
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");
/** Tokens are base64url of 32 bytes; anything else is refused before the database is asked. */
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

export class ConsoleAuth {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly isGm: GmCheck,
  ) {}

  /** A link token for a GM (the caller has checked that `userId` is a GM of the game). */
  async issueLink(gameId: string, userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = newToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + LINK_TTL_MS);
    // Old credentials of the table go as new ones come: nothing expired is kept.
    await this.db
      .delete(consoleTokens)
      .where(lt(consoleTokens.expiresAt, new Date(now.getTime() - 86_400_000)));
    await this.db
      .insert(consoleTokens)
      .values({ hash: hashOf(token), kind: "link", gameId, userId, createdAt: now, expiresAt });
    return { token, expiresAt };
  }

  /** What the link would give, without using it (opening the page must not spend it: link previews). */
  async peekLink(token: string): Promise<Grant | { refused: Refusal; gameId?: string }> {
    const row = await this.row(token, "link");
    if (!row) return { refused: "unknown" };
    if (row.usedAt) return { refused: "used", gameId: row.gameId };
    if (row.expiresAt.getTime() <= this.clock.now().getTime())
      return { refused: "expired", gameId: row.gameId };
    if (!(await this.isGm(row.gameId, row.userId))) return { refused: "not_gm", gameId: row.gameId };
    return { gameId: row.gameId, userId: row.userId };
  }

  /** Spends the link (once, atomically) and opens a session: its cookie value, or the refusal. */
  async exchange(
    token: string,
  ): Promise<(Grant & { session: string; expiresAt: Date }) | { refused: Refusal; gameId?: string }> {
    const peeked = await this.peekLink(token);
    if ("refused" in peeked) return peeked;
    const now = this.clock.now();
    const [spent] = await this.db
      .update(consoleTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(consoleTokens.hash, hashOf(token)),
          eq(consoleTokens.kind, "link"),
          isNull(consoleTokens.usedAt),
          gt(consoleTokens.expiresAt, now),
        ),
      )
      .returning();
    // Two tabs raced for the same link: only one gets in.
    if (!spent) return { refused: "used", gameId: peeked.gameId };
    const session = newToken();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await this.db.insert(consoleTokens).values({
      hash: hashOf(session),
      kind: "session",
      gameId: spent.gameId,
      userId: spent.userId,
      createdAt: now,
      expiresAt,
    });
    return { gameId: spent.gameId, userId: spent.userId, session, expiresAt };
  }

  /** The session of a cookie for this game, if it is valid and its account still a GM of the game. */
  async session(cookie: string | undefined, gameId: string): Promise<Grant | null> {
    if (!cookie) return null;
    const row = await this.row(cookie, "session");
    if (!row || row.gameId !== gameId) return null;
    if (row.expiresAt.getTime() <= this.clock.now().getTime()) return null;
    if (!(await this.isGm(row.gameId, row.userId))) return null;
    return { gameId: row.gameId, userId: row.userId };
  }

  /** Signs out: the session is gone from the database. */
  async end(cookie: string | undefined): Promise<void> {
    if (!cookie || !WELL_FORMED.test(cookie)) return;
    await this.db
      .delete(consoleTokens)
      .where(and(eq(consoleTokens.hash, hashOf(cookie)), eq(consoleTokens.kind, "session")));
  }

  private async row(token: string, kind: "link" | "session") {
    if (!WELL_FORMED.test(token)) return undefined;
    const [row] = await this.db
      .select()
      .from(consoleTokens)
      .where(and(eq(consoleTokens.hash, hashOf(token)), eq(consoleTokens.kind, kind)));
    return row;
  }
}

/** The value of one cookie of a Cookie header (no plugin: a few lines). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eqAt = part.indexOf("=");
    if (eqAt < 0) continue;
    if (part.slice(0, eqAt).trim() === name) return decodeURIComponent(part.slice(eqAt + 1).trim());
  }
  return undefined;
}

/** A Set-Cookie value: HttpOnly, SameSite=Strict, scoped to the game's pages; Secure behind https. */
export function sessionCookie(
  value: string,
  options: { path: string; maxAgeS: number; secure: boolean },
): string {
  const parts = [
    `${COOKIE_NAME}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeS))}`,
    "HttpOnly",
    "SameSite=Strict",
  ];
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

/**
 * What a failed Discord call means for the row that made it (src/discord/outbox.ts): a permanent
 * refusal, which repeating cannot change, or a transient failure, which waits and is tried again.
 */

/** A failure the caller knows is final whatever Discord would answer next (a chat that is gone). */
export class PermanentFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentFailure";
  }
}

/**
 * Discord's refusal (status and JSON code), by shape: discord.js and a directly imported
 * @discordjs/rest may be different copies, so `instanceof DiscordAPIError` is not reliable.
 */
export function apiError(error: unknown): { status: number; code: number } | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, code } = error as { status?: unknown; code?: unknown };
  if (typeof status !== "number") return null;
  return { status, code: typeof code === "number" ? code : 0 };
}

/** Unknown Webhook, Invalid Webhook Token: a moderator deleted it; a new one is made on retry. */
export const LOST_WEBHOOK_CODES: readonly number[] = [10015, 50027];

/** Unknown Message: what was to be deleted is gone already. */
export const UNKNOWN_MESSAGE = 10008;

/**
 * A refusal that repeating cannot change: Discord answered 4xx, other than 429 (waited out), 401
 * (the deployment's token, not the request) and a lost webhook (made again). 5xx, timeouts and
 * network errors are transient: the row waits and is tried again.
 */
export function isPermanentRefusal(error: unknown): boolean {
  if (error instanceof PermanentFailure) return true;
  const api = apiError(error);
  if (!api) return false;
  return (
    api.status >= 400 &&
    api.status < 500 &&
    api.status !== 429 &&
    api.status !== 401 &&
    !LOST_WEBHOOK_CODES.includes(api.code)
  );
}

/**
 * Refusals a full reconcile can mend, because they come from Discord no longer matching the
 * game's layout: Unknown Channel (a chat or thread deleted by hand: made again), Unknown Role,
 * Missing Access and Missing Permissions (a member or the bot lost a role or an overwrite that a
 * reconcile gives back), and an archived thread (opened again when its chat is in the layout).
 */
export const MENDABLE_CODES: readonly number[] = [10003, 10011, 50001, 50013, 50083];

export function isMendable(error: unknown): boolean {
  const api = apiError(error);
  return api !== null && MENDABLE_CODES.includes(api.code);
}

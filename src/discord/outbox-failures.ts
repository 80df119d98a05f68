import { MessageFlags, type ButtonInteraction } from "discord.js";
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { chats, outbox } from "../db/schema/index.js";
import type { Lang } from "../engine/types.js";
import type { OutboxRelay } from "../games/effects.js";
import { GameService, type OutboxEffect } from "../games/service.js";
import { has, t } from "../i18n/index.js";
import type { Ctx } from "./context.js";

/**
 * An effect Discord refused for good: the GM room's notice (what failed, why, in the GMs' words,
 * with a Retry button), the button's retry, and the count `/game status` and /healthz show.
 */

/** Button on a failure notice in the GM room: `outbox-retry:<row id>`. */
export const RETRY_PREFIX = "outbox-retry";

/** The language of a game's server. */
export async function gameLanguageOf(db: Db, gameId: string): Promise<Lang> {
  const service = new GameService(db);
  return service.language((await service.game(gameId)).guildId);
}

/** The game's own output (everything but what players say under masks). */
export type GameEffect = Exclude<OutboxEffect, OutboxRelay>;

/** What a failed effect was, in a GM's words. */
function describeEffect(lang: Lang, effect: GameEffect, chat = ""): string {
  switch (effect.type) {
    case "post":
    case "upsert": {
      const excerpt = effect.content.replace(/\s+/g, " ").slice(0, 120);
      return t(lang, "outbox.effect.post", { chat: chat || effect.chat, excerpt });
    }
    case "panels":
      return t(lang, "outbox.effect.panels");
    case "reveal":
      return t(lang, "outbox.effect.reveal");
    case "reconcile":
      return t(lang, "outbox.effect.reconcile");
  }
}

/**
 * The chat of a failed post as a GM reads it: a link to its channel or thread where the game has
 * it (Discord shows its name), else the newspaper's or the GM room's name, else its layout key.
 */
async function chatShown(db: Db, gameId: string, effect: GameEffect, lang: Lang): Promise<string> {
  if (effect.type !== "post" && effect.type !== "upsert") return "";
  const [row] = await db
    .select({ discordId: chats.discordId })
    .from(chats)
    .where(and(eq(chats.gameId, gameId), inArray(chats.chatKey, [effect.chat, `chat:${effect.chat}`])));
  if (row) return `<#${row.discordId}>`;
  if (effect.chat === "newspaper") return `#${t(lang, "layout.channel.newspaper")}`;
  if (effect.chat === "gm") return `#${t(lang, "layout.channel.gm_room")}`;
  return effect.chat;
}

/** Tells the game's GMs (in the GM room, through this outbox) and offers a retry button. */
export async function noticeToGms(
  db: Db,
  gameId: string,
  outboxId: number,
  effect: GameEffect,
  error: string,
  /** Discord's JSON code: the refusals GMs meet most are explained in their words. */
  code?: number,
): Promise<void> {
  const lang = await gameLanguageOf(db, gameId);
  const why = code !== undefined && has(`outbox.why.${code}`) ? `${t(lang, `outbox.why.${code}`)} — ` : "";
  const content = t(lang, "outbox.failed", {
    what: describeEffect(lang, effect, await chatShown(db, gameId, effect, lang)),
    error: `${why}${error.slice(0, 300)}`,
  });
  const notice: OutboxEffect = { type: "post", chat: "gm", content, retryOf: outboxId };
  await db
    .insert(outbox)
    .values({
      gameId,
      dedupeKey: `${gameId}:failed:${outboxId}:${Date.now()}`,
      kind: "post",
      payload: notice,
    })
    .onConflictDoNothing();
}

/**
 * The Retry button of a failure notice (`outbox-retry:<row>`): the row goes back in line and a
 * drain is requested; of `/game status` (`outbox-retry:all:<game>`): every failed row of the game.
 */
export async function handleRetryButton(ctx: Ctx, interaction: ButtonInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const rest = interaction.customId.slice(RETRY_PREFIX.length + 1);
  const id = Number(rest);
  const retried = rest.startsWith("all:")
    ? await retryAllFailed(ctx.db, rest.slice("all:".length), interaction.user.id, ctx.service)
    : Number.isSafeInteger(id)
      ? await retryFailed(ctx.db, id, interaction.user.id, ctx.service)
      : undefined;
  if (!retried) {
    await interaction.editReply(t(ctx.lang, "outbox.retry_unknown"));
    return;
  }
  await ctx.after(retried.gameId, { deadlines: [], outbox: true });
  await interaction.editReply(t(ctx.lang, "outbox.retrying"));
}

/**
 * A GM's retry of a failed row: it is pending again, with its attempts forgotten. Returns the
 * game whose drain must be requested, or undefined when the row is not a failed row of a game
 * the user is a GM of.
 */
export async function retryFailed(
  db: Db,
  outboxId: number,
  userId: string,
  /** The acting member's service (a server GM is a GM of every game). */
  service: GameService = new GameService(db),
): Promise<{ gameId: string } | undefined> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, outboxId));
  if (!row) return undefined;
  if (!(await service.isGm(row.gameId, userId))) return undefined;
  await db
    .update(outbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: null, lastError: null })
    .where(and(eq(outbox.id, outboxId), eq(outbox.status, "failed")));
  return { gameId: row.gameId };
}

/** Every failed row of a game back in line, for one of its GMs (undefined otherwise, or none failed). */
async function retryAllFailed(
  db: Db,
  gameId: string,
  userId: string,
  service: GameService,
): Promise<{ gameId: string } | undefined> {
  if (!(await service.isGm(gameId, userId).catch(() => false))) return undefined;
  // What players said under masks is theirs to say again (relayGaveUp told them): never re-sent late.
  const failed = and(eq(outbox.gameId, gameId), eq(outbox.status, "failed"), ne(outbox.kind, "relay"));
  const notice = sql`${outbox.payload} ? 'retryOf'`;
  // The notices of the failures that could not reach the GM room are moot once they are retried.
  await db.update(outbox).set({ status: "done", doneAt: new Date() }).where(and(failed, notice));
  const again = await db
    .update(outbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: null, lastError: null })
    .where(and(failed, sql`NOT (${notice})`))
    .returning({ id: outbox.id });
  return again.length > 0 ? { gameId } : undefined;
}

/** A game's effects failed for good and not retried (its GMs' notices aside): how many, and Discord's last word. */
export async function failedEffectsOf(
  db: Db,
  gameId: string,
): Promise<{ count: number; lastError: string | null }> {
  const rows = await db
    .select({ lastError: outbox.lastError })
    .from(outbox)
    .where(
      and(
        eq(outbox.gameId, gameId),
        eq(outbox.status, "failed"),
        ne(outbox.kind, "relay"),
        sql`NOT (${outbox.payload} ? 'retryOf')`,
      ),
    )
    .orderBy(desc(outbox.id));
  return { count: rows.length, lastError: rows[0]?.lastError ?? null };
}

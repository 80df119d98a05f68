import type { REST } from "@discordjs/rest";
import { Routes } from "discord.js";
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { chats, outbox, resolutions } from "../db/schema/index.js";
import type { PhaseReport } from "../engine/types.js";
import { GameService, type OutboxEffect } from "../games/service.js";
import { rulesetOrThrow } from "../games/state.js";
import { revealFiles } from "../render/reveal.js";
import { panelsForPhase } from "./panels.js";
import { namesOf } from "./render/names.js";
import { revealText } from "./render/reveal.js";
import type { Logger } from "../log.js";
import { reconcileGame } from "./reconcile.js";

/**
 * Performs a game's pending Discord side effects in order, exactly once in effect: each
 * message carries a nonce derived from its outbox row (with enforce_nonce, Discord refuses a
 * duplicate), membership is a diff, and a per-game advisory lock keeps two drains apart.
 */

export interface DrainDeps {
  db: Db;
  rest: REST;
  log: Logger;
}

/** Discord's message length limit. */
export const MESSAGE_LIMIT = 2000;
export const MAX_ATTEMPTS = 5;

/** Splits text at line breaks (or hard at the limit) into messages Discord accepts. */
export function splitMessage(text: string, limit = MESSAGE_LIMIT): string[] {
  const parts: string[] = [];
  let current = "";
  for (const line of text.split("\n")) {
    const pieces = line.length > limit ? (line.match(new RegExp(`[\\s\\S]{1,${limit}}`, "g")) ?? []) : [line];
    for (const piece of pieces) {
      const next = current ? `${current}\n${piece}` : piece;
      if (next.length > limit) {
        if (current) parts.push(current);
        current = piece;
      } else current = next;
    }
  }
  if (current || parts.length === 0) parts.push(current || "\u200b");
  return parts;
}

/** A nonce Discord accepts (≤ 25 characters), unique per outbox row and part. */
export function nonceOf(outboxId: number, part: number): string {
  return `o${outboxId.toString(36)}p${part}`;
}

export async function drainOutbox(
  deps: DrainDeps,
  gameId: string,
): Promise<{ done: number; failed: number }> {
  // A dedicated connection holds the per-game advisory lock for the whole drain; the drain's
  // queries use the pool (size the pool for two connections per concurrent drain).
  const client = await deps.db.$client.connect();
  const { db } = deps;
  let done = 0;
  let failed = 0;
  try {
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [`outbox:${gameId}`]);
    try {
      const rows = await db
        .select({ row: outbox })
        .from(outbox)
        .leftJoin(resolutions, eq(outbox.resolutionId, resolutions.id))
        .where(
          and(
            eq(outbox.gameId, gameId),
            eq(outbox.status, "pending"),
            or(isNull(outbox.resolutionId), eq(resolutions.status, "published")),
          ),
        )
        .orderBy(asc(outbox.id));
      for (const { row } of rows) {
        try {
          await perform(deps, gameId, row.id, row.payload as OutboxEffect);
          await db
            .update(outbox)
            .set({ status: "done", doneAt: new Date(), attempts: sql`${outbox.attempts} + 1` })
            .where(eq(outbox.id, row.id));
          done++;
        } catch (error) {
          const attempts = row.attempts + 1;
          const message = error instanceof Error ? error.message : String(error);
          await db
            .update(outbox)
            .set({ attempts, lastError: message, status: attempts >= MAX_ATTEMPTS ? "failed" : "pending" })
            .where(eq(outbox.id, row.id));
          deps.log.warn({ gameId, outboxId: row.id, attempts, err: message }, "outbox effect failed");
          if (attempts >= MAX_ATTEMPTS) {
            failed++;
            continue;
          }
          // Later effects wait for this one: order matters (a newspaper before the chats close).
          throw error;
        }
      }
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext($1))", [`outbox:${gameId}`]);
    }
  } finally {
    client.release();
  }
  return { done, failed };
}

async function channelFor(deps: DrainDeps, gameId: string, chat: string): Promise<string> {
  const find = async () => {
    const [row] = await deps.db
      .select()
      .from(chats)
      .where(and(eq(chats.gameId, gameId), inArray(chats.chatKey, [chat, `chat:${chat}`])));
    return row?.discordId;
  };
  const found = await find();
  if (found) return found;
  await reconcileGame(deps, gameId);
  const created = await find();
  if (!created) throw new Error(`no Discord channel for chat ${chat}`);
  return created;
}

async function perform(
  deps: DrainDeps,
  gameId: string,
  outboxId: number,
  effect: OutboxEffect,
): Promise<void> {
  switch (effect.type) {
    case "reconcile":
      await reconcileGame(deps, gameId);
      return;
    case "post": {
      const channelId = await channelFor(deps, gameId, effect.chat);
      const parts = splitMessage(effect.content);
      const files = (effect.files ?? []).map((f) => ({
        name: f.name,
        data: Buffer.from(f.base64, "base64"),
      }));
      for (const [part, content] of parts.entries()) {
        const last = part === parts.length - 1;
        await deps.rest.post(Routes.channelMessages(channelId), {
          body: {
            content,
            nonce: nonceOf(outboxId, part),
            enforce_nonce: true,
            allowed_mentions: { parse: [] },
          },
          ...(last && files.length > 0 ? { files } : {}),
        });
      }
      return;
    }
    case "panels": {
      const service = new GameService(deps.db);
      const phase = await service.currentPhase(gameId);
      if (!phase || phase.index !== effect.phaseIndex) return; // the phase is over: its panel is moot
      for (const [part, panel] of (await panelsForPhase(service, gameId)).entries()) {
        const channelId = await channelFor(deps, gameId, panel.chat);
        await deps.rest.post(Routes.channelMessages(channelId), {
          body: {
            ...panel.body,
            nonce: nonceOf(outboxId, part),
            enforce_nonce: true,
            allowed_mentions: { parse: [] },
          },
        });
      }
      return;
    }
    case "reveal": {
      const service = new GameService(deps.db);
      const game = await service.game(gameId);
      const ruleset = rulesetOrThrow(game.ruleset);
      const lang = await service.language(game.guildId);
      const state = await service.state(gameId);
      const names = namesOf(await service.players(gameId));
      const reports = await deps.db
        .select({ report: resolutions.report })
        .from(resolutions)
        .where(eq(resolutions.gameId, gameId))
        .orderBy(asc(resolutions.phaseIndex));
      const text = revealText({ lang, gameName: game.name, ruleset, state, names });
      const files = revealFiles(
        ruleset,
        state,
        reports.map((r) => r.report as PhaseReport),
        names,
        lang,
      );
      const channelId = await channelFor(deps, gameId, "newspaper");
      const parts = splitMessage(text);
      for (const [part, content] of parts.entries()) {
        const last = part === parts.length - 1;
        await deps.rest.post(Routes.channelMessages(channelId), {
          body: {
            content,
            nonce: nonceOf(outboxId, part),
            enforce_nonce: true,
            allowed_mentions: { parse: [] },
          },
          ...(last ? { files: files.map((f) => ({ name: f.name, data: f.data })) } : {}),
        });
      }
      return;
    }
  }
}

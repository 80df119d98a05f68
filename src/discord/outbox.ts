import type { REST } from "@discordjs/rest";
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, Routes } from "discord.js";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { runCoalesced, tryAdvisoryLock, withAdvisoryLock } from "../db/locks.js";
import { chats, outbox, resolutions } from "../db/schema/index.js";
import { gameRecord, secretOf } from "../games/fairness.js";
import { t } from "../i18n/index.js";
import { GameService, type OutboxEffect } from "../games/service.js";
import { outboxPayload, priorityOfKind, type EffectPriority } from "../games/effects.js";
import { z } from "zod";
import { rulesetOrThrow } from "../games/state.js";
import { gameLogFiles } from "../games/game-log.js";
import { logDigest } from "../games/verify.js";
import { botPost, botUpsert, homeKeys, mirroredHomeIn, type MirroredHome } from "./masks/bot-posts.js";
import { mirrorTargets, performRelay, relayGaveUp, relayGivesUp } from "./masks/relay.js";
import { PermanentFailure, apiError, isMendable, isPermanentRefusal } from "./refusals.js";
import { panelsForPhase, refreshPanels } from "./panels.js";
import { namesOf } from "../render/names.js";
import { displayContext, seatGenders } from "../games/render.js";
import { revealText } from "./render/reveal.js";
import { archiveUrl } from "../console/archive.js";
import type { Logger } from "../log.js";
import { gameLanguageOf, noticeToGms, RETRY_PREFIX } from "./outbox-failures.js";
import { buttonRow, MESSAGE_LIMIT, nonceOf, postParts, splitMessage } from "./outbox-messages.js";
import { reconcileGame } from "./reconcile.js";
import { outboxFailures } from "../http/metrics.js";

/**
 * Performs a game's pending Discord side effects, exactly once in effect: each message carries a
 * nonce derived from its outbox row (with enforce_nonce, Discord refuses a duplicate), a masked
 * message is looked up before it is sent again, membership is a diff, and a per-game advisory
 * lock keeps two drains apart. Every write to Discord a game makes is a row here: its own output
 * (posts, edits, panels, permissions, the reveal) and what its players say under masks.
 *
 * Order is per lane (`outbox.lane`): the game's own output is one lane, performed in id order (a
 * newspaper before the chats close), and each masked chat's speech is a lane of its own. A row
 * waiting after a transient failure (5xx, 429, network) holds back its lane only.
 *
 * Failure by kind: the game's output is retried forever with capped exponential backoff, and a
 * permanent refusal (4xx) fails the row and tells the GMs, who can retry it from the notice;
 * speech gives up after a few attempts and tells the speaker (masks/relay.ts), since a message
 * delivered an hour late, out of its conversation, is worse than a refusal now.
 */

export interface DrainDeps {
  db: Db;
  rest: REST;
  log: Logger;
  /** Backoff after transient failures (tests shorten it). */
  retry?: RetryPolicy;
  now?: () => Date;
  /** The console's public URL (CONSOLE_PUBLIC_URL): the reveal links the game's archive under it. */
  publicUrl?: string;
}

/**
 * How long a row waits after its n-th transient failure: doubling from `baseMs`, capped at
 * `capMs`, with ±20 % jitter so that games do not all retry in the same second after an outage.
 */
export interface RetryPolicy {
  baseMs: number;
  capMs: number;
}
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 1_000, capMs: 60_000 };

export function backoffMs(attempts: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  const exact = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
  return Math.round(exact * (0.8 + Math.random() * 0.4));
}

export interface DrainResult {
  done: number;
  failed: number;
  /** A row is waiting after a transient failure: drain again at this time. */
  retryAt?: Date;
  /** Asked not to wait, the drain found another drain of the game running and did nothing. */
  busy?: true;
  /**
   * Asked not to wait, the drain found another drain of the game running in this process and
   * asked it to go once more, which performs what this one would have: nothing is left to do.
   */
  handedOver?: true;
  /**
   * A drain given a `turn` stopped with rows ready to perform: `critical` ones (its turn ran
   * out), or only `cosmetic` ones (every game's critical effects go first). The worker puts the
   * game back in line: at its end for `critical`, behind every critical drain for `cosmetic`.
   */
  more?: EffectPriority;
}

/**
 * One game's turn at Discord's global limit (the worker's fair share): at most `rows` rows, and of
 * one priority, the highest with a row ready when the turn starts (src/games/effects.ts
 * `EFFECT_PRIORITY`). Each lane keeps its order within a priority, so a newspaper still goes
 * before its chats close; a tally edit may come after the next phase's critical rows.
 */
export interface DrainTurn {
  rows: number;
}

export interface DrainOptions {
  /**
   * false: never wait for another drain of the game (`drainUnlessRunning`): one of this process
   * drains again instead (`handedOver`), one of another process makes this one `busy` (the worker
   * delays its job then). Default: wait.
   */
  wait?: boolean;
  /** One turn of the fair share (the worker's drains); default: every pending row, in lane order. */
  turn?: DrainTurn;
}

/** An upsert's row once performed: the message it posted, kept in its payload. */
const postedMessage = z.looseObject({ messageId: z.string().optional() });

export async function drainOutbox(
  outer: DrainDeps,
  gameId: string,
  options: DrainOptions = {},
): Promise<DrainResult> {
  // The per-game lock (one drain per game across processes) is held for the whole drain; its
  // queries run on the lock's connection.
  const key = `outbox:${gameId}`;
  if (options.wait === false)
    return drainUnlessRunning(outer.db, gameId, (db, onAsked) =>
      drainLocked(outer, db, gameId, onAsked, options.turn),
    );
  return withAdvisoryLock(outer.db, key, (db) => drainLocked(outer, db, gameId, undefined, options.turn));
}

/**
 * A drain that never waits for another drain of the game: one running in this process drains
 * again instead (`handedOver`: no job waits and polls for it); one running in another process
 * makes this one `busy`. `drain` runs on the connection holding the game's drain lock, and is
 * told through `onAsked` when a request is handed over to it (so it takes up new rows at once).
 */
export async function drainUnlessRunning(
  db: Db,
  gameId: string,
  drain: (locked: Db, onAsked: (listener: () => void) => void) => Promise<DrainResult>,
): Promise<DrainResult> {
  const key = `outbox:${gameId}`;
  const ran = await runCoalesced(
    key,
    async (onAsked): Promise<DrainResult> => {
      const held = await tryAdvisoryLock(db, key, (locked) => drain(locked, onAsked));
      return held.busy ? { done: 0, failed: 0, busy: true } : held.value;
    },
    (earlier, later) => ({
      ...later,
      done: earlier.done + later.done,
      failed: earlier.failed + later.failed,
    }),
  );
  return ran.handedOver ? { done: 0, failed: 0, handedOver: true } : ran.value;
}

/**
 * The drain itself, on `db`, the connection holding the game's drain lock: the pending rows by
 * lane, the lanes side by side (a chat's speech never waits behind the game's output, which
 * Discord's rate limits can stretch to seconds), each in its own order. The pending rows are read
 * again whenever a lane ends (rows may have come to it meanwhile) and whenever a drain request is
 * handed over to this one (`onAsked`: what was just said starts now, beside the lanes running).
 * Their queries share the lock's connection, which queues them; none opens a transaction on it.
 */
async function drainLocked(
  outer: DrainDeps,
  db: Db,
  gameId: string,
  onAsked?: (listener: () => void) => void,
  turn?: DrainTurn,
): Promise<DrainResult> {
  const deps = { ...outer, db, pool: outer.db };
  /** A turn's rows left (shared by its lanes), and the priority it serves, set by its first read. */
  const budget = turn ? { left: turn.rows } : undefined;
  let serving: EffectPriority | undefined;
  const now = () => deps.now?.() ?? new Date();
  const result: DrainResult = { done: 0, failed: 0 };
  const running = new Set<string>();
  /** Lanes whose next row waits (a retry time): not taken up again in this drain. */
  const waiting = new Set<string>();
  /** Lanes whose next row waits for other lanes (a reconcile): taken up again when one ends. */
  const held = new Set<string>();
  let stale = true;
  let failure: { error: unknown } | undefined;
  let wake = () => {};
  const look = () => {
    stale = true;
    wake();
  };
  onAsked?.(look);
  const start = (lane: string, rows: OutboxRow[]) => {
    running.add(lane);
    let heldBack = false;
    void drainLane(deps, gameId, rows, now, budget)
      .then(
        (outcome) => {
          result.done += outcome.done;
          result.failed += outcome.failed;
          if (outcome.retryAt) {
            waiting.add(lane);
            if (!result.retryAt || outcome.retryAt < result.retryAt) result.retryAt = outcome.retryAt;
          }
          heldBack = outcome.held === true;
        },
        (error: unknown) => {
          failure ??= { error };
        },
      )
      .finally(() => {
        running.delete(lane);
        if (heldBack) {
          held.add(lane);
          wake();
          return;
        }
        held.clear();
        look();
      });
  };
  for (;;) {
    if (stale && !failure) {
      stale = false;
      const lanes = new Map<string, OutboxRow[]>();
      const pending = await pendingRows(db, gameId);
      if (turn) serving ??= readyRows(pending, now()).some(isCritical) ? "critical" : "cosmetic";
      for (const row of budget && budget.left <= 0 ? [] : pending) {
        const lane = row.lane ?? "";
        if (serving === "critical" && !isCritical(row)) continue;
        if (running.has(lane) || waiting.has(lane) || held.has(lane)) continue;
        lanes.set(lane, [...(lanes.get(lane) ?? []), row]);
      }
      for (const [lane, rows] of lanes) start(lane, rows);
    }
    if (running.size === 0 && (!stale || failure)) break;
    await new Promise<void>((resolve) => {
      wake = resolve;
      if ((stale && !failure) || running.size === 0) resolve();
    });
  }
  onAsked?.(() => {});
  if (failure) throw failure.error;
  if (turn) {
    // What is ready and not waiting for a retry or for speech: the game's place in the next round.
    const left = readyRows(await pendingRows(db, gameId), now()).filter(
      (row) => !waiting.has(row.lane ?? "") && !held.has(row.lane ?? ""),
    );
    if (left.length > 0) result.more = left.some(isCritical) ? "critical" : "cosmetic";
  }
  return result;
}

const isCritical = (row: OutboxRow) => priorityOfKind(row.kind) === "critical";

/** Rows not waiting out a transient failure (nor behind one in their lane). */
function readyRows(rows: readonly OutboxRow[], now: Date): OutboxRow[] {
  const blocked = new Set<string>();
  return rows.filter((row) => {
    const lane = row.lane ?? "";
    if (row.nextAttemptAt && row.nextAttemptAt > now) blocked.add(lane);
    return !blocked.has(lane);
  });
}

/** The game's rows to perform now, in id order (a draft's wait until it is published). */
export async function pendingRows(db: Db, gameId: string): Promise<OutboxRow[]> {
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
  return rows.map((r) => r.row);
}

export type OutboxRow = typeof outbox.$inferSelect;

/** Whether speech written before the row `id` is still to deliver (its lane running or waiting). */
async function saidBefore(db: Db, gameId: string, id: number): Promise<boolean> {
  const [earlier] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(eq(outbox.gameId, gameId), eq(outbox.status, "pending"), isNotNull(outbox.lane), lt(outbox.id, id)),
    )
    .limit(1);
  return earlier !== undefined;
}

/**
 * One lane's rows in id order, until one waits: after a transient failure, or for the time an
 * earlier failure set. Rows it adds (a reconcile's copies for a new reader, a notice to the GMs)
 * are read when it ends.
 */
async function drainLane(
  deps: DrainDeps,
  gameId: string,
  rows: readonly OutboxRow[],
  now: () => Date,
  /** A turn's rows left: the lane stops when none is (the rest waits for the game's next turn). */
  budget?: { left: number },
): Promise<{ done: number; failed: number; retryAt?: Date; held?: true }> {
  const { db } = deps;
  const outcome = { done: 0, failed: 0 };
  for (const row of rows) {
    if (budget && budget.left-- <= 0) return outcome;
    if (row.nextAttemptAt && row.nextAttemptAt > now()) return { ...outcome, retryAt: row.nextAttemptAt };
    const effect = outboxPayload.parse(row.payload);
    // A reconcile changes who may read and write where (a chat closes at the deadline): what was
    // said before it, in any chat, goes out first. The lane goes on when that is done.
    if (effect.type === "reconcile" && (await saidBefore(db, gameId, row.id)))
      return { ...outcome, held: true };
    try {
      await performMending(deps, gameId, row.id, effect);
      await db
        .update(outbox)
        .set({ status: "done", doneAt: new Date(), attempts: sql`${outbox.attempts} + 1` })
        .where(eq(outbox.id, row.id));
      outcome.done++;
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const speech = effect.type === "relay";
      if (speech ? relayGivesUp(error, attempts) : isPermanentRefusal(error)) {
        await db
          .update(outbox)
          .set({ attempts, lastError: message, status: "failed", nextAttemptAt: null })
          .where(eq(outbox.id, row.id));
        outcome.failed++;
        outboxFailures.inc({ kind: effect.type });
        if (effect.type === "relay") {
          // The speaker's own business: he is told, and says it again if he wants.
          deps.log.warn(
            { gameId, outboxId: row.id, attempts, err: message },
            "a message said under a mask was given up",
          );
          await relayGaveUp(deps, effect, message);
          continue;
        }
        deps.log.error({ gameId, outboxId: row.id, err: message }, "Discord refused an outbox effect");
        // A notice that fails itself is not announced again (no loop of notices).
        if (!(effect.type === "post" && effect.retryOf !== undefined))
          await noticeToGms(deps.db, gameId, row.id, effect, message, apiError(error)?.code);
        continue;
      }
      const retryAt = new Date(now().getTime() + backoffMs(attempts, deps.retry));
      await db
        .update(outbox)
        .set({ attempts, lastError: message, nextAttemptAt: retryAt })
        .where(eq(outbox.id, row.id));
      deps.log.warn(
        { gameId, outboxId: row.id, attempts, retryAt: retryAt.toISOString(), err: message },
        "outbox effect failed; will retry",
      );
      return { ...outcome, retryAt };
    }
  }
  return outcome;
}

async function channelFor(deps: DrainDeps, gameId: string, chat: string): Promise<string> {
  return (await chatRows(deps, gameId, chat, [chat, `chat:${chat}`])).channelId;
}

/**
 * Where a post to `chat` goes: the chat's channel and, when the game is masked and the chat
 * mirrored, its GMs' copy (`home`), from one read of the chats.
 */
async function postTarget(
  deps: DrainDeps,
  gameId: string,
  chat: string,
): Promise<{ channelId: string; home: MirroredHome | null }> {
  const { channelId, rows } = await chatRows(deps, gameId, chat, homeKeys(chat));
  return { channelId, home: await mirroredHomeIn(deps, gameId, rows) };
}

/**
 * The game's chats rows of `keys` and the channel of `chat` among them; a chat not made yet is
 * made by a reconcile first.
 */
async function chatRows(
  deps: DrainDeps,
  gameId: string,
  chat: string,
  keys: string[],
): Promise<{ channelId: string; rows: (typeof chats.$inferSelect)[] }> {
  const read = () =>
    deps.db
      .select()
      .from(chats)
      .where(and(eq(chats.gameId, gameId), inArray(chats.chatKey, keys)));
  // A channel outside the game's layout, named by its id (a lobby's sign-up post, src/games/signups.ts).
  if (chat.startsWith("channel:")) return { channelId: chat.slice("channel:".length), rows: [] };
  const own = (row: typeof chats.$inferSelect) => row.chatKey === chat || row.chatKey === `chat:${chat}`;
  let rows = await read();
  let found = rows.find(own);
  if (!found) {
    await reconcileGame(deps, gameId);
    rows = await read();
    found = rows.find(own);
  }
  if (!found) throw new ChatNotInLayout(chat);
  return { channelId: found.discordId, rows };
}

/**
 * A post to a chat the game's layout no longer has, even after a reconcile (a player's thread
 * of a game that ended before its first delivery): waiting cannot make it appear.
 */
export class ChatNotInLayout extends PermanentFailure {
  constructor(chat: string) {
    super(`no Discord channel for chat ${chat}`);
    this.name = "ChatNotInLayout";
  }
}

/**
 * Performs an effect; when Discord refuses it for something a reconcile can mend (a role or a
 * thread deleted by hand, a member who lost the role that let him see a chat, a permission taken
 * away: `isMendable`), reconciles the game in full — which reads Discord and makes it match the
 * layout again — and tries once more. Only a refusal that outlives the mend fails the row.
 */
async function performMending(
  deps: DrainDeps,
  gameId: string,
  outboxId: number,
  effect: OutboxEffect,
): Promise<void> {
  try {
    await perform(deps, gameId, outboxId, effect);
  } catch (error) {
    if (effect.type === "relay" || !isMendable(error)) throw error;
    deps.log.warn(
      { gameId, outboxId, err: (error as Error).message },
      "Discord refused an effect a reconcile can mend: reconciling in full",
    );
    await reconcileGame(deps, gameId, "full");
    await perform(deps, gameId, outboxId, effect);
  }
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
      const { channelId, home } = await postTarget(deps, gameId, effect.chat);
      const parts = splitMessage(effect.content);
      // A mirrored chat of a masked game (`home`): every reader's mirror gets the post too
      // (docs/masks.md).
      if (home) {
        for (const [part, content] of parts.entries())
          await botPost(deps, gameId, home, `outbox:${outboxId}:${part}`, content);
        const files = (effect.files ?? []).map((f) => ({
          name: f.name,
          data: Buffer.from(f.base64, "base64"),
        }));
        if (files.length === 0) return;
        // Attachments go to each copy with a reader now, directly (a later reader does not get them).
        const copies = [
          home.threadId,
          ...(await mirrorTargets(deps, gameId, home.chatKey)).map((m) => m.threadId),
        ];
        for (const [n, copy] of copies.entries()) {
          if (!copy) continue;
          await deps.rest.post(Routes.channelMessages(copy), {
            body: {
              nonce: nonceOf(outboxId, parts.length + n),
              enforce_nonce: true,
              allowed_mentions: { parse: [] },
            },
            files,
          });
        }
        return;
      }
      const files = (effect.files ?? []).map((f) => ({
        name: f.name,
        data: Buffer.from(f.base64, "base64"),
      }));
      const retry =
        effect.retryOf === undefined
          ? []
          : [
              new ActionRowBuilder<ButtonBuilder>()
                .addComponents(
                  new ButtonBuilder()
                    .setCustomId(`${RETRY_PREFIX}:${effect.retryOf}`)
                    .setStyle(ButtonStyle.Primary)
                    .setLabel(t(await gameLanguageOf(deps.db, gameId), "outbox.retry")),
                )
                .toJSON(),
            ];
      await postParts(deps.rest, channelId, outboxId, parts, {
        ...(retry.length > 0 ? { components: retry } : {}),
        ...(files.length > 0 ? { files } : {}),
      });
      return;
    }
    case "upsert":
      await upsertMessage(deps, gameId, outboxId, effect);
      return;
    case "relay":
      await performRelay(deps, effect.relayId);
      return;
    case "panels": {
      const service = new GameService(deps.db);
      const phase = await service.currentPhase(gameId);
      if (!phase || phase.index !== effect.phaseIndex) return; // the phase is over: its panel is moot
      if (effect.refresh)
        return refreshPanels(deps, service, gameId, effect.phaseIndex, (chat) =>
          channelFor(deps, gameId, chat),
        );
      const posted: Record<string, string> = {};
      for (const [part, panel] of (await panelsForPhase(service, gameId, effect.seats)).entries()) {
        const channelId = await channelFor(deps, gameId, panel.chat);
        const message = (await deps.rest.post(Routes.channelMessages(channelId), {
          body: {
            ...panel.body,
            nonce: nonceOf(outboxId, part),
            enforce_nonce: true,
            allowed_mentions: { parse: [] },
          },
        })) as { id: string };
        posted[panel.chat] = message.id;
      }
      // Where each panel is, for a moved deadline to edit it (refreshPanels).
      await deps.db
        .update(outbox)
        .set({ payload: sql`${outbox.payload} || ${JSON.stringify({ panelMessages: posted })}::jsonb` })
        .where(eq(outbox.id, outboxId));
      return;
    }
    case "reveal": {
      const service = new GameService(deps.db);
      const game = await service.game(gameId);
      const ruleset = rulesetOrThrow(game.ruleset);
      const lang = await service.language(game.guildId);
      const state = await service.state(gameId);
      const seats = await service.players(gameId);
      const names = namesOf(seats);
      const reader = displayContext(ruleset, lang, names, "plain", seatGenders(seats));
      // The game is over: its secret and its record go public with the reveal (docs/fairness.md).
      const record = await gameRecord(deps.db, game);
      const secret = game.seed === null ? await secretOf(deps.db, gameId) : null;
      // The log's digest goes out with the secret: `verify --digest` holds the file to it.
      const files = await gameLogFiles(deps.db, gameId);
      const logFile = files.find((f) => f.name === "game-log.json");
      const digest = logFile ? logDigest(JSON.parse(logFile.data.toString("utf8"))) : "";
      const fairness =
        secret !== null && record.commitment !== null
          ? { secret, commitment: record.commitment, digest }
          : game.seed !== null
            ? { seed: game.seed, digest }
            : undefined;
      const text = revealText({
        lang,
        gameName: game.name,
        ruleset,
        state,
        names,
        genderOf: (id) => reader.gender?.(id),
        ...(fairness ? { fairness } : {}),
        ...(deps.publicUrl ? { archiveUrl: archiveUrl(deps.publicUrl, game.archiveToken) } : {}),
      });
      const channelId = await channelFor(deps, gameId, "newspaper");
      await postParts(deps.rest, channelId, outboxId, splitMessage(text), {
        files: files.map((f) => ({ name: f.name, data: f.data })),
      });
      return;
    }
  }
}

/**
 * Posts a keyed message once and edits it in place afterwards: the first effect of the key
 * records the message id in its own outbox row, later ones find it there. A message a moderator
 * deleted is posted again (and recorded under the new row).
 */
async function upsertMessage(
  deps: DrainDeps,
  gameId: string,
  outboxId: number,
  effect: Extract<OutboxEffect, { type: "upsert" }>,
): Promise<void> {
  let text = effect.content;
  if (effect.render) {
    // A later update of the same message waits: this one would be overwritten at once.
    const [later] = await deps.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          eq(outbox.gameId, gameId),
          eq(outbox.kind, "upsert"),
          eq(outbox.status, "pending"),
          gt(outbox.id, outboxId),
          sql`${outbox.payload}->>'key' = ${effect.key}`,
        ),
      )
      .limit(1);
    if (later) return;
    const rendered = await new GameService(deps.db).gmStatusText(
      gameId,
      effect.render.gmStatus,
      effect.render.resolved,
    );
    if (rendered === undefined) return;
    text = rendered;
  }
  const { channelId, home } = await postTarget(deps, gameId, effect.chat);
  const content = text.slice(0, MESSAGE_LIMIT);
  if (home) return botUpsert(deps, gameId, home, effect.key, String(outboxId), content);
  // Buttons when the effect has them (a draft's review buttons); an empty list removes them.
  const components =
    effect.buttons === undefined
      ? {}
      : { components: effect.buttons.length > 0 ? [buttonRow(effect.buttons)] : [] };
  const [posted] = await deps.db
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(
      and(
        eq(outbox.gameId, gameId),
        eq(outbox.kind, "upsert"),
        sql`${outbox.payload}->>'key' = ${effect.key}`,
        sql`${outbox.payload} ? 'messageId'`,
      ),
    )
    .orderBy(desc(outbox.id))
    .limit(1);
  const messageId = posted ? postedMessage.parse(posted.payload).messageId : undefined;
  if (messageId) {
    try {
      await deps.rest.patch(Routes.channelMessage(channelId, messageId), {
        body: { content, allowed_mentions: { parse: [] }, ...components },
      });
      return;
    } catch (error) {
      if (apiError(error)?.status !== 404) throw error;
    }
  }
  const message = (await deps.rest.post(Routes.channelMessages(channelId), {
    body: {
      content,
      nonce: nonceOf(outboxId, 0),
      enforce_nonce: true,
      allowed_mentions: { parse: [], ...(effect.mentions ? { users: effect.mentions } : {}) },
      ...components,
    },
  })) as { id: string };
  await deps.db
    .update(outbox)
    .set({ payload: sql`${outbox.payload} || ${JSON.stringify({ messageId: message.id })}::jsonb` })
    .where(eq(outbox.id, outboxId));
}

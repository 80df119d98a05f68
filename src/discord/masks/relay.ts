import { Routes } from "discord.js";
import { and, asc, desc, eq, inArray, isNotNull, isNull, like, lt } from "drizzle-orm";
import { withAdvisoryLock } from "../../db/locks.js";
import { chats, maskRelays, maskWebhooks, type RelayFile } from "../../db/schema/index.js";
import { THREADS_PARENT, parseMirrorKey } from "../layout.js";
import { safeName } from "../../render/names.js";
import { avatarUrl, type MaskDeps } from "./gm-room.js";
import { maskModeOf } from "../../games/masks.js";
import { t } from "../../i18n/index.js";

/**
 * The relay: what a player says through the bot, posted by a channel webhook under the mask.
 *
 * - Every request is a `mask_relays` row first (idempotency key = the interaction id), so a
 *   repeated interaction is one message and a crash loses nothing.
 * - One queue per chat: a session advisory lock per (game, chat) and id order, so messages
 *   appear in the order they were said, whichever process delivers them.
 * - A row is marked `sending` before the webhook call and gets the webhook message id after it.
 *   A `sending` row found later (crash, timeout) is looked up in the channel first and only sent
 *   again if it is not there: retries never duplicate.
 * - Rate limits: @discordjs/rest waits out 429s per webhook bucket; transient failures are
 *   retried with backoff; after MAX_ATTEMPTS the row fails and the speaker is told.
 * - Mirrored chats (layout.ts `mirrorKey`): what is said is one row per copy — the canonical row
 *   (the GMs' copy, keyed by the interaction id) and one per reader's mirror (keyed
 *   `<key>#<thread>`), all in the chat's one queue, so every mirror gets the chat in order.
 */

export type RelayRow = typeof maskRelays.$inferSelect;

export const MAX_ATTEMPTS = 4;
const NO_MENTIONS = { parse: [] as string[] };
const WEBHOOK_NAME = "Masks";

export interface RelayDeps extends MaskDeps {
  /** Backoff base between attempts (ms); tests use a small one. */
  backoffMs?: number;
}

export interface RelayRequest {
  gameId: string;
  chatKey: string;
  channelId: string;
  threadId: string | null;
  seatId: string;
  userId: string;
  kind: RelayRow["kind"];
  targetId?: number | null;
  idempotencyKey: string;
  content?: string;
  username?: string;
  avatarKey?: string | null;
  files?: RelayFile[];
  notify?: RelayRow["notify"];
}

/** Persists a request (once per idempotency key) and returns its row. */
export async function enqueueRelay(deps: MaskDeps, request: RelayRequest): Promise<RelayRow> {
  await deps.db
    .insert(maskRelays)
    .values({
      gameId: request.gameId,
      chatKey: request.chatKey,
      channelId: request.channelId,
      threadId: request.threadId,
      seatId: request.seatId,
      userId: request.userId,
      kind: request.kind,
      targetId: request.targetId ?? null,
      idempotencyKey: request.idempotencyKey,
      content: request.content ?? "",
      username: request.username ?? "",
      avatarKey: request.avatarKey ?? null,
      files: request.files ?? [],
      notify: request.notify ?? null,
    })
    .onConflictDoNothing();
  const [row] = await deps.db
    .select()
    .from(maskRelays)
    .where(eq(maskRelays.idempotencyKey, request.idempotencyKey));
  if (!row) throw new Error("relay row missing");
  return row;
}

export async function relayById(deps: MaskDeps, id: number): Promise<RelayRow | undefined> {
  const [row] = await deps.db.select().from(maskRelays).where(eq(maskRelays.id, id));
  return row;
}

/**
 * The seat (and user) of the bot's own posts in a mirrored chat (outbox posts: system notices,
 * tallies): such a row is posted by the bot as itself, not through a webhook under a mask, so
 * that every copy shows the bot's account as its author, which no mask can imitate.
 */
export const BOT_SPEAKER = "";

export function isBotRow(row: Pick<RelayRow, "seatId">): boolean {
  return row.seatId === BOT_SPEAKER;
}

/** Idempotency keys of mirror copies: `<canonical key>#<thread id>`. */
const COPY = "#";

export function copyKey(canonicalKey: string, threadId: string): string {
  return `${canonicalKey}${COPY}${threadId}`;
}

/** A row for a reader's mirror (not the canonical row the speaker and the GMs refer to). */
export function isCopy(row: Pick<RelayRow, "idempotencyKey">): boolean {
  return row.idempotencyKey.includes(COPY);
}

export interface RelayTarget {
  /** The channel whose webhook posts (a thread's parent). */
  channelId: string;
  threadId: string | null;
}

/**
 * The mirrors of a chat (`chat:<id>`) that have their reader in them now, in key order. The
 * reconcile adds and removes the readers; a mirror without one gets nothing until it has one
 * again, and then `syncMirrors` delivers what it missed.
 */
export async function mirrorTargets(deps: MaskDeps, gameId: string, chatKey: string): Promise<RelayTarget[]> {
  if (!chatKey.startsWith("chat:")) return [];
  const chatId = chatKey.slice("chat:".length);
  const rows = await deps.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), like(chats.chatKey, "mirror:%")));
  const parent = rows.length > 0 ? await threadsParent(deps, gameId) : null;
  if (!parent) return [];
  return rows
    .filter((r) => parseMirrorKey(r.chatKey)?.chatId === chatId && r.appliedMembers.length > 0)
    .sort((a, b) => (a.chatKey < b.chatKey ? -1 : a.chatKey > b.chatKey ? 1 : 0))
    .map((r) => ({ channelId: parent, threadId: r.discordId }));
}

async function threadsParent(deps: MaskDeps, gameId: string): Promise<string | null> {
  const [row] = await deps.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, THREADS_PARENT)));
  return row?.discordId ?? null;
}

/**
 * Persists what a speaker said as the canonical row plus one copy per mirror with a reader, and
 * delivers the chat's queue — all under the chat's lock, so a mirror that gains its reader at the
 * same moment gets the message exactly once (here or from `syncMirrors`).
 */
export async function enqueueSpoken(
  outer: RelayDeps,
  request: RelayRequest,
): Promise<{ row: RelayRow; drained: DrainResult }> {
  return withChatLock(outer, queueLock(request.gameId, request.chatKey), async (deps) => {
    const row = await enqueueRelay(deps, request);
    for (const target of await mirrorTargets(deps, request.gameId, request.chatKey)) {
      if (!target.threadId) continue;
      let targetId: number | null = null;
      if (request.kind !== "post") {
        const canonical = row.targetId !== null ? await relayById(deps, row.targetId) : undefined;
        const [copy] = canonical
          ? await deps.db
              .select()
              .from(maskRelays)
              .where(eq(maskRelays.idempotencyKey, copyKey(canonical.idempotencyKey, target.threadId)))
          : [];
        if (!copy) continue; // that mirror never had the message
        targetId = copy.id;
      }
      await enqueueRelay(deps, {
        ...request,
        channelId: target.channelId,
        threadId: target.threadId,
        targetId,
        idempotencyKey: copyKey(request.idempotencyKey, target.threadId),
        notify: null,
      });
    }
    const drained = await drainQueue(deps, request.gameId, request.chatKey);
    return { row: (await relayById(deps, row.id)) ?? row, drained };
  });
}

/**
 * After a reconcile: every mirror with its reader gets, in order, each message of its chat it does
 * not have yet (a reader new to the chat reads what was said before, as a new member of a thread
 * would; a message deleted since is skipped, an edited one goes out as it reads now).
 */
export async function syncMirrors(deps: RelayDeps, gameId: string): Promise<number> {
  if ((await maskModeOf(deps.db, gameId)) === "off") return 0;
  const mirrorRows = await deps.db
    .select({ key: chats.chatKey })
    .from(chats)
    .where(and(eq(chats.gameId, gameId), like(chats.chatKey, "mirror:%")));
  const chatIds = [
    ...new Set(mirrorRows.map((r) => parseMirrorKey(r.key)?.chatId).filter((c) => c !== undefined)),
  ];
  let added = 0;
  for (const chatId of chatIds.sort()) {
    const chatKey = `chat:${chatId}`;
    added += await withChatLock(deps, queueLock(gameId, chatKey), async (deps) => {
      const targets = await mirrorTargets(deps, gameId, chatKey);
      if (targets.length === 0) return 0;
      const rows = await deps.db
        .select()
        .from(maskRelays)
        .where(and(eq(maskRelays.gameId, gameId), eq(maskRelays.chatKey, chatKey)))
        .orderBy(asc(maskRelays.id));
      const keys = new Set(rows.map((r) => r.idempotencyKey));
      const canonical = rows.filter((r) => !isCopy(r) && r.status !== "failed");
      const deleted = new Set(canonical.filter((r) => r.kind === "delete").map((r) => r.targetId));
      const latest = new Map<number, string>();
      for (const r of canonical)
        if (r.kind === "edit" && r.targetId !== null) latest.set(r.targetId, r.content);
      let count = 0;
      for (const post of canonical) {
        if (post.kind !== "post" || deleted.has(post.id)) continue;
        for (const target of targets) {
          if (!target.threadId) continue;
          const key = copyKey(post.idempotencyKey, target.threadId);
          if (keys.has(key)) continue;
          await enqueueRelay(deps, {
            gameId,
            chatKey,
            channelId: target.channelId,
            threadId: target.threadId,
            seatId: post.seatId,
            userId: post.userId,
            kind: "post",
            idempotencyKey: key,
            content: latest.get(post.id) ?? post.content,
            username: post.username,
            avatarKey: post.avatarKey,
            files: post.files,
          });
          count++;
        }
      }
      if (count > 0) await drainQueue(deps, gameId, chatKey);
      return count;
    });
  }
  return added;
}

const queueLock = (gameId: string, chatKey: string) => `relay:${gameId}:${chatKey}`;

/** Runs `work` under the chat's lock, with `deps` whose queries use the lock's connection. */
function withChatLock<D extends MaskDeps, T>(
  deps: D,
  key: string,
  work: (deps: D) => Promise<T>,
): Promise<T> {
  return withAdvisoryLock(deps.db, key, (db) => work({ ...deps, db }));
}

interface Hook {
  id: string;
  token: string;
}

async function webhookFor(deps: MaskDeps, gameId: string, channelId: string): Promise<Hook> {
  const [known] = await deps.db.select().from(maskWebhooks).where(eq(maskWebhooks.channelId, channelId));
  if (known) return { id: known.webhookId, token: known.token };
  const created = (await deps.rest.post(Routes.channelWebhooks(channelId), {
    body: { name: WEBHOOK_NAME },
    reason: "masked play",
  })) as { id: string; token: string };
  const inserted = await deps.db
    .insert(maskWebhooks)
    .values({ channelId, gameId, webhookId: created.id, token: created.token })
    .onConflictDoNothing()
    .returning();
  if (inserted.length > 0) return created;
  // Another process won the race: keep its webhook, drop ours.
  await deps.rest.delete(Routes.webhook(created.id)).catch(() => undefined);
  return webhookFor(deps, gameId, channelId);
}

async function forgetWebhook(deps: MaskDeps, channelId: string): Promise<void> {
  await deps.db.delete(maskWebhooks).where(eq(maskWebhooks.channelId, channelId));
}

/** Discord's rules for webhook names: 1–80 characters, never "discord" or "clyde". */
export function webhookUsername(name: string): string {
  const clean = safeName(name, "plain")
    .replace(/discord/gi, "d1scord")
    .replace(/clyde/gi, "c1yde")
    .trim();
  return (clean || "—").slice(0, 80);
}

/**
 * Mentions never resolve: a user or role mention would show an account's name (and point at it),
 * so it becomes a plain "@…"; @everyone and @here are broken with a zero-width space.
 */
export function defuseMentions(text: string): string {
  return text.replace(/<@[!&]?\d+>/g, "@…").replace(/@(everyone|here)/g, "@\u200b$1");
}

function threadQuery(row: RelayRow): URLSearchParams {
  const query = new URLSearchParams();
  if (row.threadId) query.set("thread_id", row.threadId);
  return query;
}

interface WebhookMessage {
  id: string;
  content: string;
  webhook_id?: string;
  author?: { username?: string };
}

/** A `sending` row that may have been delivered: its message in the channel, if there. */
async function findDelivered(deps: MaskDeps, row: RelayRow, hook: Hook): Promise<string | null> {
  const [previous] = await deps.db
    .select({ messageId: maskRelays.messageId })
    .from(maskRelays)
    .where(
      and(
        eq(maskRelays.gameId, row.gameId),
        eq(maskRelays.chatKey, row.chatKey),
        eq(maskRelays.kind, "post"),
        eq(maskRelays.channelId, row.channelId),
        row.threadId ? eq(maskRelays.threadId, row.threadId) : isNull(maskRelays.threadId),
        isNotNull(maskRelays.messageId),
        lt(maskRelays.id, row.id),
      ),
    )
    .orderBy(desc(maskRelays.id))
    .limit(1);
  const query = new URLSearchParams({ limit: "50" });
  if (previous?.messageId) query.set("after", previous.messageId);
  const recent = (await deps.rest.get(Routes.channelMessages(row.threadId ?? row.channelId), {
    query,
  })) as WebhookMessage[];
  const claimed = new Set(
    (
      await deps.db
        .select({ messageId: maskRelays.messageId })
        .from(maskRelays)
        .where(
          and(
            eq(maskRelays.gameId, row.gameId),
            eq(maskRelays.chatKey, row.chatKey),
            isNotNull(maskRelays.messageId),
          ),
        )
    ).map((r) => r.messageId),
  );
  const match = [...recent]
    .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
    .find(
      (m) =>
        m.webhook_id === hook.id &&
        m.content === row.content &&
        (m.author?.username ?? "") === webhookUsername(row.username) &&
        !claimed.has(m.id),
    );
  return match?.id ?? null;
}

async function downloadFiles(files: readonly RelayFile[]) {
  return Promise.all(
    files.map(async (f) => {
      const response = await fetch(f.url);
      if (!response.ok) throw new Error(`attachment ${f.name}: HTTP ${response.status}`);
      return {
        name: f.name,
        data: Buffer.from(await response.arrayBuffer()),
        ...(f.contentType ? { contentType: f.contentType } : {}),
      };
    }),
  );
}

/**
 * The bot's own post as itself: a nonce per row (`enforce_nonce`) makes a retry after a lost
 * answer return the message already posted instead of a second one.
 */
async function deliverAsBot(deps: MaskDeps, row: RelayRow): Promise<string | null> {
  const where = row.threadId ?? row.channelId;
  if (row.kind === "post") {
    await deps.db.update(maskRelays).set({ status: "sending" }).where(eq(maskRelays.id, row.id));
    const message = (await deps.rest.post(Routes.channelMessages(where), {
      body: {
        content: row.content || "\u200b",
        nonce: `r${row.id.toString(36)}`,
        enforce_nonce: true,
        allowed_mentions: NO_MENTIONS,
      },
    })) as { id: string };
    return message.id;
  }
  const target = row.targetId !== null ? await relayById(deps, row.targetId) : undefined;
  if (!target?.messageId) throw new PermanentRelayError("the message to change was never delivered");
  if (row.kind === "edit") {
    await deps.rest.patch(Routes.channelMessage(where, target.messageId), {
      body: { content: row.content, allowed_mentions: NO_MENTIONS },
    });
    return target.messageId;
  }
  try {
    await deps.rest.delete(Routes.channelMessage(where, target.messageId));
  } catch (error) {
    if (apiError(error)?.code !== 10008) throw error; // already gone
  }
  return null;
}

/** One delivery attempt; returns the webhook message id (null for a deletion). */
async function deliver(deps: MaskDeps, row: RelayRow): Promise<string | null> {
  if (isBotRow(row)) return deliverAsBot(deps, row);
  const hook = await webhookFor(deps, row.gameId, row.channelId);
  if (row.kind === "post") {
    if (row.status === "sending") {
      const found = await findDelivered(deps, row, hook);
      if (found) return found;
    }
    await deps.db.update(maskRelays).set({ status: "sending" }).where(eq(maskRelays.id, row.id));
    const avatar = row.avatarKey ? await avatarUrl(deps, row.gameId, row.avatarKey, row.username) : null;
    const files = await downloadFiles(row.files);
    const query = threadQuery(row);
    query.set("wait", "true");
    const body: Record<string, unknown> = {
      username: webhookUsername(row.username),
      allowed_mentions: NO_MENTIONS,
      ...(row.content ? { content: row.content } : {}),
      ...(avatar ? { avatar_url: avatar } : {}),
      ...(files.length > 0
        ? { attachments: files.map((f, id) => ({ id: String(id), filename: f.name })) }
        : {}),
    };
    const message = (await deps.rest.post(Routes.webhook(hook.id, hook.token), {
      body,
      query,
      auth: false,
      ...(files.length > 0 ? { files } : {}),
    })) as WebhookMessage;
    return message.id;
  }
  const target = row.targetId !== null ? await relayById(deps, row.targetId) : undefined;
  if (!target?.messageId) throw new PermanentRelayError("the message to change was never delivered");
  if (row.kind === "edit") {
    await deps.rest.patch(Routes.webhookMessage(hook.id, hook.token, target.messageId), {
      body: { content: row.content, allowed_mentions: NO_MENTIONS },
      query: threadQuery(row),
      auth: false,
    });
    return target.messageId;
  }
  try {
    await deps.rest.delete(Routes.webhookMessage(hook.id, hook.token, target.messageId), {
      query: threadQuery(row),
      auth: false,
    });
  } catch (error) {
    if (apiError(error)?.code !== 10008) throw error; // already gone
  }
  return null;
}

class PermanentRelayError extends Error {}

/**
 * Discord's refusal (status and JSON code), by shape: discord.js and a directly imported
 * @discordjs/rest may be different copies, so `instanceof DiscordAPIError` is not reliable.
 */
function apiError(error: unknown): { status: number; code: number } | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, code } = error as { status?: unknown; code?: unknown };
  return typeof status === "number" && typeof code === "number" ? { status, code } : null;
}

/** Unknown Webhook, Invalid Webhook Token: deleted by a moderator; a new one is made on retry. */
const LOST_WEBHOOK = [10015, 50027];

/** 4xx refusals (bad form, too large, unknown channel) do not improve with retries; 429 is waited out by REST. */
function permanent(error: unknown): boolean {
  if (error instanceof PermanentRelayError) return true;
  const api = apiError(error);
  if (api)
    return api.status >= 400 && api.status < 500 && api.status !== 429 && !LOST_WEBHOOK.includes(api.code);
  return false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DrainResult {
  done: number;
  failed: RelayRow[];
}

/**
 * Delivers a chat's queue in order. Safe to call from any process at any time; concurrent
 * callers wait on the chat's lock and then find nothing left to do.
 */
export async function drainChat(deps: RelayDeps, gameId: string, chatKey: string): Promise<DrainResult> {
  return withChatLock(deps, queueLock(gameId, chatKey), (deps) => drainQueue(deps, gameId, chatKey));
}

/** The queue's delivery; the caller holds the chat's lock. */
async function drainQueue(deps: RelayDeps, gameId: string, chatKey: string): Promise<DrainResult> {
  const result: DrainResult = { done: 0, failed: [] };
  const rows = await deps.db
    .select()
    .from(maskRelays)
    .where(
      and(
        eq(maskRelays.gameId, gameId),
        eq(maskRelays.chatKey, chatKey),
        inArray(maskRelays.status, ["pending", "sending"]),
      ),
    )
    .orderBy(asc(maskRelays.id));
  for (const first of rows) {
    let row = first;
    for (;;) {
      try {
        const messageId = await deliver(deps, row);
        await deps.db
          .update(maskRelays)
          .set({
            status: "done",
            messageId,
            doneAt: new Date(),
            attempts: row.attempts + 1,
            lastError: null,
          })
          .where(eq(maskRelays.id, row.id));
        result.done++;
        break;
      } catch (error) {
        const attempts = row.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        if (LOST_WEBHOOK.includes(apiError(error)?.code ?? 0)) await forgetWebhook(deps, row.channelId);
        const final = permanent(error) || attempts >= MAX_ATTEMPTS;
        // A post that may have reached Discord stays `sending`, so the next attempt looks first.
        const [updated] = await deps.db
          .update(maskRelays)
          .set({ attempts, lastError: message.slice(0, 500), ...(final ? { status: "failed" } : {}) })
          .where(eq(maskRelays.id, row.id))
          .returning();
        deps.log.warn({ gameId, chatKey, relay: row.id, attempts, err: message }, "relay failed");
        if (final) {
          if (updated) {
            result.failed.push(updated);
            await notifyFailure(deps, updated);
          }
          break;
        }
        row = updated ?? row;
        await sleep((deps.backoffMs ?? 500) * 2 ** (attempts - 1));
      }
    }
  }
  return result;
}

/** Tells the speaker privately (interaction follow-up, valid 15 minutes) that a relay failed. */
async function notifyFailure(deps: MaskDeps, row: RelayRow): Promise<void> {
  if (!row.notify || row.notifiedAt) return;
  try {
    await deps.rest.post(Routes.webhook(row.notify.applicationId, row.notify.token), {
      body: {
        content: t(row.notify.lang, "mask.sent.failed", { error: (row.lastError ?? "").slice(0, 300) }),
        flags: 64,
        allowed_mentions: NO_MENTIONS,
      },
      auth: false,
    });
    await deps.db.update(maskRelays).set({ notifiedAt: new Date() }).where(eq(maskRelays.id, row.id));
  } catch (error) {
    deps.log.warn({ relay: row.id, err: (error as Error).message }, "could not tell the speaker");
  }
}

/** At start-up (bot or worker): deliver every chat queue left pending by a crash or restart. */
export async function recoverRelays(deps: RelayDeps): Promise<DrainResult> {
  const queues = await deps.db
    .selectDistinct({ gameId: maskRelays.gameId, chatKey: maskRelays.chatKey })
    .from(maskRelays)
    .where(inArray(maskRelays.status, ["pending", "sending"]));
  const total: DrainResult = { done: 0, failed: [] };
  for (const q of queues) {
    const r = await drainChat(deps, q.gameId, q.chatKey);
    total.done += r.done;
    total.failed.push(...r.failed);
  }
  return total;
}

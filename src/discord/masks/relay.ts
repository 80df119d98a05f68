import { Routes } from "discord.js";
import { and, asc, desc, eq, inArray, isNotNull, isNull, like, lt } from "drizzle-orm";
import { chats, maskRelays, maskWebhooks, outbox, type RelayFile } from "../../db/schema/index.js";
import { THREADS_PARENT, parseMirrorKey } from "../layout.js";
import { safeName } from "../../render/names.js";
import { avatarUrl, type MaskDeps } from "./gm-room.js";
import { changeGame, type Committed } from "../../games/changes.js";
import type { OutboxRelay } from "../../games/effects.js";
import type { Tx } from "../../games/state.js";
import { t } from "../../i18n/index.js";
import {
  LOST_WEBHOOK_CODES,
  PermanentFailure,
  UNKNOWN_MESSAGE,
  apiError,
  isPermanentRefusal,
} from "../refusals.js";

/**
 * The relay: what a player says through the bot, posted by a channel webhook under the mask.
 *
 * - Every request is a `mask_relays` row (idempotency key = the interaction id) and an outbox row
 *   in the chat's lane, written in one transaction: a repeated interaction is one message, a
 *   crash loses nothing, and the worker's drain delivers it like every other write to Discord,
 *   under the game's one drain lock.
 * - The chat's lane keeps what is said there in the order it was said; a chat waiting for Discord
 *   holds back neither another chat nor the game's own output (src/discord/outbox.ts).
 * - A row is marked `sending` before the webhook call and gets the webhook message id after it.
 *   A `sending` row found later (crash, timeout) is looked up in the channel first and only sent
 *   again if it is not there: retries never duplicate.
 * - Rate limits: @discordjs/rest waits out 429s per webhook bucket; the drain retries transient
 *   failures with backoff; after MAX_ATTEMPTS the message fails and the speaker is told.
 * - Mirrored chats (layout.ts `mirrorKey`): what is said is one row per copy — the canonical row
 *   (the GMs' copy, keyed by the interaction id) and one per reader's mirror (keyed
 *   `<key>#<thread>`), made when the canonical row is delivered, under the drain lock, as
 *   `syncMirrors` makes a new reader's: every mirror gets the chat once and in order.
 * - The speaker's deferred answer is edited when the message is delivered or given up on (the
 *   interaction's token lives 15 minutes).
 */

export type RelayRow = typeof maskRelays.$inferSelect;

export const MAX_ATTEMPTS = 4;
const NO_MENTIONS = { parse: [] as string[] };
const WEBHOOK_NAME = "Masks";

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
  /** A player's post: the phase it is said in (the public archive shows it there). */
  phase?: string | null;
}

function valuesOf(request: RelayRequest): typeof maskRelays.$inferInsert {
  return {
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
    phase: request.phase ?? null,
  };
}

/** Writes a request's row (once per idempotency key) and returns it. */
export async function insertRelay(db: MaskDeps["db"] | Tx, request: RelayRequest): Promise<RelayRow> {
  await db.insert(maskRelays).values(valuesOf(request)).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(maskRelays)
    .where(eq(maskRelays.idempotencyKey, request.idempotencyKey));
  if (!row) throw new Error("relay row missing");
  return row;
}

/** The outbox row that delivers a relay row (and its copies) in its chat's lane. */
function deliveryRow(row: RelayRow, dedupeKey = row.idempotencyKey): typeof outbox.$inferInsert {
  const payload: OutboxRelay = { type: "relay", relayId: row.id, chat: row.chatKey };
  return {
    gameId: row.gameId,
    dedupeKey: `${row.gameId}:relay:${dedupeKey}`,
    kind: payload.type,
    payload,
    lane: row.chatKey,
  };
}

/**
 * What a speaker said, persisted with its delivery in one change of the game (its version names
 * the drain to request: `ctx.after`). A repeated request (same idempotency key) is the same row
 * and adds nothing.
 */
export async function speakInto(db: MaskDeps["db"], request: RelayRequest): Promise<Committed<RelayRow>> {
  return changeGame(db, request.gameId, async (tx) => {
    const row = await insertRelay(tx, request);
    await tx.insert(outbox).values(deliveryRow(row)).onConflictDoNothing();
    return { value: row, deadlines: [], outbox: true };
  });
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

function isBotRow(row: Pick<RelayRow, "seatId">): boolean {
  return row.seatId === BOT_SPEAKER;
}

/**
 * A player's own message in a live thread that has read-only copies (layout.ts): its canonical
 * row (key `direct:<message id>`) is already in Discord; only its copies are delivered, by the
 * bot as itself, the author's name first (src/discord/masks/direct.ts).
 */
const DIRECT = "direct:";

export function directKey(messageId: string): string {
  return `${DIRECT}${messageId}`;
}

function isDirect(row: Pick<RelayRow, "idempotencyKey">): boolean {
  return row.idempotencyKey.startsWith(DIRECT);
}

/** Idempotency keys of mirror copies: `<canonical key>#<thread id>`. */
const COPY = "#";

function copyKey(canonicalKey: string, threadId: string): string {
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
export async function mirrorTargets(
  deps: Pick<MaskDeps, "db">,
  gameId: string,
  chatKey: string,
): Promise<RelayTarget[]> {
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

async function threadsParent(deps: Pick<MaskDeps, "db">, gameId: string): Promise<string | null> {
  const [row] = await deps.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, THREADS_PARENT)));
  return row?.discordId ?? null;
}

/**
 * The copies of a canonical row for the mirrors that have their reader now (a post), or for the
 * copies of its target (an edit or a deletion: a mirror that never had the message gets none).
 * The caller holds the game's drain lock; a mirror gains its copy once (its key), whether here or
 * in `syncMirrors`.
 */
async function copyToMirrors(deps: MaskDeps, canonical: RelayRow): Promise<void> {
  const target =
    canonical.kind !== "post" && canonical.targetId !== null
      ? await relayById(deps, canonical.targetId)
      : undefined;
  for (const mirror of await mirrorTargets(deps, canonical.gameId, canonical.chatKey)) {
    if (!mirror.threadId) continue;
    let targetId: number | null = null;
    if (canonical.kind !== "post") {
      if (!target) continue;
      const [copy] = await deps.db
        .select()
        .from(maskRelays)
        .where(eq(maskRelays.idempotencyKey, copyKey(target.idempotencyKey, mirror.threadId)));
      if (!copy || copy.status === "failed") continue; // that mirror never had the message
      targetId = copy.id;
    }
    await insertRelay(deps.db, {
      ...canonical,
      channelId: mirror.channelId,
      threadId: mirror.threadId,
      targetId,
      idempotencyKey: copyKey(canonical.idempotencyKey, mirror.threadId),
      notify: null,
    });
  }
}

/**
 * Delivers a relay row (outbox `relay` effect, or the bot's own post in a mirrored chat): its
 * copies for the mirrors are made the first time, then the canonical row and every copy still
 * to deliver go out in order, each marked done as it goes, so a retry sends only what is left.
 * A failure is thrown to the drain (after forgetting a lost webhook). The caller holds the game's
 * drain lock.
 */
export async function performRelay(deps: MaskDeps, relayId: number): Promise<void> {
  const canonical = await relayById(deps, relayId);
  if (!canonical) return;
  if (canonical.status === "pending" || canonical.status === "sending") await copyToMirrors(deps, canonical);
  for (const row of await undelivered(deps, canonical)) {
    let messageId: string | null;
    try {
      messageId = await deliver(deps, row);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (LOST_WEBHOOK_CODES.includes(apiError(error)?.code ?? 0)) await forgetWebhook(deps, row.channelId);
      // A post that may have reached Discord stays `sending`, so the next attempt looks first.
      await deps.db
        .update(maskRelays)
        .set({ attempts: row.attempts + 1, lastError: message.slice(0, 500) })
        .where(eq(maskRelays.id, row.id));
      throw error;
    }
    await deps.db
      .update(maskRelays)
      .set({ status: "done", messageId, doneAt: new Date(), attempts: row.attempts + 1, lastError: null })
      .where(eq(maskRelays.id, row.id));
  }
  await answer(deps, canonical.id, "delivered");
}

/** The canonical row and its copies still to deliver, in id order. */
async function undelivered(deps: MaskDeps, canonical: RelayRow): Promise<RelayRow[]> {
  const rows = await deps.db
    .select()
    .from(maskRelays)
    .where(
      and(
        eq(maskRelays.gameId, canonical.gameId),
        eq(maskRelays.chatKey, canonical.chatKey),
        inArray(maskRelays.status, ["pending", "sending"]),
      ),
    )
    .orderBy(asc(maskRelays.id));
  const copies = `${canonical.idempotencyKey}${COPY}`;
  return rows.filter((r) => r.id === canonical.id || r.idempotencyKey.startsWith(copies));
}

/**
 * A relay that keeps failing (MAX_ATTEMPTS) or that Discord refuses: what is left of it is failed
 * and the speaker is told (when the canonical row itself was not delivered).
 */
export function relayGivesUp(error: unknown, attempts: number): boolean {
  return isPermanentRefusal(error) || attempts >= MAX_ATTEMPTS;
}

export async function relayGaveUp(deps: MaskDeps, effect: OutboxRelay, error: string): Promise<void> {
  const canonical = await relayById(deps, effect.relayId);
  if (!canonical) return;
  for (const row of await undelivered(deps, canonical))
    await deps.db
      .update(maskRelays)
      .set({ status: "failed", lastError: row.lastError ?? error.slice(0, 500) })
      .where(eq(maskRelays.id, row.id));
  await answer(deps, canonical.id, "gave up");
}

/**
 * After a reconcile: every mirror with its reader gets, in order, each message of its chat it does
 * not have yet (a reader new to the chat reads what was said before, as a new member of a thread
 * would; a message deleted since is skipped, an edited one goes out as it reads now). The copies
 * are delivered by outbox rows in the chat's lane, after the message itself. The caller holds the
 * game's drain lock (the reconcile runs in the drain).
 */
export async function syncMirrors(deps: MaskDeps, gameId: string): Promise<number> {
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
    const targets = await mirrorTargets(deps, gameId, chatKey);
    if (targets.length === 0) continue;
    const rows = await deps.db
      .select()
      .from(maskRelays)
      .where(and(eq(maskRelays.gameId, gameId), eq(maskRelays.chatKey, chatKey)))
      .orderBy(asc(maskRelays.id));
    const keys = new Set(rows.map((r) => r.idempotencyKey));
    // Also what is being delivered in the chat's lane now, which may have made its copies before
    // this reader came: the copy's key makes it once whoever makes it.
    const canonical = rows.filter((r) => !isCopy(r) && r.status !== "failed");
    const deleted = new Set(canonical.filter((r) => r.kind === "delete").map((r) => r.targetId));
    const latest = new Map<number, string>();
    for (const r of canonical)
      if (r.kind === "edit" && r.targetId !== null) latest.set(r.targetId, r.content);
    for (const post of canonical) {
      if (post.kind !== "post" || deleted.has(post.id)) continue;
      let first: string | undefined;
      for (const target of targets) {
        if (!target.threadId) continue;
        const key = copyKey(post.idempotencyKey, target.threadId);
        if (keys.has(key)) continue;
        await insertRelay(deps.db, {
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
        first ??= key;
        added++;
      }
      if (first) await deps.db.insert(outbox).values(deliveryRow(post, first)).onConflictDoNothing();
    }
  }
  return added;
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
function webhookUsername(name: string): string {
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
  const content = isDirect(row) ? directContent(row) : row.content;
  if (row.kind === "post") {
    await deps.db.update(maskRelays).set({ status: "sending" }).where(eq(maskRelays.id, row.id));
    const message = (await deps.rest.post(Routes.channelMessages(where), {
      body: {
        content: content || "\u200b",
        nonce: `r${row.id.toString(36)}`,
        enforce_nonce: true,
        allowed_mentions: NO_MENTIONS,
      },
    })) as { id: string };
    return message.id;
  }
  const target = row.targetId !== null ? await relayById(deps, row.targetId) : undefined;
  if (!target?.messageId) throw new PermanentFailure("the message to change was never delivered");
  if (row.kind === "edit") {
    await deps.rest.patch(Routes.channelMessage(where, target.messageId), {
      body: { content, allowed_mentions: NO_MENTIONS },
    });
    return target.messageId;
  }
  try {
    await deps.rest.delete(Routes.channelMessage(where, target.messageId));
  } catch (error) {
    if (apiError(error)?.code !== UNKNOWN_MESSAGE) throw error; // already gone
  }
  return null;
}

/** A copy of a player's own message: his name, then what he wrote (and his files' links). */
function directContent(row: RelayRow): string {
  const files = row.files.map((f) => f.url);
  const text = [row.content, ...files].filter((x) => x !== "").join("\n");
  return `**${safeName(row.username)}:** ${text}`.slice(0, 2000);
}

/** One delivery attempt; returns the webhook message id (null for a deletion). */
async function deliver(deps: MaskDeps, row: RelayRow): Promise<string | null> {
  // A player's own message is in its live thread already; its copies are the bot's posts.
  if (isDirect(row) && !isCopy(row)) return row.kind === "delete" ? null : row.messageId;
  if (isBotRow(row) || isDirect(row)) return deliverAsBot(deps, row);
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
  if (!target?.messageId) throw new PermanentFailure("the message to change was never delivered");
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
    if (apiError(error)?.code !== UNKNOWN_MESSAGE) throw error; // already gone
  }
  return null;
}

/**
 * Edits the speaker's deferred answer (through the interaction's token, valid 15 minutes) once
 * the message is delivered or given up on; once per message, and never for the bot's own rows.
 */
async function answer(deps: MaskDeps, relayId: number, outcome: "delivered" | "gave up"): Promise<void> {
  const row = await relayById(deps, relayId);
  if (!row?.notify || row.notifiedAt) return;
  const { lang } = row.notify;
  const content =
    outcome === "gave up" && row.status !== "done"
      ? t(lang, "mask.sent.failed", { error: (row.lastError ?? "").slice(0, 300) })
      : row.kind === "post"
        ? t(lang, "mask.sent.post", { name: safeName(row.username) })
        : t(lang, row.kind === "edit" ? "mask.sent.edit" : "mask.sent.delete");
  try {
    await deps.rest.patch(Routes.webhookMessage(row.notify.applicationId, row.notify.token, "@original"), {
      body: { content, allowed_mentions: NO_MENTIONS },
      auth: false,
    });
  } catch (error) {
    // The token expired (a message delivered more than 15 minutes later): nobody to tell.
    deps.log.warn({ relay: row.id, err: (error as Error).message }, "could not answer the speaker");
  }
  await deps.db.update(maskRelays).set({ notifiedAt: new Date() }).where(eq(maskRelays.id, row.id));
}

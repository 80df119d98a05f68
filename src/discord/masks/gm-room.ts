import type { REST } from "@discordjs/rest";
import { Routes } from "discord.js";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import {
  chats,
  games,
  maskAvatars,
  maskGames,
  masks,
  playerReplacements,
  players,
} from "../../db/schema/index.js";
import { derivedSeedOf } from "../../games/fairness.js";
import { GameService } from "../../games/service.js";
import { safeName } from "../../render/names.js";
import type { Logger } from "../../log.js";
import { avatarFilename, avatarPng } from "./avatar.js";
import {
  appearanceAvatarKey,
  ensureMasks,
  maskAvatarKey,
  maskModeOf,
  type MaskRow,
} from "../../games/masks.js";
import { t } from "../../i18n/index.js";

/**
 * The GM side of masks: the mapping posted in the GM room at the deal (with every mask's avatar
 * attached: the attachments are where webhooks fetch the avatars from), avatars of appearances
 * that appear later, and the reveal in the newspaper at the end. Never anywhere players read.
 */

export interface MaskDeps {
  db: Db;
  /** The pool, when `db` is one connection a drain holds (src/discord/outbox.ts). */
  pool?: Db;
  rest: REST;
  log: Logger;
}

const NO_MENTIONS = { parse: [] as string[] };
/** Attachment URLs on Discord are signed and expire after about a day. */
const AVATAR_REFRESH_MS = 12 * 60 * 60_000;
/** Discord's limit of files per message. */
const FILES_PER_MESSAGE = 10;

interface PostedMessage {
  id: string;
  attachments?: { filename: string; url: string }[];
}

async function chatChannel(db: Db, gameId: string, key: string): Promise<string | undefined> {
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, key)));
  return row?.discordId;
}

/** A short nonce Discord accepts (≤ 25 chars), stable per game and purpose. */
function nonceFor(gameId: string, what: string): string {
  return `m${gameId.replace(/-/g, "").slice(0, 12)}${what}`.slice(0, 25);
}

async function postWithAvatars(
  deps: MaskDeps,
  gameId: string,
  channelId: string,
  content: string,
  avatars: { key: string }[],
  nonce: string,
): Promise<void> {
  const files = await Promise.all(
    avatars.map(async (a) => ({ key: a.key, name: avatarFilename(a.key), data: await avatarPng(a.key) })),
  );
  const posted = (await deps.rest.post(Routes.channelMessages(channelId), {
    body: {
      content,
      nonce,
      enforce_nonce: true,
      allowed_mentions: NO_MENTIONS,
      attachments: files.map((f, id) => ({ id: String(id), filename: f.name })),
    },
    files: files.map((f) => ({ name: f.name, data: f.data, contentType: "image/png" })),
  })) as PostedMessage;
  for (const f of files) {
    const attachment = posted.attachments?.find((a) => a.filename === f.name);
    if (!attachment) continue;
    await deps.db
      .insert(maskAvatars)
      .values({ gameId, key: f.key, channelId, messageId: posted.id, filename: f.name, url: attachment.url })
      .onConflictDoUpdate({
        target: [maskAvatars.gameId, maskAvatars.key],
        set: {
          channelId,
          messageId: posted.id,
          filename: f.name,
          url: attachment.url,
          refreshedAt: new Date(),
        },
      });
  }
}

/**
 * The URL a webhook takes as `avatar_url` for an avatar key: uploaded to the GM room the first
 * time, refreshed from its message when the signed URL may have expired. Null when the game has
 * no GM room yet or Discord refuses (the message then goes out with the webhook's own avatar).
 */
export async function avatarUrl(
  deps: MaskDeps,
  gameId: string,
  key: string,
  label: string,
): Promise<string | null> {
  const [row] = await deps.db
    .select()
    .from(maskAvatars)
    .where(and(eq(maskAvatars.gameId, gameId), eq(maskAvatars.key, key)));
  try {
    if (row) {
      if (Date.now() - row.refreshedAt.getTime() < AVATAR_REFRESH_MS) return row.url;
      const message = (await deps.rest.get(
        Routes.channelMessage(row.channelId, row.messageId),
      )) as PostedMessage;
      const fresh = message.attachments?.find((a) => a.filename === row.filename)?.url ?? row.url;
      await deps.db
        .update(maskAvatars)
        .set({ url: fresh, refreshedAt: new Date() })
        .where(and(eq(maskAvatars.gameId, gameId), eq(maskAvatars.key, key)));
      return fresh;
    }
    const gmRoom = await chatChannel(deps.db, gameId, "gm");
    if (!gmRoom) return null;
    const lang = await gameLanguage(deps.db, gameId);
    await postWithAvatars(
      deps,
      gameId,
      gmRoom,
      t(lang, "mask.gm.avatar", { name: label }),
      [{ key }],
      nonceFor(gameId, `a${hash(key)}`),
    );
    const [created] = await deps.db
      .select()
      .from(maskAvatars)
      .where(and(eq(maskAvatars.gameId, gameId), eq(maskAvatars.key, key)));
    return created?.url ?? null;
  } catch (error) {
    deps.log.warn({ gameId, key, err: (error as Error).message }, "mask avatar unavailable");
    return row?.url ?? null;
  }
}

function hash(text: string): string {
  let h = 0;
  for (const ch of text) h = (Math.imul(h, 31) + (ch.codePointAt(0) ?? 0)) | 0;
  return (h >>> 0).toString(36);
}

async function gameLanguage(db: Db, gameId: string) {
  const service = new GameService(db);
  const game = await service.game(gameId);
  return service.language(game.guildId);
}

/**
 * After every reconcile (src/discord/reconcile.ts calls it): deals the masks once the game has
 * started, posts the mapping in the GM room once, and publishes it in the newspaper once the game
 * has ended. Each step is recorded in `mask_games`, so a repeat does nothing. The reconcile runs
 * in the outbox drain: the game's drain lock keeps two of these apart.
 */
export async function masksAfterReconcile(deps: MaskDeps, gameId: string): Promise<void> {
  const [game] = await deps.db.select().from(games).where(eq(games.id, gameId));
  if (!game || game.status === "lobby") return;
  if ((await maskModeOf(deps.db, gameId, game.ruleset)) === "off") return;
  // Dealt at the start; a game started before that was dealt at its first reconcile, in a
  // transaction of its own, on a connection other than the drain's (whose queries the lanes share).
  const dealt = await deps.db.select().from(masks).where(eq(masks.gameId, gameId));
  const seated = await deps.db
    .select({ seatId: players.seatId })
    .from(players)
    .where(eq(players.gameId, gameId));
  const rows = dealt.length >= seated.length ? dealt : await ensureMasks(deps.pool ?? deps.db, gameId);
  const [milestones] = await deps.db.select().from(maskGames).where(eq(maskGames.gameId, gameId));
  if (!milestones?.announcedAt) await announce(deps, gameId, rows);
  if (game.status === "ended" && !milestones?.revealedAt) await reveal(deps, gameId, rows);
}

async function announce(deps: MaskDeps, gameId: string, rows: MaskRow[]): Promise<void> {
  const gmRoom = await chatChannel(deps.db, gameId, "gm");
  if (!gmRoom) return;
  const [game] = await deps.db.select().from(games).where(eq(games.id, gameId));
  if (!game) return;
  const mode = await maskModeOf(deps.db, gameId, game.ruleset);
  const lang = await gameLanguage(deps.db, gameId);
  const seats = await deps.db
    .select()
    .from(players)
    .where(eq(players.gameId, gameId))
    .orderBy(asc(players.seat));
  const maskOf = new Map(rows.map((r) => [r.seatId, r]));
  const have = new Set(
    (await deps.db.select().from(maskAvatars).where(eq(maskAvatars.gameId, gameId))).map((a) => a.key),
  );
  const maskSeed = await derivedSeedOf(deps.db, game, "masks");
  const entries = seats.flatMap((s) => {
    const mask = maskOf.get(s.seatId);
    if (!mask) return [];
    const key =
      mode === "appearances" ? appearanceAvatarKey(gameId, mask.name) : maskAvatarKey(maskSeed, mask.name);
    return [
      {
        line: `${s.seat}. <@${s.userId}> (${safeName(mask.accountName)}) → **${safeName(mask.name)}**`,
        key,
        custom: mask.avatarUrl !== null,
      },
    ];
  });
  for (let i = 0; i * FILES_PER_MESSAGE < entries.length; i++) {
    const chunk = entries.slice(i * FILES_PER_MESSAGE, (i + 1) * FILES_PER_MESSAGE);
    const title =
      i === 0
        ? `${t(lang, mode === "appearances" ? "mask.gm.dealt_appearances" : "mask.gm.dealt_masks")}\n`
        : "";
    const avatars = chunk.filter((e) => !e.custom && !have.has(e.key)).map((e) => ({ key: e.key }));
    const content = `${title}${chunk.map((e) => e.line).join("\n")}`.slice(0, 2000);
    await postWithAvatars(deps, gameId, gmRoom, content, avatars, nonceFor(gameId, `d${i}`));
  }
  await deps.db.update(maskGames).set({ announcedAt: new Date() }).where(eq(maskGames.gameId, gameId));
}

async function reveal(deps: MaskDeps, gameId: string, rows: MaskRow[]): Promise<void> {
  const newspaper = await chatChannel(deps.db, gameId, "newspaper");
  if (!newspaper) return;
  const lang = await gameLanguage(deps.db, gameId);
  const seats = await deps.db
    .select()
    .from(players)
    .where(eq(players.gameId, gameId))
    .orderBy(asc(players.seat));
  const replacements = await deps.db
    .select()
    .from(playerReplacements)
    .where(eq(playerReplacements.gameId, gameId))
    .orderBy(asc(playerReplacements.id));
  const maskOf = new Map(rows.map((r) => [r.seatId, r]));
  const lines = seats.map((s) => {
    const mask = maskOf.get(s.seatId);
    const before = replacements.filter((r) => r.seatId === s.seatId).map((r) => `<@${r.fromUserId}>`);
    const tail = before.length > 0 ? ` ${t(lang, "mask.reveal.replaced", { list: before.join(", ") })}` : "";
    return `**${safeName(mask?.name ?? s.seatId)}** — <@${s.userId}>${tail}`;
  });
  const parts: string[] = [t(lang, "mask.reveal.title")];
  for (const line of lines) {
    const last = parts.length - 1;
    if ((parts[last] ?? "").length + line.length + 1 > 2000) parts.push(line);
    else parts[last] = `${parts[last] ?? ""}\n${line}`;
  }
  for (const [i, content] of parts.entries()) {
    await deps.rest.post(Routes.channelMessages(newspaper), {
      body: { content, nonce: nonceFor(gameId, `r${i}`), enforce_nonce: true, allowed_mentions: NO_MENTIONS },
    });
  }
  await deps.db.update(maskGames).set({ revealedAt: new Date() }).where(eq(maskGames.gameId, gameId));
}

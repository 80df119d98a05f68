import { and, asc, eq } from "drizzle-orm";
import { inTransaction, type Db } from "../db/client.js";
import { games, guildSettings, maskGames, masks, players, type MaskMode } from "../db/schema/index.js";
import type { RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState, Lang, PlayerId } from "../engine/types.js";
import { gameContext } from "./context.js";
import { isGm, readGame, seatsOf } from "./reads.js";
import { derivedSeedOf } from "./fairness.js";
import { loadState, rulesetOrThrow, type Tx } from "./state.js";
import { CHATS } from "../rulesets/regnum/state.js";
import { anonymousName, dealMaskNames } from "./mask-names.js";
import { UserError } from "./errors.js";

/**
 * Masks of a game: the mode, the deal, and the name each seat is shown under. Nothing here
 * talks to Discord (see relay.ts and gm-room.ts).
 */

export type { MaskMode };
export type MaskRow = typeof masks.$inferSelect;

/** Rulesets whose engine state gives each character an appearance (облик). */
export function supportsAppearances(rulesetId: string): boolean {
  return rulesetId === "regnum";
}

/** `regnum` plays under appearances; the others unmasked unless the GM turns masks on. */
export function defaultMaskMode(rulesetId: string): MaskMode {
  return supportsAppearances(rulesetId) ? "appearances" : "off";
}

export async function maskModeOf(tx: Tx, gameId: string, rulesetId?: string): Promise<MaskMode> {
  const [row] = await tx.select().from(maskGames).where(eq(maskGames.gameId, gameId));
  if (row) return row.mode;
  let ruleset = rulesetId;
  if (ruleset === undefined) {
    const [game] = await tx.select({ ruleset: games.ruleset }).from(games).where(eq(games.id, gameId));
    ruleset = game?.ruleset ?? "";
  }
  return defaultMaskMode(ruleset);
}

/** A GM sets the mode in the lobby (at creation); it cannot change once the masks are dealt. */
export async function setMaskMode(db: Db, gameId: string, byUserId: string, mode: MaskMode): Promise<void> {
  const game = await readGame(db, gameId);
  if (!(await isGm(gameContext(db), gameId, byUserId))) throw new UserError("mask.refuse.gm_only");
  if (game.status !== "lobby") throw new UserError("mask.refuse.lobby_only");
  if (mode === "appearances" && !supportsAppearances(game.ruleset))
    throw new UserError("mask.refuse.no_appearances");
  await db
    .insert(maskGames)
    .values({ gameId, mode })
    .onConflictDoUpdate({ target: maskGames.gameId, set: { mode } });
}

/** A GM renames a seat's mask (and may give it an avatar URL) — in `masks` mode only. */
export async function setMask(
  db: Db,
  gameId: string,
  byUserId: string,
  seatId: PlayerId,
  mask: { name: string; avatarUrl?: string | null },
): Promise<void> {
  if (!(await isGm(gameContext(db), gameId, byUserId))) throw new UserError("mask.refuse.gm_only");
  const name = mask.name.trim().slice(0, 80);
  const rows = await ensureMasks(db, gameId);
  if (rows.some((r) => r.name.toLowerCase() === name.toLowerCase() && r.seatId !== seatId))
    throw new UserError("mask.refuse.name_taken");
  await db
    .update(masks)
    .set({ name, source: "gm", ...(mask.avatarUrl !== undefined ? { avatarUrl: mask.avatarUrl } : {}) })
    .where(and(eq(masks.gameId, gameId), eq(masks.seatId, seatId)));
  // A mask tells nothing of its player, their gender included (docs/i18n.md).
  await db
    .update(players)
    .set({ displayName: name, gender: null })
    .where(and(eq(players.gameId, gameId), eq(players.seatId, seatId)));
}

interface AppearancePlayer {
  id: PlayerId;
  appearance?: unknown;
  currentAppearance?: unknown;
}

function appearanceOf(
  state: AnyGameState,
  seatId: PlayerId,
  which: "appearance" | "currentAppearance",
): string {
  const player = state.players.find((x) => x.id === seatId) as AppearancePlayer | undefined;
  const value = player?.[which];
  return typeof value === "string" && value.length > 0 ? value : seatId;
}

/**
 * Deals the masks once the game has started (idempotent: the names come from the seed in seat
 * order, and existing rows are kept), and makes every seat's `displayName` its public name, so
 * every renderer that names seats (the newspaper, embeds, receipts) names masks. Returns the masks.
 */
export async function ensureMasks(db: Db, gameId: string): Promise<MaskRow[]> {
  return inTransaction(db, async (tx) => dealMasks(tx, gameId));
}

/**
 * The deal inside a caller's transaction. The start (lobby.ts) calls it right after the first
 * snapshot and before rendering the first messages, so that even the role cards name masks
 * (until then the first reconcile deals them, after the start's messages were rendered).
 */
export async function dealMasks(tx: Tx, gameId: string): Promise<MaskRow[]> {
  {
    const [game] = await tx.select().from(games).where(eq(games.id, gameId)).for("update");
    if (!game || game.status === "lobby") return [];
    const mode = await maskModeOf(tx, gameId, game.ruleset);
    if (mode === "off") return [];
    const seats = await tx
      .select()
      .from(players)
      .where(eq(players.gameId, gameId))
      .orderBy(asc(players.seat));
    let rows = await tx.select().from(masks).where(eq(masks.gameId, gameId));
    if (rows.length < seats.length) {
      const [settings] = await tx.select().from(guildSettings).where(eq(guildSettings.guildId, game.guildId));
      const lang = settings?.language ?? "ru";
      let names: string[];
      if (mode === "appearances") {
        const { state } = await loadState(tx, gameId, rulesetOrThrow(game.ruleset));
        names = seats.map((s) => appearanceOf(state, s.seatId, "appearance"));
      } else names = dealMaskNames(await derivedSeedOf(tx, game, "masks"), seats.length, lang);
      const have = new Set(rows.map((r) => r.seatId));
      const taken = new Set(rows.map((r) => r.name));
      const fresh = seats
        .map((s, i) => ({ seat: s, name: names[i] ?? s.seatId }))
        .filter((x) => !have.has(x.seat.seatId) && !taken.has(x.name));
      if (fresh.length > 0) {
        await tx
          .insert(masks)
          .values(
            fresh.map((x) => ({
              gameId,
              seatId: x.seat.seatId,
              name: x.name,
              accountName: x.seat.displayName,
            })),
          )
          .onConflictDoNothing();
      }
      await tx
        .insert(maskGames)
        .values({ gameId, mode, dealtAt: new Date() })
        .onConflictDoUpdate({ target: maskGames.gameId, set: { dealtAt: new Date() } });
      rows = await tx.select().from(masks).where(eq(masks.gameId, gameId));
    }
    const byseat = new Map(rows.map((r) => [r.seatId, r.name]));
    for (const seat of seats) {
      const name = byseat.get(seat.seatId);
      if (name !== undefined && (seat.displayName !== name || seat.gender !== null))
        await tx.update(players).set({ displayName: name, gender: null }).where(eq(players.id, seat.id));
    }
    return rows;
  }
}

/**
 * Seat id → the name the other players know that seat by: the mask, or in `appearances` mode the
 * seat's current appearance (doubles share one; offer each appearance once and let the engine
 * resolve `@<appearance>`). Unmasked games: the players' shown names. For autocomplete and for
 * `displayContext(ruleset, lang, names)` of public texts.
 */
export async function maskNames(
  db: Db,
  gameId: string,
  /** What the caller read already: the game and its mask mode, and maybe its seats (in seat order) and state. */
  known?: {
    game: typeof games.$inferSelect;
    mode: MaskMode;
    seats?: (typeof players.$inferSelect)[];
    state?: AnyGameState | null;
  },
): Promise<Map<PlayerId, string>> {
  const game = known?.game ?? (await db.select().from(games).where(eq(games.id, gameId)))[0];
  if (!game) return new Map();
  const mode = known?.mode ?? (await maskModeOf(db, gameId, game.ruleset));
  const seats = known?.seats ?? (await seatsOf(db, gameId));
  if (mode === "off" || game.status === "lobby") return new Map(seats.map((s) => [s.seatId, s.displayName]));
  if (mode === "appearances") {
    const state = known?.state ?? (await loadState(db, gameId, rulesetOrThrow(game.ruleset))).state;
    return new Map(seats.map((s) => [s.seatId, appearanceOf(state, s.seatId, "currentAppearance")]));
  }
  const rows = await ensureMasks(db, gameId);
  const byseat = new Map(rows.map((r) => [r.seatId, r.name]));
  return new Map(seats.map((s) => [s.seatId, byseat.get(s.seatId) ?? s.seatId]));
}

/** True when `chatId` of the ruleset's layout is a night chat (anonymous under appearances). */
export function isNightChat(ruleset: RulesetDefinition<AnyGameState>, chatId: string): boolean {
  if (ruleset.id !== "regnum") return false;
  return CHATS.find((c) => c.id === chatId)?.schedule === "night";
}

export interface Identity {
  username: string;
  /** `mask:<seed>:<name>` / `appearance:<game>:<appearance>`; null: the webhook's plain avatar. */
  avatarKey: string | null;
  /** A GM-set avatar URL, used as is. */
  avatarUrl: string | null;
}

/**
 * Who a seat speaks as in a chat: its mask; or under appearances its current appearance (a double
 * speaks as the appearance it took, the owner as his own once he is back in it), and nobody in
 * a night chat.
 */
export function identityOf(input: {
  mode: Exclude<MaskMode, "off">;
  ruleset: RulesetDefinition<AnyGameState>;
  state: AnyGameState;
  gameId: string;
  /** `derivedSeedOf(game, "masks")`: never the game's secret itself. */
  seed: number | string;
  seatId: PlayerId;
  chatId: string | null;
  mask: MaskRow | undefined;
  lang: Lang;
}): Identity {
  if (input.mode === "appearances") {
    if (input.chatId !== null && isNightChat(input.ruleset, input.chatId))
      return { username: anonymousName(input.lang), avatarKey: null, avatarUrl: null };
    const appearance = appearanceOf(input.state, input.seatId, "currentAppearance");
    return {
      username: appearance,
      avatarKey: appearanceAvatarKey(input.gameId, appearance),
      avatarUrl: null,
    };
  }
  const name = input.mask?.name ?? input.seatId;
  return {
    username: name,
    avatarKey: input.mask?.avatarUrl ? null : maskAvatarKey(input.seed, name),
    avatarUrl: input.mask?.avatarUrl ?? null,
  };
}

export function maskAvatarKey(seed: number | string, name: string): string {
  return `mask:${seed}:${name}`;
}

export function appearanceAvatarKey(gameId: string, appearance: string): string {
  return `appearance:${gameId}:${appearance}`;
}

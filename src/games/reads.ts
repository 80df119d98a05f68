import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.js";
import {
  deadlines,
  gameMasters,
  games,
  guildSettings,
  inputs,
  maskGames,
  phases,
  players,
  resolutions,
  type MaskMode,
} from "../db/schema/index.js";
import type { AnyGameState, Lang } from "../engine/types.js";
import { fromJsonRow, fromJsonRows, jsonRow } from "../db/json-row.js";
import { actsAsGm, gmStandingOf, type GmStanding } from "./authority.js";
import type { GameContext } from "./context.js";
import { UserError } from "./errors.js";
import type { DeadlineRow, GameRow, PhaseRow, PlayerRow, ResolutionRow } from "./rows.js";
import { finishRead, loadState, rulesetOrThrow, stateRead, type StateRead, type Tx } from "./state.js";

/**
 * Reading a game as it stands: its row, seats, GMs, open phase, language, state and a waiting
 * draft. Every function reads on the transaction it is given (or the pool).
 */

export async function readGame(db: Tx, gameId: string): Promise<GameRow> {
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  if (!game) throw new UserError("game.not_found");
  return game;
}

/**
 * What a transaction has read that its later statements answer from memory: the seats and the
 * language its first statement brought (`seatsAndLanguageKnown`), the reader built from them
 * (`remembered`, for `readerOf`). One memo per transaction, gone with it.
 */
const memos = new WeakMap<Tx, Map<string, Promise<unknown>>>();

function memoOf(tx: Tx): Map<string, Promise<unknown>> {
  let memo = memos.get(tx);
  if (!memo) memos.set(tx, (memo = new Map()));
  return memo;
}

/** `read()` once per transaction and key; later calls within `tx` get the same answer. */
export function remembered<T>(tx: Tx, key: string, read: () => Promise<T>): Promise<T> {
  const memo = memoOf(tx);
  const known = memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  const reading = read();
  memo.set(key, reading);
  return reading;
}

/** What `tx` already read under `key`, else `read()` (not kept: only a first statement primes). */
function knownOr<T>(tx: Tx, key: string, read: () => Promise<T>): Promise<T> {
  return (memos.get(tx)?.get(key) as Promise<T> | undefined) ?? read();
}

/** The game's seats in seat order (a fresh array each call: callers may sort or filter it). */
export async function seatsOf(tx: Tx, gameId: string): Promise<PlayerRow[]> {
  const rows = await knownOr(tx, `seats:${gameId}`, () =>
    tx.select().from(players).where(eq(players.gameId, gameId)).orderBy(asc(players.seat)),
  );
  return [...rows];
}

/** The seat a user plays, or `game.not_player`. */
export async function seatOf(tx: Tx, gameId: string, userId: string): Promise<PlayerRow> {
  const [seat] = await tx
    .select()
    .from(players)
    .where(and(eq(players.gameId, gameId), eq(players.userId, userId)));
  if (!seat) throw new UserError("game.not_player");
  return seat;
}

/**
 * What the member is to the game (src/games/authority.ts, the one rule): listed in its GMs, a GM
 * of the whole server (the acting member's standing on the game's server), excluded by a seat, or
 * none. One statement.
 */
export async function gmStanding(
  ctx: GameContext,
  gameId: string,
  userId: string,
  tx: Tx = ctx.db,
): Promise<GmStanding> {
  const [row] = await tx
    .select({
      guildId: games.guildId,
      listed: sql<boolean>`exists (select 1 from ${gameMasters} where ${gameMasters.gameId} = ${gameId} and ${gameMasters.userId} = ${userId})`,
      seated: sql<boolean>`exists (select 1 from ${players} where ${players.gameId} = ${gameId} and ${players.userId} = ${userId})`,
    })
    .from(games)
    .where(eq(games.id, gameId));
  if (!row) return "none";
  const actor = ctx.actor;
  const serverGm =
    actor !== null && actor.serverGm && actor.userId === userId && actor.guildId === row.guildId;
  return gmStandingOf({ listed: row.listed, seated: row.seated, serverGm });
}

/** A GM of the game now: listed or a server GM, and not seated in it (src/games/authority.ts). */
export async function isGm(
  ctx: GameContext,
  gameId: string,
  userId: string,
  tx: Tx = ctx.db,
): Promise<boolean> {
  return actsAsGm(await gmStanding(ctx, gameId, userId, tx));
}

/** The game's own GMs (not the server's), the creator first, then in the order they were added. */
export async function gmsOf(tx: Tx, gameId: string): Promise<string[]> {
  const [game] = await tx.select({ createdBy: games.createdBy }).from(games).where(eq(games.id, gameId));
  const rows = await tx
    .select({ userId: gameMasters.userId })
    .from(gameMasters)
    .where(eq(gameMasters.gameId, gameId))
    .orderBy(asc(gameMasters.addedAt));
  const ids = rows.map((r) => r.userId);
  const creator = game?.createdBy;
  return creator && ids.includes(creator) ? [creator, ...ids.filter((id) => id !== creator)] : ids;
}

export async function currentPhase(tx: Tx, gameId: string): Promise<PhaseRow | undefined> {
  const [row] = await tx
    .select()
    .from(phases)
    .where(and(eq(phases.gameId, gameId), eq(phases.status, "open")))
    .orderBy(sql`${phases.index} DESC`)
    .limit(1);
  return row;
}

/** The server's language (Russian unless its settings say otherwise). */
export async function languageOf(tx: Tx, guildId: string): Promise<Lang> {
  return knownOr(tx, `language:${guildId}`, async () => {
    const [row] = await tx.select().from(guildSettings).where(eq(guildSettings.guildId, guildId));
    return row?.language ?? "ru";
  });
}

/** The engine state now (snapshot + replay); the game row is read on `db`, the state on `tx`. */
export async function stateOf(db: Tx, gameId: string, tx: Tx = db): Promise<AnyGameState> {
  const game = await readGame(db, gameId);
  return (await loadState(tx, gameId, rulesetOrThrow(game.ruleset))).state;
}

/** The open phase as a `jsonRow` (a scalar subquery; null when none is open). */
function openPhaseJson(gameId: string): SQL {
  return sql`(select ${jsonRow(phases)} from ${phases} where ${phases.gameId} = ${gameId} and ${phases.status} = 'open'
    order by ${phases.index} desc limit 1)`;
}

/** The game's seats in seat order as a `json_agg` of `jsonRow`s (a scalar subquery; null for none). */
export function seatsJson(gameId: string): SQL {
  return sql`(select json_agg(${jsonRow(players)} order by ${players.seat}) from ${players}
    where ${players.gameId} = ${gameId})`;
}

/**
 * What a command about a seat reads before it acts, in one statement: the open phase, the
 * game's seats in seat order, the stored mask mode (null: the ruleset's default) and the
 * state (null in the lobby, which has none yet).
 */
export async function tableOf(
  db: Db,
  game: GameRow,
): Promise<{
  phase: PhaseRow | undefined;
  seats: PlayerRow[];
  maskMode: MaskMode | null;
  state: AnyGameState | null;
}> {
  const read = game.status === "lobby" ? null : stateRead(game.id);
  const result = await db.execute<{
    phase: unknown;
    seats: unknown;
    mask_mode: MaskMode | null;
    state: unknown;
  }>(sql`
    select
      ${openPhaseJson(game.id)} as phase,
      ${seatsJson(game.id)} as seats,
      (select ${maskGames.mode} from ${maskGames} where ${maskGames.gameId} = ${game.id}) as mask_mode,
      ${read ? read.sql : sql`null`} as state`);
  const row = result.rows[0];
  const state = read
    ? (await finishRead(db, game.id, read, row?.state, rulesetOrThrow(game.ruleset))).state
    : null;
  return {
    phase: row?.phase ? fromJsonRow(phases, row.phase) : undefined,
    seats: fromJsonRows(players, row?.seats),
    maskMode: row?.mask_mode ?? null,
    state,
  };
}

/** The server's language (null: never set, Russian) as a scalar subquery. */
export function languageJson(guildId: string): SQL {
  return sql`(select ${guildSettings.language} from ${guildSettings} where ${guildSettings.guildId} = ${guildId})`;
}

/**
 * The seats (`seatsJson`'s value) and the language (`languageJson`'s) a transaction read in its
 * first statement: its later `seatsOf` and `languageOf` answer from them. Only for a transaction
 * that changes neither (a resolution, a player's input).
 */
export function seatsAndLanguageKnown(tx: Tx, game: GameRow, seats: unknown, language: Lang | null): void {
  const memo = memoOf(tx);
  memo.set(`seats:${game.id}`, Promise.resolve(fromJsonRows(players, seats)));
  memo.set(`language:${game.guildId}`, Promise.resolve(language ?? "ru"));
}

/** `exists`: a draft (or held) resolution of the open phase waits for the GMs, as SQL. */
export function draftWaits(gameId: string): SQL {
  return sql`exists (select 1 from ${resolutions}
    where ${resolutions.gameId} = ${gameId} and ${resolutions.status} in ('draft', 'held')
      and ${resolutions.phaseIndex} = (select ${phases.index} from ${phases}
        where ${phases.gameId} = ${gameId} and ${phases.status} = 'open' order by ${phases.index} desc limit 1))`;
}

/**
 * What a deadline's resolution reads under the game's lock, in one statement: the open phase,
 * the deadline row the job names, whether a draft of the open phase waits, the log for the
 * state (`state`'s value, for `finishRead`), and an id reserved for the resolution's row
 * (written in one statement with its events, which refer to it). The seats and the server's
 * language come with them and answer the transaction's later `seatsOf` and `languageOf`
 * (`seatsAndLanguageKnown`): the effects, the GM status and the next phase's opening all read them, and the
 * newspaper waits for every round trip of a resolution.
 */
export async function resolutionReadsOf(
  tx: Tx,
  game: GameRow,
  deadlineId: number | null,
  state: StateRead,
): Promise<{
  phase: PhaseRow | undefined;
  deadline: DeadlineRow | undefined;
  drafted: boolean;
  state: unknown;
  resolutionId: number;
}> {
  const result = await tx.execute<{
    phase: unknown;
    deadline: unknown;
    drafted: boolean;
    seats: unknown;
    language: Lang | null;
    state: unknown;
    resolution_id: string;
  }>(sql`
    select
      ${openPhaseJson(game.id)} as phase,
      ${deadlineId === null ? sql`null` : sql`(select ${jsonRow(deadlines)} from ${deadlines} where ${deadlines.id} = ${deadlineId})`} as deadline,
      ${draftWaits(game.id)} as drafted,
      ${seatsJson(game.id)} as seats,
      ${languageJson(game.guildId)} as language,
      ${state.sql} as state,
      nextval(pg_get_serial_sequence('resolutions', 'id')) as resolution_id`);
  const row = result.rows[0];
  seatsAndLanguageKnown(tx, game, row?.seats, row?.language ?? null);
  return {
    phase: row?.phase ? fromJsonRow(phases, row.phase) : undefined,
    deadline: row?.deadline ? fromJsonRow(deadlines, row.deadline) : undefined,
    drafted: row?.drafted === true,
    state: row?.state,
    resolutionId: Number(row?.resolution_id),
  };
}

/** The draft (or held) resolution of the open phase, if one waits (review mode, review.ts). */
export async function pendingDraft(tx: Tx, gameId: string): Promise<ResolutionRow | undefined> {
  const phase = await currentPhase(tx, gameId);
  if (!phase) return undefined;
  const [row] = await tx
    .select()
    .from(resolutions)
    .where(
      and(
        eq(resolutions.gameId, gameId),
        eq(resolutions.phaseIndex, phase.index),
        inArray(resolutions.status, ["draft", "held"]),
      ),
    );
  return row;
}

/** The seq of the game's last input (0 before any). */
export async function lastSeq(tx: Tx, gameId: string): Promise<number> {
  const [last] = await tx
    .select({ seq: inputs.seq })
    .from(inputs)
    .where(eq(inputs.gameId, gameId))
    .orderBy(sql`${inputs.seq} DESC`)
    .limit(1);
  return last?.seq ?? 0;
}

import { sql } from "drizzle-orm";
import { submitAction } from "../engine/game.js";
import type { AvailableAction, RulesetDefinition } from "../engine/ruleset.js";
import {
  phaseLabel,
  type ActionInput,
  type AnyGameState,
  type GmInput,
  type Lang,
  type Rejection,
  type Result,
} from "../engine/types.js";
import { games, inputs, phases, players } from "../db/schema/index.js";
import { fromJsonRow, jsonRow } from "../db/json-row.js";
import { changeGame, outboxInsert, together, type Committed, type Writing } from "./changes.js";
import type { GameContext } from "./context.js";
import { actorName } from "./control.js";
import { followRulesDeadline, scheduleTimers } from "./deadlines.js";
import { deferredGmStatus } from "./gm-status.js";
import { closeEarlyLocked } from "./early-close.js";
import { ballotEffects, deliverNow } from "./effects.js";
import { UserError } from "./errors.js";
import { currentPhase, draftWaits, languageJson, seatsAndLanguageKnown, seatsJson } from "./reads.js";
import { OPTIONAL_ACTIONS } from "./reminders.js";
import type { GameRow, PhaseRow, PlayerRow } from "./rows.js";
import { finishRead, loadState, rulesetOrThrow, stateRead, type Tx } from "./state.js";

/**
 * Playing: what a seat may see and do, and a player's order or vote through the rules into the
 * append-only input log (applyLogged, which GM inputs and the rules' timers go through too),
 * with what an accepted input causes: its immediate posts, the public votes, the GM room's
 * status, a reconcile, the rules' timers and deadline moves, and an early close.
 */

export interface SubmitOutcome {
  accepted: boolean;
  rejection?: Rejection;
  phase: string;
  /**
   * An accepted input: the open phase's deadline as the commit leaves it (moved by the rules or
   * closed early), null when the phase has none or is paused.
   */
  deadlineAt?: Date | null;
}

/** The orders and votes the user's seat may give now (none once the game is over). */
export async function available(
  ctx: GameContext,
  gameId: string,
  userId: string,
): Promise<{ seat: PlayerRow; actions: AvailableAction[] }> {
  const { game, ruleset, seat, state } = await seatAndState(ctx, gameId, userId);
  return { seat, actions: game.status === "ended" ? [] : ruleset.availableActions(state, seat.seatId) };
}

/** The game, the user's seat and the state, read in one statement. */
async function seatAndState(
  ctx: GameContext,
  gameId: string,
  userId: string,
): Promise<{
  game: GameRow;
  ruleset: RulesetDefinition<AnyGameState>;
  seat: PlayerRow;
  state: AnyGameState;
}> {
  const read = stateRead(gameId);
  const result = await ctx.db.execute<{ game: unknown; seat: unknown; state: unknown }>(sql`
    select
      (select ${jsonRow(games)} from ${games} where ${games.id} = ${gameId}) as game,
      (select ${jsonRow(players)} from ${players}
        where ${players.gameId} = ${gameId} and ${players.userId} = ${userId}) as seat,
      ${read.sql} as state`);
  const row = result.rows[0];
  if (!row?.game) throw new UserError("game.not_found");
  if (!row.seat) throw new UserError("game.not_player");
  const game = fromJsonRow(games, row.game);
  const ruleset = rulesetOrThrow(game.ruleset);
  const { state } = await finishRead(ctx.db, gameId, read, row.state, ruleset);
  return { game, ruleset, seat: fromJsonRow(players, row.seat), state };
}

/**
 * A player's action; refused ones are logged too and change nothing. One transaction of four
 * statements for an accepted order in the common case: the game's lock, one read (the seat,
 * the open phase, a waiting draft, the log since the state this process remembers), one write
 * (the input and its outbox rows), and the commit. Where the ruleset closes a phase early, that
 * is judged here too, on the state the input produced.
 */
export async function submit(
  ctx: GameContext,
  gameId: string,
  userId: string,
  action: Omit<ActionInput, "actor">,
): Promise<Committed<SubmitOutcome>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    if (game.status === "lobby") throw new UserError("game.not_started");
    if (game.status === "ended") throw new UserError("game.ended");
    const ruleset = rulesetOrThrow(game.ruleset);
    const read = stateRead(gameId);
    const open = sql`${phases.gameId} = ${gameId} and ${phases.status} = 'open'`;
    const result = await tx.execute<{
      seat: unknown;
      phase: unknown;
      drafted: boolean;
      seats: unknown;
      language: Lang | null;
      state: unknown;
    }>(sql`
      select
        (select ${jsonRow(players)} from ${players}
          where ${players.gameId} = ${gameId} and ${players.userId} = ${userId}) as seat,
        ${seatsJson(gameId)} as seats,
        ${languageJson(game.guildId)} as language,
        (select ${jsonRow(phases)} from ${phases} where ${open} order by ${phases.index} desc limit 1) as phase,
        ${draftWaits(gameId)} as drafted,
        ${read.sql} as state`);
    const row = result.rows[0];
    if (!row?.seat) throw new UserError("game.not_player");
    // The ballot's and the GM status' renderings read the seats and the language: known now.
    seatsAndLanguageKnown(tx, game, row.seats, row.language);
    const seat = fromJsonRow(players, row.seat);
    // The phase is over and its draft is with the GMs: players wait for the publication.
    if (game.publishMode === "review" && row.drafted) throw new UserError("phase.in_review");
    const loaded = await finishRead(tx, gameId, read, row.state, ruleset);
    const phase = row.phase ? fromJsonRow(phases, row.phase) : undefined;
    const input: ActionInput = { ...action, actor: seat.seatId };
    const applied = await applyLogged(
      ctx,
      tx,
      game,
      { type: "action", userId, seatId: seat.seatId, input },
      (ruleset, state, at) => submitAction(ruleset, state, input, at),
      { ...loaded, phase },
    );
    if (!applied.value.accepted || !applied.after) return { ...applied, earlyCloseJudged: true };
    // Everyone required has acted (where the ruleset allows it): the phase resolves now.
    const closed = await closeEarlyLocked(
      ctx,
      tx,
      game,
      ruleset,
      applied.after.phase,
      applied.after.state,
      row.drafted,
    );
    const value: SubmitOutcome = {
      ...applied.value,
      deadlineAt: closed.length > 0 ? ctx.clock.now() : (applied.value.deadlineAt ?? null),
    };
    return {
      value,
      deadlines: [...applied.deadlines, ...closed],
      outbox: applied.outbox,
      earlyCloseJudged: true,
    };
  });
}

/** What `applyLogged` writes to the log for an input. */
export interface LoggedEntry {
  type: "action" | "gm";
  userId: string;
  seatId: string | null;
  input: ActionInput | GmInput;
  /** An order a GM gives for a seat: the log names the GM, as for any GM input. */
  byGm?: boolean;
}

/** How `applyLogged` runs an input through the engine. */
export type LoggedRun = (
  ruleset: RulesetDefinition<AnyGameState>,
  state: AnyGameState,
  at: number,
) => Result<AnyGameState>;

/**
 * One input through the engine and into the append-only log (accepted or refused), then what
 * an accepted one causes: immediate deliveries, a reconcile if the chat layout changed, and
 * the ruleset's real-time windows.
 */
export async function applyLogged(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  entry: LoggedEntry,
  run: LoggedRun,
  /** The state, its last seq and the open phase, when the caller read them under the lock already. */
  loaded?: { state: AnyGameState; seq: number; phase: PhaseRow | undefined },
): Promise<Committed<SubmitOutcome> & { after?: { state: AnyGameState; phase: PhaseRow | undefined } }> {
  const ruleset = rulesetOrThrow(game.ruleset);
  const { state, seq } = loaded ?? (await loadState(tx, game.id, ruleset));
  const now = ctx.clock.now();
  const result = run(ruleset, state, now.getTime());
  const phase = phaseLabel(state.phase);
  const logged = tx.insert(inputs).values({
    gameId: game.id,
    seq: seq + 1,
    phase,
    type: entry.type,
    userId: entry.userId,
    actorName: entry.type === "gm" || entry.byGm ? actorName(ctx, entry.userId) : null,
    seatId: entry.seatId,
    payload: entry.input,
    accepted: result.ok,
    rejection: result.ok ? null : result.rejection,
    at: now,
  });
  if (!result.ok) {
    await logged;
    return { value: { accepted: false, rejection: result.rejection, phase }, deadlines: [], outbox: false };
  }
  const open = loaded ? loaded.phase : await currentPhase(tx, game.id);
  const { outbox, phase: phaseRow } = await afterInput(
    ctx,
    tx,
    game,
    ruleset,
    state,
    result.value,
    seq + 1,
    open,
    logged,
  );
  const timers = await scheduleTimers(tx, game, ruleset, result.value, phaseRow?.index ?? 0);
  const moved = phaseRow
    ? await followRulesDeadline(ctx, tx, game, ruleset, state, result.value, phaseRow)
    : [];
  // The open phase as this input leaves it (the rules may have moved its deadline).
  const resolve = moved.find((r) => r.kind === "resolve");
  const after = phaseRow && resolve ? { ...phaseRow, deadlineAt: resolve.dueAt } : phaseRow;
  const deadlineAt =
    after?.label === phase && after.pausedAt === null && after.deadlineAt !== null ? after.deadlineAt : null;
  return {
    value: { accepted: true, phase, deadlineAt },
    deadlines: [...timers, ...moved],
    outbox: outbox || moved.length > 0,
    after: { state: result.value, phase: after },
  };
}

/**
 * After an accepted input: deliver what it emitted at once (e.g. an immediate removal), and
 * reconcile Discord when it changed who may read or write where (a GM's status, a removal).
 * `logged` is the input's own insert: it goes to Postgres in one statement with the outbox rows.
 * Returns whether the outbox was written, and the open phase with what is now delivered.
 */
async function afterInput(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
  before: AnyGameState,
  state: AnyGameState,
  seq: number,
  phase: PhaseRow | undefined,
  logged: Writing,
): Promise<{ outbox: boolean; phase: PhaseRow | undefined }> {
  if (!phase) {
    await logged;
    return { outbox: false, phase };
  }
  // Seats told something just now whose orders it opened (reichstag's Chancellor handed two
  // policies within the phase) get a fresh panel: the one of the phase's start offered nothing.
  const told = new Set(state.output.private.slice(phase.deliveredPrivate).map((m) => m.to));
  const ordersIn = (gameState: AnyGameState, seat: string) =>
    ruleset.availableActions(gameState, seat).some((o) => !OPTIONAL_ACTIONS.has(o.action));
  const opened = [...told].filter((seat) => !ordersIn(before, seat) && ordersIn(state, seat));
  const effects = await deliverNow(ctx, tx, game, ruleset, state, phase);
  if (opened.length > 0) effects.push({ type: "panels", phaseIndex: phase.index, seats: opened });
  const delivered =
    effects.length > 0
      ? {
          ...phase,
          deliveredPublic: state.output.public.length,
          deliveredPrivate: state.output.private.length,
        }
      : phase;
  effects.push(...(await ballotEffects(ctx, tx, game, ruleset, before, state)));
  if (JSON.stringify(ruleset.chatLayout(before)) !== JSON.stringify(ruleset.chatLayout(state))) {
    effects.push({ type: "reconcile" });
  }
  // The GMs' status of the phase, edited in place, rendered when the outbox performs it.
  effects.push(deferredGmStatus(phase.index));
  const outboxRows = outboxInsert(tx, game.id, `input:${seq}`, effects, null);
  await together(tx, outboxRows ? [logged, outboxRows] : [logged]);
  return { outbox: true, phase: delivered };
}

import type { AvailableAction } from "../engine/ruleset.js";
import type { ActionInput, AnyGameState, GmInput, Lang, PhaseReport } from "../engine/types.js";
import type { Db } from "../db/client.js";
import type { MaskMode } from "../db/schema/index.js";
import type { Committed } from "./changes.js";
import type { GmStanding } from "./authority.js";
import { gameContext, systemClock, type Actor, type Clock, type GameContext } from "./context.js";
import * as deadlines from "./deadlines.js";
import { closeEarly } from "./early-close.js";
import * as gmActions from "./gm-actions.js";
import { gmStatusText } from "./gm-status.js";
import * as lobby from "./lobby.js";
import { resolveDue } from "./phases.js";
import * as play from "./play.js";
import * as reads from "./reads.js";
import * as review from "./review.js";
import type { DeadlineRow, GameRow, PhaseRow, PlayerRow, ResolutionRow } from "./rows.js";
import type { Tx } from "./state.js";
import { fireTimer } from "./timers.js";
import type { Gender } from "../engine/grammar.js";

/**
 * The application layer: every use case of a game as one transaction on Postgres, the truth.
 * The game row is locked and its version bumped for each change (changes.ts), so inputs and
 * resolutions of a game are serialized, and the (game, phase) unique key makes a double
 * resolution impossible. Discord effects go to the outbox in the same transaction; deadlines to
 * the deadlines table.
 *
 * GameService is the facade the callers hold (one per interaction, or the worker's); the use
 * cases live by concern: reads.ts, lobby.ts, play.ts, deadlines.ts, early-close.ts, phases.ts,
 * review.ts, timers.ts, gm-actions.ts, with effects.ts and gm-status.ts for what they post.
 */

export type { AfterCommit, Committed } from "./changes.js";
export { systemClock, type Actor, type Clock } from "./context.js";
export { DEADLINE_MAX_DAYS } from "./deadlines.js";
export {
  countPending,
  type OutboxButton,
  type OutboxEffect,
  type OutboxPanels,
  type OutboxPost,
  type OutboxReconcile,
  type OutboxReveal,
  type OutboxUpsert,
} from "./effects.js";
export { DEFAULT_MAX_RUNNING_GAMES, optionKeys, type CreateGameInput } from "./lobby.js";
export type { SubmitOutcome } from "./play.js";
export { canonical, REVIEW_GRACE_MS, REVIEW_PREFIX } from "./review.js";
export type { DeadlineRow, GameRow, PhaseRow, PlayerRow, ResolutionRow } from "./rows.js";

export class GameService {
  private readonly ctx: GameContext;

  constructor(
    readonly db: Db,
    readonly clock: Clock = systemClock,
    /** The member acting through this service (one interaction); null for the worker. */
    readonly actor: Actor | null = null,
  ) {
    this.ctx = gameContext(db, clock, actor);
  }

  // ---- reading (reads.ts, play.ts) --------------------------------------------------------

  game(gameId: string): Promise<GameRow> {
    return reads.readGame(this.db, gameId);
  }

  players(gameId: string, tx: Tx = this.db): Promise<PlayerRow[]> {
    return reads.seatsOf(tx, gameId);
  }

  /** A GM of the game: listed in its GMs, or the acting member is a GM of the whole server. */
  isGm(gameId: string, userId: string, tx: Tx = this.db): Promise<boolean> {
    return reads.isGm(this.ctx, gameId, userId, tx);
  }

  /** What the member is to the game: a GM (listed, or the server's), excluded by a seat, or none. */
  gmStanding(gameId: string, userId: string, tx: Tx = this.db): Promise<GmStanding> {
    return reads.gmStanding(this.ctx, gameId, userId, tx);
  }

  /** The game's own GMs (not the server's), the creator first, then in the order they were added. */
  gms(gameId: string, tx: Tx = this.db): Promise<string[]> {
    return reads.gmsOf(tx, gameId);
  }

  currentPhase(gameId: string, tx: Tx = this.db): Promise<PhaseRow | undefined> {
    return reads.currentPhase(tx, gameId);
  }

  language(guildId: string, tx: Tx = this.db): Promise<Lang> {
    return reads.languageOf(tx, guildId);
  }

  /** The engine state now (snapshot + replay). */
  state(gameId: string, tx: Tx = this.db): Promise<AnyGameState> {
    return reads.stateOf(this.db, gameId, tx);
  }

  /** The orders and votes the user's seat may give now (none once the game is over). */
  available(gameId: string, userId: string): Promise<{ seat: PlayerRow; actions: AvailableAction[] }> {
    return play.available(this.ctx, gameId, userId);
  }

  /** The open phase, the seats, the stored mask mode and the state, in one statement (reads.ts). */
  table(game: GameRow): Promise<{
    phase: PhaseRow | undefined;
    seats: PlayerRow[];
    maskMode: MaskMode | null;
    state: AnyGameState | null;
  }> {
    return reads.tableOf(this.db, game);
  }

  seatOf(gameId: string, userId: string, tx: Tx = this.db): Promise<PlayerRow> {
    return reads.seatOf(tx, gameId, userId);
  }

  /** The draft (or held) resolution of the open phase, if one waits. */
  pendingDraft(gameId: string, tx: Tx = this.db): Promise<ResolutionRow | undefined> {
    return reads.pendingDraft(tx, gameId);
  }

  /** The status text of a phase still open, for the outbox's deferred GM-room updates (gm-status.ts). */
  gmStatusText(gameId: string, phaseIndex: number, resolved?: "published"): Promise<string | undefined> {
    return gmStatusText(this.ctx, gameId, phaseIndex, resolved);
  }

  // ---- lobby (lobby.ts) -------------------------------------------------------------------

  create(input: lobby.CreateGameInput): Promise<GameRow> {
    return lobby.create(this.ctx, input);
  }

  join(gameId: string, userId: string, displayName: string, gender?: Gender | null): Promise<PlayerRow> {
    return lobby.join(this.ctx, gameId, userId, displayName, gender);
  }

  leave(gameId: string, userId: string): Promise<void> {
    return lobby.leave(this.ctx, gameId, userId);
  }

  assign(gameId: string, byUserId: string, userId: string, setup: Record<string, unknown>): Promise<void> {
    return lobby.assign(this.ctx, gameId, byUserId, userId, setup);
  }

  setOptions(
    gameId: string,
    byUserId: string,
    changes: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    return lobby.setOptions(this.ctx, gameId, byUserId, changes);
  }

  start(gameId: string, byUserId: string, opts: { limits?: boolean } = {}): Promise<Committed<PhaseRow>> {
    return lobby.start(this.ctx, gameId, byUserId, opts);
  }

  // ---- play (play.ts) ---------------------------------------------------------------------

  submit(
    gameId: string,
    userId: string,
    action: Omit<ActionInput, "actor">,
  ): Promise<Committed<play.SubmitOutcome>> {
    return play.submit(this.ctx, gameId, userId, action);
  }

  // ---- a GM's commands (gm-actions.ts) ----------------------------------------------------

  addGm(gameId: string, byUserId: string, userId: string): Promise<Committed<null>> {
    return gmActions.addGm(this.ctx, gameId, byUserId, userId);
  }

  removeGm(gameId: string, byUserId: string, userId: string): Promise<Committed<null>> {
    return gmActions.removeGm(this.ctx, gameId, byUserId, userId);
  }

  submitFor(
    gameId: string,
    byUserId: string,
    seatId: string,
    action: Omit<ActionInput, "actor">,
  ): Promise<Committed<play.SubmitOutcome & { stale: boolean }>> {
    return gmActions.submitFor(this.ctx, gameId, byUserId, seatId, action);
  }

  gm(
    gameId: string,
    byUserId: string,
    action: GmInput,
  ): Promise<Committed<play.SubmitOutcome & { stale: boolean }>> {
    return gmActions.gmAction(this.ctx, gameId, byUserId, action);
  }

  replace(
    gameId: string,
    byUserId: string,
    fromUserId: string,
    toUserId: string,
    displayName: string,
  ): Promise<Committed<gmActions.Replacement>> {
    return gmActions.replace(this.ctx, gameId, byUserId, fromUserId, toUserId, displayName);
  }

  end(gameId: string, byUserId: string): Promise<Committed<{ revealed: boolean }>> {
    return gmActions.end(this.ctx, gameId, byUserId);
  }

  notify(gameId: string, seatId: string, text: string, key: string): Promise<Committed<null>> {
    return gmActions.notify(this.ctx, gameId, seatId, text, key);
  }

  announce(gameId: string, byUserId: string, text: string, key: string): Promise<Committed<null>> {
    return gmActions.announce(this.ctx, gameId, byUserId, text, key);
  }

  // ---- deadlines and phases (deadlines.ts, early-close.ts, phases.ts, timers.ts) -----------

  resolveDue(
    gameId: string,
    phaseIndex: number,
    job: { deadlineId: number; jobId: string } | null,
  ): Promise<Committed<PhaseReport | null>> {
    return resolveDue(this.ctx, gameId, phaseIndex, job);
  }

  forceNow(gameId: string, byUserId: string): Promise<Committed<DeadlineRow>> {
    return deadlines.forceNow(this.ctx, gameId, byUserId);
  }

  extend(gameId: string, byUserId: string, minutes: number): Promise<Committed<DeadlineRow>> {
    return deadlines.extend(this.ctx, gameId, byUserId, minutes);
  }

  setDeadline(gameId: string, byUserId: string, at: Date): Promise<Committed<DeadlineRow>> {
    return deadlines.setDeadline(this.ctx, gameId, byUserId, at);
  }

  pause(gameId: string, byUserId: string): Promise<Committed<null>> {
    return deadlines.pause(this.ctx, gameId, byUserId);
  }

  resume(gameId: string, byUserId: string): Promise<Committed<null>> {
    return deadlines.resume(this.ctx, gameId, byUserId);
  }

  pendingDeadlines(): Promise<DeadlineRow[]> {
    return deadlines.pendingDeadlines(this.ctx);
  }

  markDeadlineDone(deadlineId: number): Promise<void> {
    return deadlines.markDeadlineDone(this.ctx, deadlineId);
  }

  closeEarly(gameId: string): Promise<Committed<DeadlineRow | null>> {
    return closeEarly(this.ctx, gameId);
  }

  fireTimer(gameId: string, job: { deadlineId: number; jobId: string }): Promise<Committed<boolean>> {
    return fireTimer(this.ctx, gameId, job);
  }

  // ---- review mode (review.ts) ------------------------------------------------------------

  publish(
    gameId: string,
    phaseIndex: number,
    byUserId: string | null,
    job?: { deadlineId: number; jobId: string },
  ): Promise<Committed<boolean>> {
    return review.publish(this.ctx, gameId, phaseIndex, byUserId, job);
  }

  hold(gameId: string, phaseIndex: number, byUserId: string): Promise<Committed<null>> {
    return review.hold(this.ctx, gameId, phaseIndex, byUserId);
  }

  editDraft(gameId: string, phaseIndex: number, byUserId: string, lines: string[]): Promise<Committed<null>> {
    return review.editDraft(this.ctx, gameId, phaseIndex, byUserId, lines);
  }

  rerun(gameId: string, phaseIndex: number, byUserId: string): Promise<Committed<PhaseReport>> {
    return review.rerun(this.ctx, gameId, phaseIndex, byUserId);
  }
}

import { and, count, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { createGame, submitAction, submitGmAction } from "../engine/game.js";
import { initialRngState, shuffle } from "../engine/rng.js";
import type { AvailableAction, RenderContext, RulesetDefinition } from "../engine/ruleset.js";
import {
  type ActionInput,
  type AnyGameState,
  type GmInput,
  type Json,
  type Lang,
  type PhaseReport,
  type Result,
} from "../engine/types.js";
import type { Db } from "../db/client.js";
import {
  deadlines,
  gameMasters,
  gameSecrets,
  gameSnapshots,
  games,
  guildSettings,
  playerReplacements,
  players,
  type MaskMode,
} from "../db/schema/index.js";
import { getRuleset } from "../rulesets/index.js";
import { safeName } from "../render/names.js";
import { UserError } from "./errors.js";
import { commitmentOf, drawSecret, derivedSeedOf, seedOf } from "./fairness.js";
import { t } from "../i18n/index.js";
import { gameZone } from "./time.js";
import { tableMinimum } from "./table.js";
import { changeGame, writeOutbox, type Committed } from "./changes.js";
import { gameContext, systemClock, type Actor, type Clock, type GameContext } from "./context.js";
import { actorName, logControl, requireGm } from "./control.js";
import {
  deliverNow,
  readerOf,
  resolutionEffects,
  withDeadlineNotice,
  type OutboxEffect,
  type OutboxUpsert,
} from "./effects.js";
import { gmStatusEffect, gmStatusText } from "./gm-status.js";
import * as deadlineCommands from "./deadlines.js";
import { closeEarly } from "./early-close.js";
import { openPhase, resolveDue } from "./phases.js";
import * as play from "./play.js";
import type { SubmitOutcome } from "./play.js";
import * as reads from "./reads.js";
import * as review from "./review.js";
import { fireTimer } from "./timers.js";
import type { DeadlineRow, GameRow, PhaseRow, PlayerRow, ResolutionRow } from "./rows.js";
import { rulesetOrThrow, type Tx } from "./state.js";
import { setupCard } from "./gm-room.js";

/**
 * The application layer: every use case of a game as one transaction on Postgres, the truth.
 * The game row is locked (SELECT … FOR UPDATE) for each change, so inputs and resolutions of a
 * game are serialized, and the (game, phase) unique key makes a double resolution impossible.
 * Discord effects go to the outbox in the same transaction; deadlines to the deadlines table.
 */

export type { AfterCommit, Committed } from "./changes.js";
export { systemClock, type Actor, type Clock } from "./context.js";
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
export type { DeadlineRow, GameRow, PhaseRow, PlayerRow, ResolutionRow } from "./rows.js";

export { canonical, REVIEW_GRACE_MS, REVIEW_PREFIX } from "./review.js";

export interface CreateGameInput {
  guildId: string;
  name: string;
  ruleset: string;
  options?: Record<string, unknown>;
  createdBy: string;
  seed?: number;
  publishMode?: "auto" | "review";
  /** The GM's zone for the game; else the options' `timezone`, the rules' zone, the server's (docs/time.md). */
  timezone?: string | null;
  /** The last fallback of the zone: DEFAULT_TIMEZONE. */
  defaultTimezone?: string;
  phaseDurationMs?: number | null;
  reminders?: number[];
}

export type { SubmitOutcome } from "./play.js";

export { DEADLINE_MAX_DAYS } from "./deadlines.js";

/** The zone of a game created without DEFAULT_TIMEZONE at hand (tools, tests): env's default. */
const DEFAULT_ZONE = "Europe/Moscow";
/** The option keys a ruleset knows (its options schema is a zod object), or null. */
export function optionKeys(ruleset: RulesetDefinition<AnyGameState>): string[] | null {
  const schema = ruleset.options as unknown;
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : null;
}

/** `revealNightRole (revealNightRoles?)`: an unknown key with the known one it is closest to. */
function nearest(key: string, known: readonly string[]): string {
  const distance = (a: string, b: string): number => {
    const row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      let diagonal = row[0] ?? 0;
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const above = row[j] ?? 0;
        const cost = a[i - 1]?.toLowerCase() === b[j - 1]?.toLowerCase() ? 0 : 1;
        row[j] = Math.min(above + 1, (row[j - 1] ?? 0) + 1, diagonal + cost);
        diagonal = above;
      }
    }
    return row[b.length] ?? Infinity;
  };
  const best = known.map((k) => ({ k, d: distance(key, k) })).sort((a, b) => a.d - b.d)[0];
  return best && best.d <= Math.max(2, Math.floor(key.length / 4)) ? `${key} (${best.k}?)` : key;
}

/** Running games a server may have at once unless its `/settings` say otherwise. */
export const DEFAULT_MAX_RUNNING_GAMES = 5;

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

  // ---- reading ----------------------------------------------------------------------------

  async game(gameId: string): Promise<GameRow> {
    return reads.readGame(this.db, gameId);
  }

  async players(gameId: string, tx: Tx = this.db): Promise<PlayerRow[]> {
    return reads.seatsOf(tx, gameId);
  }

  /** A GM of the game: listed in its GMs, or the acting member is a GM of the whole server. */
  async isGm(gameId: string, userId: string, tx: Tx = this.db): Promise<boolean> {
    return reads.isGm(this.ctx, gameId, userId, tx);
  }

  /** The game's own GMs (not the server's), the creator first, then in the order they were added. */
  async gms(gameId: string, tx: Tx = this.db): Promise<string[]> {
    return reads.gmsOf(tx, gameId);
  }

  async currentPhase(gameId: string, tx: Tx = this.db): Promise<PhaseRow | undefined> {
    return reads.currentPhase(tx, gameId);
  }

  async language(guildId: string, tx: Tx = this.db): Promise<Lang> {
    return reads.languageOf(tx, guildId);
  }

  /** The engine state now (snapshot + replay). */
  async state(gameId: string, tx: Tx = this.db): Promise<AnyGameState> {
    return reads.stateOf(this.db, gameId, tx);
  }

  /** What the user's seat may know: the ruleset's playerView, the only way hidden facts leave. */
  async view(gameId: string, userId: string): Promise<{ seat: PlayerRow; view: Json }> {
    return play.view(this.ctx, gameId, userId);
  }

  async available(gameId: string, userId: string): Promise<{ seat: PlayerRow; actions: AvailableAction[] }> {
    return play.available(this.ctx, gameId, userId);
  }

  /**
   * What a command about a seat reads before it acts, in one statement: the open phase, the
   * game's seats in seat order, the stored mask mode (null: the ruleset's default) and the
   * state (null in the lobby, which has none yet).
   */
  async table(game: GameRow): Promise<{
    phase: PhaseRow | undefined;
    seats: PlayerRow[];
    maskMode: MaskMode | null;
    state: AnyGameState | null;
  }> {
    return reads.tableOf(this.db, game);
  }

  async seatOf(gameId: string, userId: string, tx: Tx = this.db): Promise<PlayerRow> {
    return reads.seatOf(tx, gameId, userId);
  }

  // ---- lobby ------------------------------------------------------------------------------

  async create(input: CreateGameInput): Promise<GameRow> {
    const ruleset = getRuleset(input.ruleset);
    if (!ruleset) throw new UserError("game.unknown_ruleset", { ruleset: input.ruleset });
    // A misspelled key would be dropped silently and the game played without it: refused.
    const known = optionKeys(ruleset);
    const unknown = known ? Object.keys(input.options ?? {}).filter((k) => !known.includes(k)) : [];
    if (known && unknown.length > 0) {
      throw new UserError("game.unknown_options", {
        ruleset: ruleset.name[await this.language(input.guildId)],
        keys: unknown.map((k) => nearest(k, known)).join(", "),
        known: known.join(", "),
      });
    }
    const options = ruleset.options.safeParse(input.options ?? {});
    if (!options.success) {
      const issue = options.error.issues[0];
      throw new UserError("game.bad_options", {
        detail: `${issue?.path.join(".") ?? ""}: ${issue?.message ?? ""}`,
      });
    }
    const [settings] = await this.db
      .select({ timezone: guildSettings.timezone })
      .from(guildSettings)
      .where(eq(guildSettings.guildId, input.guildId));
    const zone = gameZone({
      chosen: input.timezone,
      options: input.options ?? {},
      rulesZone: ruleset.rulesZone,
      server: settings?.timezone,
      fallback: input.defaultTimezone ?? DEFAULT_ZONE,
    });
    if ("bad" in zone) throw new UserError("game.bad_timezone", { zone: input.timezone ?? zone.bad });
    // The rules that read a zone (reichstag's extensions) read the game's.
    const zoned = "timezone" in (options.data as object) ? { timezone: zone.zone } : {};
    return this.db.transaction(async (tx) => {
      const [game] = await tx
        .insert(games)
        .values({
          guildId: input.guildId,
          name: input.name,
          ruleset: input.ruleset,
          options: { ...input.options, ...zoned },
          seed: input.seed ?? null,
          createdBy: input.createdBy,
          publishMode: input.publishMode ?? "auto",
          timezone: zone.zone,
          phaseDurationMs: input.phaseDurationMs ?? null,
          reminders: input.reminders ?? [60, 10],
        })
        .returning();
      if (!game) throw new Error("insert returned nothing");
      // No public seed: the game's randomness is a secret of its own (docs/fairness.md).
      if (input.seed === undefined)
        await tx.insert(gameSecrets).values({ gameId: game.id, secret: drawSecret() });
      await tx.insert(gameMasters).values({ gameId: game.id, userId: input.createdBy });
      return game;
    });
  }

  /**
   * A GM makes another member a GM of this game (a co-GM): logged; once the game is built, a
   * reconcile gives the new GM the game's GM role and its private threads. A seated player
   * cannot also be a GM of the same game (a GM reads every secret chat).
   */
  async addGm(gameId: string, byUserId: string, userId: string): Promise<Committed<null>> {
    return changeGame(this.db, gameId, async (tx, game) => {
      await this.requireGm(tx, gameId, byUserId);
      if (game.status === "ended") throw new UserError("game.ended");
      const seated = await tx
        .select({ id: players.id })
        .from(players)
        .where(and(eq(players.gameId, gameId), eq(players.userId, userId)));
      if (seated.length > 0) throw new UserError("gm.add_player");
      const added = await tx.insert(gameMasters).values({ gameId, userId }).onConflictDoNothing().returning();
      if (added.length === 0) throw new UserError("gm.already_gm");
      const seq = await this.logControl(tx, gameId, byUserId, "add_gm", { user: userId });
      return this.afterGmChange(tx, game, `gm-add:${userId}:${seq}`);
    });
  }

  /**
   * A GM takes a member off the game's GMs (themselves included). The game always keeps one GM
   * of its own, whoever created it: the last one cannot be removed (the server's GMs, who may
   * act in every game, do not count, since they may lose that role).
   */
  async removeGm(gameId: string, byUserId: string, userId: string): Promise<Committed<null>> {
    return changeGame(this.db, gameId, async (tx, game) => {
      await this.requireGm(tx, gameId, byUserId);
      const listed = await this.gms(gameId, tx);
      if (!listed.includes(userId)) throw new UserError("gm.not_listed");
      if (listed.length === 1) throw new UserError("gm.last_gm");
      await tx.delete(gameMasters).where(and(eq(gameMasters.gameId, gameId), eq(gameMasters.userId, userId)));
      const seq = await this.logControl(tx, gameId, byUserId, "remove_gm", { user: userId });
      return this.afterGmChange(tx, game, `gm-remove:${userId}:${seq}`);
    });
  }

  /** After the GMs changed: a built game's roles and threads follow (the lobby has none yet). */
  private async afterGmChange(tx: Tx, game: GameRow, origin: string): Promise<Committed<null>> {
    if (game.status === "lobby") return { value: null, deadlines: [], outbox: false };
    await writeOutbox(tx, game.id, origin, [{ type: "reconcile" }], null);
    return { value: null, deadlines: [], outbox: true };
  }

  async join(gameId: string, userId: string, displayName: string): Promise<PlayerRow> {
    return changeGame(this.db, gameId, async (tx, game) => {
      if (game.status !== "lobby") throw new UserError("game.already_started");
      const ruleset = rulesetOrThrow(game.ruleset);
      const seats = await this.players(gameId, tx);
      if (seats.some((s) => s.userId === userId)) throw new UserError("game.already_joined");
      if (seats.length >= ruleset.players.max) throw new UserError("game.full", { max: ruleset.players.max });
      const seat = seats.length + 1;
      const [row] = await tx
        .insert(players)
        .values({ gameId, seatId: `p${seat}`, seat, userId, displayName })
        .returning();
      if (!row) throw new Error("insert returned nothing");
      return row;
    });
  }

  /** Leaving the lobby; the remaining seats close ranks in join order. */
  async leave(gameId: string, userId: string): Promise<void> {
    await changeGame(this.db, gameId, async (tx, game) => {
      if (game.status !== "lobby") throw new UserError("game.already_started");
      const seat = await this.seatOf(gameId, userId, tx);
      await tx.delete(players).where(eq(players.id, seat.id));
      const rest = await this.players(gameId, tx);
      // Two passes so the (game, seat) unique key never sees a duplicate mid-way.
      for (const p of rest) await tx.update(players).set({ seat: -p.seat }).where(eq(players.id, p.id));
      for (const [i, p] of rest.entries()) {
        await tx
          .update(players)
          .set({ seat: i + 1, seatId: `p${i + 1}` })
          .where(eq(players.id, p.id));
      }
    });
  }

  /** The GM fixes a seat's role (and the ruleset's keys) before the deal. */
  async assign(
    gameId: string,
    byUserId: string,
    userId: string,
    setup: Record<string, unknown>,
  ): Promise<void> {
    await changeGame(this.db, gameId, async (tx, game) => {
      await this.requireGm(tx, gameId, byUserId);
      if (game.status !== "lobby") throw new UserError("game.already_started");
      const seat = await this.seatOf(gameId, userId, tx);
      const ruleset = rulesetOrThrow(game.ruleset);
      const checked = ruleset.player.safeParse({ ...setup, id: seat.seatId });
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new UserError("game.bad_setup", {
          reason: `${issue?.path.join(".") ?? ""}: ${issue?.message ?? ""}`,
        });
      }
      const { id: _id, ...keys } = checked.data;
      await tx.update(players).set({ setup: keys }).where(eq(players.id, seat.id));
      // For the record only (the export keeps the action, never the role): who fixed a seat.
      await this.logControl(tx, gameId, byUserId, "assign", { seat: seat.seatId });
    });
  }

  /**
   * Deals (or takes the GM's) roles, opens the first phase and schedules its deadline. `limits`
   * (a game on Discord, `/game start`): the rules' table minimum (`tableMinimum`) and the
   * server's cap on running games apply; without it only the engine's minimum (tests, the
   * benchmarks and their templates start small tables, many per server, through the service).
   */
  async start(
    gameId: string,
    byUserId: string,
    opts: { limits?: boolean } = {},
  ): Promise<Committed<PhaseRow>> {
    return changeGame(this.db, gameId, async (tx, game) => {
      await this.requireGm(tx, gameId, byUserId);
      if (game.status !== "lobby") throw new UserError("game.already_started");
      const ruleset = rulesetOrThrow(game.ruleset);
      let seats = await this.players(gameId, tx);
      const assigned =
        seats.length > 0 && seats.every((s) => typeof (s.setup as { role?: unknown }).role === "string");
      const min = opts.limits ? tableMinimum(ruleset, assigned) : ruleset.players.min;
      if (seats.length < min) {
        const dealt = opts.limits && !assigned && min > ruleset.players.min;
        throw new UserError(dealt ? "game.too_few_dealt" : "game.too_few_players", {
          min,
          count: seats.length,
          ruleset: ruleset.name[await this.language(game.guildId, tx)],
          assigned: ruleset.players.min,
        });
      }
      if (opts.limits) await this.requireRoomToRun(tx, game);
      await this.logControl(tx, gameId, byUserId, "start", {});
      // (Loaded lazily: the masks module builds on this service.)
      const { dealMasks, maskModeOf } = await import("./masks.js");
      // Masked games number their seats in a secret order, not the public join order, so no
      // list that follows seat order (a ruleset's lines naming several players) leads from a
      // mask back to an account.
      if ((await maskModeOf(tx, gameId, game.ruleset)) !== "off") {
        seats = await this.renumberSeats(tx, seats, await derivedSeedOf(tx, game, "seats"));
      }
      const created = createGame(ruleset, {
        seed: await seedOf(tx, game),
        options: game.options,
        players: seats.map((s) => ({ ...(s.setup as Record<string, Json>), id: s.seatId })),
      });
      if (!created.ok)
        throw new UserError("game.bad_setup", { reason: created.rejection.reason }, created.rejection);
      const state = created.value;
      await tx.insert(gameSnapshots).values({ gameId, inputSeq: 0, state });
      await tx
        .update(games)
        .set({ status: "running", updatedAt: this.clock.now() })
        .where(eq(games.id, gameId));
      // Masked games: deal the masks before anything is rendered, so even role cards name masks.
      await dealMasks(tx, gameId);
      const { phase, deadlines: scheduled } = await this.openPhase(tx, game, ruleset, state, 0);
      const effects: OutboxEffect[] = [{ type: "reconcile" }];
      // The newspaper's first word: the commitment to the secret the deal came from.
      if (typeof created.value.seed === "string") {
        const lang = await this.language(game.guildId, tx);
        const commitment = commitmentOf(created.value.seed);
        effects.push({
          type: "post",
          chat: "newspaper",
          content: t(lang, "fairness.commitment", { commitment }),
        });
      }
      effects.push(
        ...(await this.withDeadlineNotice(
          tx,
          game,
          phase,
          await this.deliverNow(tx, game, ruleset, state, phase),
        )),
      );
      effects.push({ type: "panels", phaseIndex: phase.index });
      // The GM room: the setup card, then the first phase's status.
      const reader = await this.reader(tx, game, ruleset);
      effects.push({
        type: "post",
        chat: "gm",
        content: setupCard({
          lang: reader.lang,
          gameName: safeName(game.name),
          rulesetName: ruleset.name[reader.lang],
          state,
          seats,
          reader,
        }),
      });
      effects.push(await this.gmStatusEffect(tx, game, ruleset, state, phase));
      await writeOutbox(tx, gameId, `start`, effects, null);
      return { value: phase, deadlines: scheduled, outbox: true };
    });
  }

  /**
   * The server's cap on running games (`/settings max_games`): each running game holds ~20 chats
   * and 3 roles of a server that Discord caps at 500 channels and 250 roles. Starts of one server
   * take turns on an advisory lock, so two cannot both take the last place.
   */
  private async requireRoomToRun(tx: Tx, game: GameRow): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`running-games:${game.guildId}`}))`);
    const [settings] = await tx
      .select({ max: guildSettings.maxRunningGames })
      .from(guildSettings)
      .where(eq(guildSettings.guildId, game.guildId));
    const max = settings?.max ?? DEFAULT_MAX_RUNNING_GAMES;
    const [running] = await tx
      .select({ n: count() })
      .from(games)
      .where(and(eq(games.guildId, game.guildId), inArray(games.status, ["running", "paused"])));
    if ((running?.n ?? 0) >= max) throw new UserError("game.too_many_running", { max });
  }

  /** Gives the seats numbers in the order a seeded shuffle draws (two steps: both keys are unique). */
  private async renumberSeats(tx: Tx, seats: PlayerRow[], seed: number | string): Promise<PlayerRow[]> {
    const order = shuffle({ rng: initialRngState(seed) }, seats);
    for (const seat of seats) {
      await tx
        .update(players)
        .set({ seat: -seat.seat, seatId: `renumbering-${seat.seatId}` })
        .where(eq(players.id, seat.id));
    }
    const renumbered: PlayerRow[] = [];
    for (const [i, seat] of order.entries()) {
      const next = { seat: i + 1, seatId: `p${i + 1}` };
      await tx.update(players).set(next).where(eq(players.id, seat.id));
      renumbered.push({ ...seat, ...next });
    }
    return renumbered;
  }

  // ---- play -------------------------------------------------------------------------------

  /**
   * A player's action; refused ones are logged too and change nothing. One transaction of four
   * statements for an accepted order in the common case: the game's lock, one read (the seat,
   * the open phase, a waiting draft, the log since the state this process remembers), one write
   * (the input and its outbox rows), and the commit. Where the ruleset closes a phase early, that
   * is judged here too, on the state the input produced.
   */
  async submit(
    gameId: string,
    userId: string,
    action: Omit<ActionInput, "actor">,
  ): Promise<Committed<SubmitOutcome>> {
    return play.submit(this.ctx, gameId, userId, action);
  }

  /**
   * A GM gives (or overrides) an order on behalf of a seat: judged by the rules as if the seat
   * gave it, logged under the GM's account. Allowed while a draft waits (a correction before a
   * Re-run), which then holds the draft. `value.stale` says a draft is waiting.
   */
  async submitFor(
    gameId: string,
    byUserId: string,
    seatId: string,
    action: Omit<ActionInput, "actor">,
  ): Promise<Committed<SubmitOutcome & { stale: boolean }>> {
    return changeGame(this.db, gameId, async (tx, game) => {
      await this.requireGm(tx, gameId, byUserId);
      if (game.status === "lobby") throw new UserError("game.not_started");
      if (game.status === "ended") throw new UserError("game.ended");
      const input: ActionInput = { ...action, actor: seatId };
      const applied = await this.applyLogged(
        tx,
        game,
        { type: "action", userId: byUserId, seatId, input, byGm: true },
        (ruleset, state, at) => submitAction(ruleset, state, input, at),
      );
      const stale = applied.value.accepted && (await this.staleDraft(tx, game, byUserId));
      return { ...applied, value: { ...applied.value, stale }, outbox: applied.outbox || stale };
    });
  }

  /** A GM action of the ruleset (modkill, revive, statuses, …), logged like any input. */
  async gm(
    gameId: string,
    byUserId: string,
    action: GmInput,
  ): Promise<Committed<SubmitOutcome & { stale: boolean }>> {
    return changeGame(this.db, gameId, async (tx, game) => {
      await this.requireGm(tx, gameId, byUserId);
      if (game.status === "lobby") throw new UserError("game.not_started");
      if (game.status === "ended") throw new UserError("game.ended");
      const applied = await this.applyLogged(
        tx,
        game,
        { type: "gm", userId: byUserId, seatId: null, input: action },
        (ruleset, state, at) => submitGmAction(ruleset, state, action, at),
      );
      const stale = applied.value.accepted && (await this.staleDraft(tx, game, byUserId));
      return { ...applied, value: { ...applied.value, stale }, outbox: applied.outbox || stale };
    });
  }

  /** Replaces the account behind a seat; the seat keeps role, chats, orders and history. */
  async replace(gameId: string, byUserId: string, fromUserId: string, toUserId: string, displayName: string) {
    return changeGame(this.db, gameId, async (tx, game) => {
      await this.requireGm(tx, gameId, byUserId);
      await this.logControl(tx, gameId, byUserId, "replace", { from: fromUserId, to: toUserId });
      const seat = await this.seatOf(gameId, fromUserId, tx);
      const taken = await tx
        .select()
        .from(players)
        .where(and(eq(players.gameId, gameId), eq(players.userId, toUserId)));
      if (taken.length > 0) throw new UserError("game.already_joined");
      const phase = await this.currentPhase(gameId, tx);
      await tx.update(players).set({ userId: toUserId, displayName }).where(eq(players.id, seat.id));
      await tx.insert(playerReplacements).values({
        gameId,
        seatId: seat.seatId,
        fromUserId,
        toUserId,
        phase: phase?.label ?? "lobby",
        byUserId,
      });
      if (game.status === "lobby") return { value: seat.seatId, deadlines: [], outbox: false };
      // Masked games: the seat keeps its mask as its shown name; the new account's never shows.
      const { dealMasks } = await import("./masks.js");
      await dealMasks(tx, gameId);
      await writeOutbox(tx, gameId, `replace:${seat.seatId}:${toUserId}`, [{ type: "reconcile" }], null);
      return { value: seat.seatId, deadlines: [], outbox: true };
    });
  }

  // ---- deadlines --------------------------------------------------------------------------

  /**
   * The deadline job's handler: resolves the phase exactly once. A job for a phase that is no
   * longer open, or for a deadline that moved, does nothing.
   */
  async resolveDue(
    gameId: string,
    phaseIndex: number,
    job: { deadlineId: number; jobId: string } | null,
  ): Promise<Committed<PhaseReport | null>> {
    return resolveDue(this.ctx, gameId, phaseIndex, job);
  }

  /** The GM forces the phase to resolve now. Runs in the worker like any deadline. */
  async forceNow(gameId: string, byUserId: string): Promise<Committed<DeadlineRow>> {
    return deadlineCommands.forceNow(this.ctx, gameId, byUserId);
  }

  async extend(gameId: string, byUserId: string, minutes: number): Promise<Committed<DeadlineRow>> {
    return deadlineCommands.extend(this.ctx, gameId, byUserId, minutes);
  }

  /**
   * The GM sets the open phase's deadline to a given time (docs/time.md): not in the past, at
   * most DEADLINE_MAX_DAYS ahead. The resolve job and the reminders move like an extension's.
   */
  async setDeadline(gameId: string, byUserId: string, at: Date): Promise<Committed<DeadlineRow>> {
    return deadlineCommands.setDeadline(this.ctx, gameId, byUserId, at);
  }

  async pause(gameId: string, byUserId: string): Promise<Committed<null>> {
    return deadlineCommands.pause(this.ctx, gameId, byUserId);
  }

  async resume(gameId: string, byUserId: string): Promise<Committed<null>> {
    return deadlineCommands.resume(this.ctx, gameId, byUserId);
  }

  // ---- review mode ------------------------------------------------------------------------
  //
  // In review mode a resolution is a draft until a GM publishes it (or its grace period ends):
  // the draft row keeps the report, the newspaper and private results wait in the outbox under
  // it, and the log, the snapshot and the phase stay as they were, so every view players have
  // (state, /role, /game status, chat access, the newspaper) is the one before the resolution.
  // Publication applies it by resolving the phase again from the log at the draft's time (the
  // engine is deterministic: the same report) and opens the next phase then. While a draft is
  // pending, players' inputs are refused; a GM's correction holds the draft until a Re-run.

  /** The draft (or held) resolution of the open phase, if one waits. */
  async pendingDraft(gameId: string, tx: Tx = this.db): Promise<ResolutionRow | undefined> {
    return reads.pendingDraft(tx, gameId);
  }

  /**
   * Review mode: a GM publishes the drafted resolution (`byUserId`), or its grace period ended
   * (`byUserId` null, from the deadline `job`, which must still be the row's current job).
   */
  async publish(
    gameId: string,
    phaseIndex: number,
    byUserId: string | null,
    job?: { deadlineId: number; jobId: string },
  ): Promise<Committed<boolean>> {
    return review.publish(this.ctx, gameId, phaseIndex, byUserId, job);
  }

  /** A GM holds the draft: its grace timer stops for good (the deadline row is cancelled). */
  async hold(gameId: string, phaseIndex: number, byUserId: string): Promise<Committed<null>> {
    return review.hold(this.ctx, gameId, phaseIndex, byUserId);
  }

  /** A GM edits the public text of a draft before it is published; the images stay attached. */
  async editDraft(
    gameId: string,
    phaseIndex: number,
    byUserId: string,
    lines: string[],
  ): Promise<Committed<null>> {
    return review.editDraft(this.ctx, gameId, phaseIndex, byUserId, lines);
  }

  /**
   * Re-run: the draft is discarded (its held effects with it) and the phase resolved again from
   * the log as it is now, with the GMs' corrections (/gm order, statuses, a modkill): a new draft.
   */
  async rerun(gameId: string, phaseIndex: number, byUserId: string): Promise<Committed<PhaseReport>> {
    return review.rerun(this.ctx, gameId, phaseIndex, byUserId);
  }

  /** After a GM's accepted correction: a waiting draft no longer matches the log, so it is held. */
  private async staleDraft(tx: Tx, game: GameRow, byUserId: string): Promise<boolean> {
    return review.staleDraft(this.ctx, tx, game, byUserId);
  }

  /** Ends the game; `revealed` is false for a game ended from its lobby (nothing to reveal). */
  async end(gameId: string, byUserId: string): Promise<Committed<{ revealed: boolean }>> {
    return changeGame(this.db, gameId, async (tx, game) => {
      await this.requireGm(tx, gameId, byUserId);
      await this.logControl(tx, gameId, byUserId, "end", {});
      if (game.status === "ended") throw new UserError("game.ended");
      await tx
        .update(games)
        .set({ status: "ended", updatedAt: this.clock.now() })
        .where(eq(games.id, gameId));
      await tx
        .update(deadlines)
        .set({ status: "cancelled" })
        .where(and(eq(deadlines.gameId, gameId), eq(deadlines.status, "pending")));
      const effects: OutboxEffect[] = [{ type: "reconcile" }];
      const revealed = game.status !== "lobby";
      if (revealed) effects.push({ type: "reveal" });
      await writeOutbox(tx, gameId, "end", effects, null);
      return { value: { revealed }, deadlines: [], outbox: true };
    });
  }

  /**
   * A private notice from the bot to a seat's own thread (e.g. why a post was removed). `key`
   * (the Discord message id) makes a retry post once.
   */
  async notify(gameId: string, seatId: string, text: string, key: string): Promise<Committed<null>> {
    return changeGame(this.db, gameId, async (tx) => {
      await writeOutbox(
        tx,
        gameId,
        `notify:${key}`,
        [{ type: "post", chat: `personal:${seatId}`, content: text }],
        null,
      );
      return { value: null, deadlines: [], outbox: true };
    });
  }

  /** A GM's announcement in the newspaper. `key` (e.g. the interaction id) makes a retry post once. */
  async announce(gameId: string, byUserId: string, text: string, key: string): Promise<Committed<null>> {
    return changeGame(this.db, gameId, async (tx, game) => {
      await this.requireGm(tx, gameId, byUserId);
      if (game.status === "lobby") throw new UserError("game.not_started");
      await this.logControl(tx, gameId, byUserId, "announce", { text });
      await writeOutbox(
        tx,
        gameId,
        `announce:${key}`,
        [{ type: "post", chat: "newspaper", content: text }],
        null,
      );
      return { value: null, deadlines: [], outbox: true };
    });
  }

  /** Deadlines that should have a job: the worker re-enqueues them at start. */
  async pendingDeadlines(): Promise<DeadlineRow[]> {
    return deadlineCommands.pendingDeadlines(this.ctx);
  }

  async markDeadlineDone(deadlineId: number): Promise<void> {
    return deadlineCommands.markDeadlineDone(this.ctx, deadlineId);
  }

  // ---- internals --------------------------------------------------------------------------

  /** A GM's schedule action goes into the input log too; the engine never replays it. */
  private async logControl(
    tx: Tx,
    gameId: string,
    userId: string,
    action: string,
    payload: Record<string, Json>,
  ) {
    return logControl(this.ctx, tx, gameId, userId, action, payload);
  }

  /** The acting member's shown name for the log, when the input is theirs. */
  private actorName(userId: string): string | null {
    return actorName(this.ctx, userId);
  }

  private async requireGm(tx: Tx, gameId: string, userId: string): Promise<void> {
    return requireGm(this.ctx, tx, gameId, userId);
  }

  /**
   * One input through the engine and into the append-only log (accepted or refused), then what
   * an accepted one causes: immediate deliveries, a reconcile if the chat layout changed, and
   * the ruleset's real-time windows.
   */
  private async applyLogged(
    tx: Tx,
    game: GameRow,
    entry: {
      type: "action" | "gm";
      userId: string;
      seatId: string | null;
      input: ActionInput | GmInput;
      byGm?: boolean;
    },
    run: (ruleset: RulesetDefinition<AnyGameState>, state: AnyGameState, at: number) => Result<AnyGameState>,
  ): Promise<Committed<SubmitOutcome>> {
    return play.applyLogged(this.ctx, tx, game, entry, run);
  }

  /** The worker's timer job: the window's GM action `timer` {key}, as the system, logged. */
  async fireTimer(gameId: string, job: { deadlineId: number; jobId: string }): Promise<Committed<boolean>> {
    return fireTimer(this.ctx, gameId, job);
  }

  /**
   * Early close: where the ruleset allows it (`closesEarly`: everyone required has acted), the
   * open phase's deadline moves to now, as the system, and the worker resolves it at once.
   * Called after every accepted input; does nothing otherwise.
   */
  async closeEarly(gameId: string): Promise<Committed<DeadlineRow | null>> {
    return closeEarly(this.ctx, gameId);
  }

  /** What a resolution posts: the newspaper (with the board or battle images), private results, a reconcile. */
  private async resolutionEffects(
    tx: Tx,
    game: GameRow,
    ruleset: RulesetDefinition<AnyGameState>,
    phase: PhaseRow,
    resolved: { state: AnyGameState; next: AnyGameState; report: PhaseReport },
  ): Promise<OutboxEffect[]> {
    return resolutionEffects(this.ctx, tx, game, ruleset, phase, resolved);
  }

  /**
   * A phase that opens with a deadline says so in the newspaper, as a Discord timestamp each
   * reader sees in their own zone: on the first line of what the phase posts there as it opens,
   * or as a post of its own.
   */
  private async withDeadlineNotice(
    tx: Tx,
    game: GameRow,
    phase: PhaseRow,
    effects: OutboxEffect[],
  ): Promise<OutboxEffect[]> {
    return withDeadlineNotice(tx, game, phase, effects);
  }

  private async lastSeq(tx: Tx, gameId: string): Promise<number> {
    return reads.lastSeq(tx, gameId);
  }

  private async openPhase(
    tx: Tx,
    game: GameRow,
    ruleset: RulesetDefinition<AnyGameState>,
    state: AnyGameState,
    index: number,
  ): Promise<{ phase: PhaseRow; deadlines: DeadlineRow[] }> {
    return openPhase(this.ctx, tx, game, ruleset, state, index);
  }

  /**
   * The status text of a phase that is still open, as it stands now (the outbox renders the
   * deferred status updates with it); undefined once the phase is over (its last status was
   * written when it was resolved).
   */
  async gmStatusText(gameId: string, phaseIndex: number): Promise<string | undefined> {
    return gmStatusText(this.ctx, gameId, phaseIndex);
  }

  /**
   * The phase's status message in the GM room (one per phase, edited in place): who acted and
   * each order as given (from the log, with who gave it), who has not, and the public tally.
   */
  private async gmStatusEffect(
    tx: Tx,
    game: GameRow,
    ruleset: RulesetDefinition<AnyGameState>,
    state: AnyGameState,
    phase: PhaseRow,
    resolved: "drafted" | "published" | null = null,
  ): Promise<OutboxUpsert> {
    return gmStatusEffect(this.ctx, tx, game, ruleset, state, phase, resolved);
  }

  /** The reader (language and seat names) of one transaction, built once. */
  private async reader(
    tx: Tx,
    game: GameRow,
    ruleset: RulesetDefinition<AnyGameState>,
  ): Promise<RenderContext> {
    return readerOf(this.ctx, tx, game, ruleset);
  }

  private async deliverNow(
    tx: Tx,
    game: GameRow,
    ruleset: RulesetDefinition<AnyGameState>,
    state: AnyGameState,
    phase: PhaseRow,
  ): Promise<OutboxEffect[]> {
    return deliverNow(this.ctx, tx, game, ruleset, state, phase);
  }
}

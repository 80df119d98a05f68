import { and, count, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { inTransaction } from "../db/client.js";
import { createGame } from "../engine/game.js";
import { jsonObject } from "../engine/json.js";
import { initialRngState, shuffle } from "../engine/rng.js";
import type { RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState } from "../engine/types.js";
import {
  gameMasters,
  gameSecrets,
  gameSnapshots,
  games,
  guildSettings,
  playerSetup,
  players,
} from "../db/schema/index.js";
import { t } from "../i18n/index.js";
import { confusableWith } from "../render/confusables.js";
import { safeName } from "../render/names.js";
import { getRuleset } from "../rulesets/index.js";
import { changeGame, writeOutbox, type Committed } from "./changes.js";
import type { GameContext } from "./context.js";
import { logControl, refuseSeatForGm, requireGm } from "./control.js";
import { deliverNow, readerOf, withDeadlineNotice, type OutboxEffect } from "./effects.js";
import { UserError } from "./errors.js";
import { commitmentOf, derivedSeedOf, drawSecret, seedOf } from "./fairness.js";
import { setupCard } from "./gm-room.js";
import { deferredGmStatus } from "./gm-status.js";
import { dealMasks, maskModeOf } from "./masks.js";
import { memberGender, saveMemberGender } from "./profiles.js";
import type { Gender } from "../engine/grammar.js";
import { openPhase } from "./phases.js";
import { languageOf, seatOf, seatsOf } from "./reads.js";
import type { GameRow, PhaseRow, PlayerRow } from "./rows.js";
import { rulesetOrThrow, type Tx } from "./state.js";
import { tableMinimum } from "./table.js";
import { gameZone } from "./time.js";

/**
 * The lobby: a game is created with its options and zone, players join and leave, the GM fixes
 * seats' roles, and the start deals the roles (or takes the GM's), opens the first phase and
 * posts the setup card to the GM room.
 */

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
  /** False: an unranked game, left out of the server's records (docs/community.md). */
  ranked?: boolean;
  /** True: the public archive names the account behind each mask (docs/community.md). */
  archiveAccounts?: boolean;
  /** The GM's largest table; members who join beyond it go on the bench (src/games/bench.ts). */
  maxPlayers?: number | null;
}

/** The zone of a game created without DEFAULT_TIMEZONE at hand (tools, tests): env's default. */
const DEFAULT_ZONE = "Europe/Moscow";

/** Running games a server may have at once unless its `/settings` say otherwise. */
export const DEFAULT_MAX_RUNNING_GAMES = 5;

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

/** A misspelled key would be dropped silently and the game played without it: refused. */
async function refuseUnknownKeys(
  db: Tx,
  guildId: string,
  ruleset: RulesetDefinition<AnyGameState>,
  keys: readonly string[],
): Promise<void> {
  const known = optionKeys(ruleset);
  const unknown = known ? keys.filter((k) => !known.includes(k)) : [];
  if (known && unknown.length > 0) {
    throw new UserError("game.unknown_options", {
      ruleset: ruleset.name[await languageOf(db, guildId)],
      keys: unknown.map((k) => nearest(k, known)).join(", "),
      known: known.join(", "),
    });
  }
}

/** Refuses a misspelled key and options the rules' schema refuses; returns the parsed options. */
async function checkOptions(
  db: Tx,
  guildId: string,
  ruleset: RulesetDefinition<AnyGameState>,
  given: Record<string, unknown>,
): Promise<object> {
  await refuseUnknownKeys(db, guildId, ruleset, Object.keys(given));
  const options = ruleset.options.safeParse(given);
  if (!options.success) {
    const issue = options.error.issues[0];
    throw new UserError("game.bad_options", {
      detail: `${issue?.path.join(".") ?? ""}: ${issue?.message ?? ""}`,
    });
  }
  return options.data as object;
}

export async function create(ctx: GameContext, input: CreateGameInput): Promise<GameRow> {
  const ruleset = getRuleset(input.ruleset);
  if (!ruleset) throw new UserError("game.unknown_ruleset", { ruleset: input.ruleset });
  const parsed = await checkOptions(ctx.db, input.guildId, ruleset, input.options ?? {});
  const [settings] = await ctx.db
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
  const maxPlayers = input.maxPlayers ?? null;
  if (maxPlayers !== null && (maxPlayers < ruleset.players.min || maxPlayers > ruleset.players.max))
    throw new UserError("bench.bad_max", { min: ruleset.players.min, max: ruleset.players.max });
  // The rules that read a zone (reichstag's extensions) read the game's.
  const zoned = "timezone" in parsed ? { timezone: zone.zone } : {};
  return inTransaction(ctx.db, async (tx) => {
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
        ranked: input.ranked ?? true,
        archiveAccounts: input.archiveAccounts ?? false,
        maxPlayers: input.maxPlayers ?? null,
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

export async function join(
  ctx: GameContext,
  gameId: string,
  userId: string,
  displayName: string,
  /** What the member said with `/game join gender` (null: not said); undefined: their profile's. */
  said?: Gender | null,
): Promise<PlayerRow> {
  // Said with the join, it is the member's word for every game (their profile), as `/settings`.
  if (said !== undefined) await saveMemberGender(ctx.db, userId, said);
  return changeGame(ctx.db, gameId, async (tx, game) => {
    if (game.status !== "lobby") throw new UserError("game.already_started");
    const ruleset = rulesetOrThrow(game.ruleset);
    await refuseSeatForGm(tx, gameId, userId, true);
    const seats = await seatsOf(tx, gameId);
    if (seats.some((s) => s.userId === userId)) throw new UserError("game.already_joined");
    if (seats.length >= ruleset.players.max) throw new UserError("game.full", { max: ruleset.players.max });
    // The GM's table is full: the member's place is on the bench (src/games/bench.ts).
    if (game.maxPlayers !== null && seats.length >= game.maxPlayers)
      throw new UserError("bench.table_full", { max: game.maxPlayers });
    // Two seats whose names read alike (TR39 skeletons: "Anna" and "Аnna") would let one pass for the other.
    const alike = confusableWith(
      displayName,
      seats.map((s) => s.displayName),
    );
    if (alike !== undefined) throw new UserError("game.confusable_name");
    const seat = seats.length + 1;
    const [row] = await tx
      .insert(players)
      .values({
        gameId,
        seatId: `p${seat}`,
        seat,
        userId,
        displayName,
        gender: await memberGender(tx, userId),
      })
      .returning();
    if (!row) throw new Error("insert returned nothing");
    return row;
  });
}

/** Leaving the lobby; the remaining seats close ranks in join order. */
export async function leave(ctx: GameContext, gameId: string, userId: string): Promise<void> {
  await changeGame(ctx.db, gameId, async (tx, game) => {
    if (game.status !== "lobby") throw new UserError("game.already_started");
    const seat = await seatOf(tx, gameId, userId);
    await tx.delete(players).where(eq(players.id, seat.id));
    const rest = await seatsOf(tx, gameId);
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

/**
 * `/game options` (or the console) in the lobby: the GM's keys replace the game's, a key set to
 * null goes back to the rules' default (classic's `roles`: the default deal of the table's size).
 * The result is checked as `/game create` checks it; a `timezone` moves the game's zone too.
 * Returns the game's options as they now stand.
 */
export async function setOptions(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
  changes: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    if (game.status !== "lobby") throw new UserError("game.already_started");
    const ruleset = rulesetOrThrow(game.ruleset);
    await refuseUnknownKeys(tx, game.guildId, ruleset, Object.keys(changes));
    const merged: Record<string, unknown> = { ...(game.options as Record<string, unknown>) };
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    const parsed = await checkOptions(tx, game.guildId, ruleset, merged);
    let timezone = game.timezone;
    if ("timezone" in changes && "timezone" in parsed) {
      const zone = gameZone({
        chosen: typeof changes["timezone"] === "string" ? changes["timezone"] : null,
        options: {},
        rulesZone: ruleset.rulesZone,
        server: null,
        fallback: game.timezone,
      });
      if ("bad" in zone) throw new UserError("game.bad_timezone", { zone: String(changes["timezone"]) });
      timezone = zone.zone;
      merged["timezone"] = zone.zone;
    }
    await tx
      .update(games)
      .set({ options: merged, timezone, updatedAt: ctx.clock.now() })
      .where(eq(games.id, gameId));
    await logControl(ctx, tx, gameId, byUserId, "options", { keys: Object.keys(changes) });
    return merged;
  });
}

/** The GM fixes a seat's role (and the ruleset's keys) before the deal. */
export async function assign(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
  userId: string,
  setup: Record<string, unknown>,
): Promise<void> {
  await changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    if (game.status !== "lobby") throw new UserError("game.already_started");
    await refuseSeatForGm(tx, gameId, userId, false);
    const seat = await seatOf(tx, gameId, userId);
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
    // Who fixed which seat to what: the export carries it, and `verify` reports the seats the GM
    // assigned apart from those the secret dealt (docs/fairness.md).
    await logControl(ctx, tx, gameId, byUserId, "assign", {
      seat: seat.seatId,
      setup: jsonObject.parse(keys),
    });
  });
}

/**
 * Deals (or takes the GM's) roles, opens the first phase and schedules its deadline. `limits`
 * (a game on Discord, `/game start`): the rules' table minimum (`tableMinimum`) and the
 * server's cap on running games apply; without it only the engine's minimum (tests, the
 * benchmarks and their templates start small tables, many per server, through the service).
 */
export async function start(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
  opts: { limits?: boolean } = {},
): Promise<Committed<PhaseRow>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    if (game.status !== "lobby") throw new UserError("game.already_started");
    const ruleset = rulesetOrThrow(game.ruleset);
    let seats = await seatsOf(tx, gameId);
    const assigned =
      seats.length > 0 && seats.every((s) => typeof playerSetup.parse(s.setup)["role"] === "string");
    const min = opts.limits ? tableMinimum(ruleset, assigned) : ruleset.players.min;
    if (seats.length < min) {
      const dealt = opts.limits && !assigned && min > ruleset.players.min;
      throw new UserError(dealt ? "game.too_few_dealt" : "game.too_few_players", {
        min,
        count: seats.length,
        ruleset: ruleset.name[await languageOf(tx, game.guildId)],
        assigned: ruleset.players.min,
      });
    }
    if (opts.limits) await requireRoomToRun(tx, game);
    await logControl(ctx, tx, gameId, byUserId, "start", {});
    // Masked games number their seats in a secret order, not the public join order, so no
    // list that follows seat order (a ruleset's lines naming several players) leads from a
    // mask back to an account.
    if ((await maskModeOf(tx, gameId, game.ruleset)) !== "off") {
      seats = await renumberSeats(tx, seats, await derivedSeedOf(tx, game, "seats"));
    }
    const created = createGame(ruleset, {
      seed: await seedOf(tx, game),
      options: game.options,
      players: seats.map((s) => ({ ...playerSetup.parse(s.setup), id: s.seatId })),
    });
    if (!created.ok)
      throw new UserError("game.bad_deal", { reason: created.rejection.reason }, created.rejection);
    const state = created.value;
    await tx.insert(gameSnapshots).values({ gameId, inputSeq: 0, state });
    await tx.update(games).set({ status: "running", updatedAt: ctx.clock.now() }).where(eq(games.id, gameId));
    // Masked games: deal the masks before anything is rendered, so even role cards name masks.
    await dealMasks(tx, gameId);
    const { phase, deadlines: scheduled } = await openPhase(ctx, tx, game, ruleset, state, 0);
    const effects: OutboxEffect[] = [{ type: "reconcile" }];
    // The newspaper's first word: the commitment to the secret the deal came from.
    if (typeof created.value.seed === "string") {
      const lang = await languageOf(tx, game.guildId);
      const commitment = commitmentOf(created.value.seed);
      effects.push({
        type: "post",
        chat: "newspaper",
        content: t(lang, "fairness.commitment", { commitment }),
      });
    }
    effects.push(
      ...(await withDeadlineNotice(tx, game, phase, await deliverNow(ctx, tx, game, ruleset, state, phase))),
    );
    effects.push({ type: "panels", phaseIndex: phase.index });
    // The GM room: the setup card, then the first phase's status.
    const reader = await readerOf(tx, game, ruleset);
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
    effects.push(deferredGmStatus(phase.index));
    await writeOutbox(tx, gameId, `start`, effects, null);
    return { value: phase, deadlines: scheduled, outbox: true };
  });
}

/**
 * The server's cap on running games (`/settings max_games`): each running game holds ~20 chats
 * and 3 roles of a server that Discord caps at 500 channels and 250 roles. Starts of one server
 * take turns on an advisory lock, so two cannot both take the last place.
 */
async function requireRoomToRun(tx: Tx, game: GameRow): Promise<void> {
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
async function renumberSeats(tx: Tx, seats: PlayerRow[], seed: number | string): Promise<PlayerRow[]> {
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

import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { deadlines, games, outbox, players, substitutes } from "../db/schema/index.js";
import type { Lang } from "../engine/types.js";
import { t } from "../i18n/index.js";
import { jobIds } from "../jobs/registry.js";
import { safeName } from "../render/names.js";
import { changeGame, writeOutbox, type Committed } from "./changes.js";
import type { Clock, GameContext } from "./context.js";
import { requireGm } from "./control.js";
import type { OutboxButton, OutboxEffect } from "./effects.js";
import { UserError } from "./errors.js";
import { start } from "./lobby.js";
import { languageOf } from "./reads.js";
import type { DeadlineRow, GameRow } from "./rows.js";
import { rulesetOrThrow, type Tx } from "./state.js";
import { tableMinimum } from "./table.js";
import { discordTime } from "./time.js";

/**
 * Timed sign-ups (docs/community.md): `/game create signup_until` opens a public sign-up post in
 * the channel the game was created in, kept up to date with the table's count and carrying Join
 * and Leave buttons; a reminder before the close; at the close (the `signup_close` deadline, a
 * job of the worker) the game starts when the GM's minimum is seated, else the GM is told so,
 * with buttons to extend the sign-ups or start anyway.
 */

/** Deadline rows of sign-ups belong to no phase. */
export const SIGNUP_PHASE = -1;
/** The custom ids of the sign-up buttons: `signup:<what>:<gameId>[:<minutes>]`. */
export const SIGNUP_PREFIX = "signup";
/** The amounts the GM's extend buttons offer, in minutes. */
export const SIGNUP_EXTENSIONS = [60, 24 * 60] as const;
/** The reminder comes this long before the close, or at half the sign-ups' time when shorter. */
export const SIGNUP_REMINDER_MS = 60 * 60_000;

/** The upsert key of the public post; the GM's message of a close is keyed by that close (ms). */
const POST_KEY = "signup";
const gmKey = (close: Date): string => `signup-gm:${close.getTime()}`;

/** When the reminder of sign-ups open from `from` until `until` goes out. */
export function signupReminderAt(from: Date, until: Date): Date {
  const span = until.getTime() - from.getTime();
  return new Date(until.getTime() - Math.min(SIGNUP_REMINDER_MS, Math.floor(span / 2)));
}

/** The GM's minimum, else the rules' table minimum for a dealt game. */
export function minimumOf(game: GameRow): number {
  return game.minPlayers ?? tableMinimum(rulesetOrThrow(game.ruleset), false);
}

function channelOf(game: GameRow): string {
  return `channel:${game.signupChannelId ?? ""}`;
}

async function counts(tx: Tx, gameId: string): Promise<{ seated: number; bench: number }> {
  const [row] = await tx
    .select({
      seated: sql<number>`(SELECT count(*)::int FROM ${players} WHERE ${players.gameId} = ${gameId})`,
      bench: sql<number>`(SELECT count(*)::int FROM ${substitutes} WHERE ${substitutes.gameId} = ${gameId})`,
    })
    .from(games)
    .where(eq(games.id, gameId));
  return { seated: row?.seated ?? 0, bench: row?.bench ?? 0 };
}

function joinButtons(lang: Lang, gameId: string): OutboxButton[] {
  return [
    { id: `${SIGNUP_PREFIX}:join:${gameId}`, label: t(lang, "signup.join"), style: "success" },
    { id: `${SIGNUP_PREFIX}:leave:${gameId}`, label: t(lang, "signup.leave"), style: "secondary" },
  ];
}

/** The public post as the table now stands: open, closed waiting for the GM, or started. */
async function postEffect(tx: Tx, game: GameRow, now: Date, started = false): Promise<OutboxEffect> {
  const lang = await languageOf(tx, game.guildId);
  const ruleset = rulesetOrThrow(game.ruleset);
  const { seated, bench } = await counts(tx, game.id);
  const params = {
    name: safeName(game.name),
    ruleset: ruleset.name[lang],
    count: seated,
    max: game.maxPlayers ?? ruleset.players.max,
    min: minimumOf(game),
    bench,
    has_bench: bench > 0 ? "yes" : "no",
    when: discordTime(game.signupUntil ?? now),
  };
  if (started)
    return {
      type: "upsert",
      chat: channelOf(game),
      key: POST_KEY,
      content: t(lang, "signup.post_started", params),
      buttons: [],
    };
  const open = game.signupUntil !== null && game.signupUntil.getTime() > now.getTime();
  return {
    type: "upsert",
    chat: channelOf(game),
    key: POST_KEY,
    content: t(lang, open ? "signup.post" : "signup.post_waiting", params),
    buttons: joinButtons(lang, game.id),
  };
}

/** The close and the reminder of sign-ups until `until`, as rows (updated in place on a move). */
function scheduleSignups(tx: Tx, game: GameRow, now: Date, until: Date): Promise<DeadlineRow[]> {
  const remindAt = signupReminderAt(now, until);
  const wanted: { kind: "signup_close" | "signup_remind"; dueAt: Date }[] = [
    { kind: "signup_close", dueAt: until },
  ];
  if (remindAt.getTime() > now.getTime()) wanted.push({ kind: "signup_remind" as const, dueAt: remindAt });
  // A reminder of an earlier close that is not wanted now is cancelled.
  return tx
    .insert(deadlines)
    .values(
      wanted.map((w) => ({
        gameId: game.id,
        phaseIndex: SIGNUP_PHASE,
        kind: w.kind,
        key: "",
        dueAt: w.dueAt,
        jobId: jobIds.signup(w.kind, game.id, until),
        payload: {},
      })),
    )
    .onConflictDoUpdate({
      target: [deadlines.gameId, deadlines.phaseIndex, deadlines.kind, deadlines.key],
      set: { dueAt: sql`excluded.due_at`, jobId: sql`excluded.job_id`, status: "pending", doneAt: null },
    })
    .returning();
}

/**
 * Opens sign-ups of a game in its lobby until `until`, with the GM's minimum (null: the rules'),
 * posting in `channelId`. Refused for a time not in the future or a minimum the table cannot hold.
 */
export async function openSignups(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
  input: { until: Date; minPlayers: number | null; channelId: string },
): Promise<Committed<GameRow>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    if (game.status !== "lobby") throw new UserError("game.already_started");
    const now = ctx.clock.now();
    if (input.until.getTime() <= now.getTime()) throw new UserError("signup.past");
    const ruleset = rulesetOrThrow(game.ruleset);
    const max = game.maxPlayers ?? ruleset.players.max;
    if (input.minPlayers !== null && (input.minPlayers < ruleset.players.min || input.minPlayers > max))
      throw new UserError("signup.bad_min", { min: ruleset.players.min, max });
    const [row] = await tx
      .update(games)
      .set({ signupUntil: input.until, minPlayers: input.minPlayers, signupChannelId: input.channelId })
      .where(eq(games.id, gameId))
      .returning();
    if (!row) throw new Error("update returned nothing");
    const scheduled = await scheduleSignups(tx, row, now, input.until);
    await writeOutbox(tx, gameId, `signup:${game.version}`, [await postEffect(tx, row, now)], null);
    return { value: row, deadlines: scheduled, outbox: true };
  });
}

/** After a join or a leave: the public post shows the new count (nothing without sign-ups). */
export async function refreshSignups(db: Db, clock: Clock, gameId: string): Promise<Committed<null>> {
  return changeGame(db, gameId, async (tx, game) => {
    if (game.status !== "lobby" || game.signupChannelId === null)
      return { value: null, deadlines: [], outbox: false };
    await writeOutbox(tx, gameId, `signup:${game.version}`, [await postEffect(tx, game, clock.now())], null);
    return { value: null, deadlines: [], outbox: true };
  });
}

/** Claims a sign-up deadline row for its job: null when moved, cancelled or already done. */
async function claim(
  tx: Tx,
  job: { deadlineId: number; jobId: string },
  kind: DeadlineRow["kind"],
  now: Date,
) {
  const [row] = await tx
    .update(deadlines)
    .set({ status: "done", doneAt: now })
    .where(
      and(
        eq(deadlines.id, job.deadlineId),
        eq(deadlines.kind, kind),
        eq(deadlines.jobId, job.jobId),
        eq(deadlines.status, "pending"),
      ),
    )
    .returning();
  return row ?? null;
}

/** The reminder job: a post in the sign-up channel, once; nothing once the game has left its lobby. */
export async function remindSignups(
  db: Db,
  clock: Clock,
  gameId: string,
  job: { deadlineId: number; jobId: string },
): Promise<Committed<boolean>> {
  return changeGame(db, gameId, async (tx, game) => {
    const now = clock.now();
    const row = await claim(tx, job, "signup_remind", now);
    if (!row || game.status !== "lobby" || game.signupUntil === null)
      return { value: false, deadlines: [], outbox: false };
    const lang = await languageOf(tx, game.guildId);
    const { seated } = await counts(tx, gameId);
    const content = t(lang, "signup.reminder", {
      name: safeName(game.name),
      when: discordTime(game.signupUntil),
      count: seated,
      min: minimumOf(game),
      max: game.maxPlayers ?? rulesetOrThrow(game.ruleset).players.max,
    });
    await writeOutbox(
      tx,
      gameId,
      `signup-remind:${game.signupUntil.getTime()}`,
      [{ type: "post", chat: channelOf(game), content }, await postEffect(tx, game, now)],
      null,
    );
    return { value: true, deadlines: [], outbox: true };
  });
}

/** The GM's message of a close that did not start the game, with its buttons. */
async function toGm(tx: Tx, game: GameRow, key: string, params: Record<string, string | number>) {
  const lang = await languageOf(tx, game.guildId);
  const buttons: OutboxButton[] = [
    ...SIGNUP_EXTENSIONS.map((minutes): OutboxButton => ({
      id: `${SIGNUP_PREFIX}:extend:${game.id}:${minutes}`,
      label: t(lang, `signup.extend_${minutes}`),
      style: "primary",
    })),
    { id: `${SIGNUP_PREFIX}:start:${game.id}`, label: t(lang, "signup.start_anyway"), style: "success" },
  ];
  const effect: OutboxEffect = {
    type: "upsert",
    chat: channelOf(game),
    key: gmKey(game.signupUntil ?? new Date(0)),
    content: t(lang, key, { gm: game.createdBy, name: safeName(game.name), ...params }),
    buttons,
    mentions: [game.createdBy],
  };
  return effect;
}

function gmMessageKey(game: GameRow): string {
  return gmKey(game.signupUntil ?? new Date(0));
}

/** Whether the last close told the GM (its message, keyed by that close, is in the outbox). */
async function gmMessageOf(tx: Tx, game: GameRow): Promise<boolean> {
  const [row] = await tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.gameId, game.id),
        eq(outbox.kind, "upsert"),
        sql`${outbox.payload}->>'key' = ${gmMessageKey(game)}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type CloseOutcome = "started" | "too_few" | "not_started" | "nothing";

/**
 * The close job: with the GM's minimum seated, the game starts as `/game start` starts it (the
 * deal from the secret, the rules' minimum and the server's cap on running games); otherwise, or
 * when the start is refused, the GM is told in the sign-up channel, with buttons to extend or start.
 * A job for a moved or done close, or a game out of its lobby, does nothing.
 */
export async function closeSignups(
  db: Db,
  clock: Clock,
  gameId: string,
  job: { deadlineId: number; jobId: string },
): Promise<Committed<CloseOutcome>> {
  const decided = await changeGame(db, gameId, async (tx, game) => {
    const now = clock.now();
    const [row] = await tx.select().from(deadlines).where(eq(deadlines.id, job.deadlineId));
    const live = row?.status === "pending" && row.kind === "signup_close" && row.jobId === job.jobId;
    if (!live || game.status !== "lobby") {
      // A retry after a start whose follow-up failed: the follow-up is done below.
      const startedBefore = live && (game.status === "running" || game.status === "paused");
      if (live && !startedBefore) await claim(tx, job, "signup_close", now);
      return { game, enough: false, live: false, startedBefore };
    }
    const { seated } = await counts(tx, gameId);
    const enough = seated >= minimumOf(game);
    if (!enough) {
      await claim(tx, job, "signup_close", now);
      await writeOutbox(
        tx,
        gameId,
        `signup-close:${job.jobId}`,
        [
          await postEffect(tx, game, now),
          await toGm(tx, game, "signup.too_few", { count: seated, min: minimumOf(game) }),
        ],
        null,
      );
    }
    return { game, enough, live: true, startedBefore: false };
  });
  if (decided.startedBefore) {
    const after = await finishStarted(db, clock, gameId, job);
    return { value: "started", deadlines: [], outbox: true, ...versionOf(after) };
  }
  if (!decided.live) return { value: "nothing", deadlines: [], outbox: false };
  if (!decided.enough) return { value: "too_few", deadlines: [], outbox: true };
  const ctx: GameContext = { db, clock, actor: null };
  try {
    const started = await start(ctx, gameId, decided.game.createdBy, { limits: true });
    const after = await finishStarted(db, clock, gameId, job);
    return { value: "started", deadlines: started.deadlines, outbox: true, ...versionOf(after) };
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    const refused = await changeGame(db, gameId, async (tx, game) => {
      const now = clock.now();
      if (!(await claim(tx, job, "signup_close", now)) || game.status !== "lobby")
        return { version: undefined };
      const lang = await languageOf(tx, game.guildId);
      await writeOutbox(
        tx,
        gameId,
        `signup-close:${job.jobId}`,
        [
          await postEffect(tx, game, now),
          await toGm(tx, game, "signup.start_refused", { reason: t(lang, error.key, error.params) }),
        ],
        null,
      );
      return { version: game.version + 1 };
    });
    return { value: "not_started", deadlines: [], outbox: true, ...versionOf(refused) };
  }
}

function versionOf(x: { version?: number | undefined }): { version?: number } {
  return x.version === undefined ? {} : { version: x.version };
}

/** After the start: the close is done, the post says the game started and loses its buttons. */
async function finishStarted(
  db: Db,
  clock: Clock,
  gameId: string,
  job: { deadlineId: number; jobId: string } | null,
): Promise<{ version?: number }> {
  // A close that found too few left a message to the GM: it now says the game started.
  return changeGame(db, gameId, async (tx, game) => {
    const now = clock.now();
    if (job) await claim(tx, job, "signup_close", now);
    // Whatever sign-up deadline is still pending (a reminder, a later close) has nothing to do now.
    await tx
      .update(deadlines)
      .set({ status: "cancelled", doneAt: now })
      .where(
        and(
          eq(deadlines.gameId, gameId),
          inArray(deadlines.kind, ["signup_close", "signup_remind"]),
          eq(deadlines.status, "pending"),
        ),
      );
    const lang = await languageOf(tx, game.guildId);
    const effects: OutboxEffect[] = [await postEffect(tx, game, now, true)];
    if (await gmMessageOf(tx, game))
      effects.push({
        type: "upsert",
        chat: channelOf(game),
        key: gmMessageKey(game),
        content: t(lang, "signup.gm_started", { name: safeName(game.name) }),
        buttons: [],
      });
    await writeOutbox(tx, gameId, `signup-started:${game.version}`, effects, null);
    return { version: game.version + 1 };
  });
}

/**
 * A lobby with sign-ups that ends, by whatever path (`/game end`, the sandbox, any caller of the
 * games layer's `end`): the post says the game was cancelled and loses its buttons. Written by
 * `end` in its own transaction, which also cancels the close and the reminder; null for a game
 * without sign-ups.
 */
export async function signupsCancelledEffect(tx: Tx, game: GameRow): Promise<OutboxEffect | null> {
  if (game.signupChannelId === null) return null;
  const lang = await languageOf(tx, game.guildId);
  const content = t(lang, "signup.post_cancelled", {
    name: safeName(game.name),
    ruleset: rulesetOrThrow(game.ruleset).name[lang],
  });
  return { type: "upsert", chat: channelOf(game), key: POST_KEY, content, buttons: [] };
}

/** The GM's extend button: the close moves `minutes` later (from now, when it has passed). */
export async function extendSignups(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
  minutes: number,
): Promise<Committed<Date>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    if (game.status !== "lobby") throw new UserError("game.already_started");
    if (game.signupUntil === null || game.signupChannelId === null) throw new UserError("signup.none");
    const now = ctx.clock.now();
    const until = new Date(Math.max(now.getTime(), game.signupUntil.getTime()) + minutes * 60_000);
    const [row] = await tx.update(games).set({ signupUntil: until }).where(eq(games.id, gameId)).returning();
    if (!row) throw new Error("update returned nothing");
    const scheduled = await scheduleSignups(tx, row, now, until);
    const lang = await languageOf(tx, game.guildId);
    await writeOutbox(
      tx,
      gameId,
      `signup-extend:${game.version}`,
      [
        await postEffect(tx, row, now),
        ...((await gmMessageOf(tx, game))
          ? [
              {
                type: "upsert" as const,
                chat: channelOf(row),
                key: gmMessageKey(game),
                content: t(lang, "signup.extended", { name: safeName(game.name), when: discordTime(until) }),
                buttons: [],
              },
            ]
          : []),
      ],
      null,
    );
    return { value: until, deadlines: scheduled, outbox: true };
  });
}

/** The GM's "start anyway" button: `/game start` as the GM, then the post says so. */
export async function startFromSignups(ctx: GameContext, gameId: string, byUserId: string) {
  const started = await start(ctx, gameId, byUserId, { limits: true });
  const game = await ctx.db.select().from(games).where(eq(games.id, gameId));
  if (game[0]?.signupChannelId) {
    const after = await finishStarted(ctx.db, ctx.clock, gameId, null);
    return { ...started, ...versionOf(after) };
  }
  return started;
}

import { and, eq } from "drizzle-orm";
import { memberGender } from "./profiles.js";
import { submitAction, submitGmAction } from "../engine/game.js";
import type { ActionInput, GmInput } from "../engine/types.js";
import { deadlines, gameMasters, games, playerReplacements, players } from "../db/schema/index.js";
import { changeGame, writeOutbox, type Committed } from "./changes.js";
import type { GameContext } from "./context.js";
import { logControl, refuseSeatForGm, requireGm } from "./control.js";
import { confusableWith } from "../render/confusables.js";
import { safeName } from "../render/names.js";
import type { OutboxEffect } from "./effects.js";
import { UserError } from "./errors.js";
import { dealMasks } from "./masks.js";
import { applyLogged, type LoggedEntry, type LoggedRun, type SubmitOutcome } from "./play.js";
import { currentPhase, gmsOf, seatOf, seatsOf } from "./reads.js";
import { endedDraftCards, staleDraft } from "./review.js";
import { signupsCancelledEffect } from "./signups.js";
import type { GameRow } from "./rows.js";
import type { Tx } from "./state.js";

/**
 * A GM's commands on a game (the clock's are in deadlines.ts, the review's in review.ts): co-GMs,
 * an order for a seat, the ruleset's GM actions, a replacement, the end, announcements; and
 * the bot's private notices to a seat.
 */

/**
 * A GM makes another member a GM of this game (a co-GM): logged; once the game is built, a
 * reconcile gives the new GM the game's GM role and its private threads. A seated player
 * cannot also be a GM of the same game (a GM reads every secret chat).
 */
export async function addGm(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
  userId: string,
): Promise<Committed<null>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    if (game.status === "ended") throw new UserError("game.ended");
    const seated = await tx
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.gameId, gameId), eq(players.userId, userId)));
    if (seated.length > 0) throw new UserError("gm.add_player");
    const added = await tx.insert(gameMasters).values({ gameId, userId }).onConflictDoNothing().returning();
    if (added.length === 0) throw new UserError("gm.already_gm");
    const seq = await logControl(ctx, tx, gameId, byUserId, "add_gm", { user: userId });
    return afterGmChange(tx, game, `gm-add:${userId}:${seq}`);
  });
}

/**
 * A GM takes a member off the game's GMs (themselves included). The game always keeps one GM
 * of its own, whoever created it: the last one cannot be removed (the server's GMs, who may
 * act in every game, do not count, since they may lose that role).
 */
export async function removeGm(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
  userId: string,
): Promise<Committed<null>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    const listed = await gmsOf(tx, gameId);
    if (!listed.includes(userId)) throw new UserError("gm.not_listed");
    if (listed.length === 1) throw new UserError("gm.last_gm");
    await tx.delete(gameMasters).where(and(eq(gameMasters.gameId, gameId), eq(gameMasters.userId, userId)));
    const seq = await logControl(ctx, tx, gameId, byUserId, "remove_gm", { user: userId });
    return afterGmChange(tx, game, `gm-remove:${userId}:${seq}`);
  });
}

/** After the GMs changed: a built game's roles and threads follow (the lobby has none yet). */
async function afterGmChange(tx: Tx, game: GameRow, origin: string): Promise<Committed<null>> {
  if (game.status === "lobby") return { value: null, deadlines: [], outbox: false };
  await writeOutbox(tx, game.id, origin, [{ type: "reconcile" }], null);
  return { value: null, deadlines: [], outbox: true };
}

/**
 * A GM gives (or overrides) an order on behalf of a seat: judged by the rules as if the seat
 * gave it, logged under the GM's account. Allowed while a draft waits (a correction before a
 * Re-run), which then holds the draft. `value.stale` says a draft is waiting.
 */
export async function submitFor(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
  seatId: string,
  action: Omit<ActionInput, "actor">,
): Promise<Committed<SubmitOutcome & { stale: boolean }>> {
  const input: ActionInput = { ...action, actor: seatId };
  return applyGmInput(
    ctx,
    gameId,
    { type: "action", userId: byUserId, seatId, input, byGm: true },
    (ruleset, state, at) => submitAction(ruleset, state, input, at),
  );
}

/** A GM action of the ruleset (modkill, revive, statuses, …), logged like any input. */
export async function gmAction(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
  action: GmInput,
): Promise<Committed<SubmitOutcome & { stale: boolean }>> {
  return applyGmInput(
    ctx,
    gameId,
    { type: "gm", userId: byUserId, seatId: null, input: action },
    (ruleset, state, at) => submitGmAction(ruleset, state, action, at),
  );
}

/**
 * A GM's input (an order for a seat or a GM action) on a running game: judged by the rules and
 * logged under the GM's account; `value.stale` says a draft is waiting.
 */
async function applyGmInput(
  ctx: GameContext,
  gameId: string,
  entry: LoggedEntry,
  run: LoggedRun,
): Promise<Committed<SubmitOutcome & { stale: boolean }>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, entry.userId);
    if (game.status === "lobby") throw new UserError("game.not_started");
    if (game.status === "ended") throw new UserError("game.ended");
    const applied = await applyLogged(ctx, tx, game, entry, run);
    const stale = applied.value.accepted && (await staleDraft(ctx, tx, game, entry.userId));
    return { ...applied, value: { ...applied.value, stale }, outbox: applied.outbox || stale };
  });
}

/**
 * What a replacement returns: the seat, and the substitute's label for the rules' own `replace`
 * (`sub1`, `sub2`… in the order of the game's replacements). The label, not the account, goes into
 * the game log: the log is public after the end (the archive's download), and an account id there
 * would tie a masked seat to a member.
 */
export interface Replacement {
  seatId: string;
  substitute: string;
}

/** Replaces the account behind a seat; the seat keeps role, chats, orders and history. */
export async function replace(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
  fromUserId: string,
  toUserId: string,
  displayName: string,
): Promise<Committed<Replacement>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    await logControl(ctx, tx, gameId, byUserId, "replace", { from: fromUserId, to: toUserId });
    const seat = await seatOf(tx, gameId, fromUserId);
    const taken = await tx
      .select()
      .from(players)
      .where(and(eq(players.gameId, gameId), eq(players.userId, toUserId)));
    if (taken.length > 0) throw new UserError("game.already_joined");
    await refuseSeatForGm(tx, gameId, toUserId, false);
    const others = (await seatsOf(tx, gameId)).filter((s) => s.id !== seat.id);
    const alike = confusableWith(
      displayName,
      others.map((s) => s.displayName),
    );
    if (alike !== undefined) throw new UserError("gm.replace_confusable", { name: safeName(alike) });
    const phase = await currentPhase(tx, gameId);
    // The substitute's own word on their gender goes with their name (src/games/profiles.ts).
    const gender = await memberGender(tx, toUserId);
    await tx.update(players).set({ userId: toUserId, displayName, gender }).where(eq(players.id, seat.id));
    await tx.insert(playerReplacements).values({
      gameId,
      seatId: seat.seatId,
      fromUserId,
      toUserId,
      phase: phase?.label ?? "lobby",
      byUserId,
    });
    const made = await tx
      .select({ id: playerReplacements.id })
      .from(playerReplacements)
      .where(eq(playerReplacements.gameId, gameId));
    const value = { seatId: seat.seatId, substitute: `sub${made.length}` };
    if (game.status === "lobby") return { value, deadlines: [], outbox: false };
    // Masked games: the seat keeps its mask as its shown name; the new account's never shows.
    await dealMasks(tx, gameId);
    await writeOutbox(tx, gameId, `replace:${seat.seatId}:${toUserId}`, [{ type: "reconcile" }], null);
    return { value, deadlines: [], outbox: true };
  });
}

/** Ends the game; `revealed` is false for a game ended from its lobby (nothing to reveal). */
export async function end(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
): Promise<Committed<{ revealed: boolean }>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    await logControl(ctx, tx, gameId, byUserId, "end", {});
    if (game.status === "ended") throw new UserError("game.ended");
    await tx.update(games).set({ status: "ended", updatedAt: ctx.clock.now() }).where(eq(games.id, gameId));
    await tx
      .update(deadlines)
      .set({ status: "cancelled" })
      .where(and(eq(deadlines.gameId, gameId), eq(deadlines.status, "pending")));
    const effects: OutboxEffect[] = [{ type: "reconcile" }];
    const revealed = game.status !== "lobby";
    if (revealed) effects.push({ type: "reveal" });
    // A lobby with sign-ups: the post says the game was cancelled, without its buttons.
    const cancelled = revealed ? null : await signupsCancelledEffect(tx, game);
    if (cancelled) effects.push(cancelled);
    // The review cards of drafts left waiting lose their buttons: nothing is published any more.
    effects.push(...(await endedDraftCards(ctx, tx, game, byUserId)));
    await writeOutbox(tx, gameId, "end", effects, null);
    return { value: { revealed }, deadlines: [], outbox: true };
  });
}

/**
 * A private notice from the bot to a seat's own thread (e.g. why a post was removed). `key`
 * (the Discord message id) makes a retry post once.
 */
export async function notify(
  ctx: GameContext,
  gameId: string,
  seatId: string,
  text: string,
  key: string,
): Promise<Committed<null>> {
  return changeGame(ctx.db, gameId, async (tx) => {
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
export async function announce(
  ctx: GameContext,
  gameId: string,
  byUserId: string,
  text: string,
  key: string,
): Promise<Committed<null>> {
  return changeGame(ctx.db, gameId, async (tx, game) => {
    await requireGm(ctx, tx, gameId, byUserId);
    if (game.status === "lobby") throw new UserError("game.not_started");
    await logControl(ctx, tx, gameId, byUserId, "announce", { text });
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

import { and, asc, desc, eq } from "drizzle-orm";
import { deadlines, inputPayload, inputs, phases, playerReplacements } from "../db/schema/index.js";
import type { RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState } from "../engine/types.js";
import { phaseName, t } from "../i18n/index.js";
import { labelsOf } from "../render/orders.js";
import { tallyText } from "./ballots.js";
import type { GameContext } from "./context.js";
import { readerOf, resolutionPosts, type OutboxUpsert } from "./effects.js";
import { clip, draftCard, phaseStatus, type DraftNote, type PhaseOrder } from "./gm-room.js";
import { currentPhase, pendingDraft, readGame, seatsOf } from "./reads.js";
import type { GameRow, PhaseRow, ResolutionRow } from "./rows.js";
import { loadState, rulesetOrThrow, stateBefore, type Tx } from "./state.js";

/**
 * The GM room's messages kept up to date in place, as outbox upserts: each phase's status (who
 * acted, each order as given, who has not, the tally) and each draft's card with its review
 * buttons (review.ts). Their texts are built by gm-room.ts.
 */

/** Custom ids of the review buttons on a draft's card: `review:<action>:<game>:<phase index>`. */
export const REVIEW_PREFIX = "review";

/**
 * The phase's status message in the GM room (one per phase, edited in place): who acted and
 * each order as given (from the log, with who gave it), who has not, and the public tally.
 */
export async function gmStatusEffect(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
  state: AnyGameState,
  phase: PhaseRow,
  resolved: "drafted" | "published" | null = null,
): Promise<OutboxUpsert> {
  const reader = await readerOf(tx, game, ruleset);
  const seats = await seatsOf(tx, game.id);
  const rows = await tx
    .select({ seatId: inputs.seatId, userId: inputs.userId, payload: inputs.payload })
    .from(inputs)
    .where(
      and(
        eq(inputs.gameId, game.id),
        eq(inputs.phase, phase.label),
        eq(inputs.type, "action"),
        eq(inputs.accepted, true),
      ),
    )
    .orderBy(asc(inputs.seq));
  // Every account that played a seat (a replacement's earlier orders are the seat's own).
  const replaced = await tx
    .select({ seatId: playerReplacements.seatId, userId: playerReplacements.fromUserId })
    .from(playerReplacements)
    .where(eq(playerReplacements.gameId, game.id));
  const accounts = new Set([...seats, ...replaced].map((s) => `${s.seatId}\u0000${s.userId}`));
  const orders: PhaseOrder[] = rows.map((r) => {
    const payload = inputPayload.parse(r.payload);
    return {
      seatId: r.seatId ?? "",
      userId: r.userId,
      byGm: !accounts.has(`${r.seatId ?? ""}\u0000${r.userId}`),
      action: payload.action ?? "?",
      targets: payload.targets ?? [],
      params: payload.params ?? {},
    };
  });
  const offers = new Map(state.players.map((p) => [p.id, ruleset.availableActions(state, p.id)]));
  const board = ruleset.votes?.board?.(state) ?? null;
  const content = phaseStatus({
    lang: reader.lang,
    phaseLabel: phase.label,
    deadlineAt: phase.pausedAt ? null : phase.deadlineAt,
    paused: phase.pausedAt !== null,
    state,
    seats,
    orders,
    offers,
    names: new Map(seats.map((s) => [s.seatId, s.displayName])),
    reader,
    labelOf: labelsOf(ruleset),
    slotOf: (seatId, action) => (ruleset.orderSlot ? ruleset.orderSlot(state, seatId, action) : action),
    tally: board ? tallyText(board, reader, phaseName(reader.lang, board.key)) : null,
    resolved,
  });
  return { type: "upsert", chat: "gm", key: `status:${phase.index}`, content: clip(content) };
}

/**
 * The status of a phase, as an upsert the outbox renders when it performs it (gmStatusText): the
 * offers of every seat are costly in large rulesets (a regnum table is a few milliseconds a
 * seat), and they need not delay the commit that opened, changed or resolved the phase; a burst
 * of changes renders once. `resolved`: the phase's last status, as it stood at its deadline.
 */
export function deferredGmStatus(phaseIndex: number, resolved?: "published"): OutboxUpsert {
  return {
    type: "upsert",
    chat: "gm",
    key: `status:${phaseIndex}`,
    content: "",
    render: resolved ? { gmStatus: phaseIndex, resolved } : { gmStatus: phaseIndex },
  };
}

/**
 * The status text the outbox renders for a deferred status: of a phase still open, as it stands
 * now (undefined once the phase is over: its last status follows); of a resolved phase
 * (`resolved`), as it stood just before its resolution.
 */
export async function gmStatusText(
  ctx: GameContext,
  gameId: string,
  phaseIndex: number,
  resolved?: "published",
): Promise<string | undefined> {
  const game = await readGame(ctx.db, gameId);
  const ruleset = rulesetOrThrow(game.ruleset);
  if (resolved) {
    const [phase] = await ctx.db
      .select()
      .from(phases)
      .where(and(eq(phases.gameId, gameId), eq(phases.index, phaseIndex)));
    if (!phase) return undefined;
    const [resolve] = await ctx.db
      .select({ seq: inputs.seq })
      .from(inputs)
      .where(and(eq(inputs.gameId, gameId), eq(inputs.type, "resolve"), eq(inputs.phase, phase.label)))
      .orderBy(desc(inputs.seq))
      .limit(1);
    if (!resolve) return undefined;
    const state = await stateBefore(ctx.db, gameId, ruleset, resolve.seq);
    return (await gmStatusEffect(ctx, ctx.db, game, ruleset, state, phase, resolved)).content;
  }
  const phase = await currentPhase(ctx.db, gameId);
  if (!phase || phase.index !== phaseIndex || game.status === "ended") return undefined;
  const { state } = await loadState(ctx.db, gameId, ruleset);
  const drafted = await pendingDraft(ctx.db, gameId);
  const effect = await gmStatusEffect(ctx, ctx.db, game, ruleset, state, phase, drafted ? "drafted" : null);
  return effect.content;
}

/** The draft's card in the GM room: one message per phase, edited in place, with the review buttons. */
export async function draftCardEffect(
  ctx: GameContext,
  tx: Tx,
  game: GameRow,
  ruleset: RulesetDefinition<AnyGameState>,
  resolution: ResolutionRow,
  note: DraftNote,
): Promise<OutboxUpsert> {
  const reader = await readerOf(tx, game, ruleset);
  const posts = await resolutionPosts(tx, resolution.id);
  const newspaper = posts
    .filter((p) => p.chat === "newspaper")
    .map((p) => p.content)
    .join("\n");
  const privates = posts
    .filter((p) => p.chat.startsWith("personal:"))
    .map((p) => ({ to: p.chat.slice("personal:".length), text: p.content }));
  // The grace period, while it runs (a held or published draft has none).
  const [grace] = await tx
    .select({ dueAt: deadlines.dueAt })
    .from(deadlines)
    .where(
      and(
        eq(deadlines.gameId, game.id),
        eq(deadlines.phaseIndex, resolution.phaseIndex),
        eq(deadlines.kind, "publish"),
        eq(deadlines.status, "pending"),
      ),
    );
  const open = note.kind !== "published" && note.kind !== "published_auto" && note.kind !== "ended";
  const content = draftCard({
    publishAt: open ? (grace?.dueAt ?? null) : null,
    lang: reader.lang,
    phaseLabel: resolution.phase,
    note,
    newspaper,
    privates,
    reader,
  });
  const id = (action: string) => `${REVIEW_PREFIX}:${action}:${game.id}:${resolution.phaseIndex}`;
  const label = (key: string) => t(reader.lang, key);
  return {
    type: "upsert",
    chat: "gm",
    key: `draft:${resolution.phaseIndex}`,
    content,
    buttons: open
      ? [
          { id: id("publish"), label: label("review.publish"), style: "success" },
          { id: id("edit"), label: label("review.edit"), style: "primary" },
          { id: id("hold"), label: label("review.hold"), style: "secondary" },
          { id: id("rerun"), label: label("review.rerun_button"), style: "danger" },
        ]
      : [],
  };
}

import { and, eq, max, sql } from "drizzle-orm";
import type { RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState } from "../engine/types.js";
import type { Db } from "../db/client.js";
import { deadlines, gameSnapshots, games, inputs, phases } from "../db/schema/index.js";
import * as clansModule from "../rulesets/clans/index.js";
import * as classicModule from "../rulesets/classic/index.js";
import * as mayorModule from "../rulesets/mayor/index.js";
import * as regnumModule from "../rulesets/regnum/index.js";
import * as reichstagModule from "../rulesets/reichstag/index.js";
import { UserError } from "./errors.js";
import { requiredActions } from "./reminders.js";
import type { Clock, Committed, DeadlineRow } from "./service.js";
import { loadState, rulesetOrThrow, type Tx } from "./state.js";

/**
 * Early close: a phase whose required inputs are all in resolves at once instead of waiting for
 * its deadline. The bot calls `closeEarlyIfComplete` after an accepted input; when the phase is
 * complete, its resolve deadline moves to now (as the system, like a GM's "force now") and the
 * worker resolves it at once.
 *
 * The ruleset contract has no hook for this yet. A phase counts as complete when:
 * 1. the ruleset's own deadline rule says it is due now (`duration` of 0 minutes — reichstag's
 *    election that every voter has voted and agreed on, or a phase closed by a GM action); or
 * 2. the ruleset's `closesEarly(state)` says so (reichstag's decided phases, clans' complete
 *    night), or its module exports a predicate `earlyClose(state)`; or
 * 3. the module exports `earlyClose` as an array of phase kinds, the phase is of one of them and
 *    every living seat that had a required action at the phase start has none left now.
 */

type Predicate = (state: AnyGameState) => boolean;
interface Hook {
  kinds: readonly string[];
  predicate: Predicate | null;
}

const modules: Record<string, Record<string, unknown>> = {
  clans: clansModule,
  classic: classicModule,
  mayor: mayorModule,
  regnum: regnumModule,
  reichstag: reichstagModule,
};

/** The ruleset's `closesEarly` (the contract's hook), else a module-level `earlyClose`. */
export function earlyCloseHook(ruleset: RulesetDefinition<AnyGameState>): Hook {
  const mod = modules[ruleset.id] ?? {};
  const declared = mod["earlyClose"];
  const predicate = ruleset.closesEarly
    ? (state: AnyGameState) => ruleset.closesEarly?.(state) === true
    : typeof declared === "function"
      ? (declared as Predicate)
      : null;
  return {
    kinds: Array.isArray(declared) ? declared.filter((k): k is string => typeof k === "string") : [],
    predicate,
  };
}

/** Whether the phase needs nothing more from the players (see the module comment). */
export function phaseComplete(
  ruleset: RulesetDefinition<AnyGameState>,
  start: AnyGameState,
  now: AnyGameState,
  hook: Hook = earlyCloseHook(ruleset),
): boolean {
  if (now.ended) return false;
  const rule = ruleset.deadline(now);
  if (rule.type === "duration" && rule.minutes === 0) return true;
  if (hook.predicate?.(now)) return true;
  if (!hook.kinds.includes(now.phase.kind)) return false;
  const duty = start.players.filter((p) => p.alive && requiredActions(ruleset, start, p.id).length > 0);
  if (duty.length === 0) return false;
  return duty.every((p) => {
    const seat = now.players.find((q) => q.id === p.id);
    return !seat?.alive || requiredActions(ruleset, now, p.id).length === 0;
  });
}

/** The engine state at the start of the open phase: the snapshot its resolution stored. */
export async function phaseStartState(tx: Tx, gameId: string, fallback: AnyGameState): Promise<AnyGameState> {
  const [last] = await tx
    .select({ seq: max(inputs.seq) })
    .from(inputs)
    .where(and(eq(inputs.gameId, gameId), eq(inputs.type, "resolve")));
  const seq = last?.seq ?? 0;
  const [snapshot] = await tx
    .select()
    .from(gameSnapshots)
    .where(and(eq(gameSnapshots.gameId, gameId), eq(gameSnapshots.inputSeq, seq)));
  return (snapshot?.state as AnyGameState | undefined) ?? fallback;
}

/**
 * After an accepted input: when the open phase is complete, moves its resolve deadline to now.
 * Returns the new deadline rows to enqueue (empty when nothing changed).
 */
export async function closeEarlyIfComplete(
  db: Db,
  clock: Clock,
  gameId: string,
): Promise<Committed<DeadlineRow | null>> {
  const nothing = { value: null, deadlines: [], outbox: false };
  return db.transaction(async (tx) => {
    const [game] = await tx.select().from(games).where(eq(games.id, gameId)).for("update");
    if (!game) throw new UserError("game.not_found");
    if (game.status !== "running") return nothing;
    const [phase] = await tx
      .select()
      .from(phases)
      .where(and(eq(phases.gameId, gameId), eq(phases.status, "open")))
      .orderBy(sql`${phases.index} DESC`)
      .limit(1);
    if (!phase) return nothing;
    const now = clock.now();
    if (phase.deadlineAt && phase.deadlineAt.getTime() <= now.getTime()) return nothing;
    const ruleset = rulesetOrThrow(game.ruleset);
    const { state } = await loadState(tx, gameId, ruleset);
    const start = await phaseStartState(tx, gameId, state);
    if (!phaseComplete(ruleset, start, state)) return nothing;

    await tx.update(phases).set({ deadlineAt: now }).where(eq(phases.id, phase.id));
    await tx
      .update(deadlines)
      .set({ status: "cancelled" })
      .where(
        and(
          eq(deadlines.gameId, gameId),
          eq(deadlines.phaseIndex, phase.index),
          eq(deadlines.status, "pending"),
        ),
      );
    // Same id scheme as the service's schedule, so a later move replaces this row again.
    const jobId = `resolve_${gameId}_${phase.index}_0_${now.getTime()}`;
    const [row] = await tx
      .insert(deadlines)
      .values({ gameId, phaseIndex: phase.index, kind: "resolve", key: "", dueAt: now, jobId, payload: {} })
      .onConflictDoUpdate({
        target: [deadlines.gameId, deadlines.phaseIndex, deadlines.kind, deadlines.key],
        set: { dueAt: now, jobId, status: "pending", doneAt: null, payload: {} },
      })
      .returning();
    await tx
      .update(games)
      .set({ version: sql`${games.version} + 1` })
      .where(eq(games.id, gameId));
    return { value: row ?? null, deadlines: row ? [row] : [], outbox: false };
  });
}

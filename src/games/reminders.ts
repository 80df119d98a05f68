import { and, eq } from "drizzle-orm";
import type { RulesetDefinition } from "../engine/ruleset.js";
import type { AnyGameState, Lang, PlayerId } from "../engine/types.js";
import type { Db } from "../db/client.js";
import {
  deadlinePayload,
  deadlines,
  guildSettings,
  inputPayload,
  inputs,
  phases,
  players,
} from "../db/schema/index.js";
import { safeName } from "../render/names.js";
import { phaseName, t } from "../i18n/index.js";
import { discordTime } from "./time.js";
import type { Clock } from "./context.js";
import type { OutboxPost } from "./effects.js";
import { changeGame, writeOutbox, type Committed } from "./changes.js";
import { loadState, rulesetOrThrow, type Tx } from "./state.js";

/**
 * Reminders before a deadline. Publicly only what is public: the time left and, for a phase in
 * which every living seat has the same required action (a general vote), who has not acted
 * yet — that list reveals no role. Privately, in each seat's own thread, "your order is
 * missing" to every living seat that has a required action available and has not used one.
 *
 * The ruleset contract does not say which actions are required; the actions below are
 * optional everywhere (posting, extension requests, absences, asking to leave), all others
 * count as orders.
 */
export const OPTIONAL_ACTIONS: ReadonlySet<string> = new Set([
  "post",
  "edit_post",
  "request_extension",
  "vacation",
  "leave",
]);

export interface ReminderPlan {
  /** Seats that have a required action available and have not used one this phase. */
  missing: PlayerId[];
  /**
   * Whether naming `missing` in public reveals nothing: every living seat had the same duty, and
   * the rules make deaths public (`publicStatuses`).
   */
  publicNames: boolean;
}

export function requiredActions(
  ruleset: RulesetDefinition<AnyGameState>,
  state: AnyGameState,
  seat: PlayerId,
): string[] {
  return ruleset
    .availableActions(state, seat)
    .map((a) => a.action)
    .filter((a) => !OPTIONAL_ACTIONS.has(a))
    .sort();
}

/** Who must still act, from the ruleset's available actions and this phase's accepted inputs. */
export function planReminder(
  ruleset: RulesetDefinition<AnyGameState>,
  state: AnyGameState,
  acted: ReadonlySet<PlayerId>,
): ReminderPlan {
  const living = state.players.filter((p) => p.alive);
  const duties = new Map(living.map((p) => [p.id, requiredActions(ruleset, state, p.id)]));
  const missing = living
    .filter((p) => (duties.get(p.id)?.length ?? 0) > 0 && !acted.has(p.id))
    .map((p) => p.id);
  const sets = new Set(living.map((p) => (duties.get(p.id) ?? []).join(",")));
  // Names in public only where they reveal nothing: every living seat had the same duty, and who is
  // living is public (not where the rules keep deaths secret: the list would leave the dead out).
  const publicNames =
    ruleset.publicStatuses !== false &&
    state.phase.kind !== "night" &&
    living.length > 0 &&
    sets.size === 1 &&
    !sets.has("");
  return { missing, publicNames };
}

/**
 * The reminders' texts: the deadline as a Discord timestamp (date, time and "in 10 minutes" in
 * each reader's own zone and language), the phase by its localized name.
 */
export const reminderTexts = {
  public(lang: Lang, phaseLabel: string, deadline: Date, names: string[] | null): string {
    const head = t(lang, "reminder.public", {
      phase: phaseName(lang, phaseLabel),
      when: discordTime(deadline),
    });
    return names && names.length > 0
      ? `${head} ${t(lang, "reminder.not_voted", { names: names.join(", ") })}`
      : head;
  },
  personal(lang: Lang, phaseLabel: string, deadline: Date): string {
    return t(lang, "reminder.personal", { phase: phaseName(lang, phaseLabel), when: discordTime(deadline) });
  },
};

export interface ReminderResult {
  sent: boolean;
  personal: number;
  named: number;
}

/**
 * The reminder job's handler: writes the reminder posts to the outbox and marks its deadline
 * row done, once. A job for a moved or cancelled deadline, or a phase no longer open, does nothing.
 */
export async function sendReminder(
  db: Db,
  clock: Clock,
  gameId: string,
  phaseIndex: number,
  job: { deadlineId: number; jobId: string },
): Promise<Committed<ReminderResult>> {
  const nothing = { value: { sent: false, personal: 0, named: 0 }, deadlines: [], outbox: false };
  return changeGame(db, gameId, async (tx, game) => {
    const [deadline] = await tx.select().from(deadlines).where(eq(deadlines.id, job.deadlineId));
    if (deadline?.status !== "pending" || deadline.kind !== "reminder" || deadline.jobId !== job.jobId) {
      return nothing;
    }
    const now = clock.now();
    const markDone = () =>
      tx.update(deadlines).set({ status: "done", doneAt: now }).where(eq(deadlines.id, deadline.id));
    const [phase] = await tx
      .select()
      .from(phases)
      .where(and(eq(phases.gameId, gameId), eq(phases.index, phaseIndex)));
    if (game.status !== "running" || !phase || phase.status !== "open") {
      await markDone();
      return nothing;
    }
    const minutes = deadlinePayload.parse(deadline.payload).minutesBefore ?? Number(deadline.key);
    const due = phase.deadlineAt ?? new Date(deadline.dueAt.getTime() + minutes * 60_000);
    const ruleset = rulesetOrThrow(game.ruleset);
    const { state } = await loadState(tx, gameId, ruleset);
    const acted = await actedThisPhase(tx, gameId, phase.label);
    const plan = planReminder(ruleset, state, acted);
    const [settings] = await tx.select().from(guildSettings).where(eq(guildSettings.guildId, game.guildId));
    const lang: Lang = settings?.language ?? "ru";
    const seats = await tx.select().from(players).where(eq(players.gameId, gameId));
    const names = new Map(seats.map((s) => [s.seatId, s.displayName]));
    // In name order, never seat order: in masked games the seat order is the public join order.
    const named = plan.publicNames
      ? plan.missing.map((id) => safeName(names.get(id) ?? id)).sort((x, y) => x.localeCompare(y))
      : null;
    const posts: OutboxPost[] = [
      { type: "post", chat: "newspaper", content: reminderTexts.public(lang, phase.label, due, named) },
      ...plan.missing.map((seat): OutboxPost => ({
        type: "post",
        chat: `personal:${seat}`,
        content: reminderTexts.personal(lang, phase.label, due),
      })),
    ];
    await writeOutbox(tx, gameId, `remind:${phaseIndex}:${minutes}:${deadline.dueAt.getTime()}`, posts, null);
    await markDone();
    return {
      value: { sent: true, personal: plan.missing.length, named: named?.length ?? 0 },
      deadlines: [],
      outbox: true,
    };
  });
}

/** Seats with an accepted required action in the phase (by its label), from the input log. */
export async function actedThisPhase(tx: Tx, gameId: string, phaseLabel: string): Promise<Set<PlayerId>> {
  const rows = await tx
    .select({ seatId: inputs.seatId, payload: inputs.payload })
    .from(inputs)
    .where(
      and(
        eq(inputs.gameId, gameId),
        eq(inputs.phase, phaseLabel),
        eq(inputs.type, "action"),
        eq(inputs.accepted, true),
      ),
    );
  const acted = new Set<PlayerId>();
  for (const row of rows) {
    const { action } = inputPayload.parse(row.payload);
    if (row.seatId && typeof action === "string" && !OPTIONAL_ACTIONS.has(action)) acted.add(row.seatId);
  }
  return acted;
}

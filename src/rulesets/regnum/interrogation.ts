import { z } from "zod";
import { defineGmAction, type GmActionDefinition } from "../../engine/ruleset.js";
import { emitEvent, emitPrivate, findPlayer } from "../../engine/helpers.js";
import type { JsonObject, PlayerId } from "../../engine/types.js";
import { abroad, dead, detained, learn, needRole, notice, underground } from "./characters.js";
import { caseEntry } from "./investigation.js";
import { reject } from "./rejections.js";
import { noParams, paramsOf, playerAction } from "./spec.js";
import type { Order, RPlayer, RState, Session } from "./state.js";
import { statusGate } from "./statuses.js";

/**
 * Interrogation sessions (§5.1.1): opened by a KSB agent's or the Detective's order at step 6,
 * questions and answers as free actions, the answer window (step 19 in simulations, a worker
 * timer in live games) and the sessions closed when the sides can no longer meet.
 */

/** A question or an answer: its text and the session it belongs to (the speaker's only one when omitted). */
const sessionText = paramsOf({ text: z.string().default(""), session: z.string().optional() });

/**
 * A question or an answer goes to the other side of the session under the speaker's current
 * appearance, and into the case file.
 */
function relay(
  state: RState,
  session: Session,
  speaker: RPlayer,
  to: PlayerId,
  action: "ask" | "answer",
  text: string,
): void {
  emitPrivate(state, to, "relay", { session: session.id, from: speaker.currentAppearance, text });
  caseEntry(state, session.source, action, speaker.id, to, action === "ask" ? "question" : "answer", {
    session: session.id,
    text,
  });
}

/** The orders that open a session and the free actions inside it. */
export const interrogationActions = {
  ksb_interrogate: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: needRole("ksb_agent", "onlyKsbAgent"),
  }),
  det_interrogate: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: needRole("detective", "onlyDetective"),
  }),
  // ------------------------------------------------------------ §5.1.1 interrogation
  ask: playerAction(sessionText, {
    kind: "free",
    targets: "none",
    who: (state, actor, input) =>
      askSession(state, actor, input.params.session) ? null : reject("no_session", "noSession"),
    run(state, actor, input) {
      const session = askSession(state, actor, input.params.session);
      if (!session) return;
      const text = input.params.text;
      session.question = text;
      session.askedAt = state.data.phaseIndex;
      session.askedAtMs = state.now;
      relay(state, session, actor, session.target, "ask", text);
    },
  }),
  answer: playerAction(sessionText, {
    kind: "free",
    targets: "none",
    allowDetained: true,
    who: (state, actor, input) =>
      answerSession(state, actor, input.params.session) ? null : reject("no_question", "noQuestion"),
    run(state, actor, input) {
      const session = answerSession(state, actor, input.params.session);
      if (!session) return;
      const text = input.params.text;
      const first = !session.answered;
      session.question = null;
      session.askedAt = null;
      session.answered = true;
      relay(state, session, actor, session.interrogator, "answer", text);
      if (first && session.source === "detective")
        notice(state, session.interrogator, "character_type", { target: actor.id, type: actor.type });
    },
  }),
  end_interrogation: playerAction(paramsOf({ session: z.string().optional() }), {
    kind: "free",
    targets: "none",
    who: (state, actor) =>
      state.data.sessions.some((session) => session.open && session.interrogator === actor.id)
        ? null
        : reject("no_session", "noOpenSession"),
    run(state, actor, input) {
      const id = input.params.session;
      for (const session of state.data.sessions)
        if (session.open && session.interrogator === actor.id && (id === undefined || session.id === id)) {
          session.open = false;
          emitEvent(state, "interrogation_closed", { id: session.id });
        }
    },
  }),
};

/** The interrogator's open session without a pending question (the one named, if any). */
function askSession(state: RState, actor: RPlayer, id: string | undefined) {
  return state.data.sessions.find(
    (session) =>
      session.open &&
      session.interrogator === actor.id &&
      session.question === null &&
      (id === undefined || session.id === id),
  );
}

/** The target's open session with a pending question (the one named, if any). */
function answerSession(state: RState, actor: RPlayer, id: string | undefined) {
  return state.data.sessions.find(
    (session) =>
      session.open &&
      session.target === actor.id &&
      session.question !== null &&
      (id === undefined || session.id === id),
  );
}

/** Step 6: an interrogation order opens a session (§5.1.1) unless the target's status prevents it. */
export function openInterrogation(
  state: RState,
  order: Order,
  actor: RPlayer,
  target: RPlayer,
  out: (result: string, data?: JsonObject) => void,
): void {
  const source = order.action.startsWith("det_") ? "detective" : "ksb";
  const gate = statusGate(actor, target, "info");
  if (gate) {
    out(gate);
    return;
  }
  const id = `i${state.data.sessions.length + 1}`;
  state.data.sessions.push({
    id,
    source: source as "ksb" | "detective",
    interrogator: actor.id,
    target: target.id,
    question: null,
    askedAt: null,
    answered: false,
    open: true,
  });
  emitEvent(state, "interrogation_opened", { id, interrogator: actor.id, target: target.id });
  notice(state, target.id, "summons", { session: id, from: actor.currentAppearance });
  out(
    "opened",
    order.action === "det_interrogate"
      ? { session: id, apparent: target.currentAppearance, true: target.appearance }
      : { session: id },
  );
  if (order.action === "det_interrogate") learn(actor, target.appearance);
}

/** Closes interrogation sessions whose sides can no longer meet (§5.1.1). */
export function sweepSessions(state: RState): void {
  for (const session of state.data.sessions) {
    if (!session.open) continue;
    const interrogator = findPlayer(state, session.interrogator);
    const target = findPlayer(state, session.target);
    const gone = (side: RPlayer | undefined, source: string) =>
      !side ||
      dead(side) ||
      abroad(side) ||
      underground(side) ||
      (detained(side) && !(source === "ksb" && side.detainedBy === "ksb"));
    if (gone(interrogator, "") || gone(target, session.source)) {
      session.open = false;
      emitEvent(state, "interrogation_closed", { id: session.id });
    }
  }
}

/** Step 19. */
export function closeAnswerWindows(state: RState): void {
  for (const session of state.data.sessions) {
    if (!session.open || session.question === null || session.askedAt === null) continue;
    // A live game measures the window in real hours (a worker timer, `regnumTimers`).
    if (session.askedAtMs !== undefined && session.askedAtMs !== null) continue;
    if (state.data.phaseIndex < session.askedAt + 1) continue;
    recordEvasion(state, session);
  }
}

/** An unanswered question whose window ran out: an evasion in the case file (§5.1.1). */
export function recordEvasion(state: RState, session: RState["data"]["sessions"][number]): void {
  emitEvent(state, "evasion", { id: session.id });
  caseEntry(state, session.source, "evasion", session.target, session.interrogator, "evasion", {
    session: session.id,
  });
  session.question = null;
  session.askedAt = null;
  session.askedAtMs = null;
  if (session.source === "detective") {
    session.open = false;
    emitEvent(state, "interrogation_closed", { id: session.id });
  }
}

/** §3.2: each pending question of a live game expires `answerWindowHours` real hours after it was asked. */
export function regnumTimers(state: RState): { key: string; at: number }[] {
  return state.data.sessions
    .filter((session) => session.open && session.question !== null && typeof session.askedAtMs === "number")
    .map((session) => ({
      key: session.id,
      at: (session.askedAtMs as number) + state.options.answerWindowHours * 3_600_000,
    }));
}

/**
 * The worker's `timer` {key}: the real-time answer window of interrogation session `key` ran
 * out (§3.2, `answerWindowHours`). Refused when the question was answered meanwhile or its
 * window has not ended yet, so a late or repeated timer changes nothing.
 */
const timerParams = z.object({ key: z.string().min(1) });

export const timerGmAction: GmActionDefinition<RState> = defineGmAction<RState, typeof timerParams>({
  params: timerParams,
  validate(state, input) {
    const due = regnumTimers(state).find((t) => t.key === input.params.key);
    if (!due) return reject("timer_gone", "timerGone");
    if (state.now === null || state.now < due.at) return reject("timer_early", "timerEarly");
    return null;
  },
  apply(state, input) {
    const session = state.data.sessions.find((session) => session.id === input.params.key);
    if (session) recordEvasion(state, session);
  },
});

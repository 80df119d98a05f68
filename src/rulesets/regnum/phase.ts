import { emitEvent } from "../../engine/helpers.js";
import { emptyOutput } from "../../engine/types.js";
import { hasRole } from "./characters.js";
import { reconcile } from "./chats.js";
import { actingHolder } from "./posts.js";
import { emptyScratch, type RState } from "./state.js";

/**
 * Phase start (§3.3). Applied lazily: on the phase's first input or at its resolution, so its
 * events belong to the phase itself (DECISIONS.md D1).
 */
export function phaseStart(state: RState): void {
  const data = state.data;
  data.started = true;
  data.scratch = emptyScratch();
  if (state.phase.kind === "night") {
    // 1. a new сутки: stealth is available again
    for (const p of state.players) if (hasRole(p, "assassin")) p.stealthUsed = false;
    // 3. KSB handover, first step: the King leaves on the first night n >= 2 with an acting President
    if (data.handover === "none" && state.phase.n >= 2) {
      const president = actingHolder(state, "president");
      if (president && president.alive) {
        data.handover = "king_left";
        data.handoverNight = state.phase.n;
        const king = actingHolder(state, "king");
        if (king) emitEvent(state, "ksb_handover", { step: "king_left", player: king.id });
      }
    }
  } else {
    // 2. the Baron's daily orchium
    for (const p of state.players) {
      if (p.alive && hasRole(p, "rainbow_baron") && state.options.baronOrchiumPerDay > 0) {
        p.orchium += state.options.baronOrchiumPerDay;
        emitEvent(state, "orchium_income", { player: p.id, amount: state.options.baronOrchiumPerDay });
      }
    }
    // 3. KSB handover, second step: the President joins on day n of the handover night n
    if (data.handover === "king_left" && data.handoverNight === state.phase.n) {
      data.handover = "done";
      const president = actingHolder(state, "president");
      if (president) emitEvent(state, "ksb_handover", { step: "president_joined", player: president.id });
    }
  }
}

/** Applies the phase start if it has not run yet (4. chat reconciliation included). */
export function ensureStarted(state: RState): void {
  if (state.data.started) return;
  phaseStart(state);
  reconcile(state);
}

/** A started view of the state for validation (never mutates its argument). */
export function started(state: RState): RState {
  if (state.data.started) return state;
  const copy = structuredClone(state);
  copy.output = emptyOutput();
  ensureStarted(copy);
  return copy;
}

export function advancePhase(state: RState): void {
  if (state.phase.kind === "night") state.phase = { kind: "day", n: state.phase.n };
  else state.phase = { kind: "night", n: state.phase.n + 1 };
  state.data.phaseIndex = state.phase.kind === "night" ? 2 * state.phase.n - 1 : 2 * state.phase.n;
  state.data.started = false;
  state.data.orders = [];
  state.data.freeOrders = [];
  state.data.overrides = [];
  state.data.deadlineHours = null;
}

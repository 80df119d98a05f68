import { emitEvent, emitPublic } from "../../engine/helpers.js";
import { shuffle } from "../../engine/rng.js";
import type { Policy, ReichstagState } from "./state.js";

/** The deck (5.7) and the policy tracks (5.4, 5.5). */

export function reshuffleCheck(state: ReichstagState): void {
  const d = state.data;
  if (d.deck.length > 2) return;
  d.deck = shuffle(state, [...d.deck, ...d.discard]);
  d.discard = [];
  emitEvent(state, "reshuffled", { deckSize: d.deck.length });
  emitPublic(state, "reshuffled", { n: d.deck.length });
}

/** Puts a policy on its track and resets the tracker (5.4, 5.5). */
export function enactPolicy(state: ReichstagState, policy: Policy, by: "government" | "chaos"): void {
  const d = state.data;
  if (policy === "L") d.liberal += 1;
  else d.fascist += 1;
  d.tracker = 0;
  emitEvent(state, "policy_enacted", { policy, by, liberal: d.liberal, fascist: d.fascist, tracker: 0 });
  emitPublic(state, policy === "L" ? "policy_liberal" : "policy_fascist");
  emitPublic(state, "tracks", { liberal: d.liberal, fascist: d.fascist, tracker: 0 });
}

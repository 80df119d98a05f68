import { emitEvent, emitPublic } from "../../engine/helpers.js";
import { shuffle } from "../../engine/rng.js";
import type { Policy, ReichstagState } from "./state.js";

/** The deck (5.7) and the policy tracks (5.4, 5.5). */

export function reshuffleCheck(state: ReichstagState): void {
  const data = state.data;
  if (data.deck.length > 2) return;
  data.deck = shuffle(state, [...data.deck, ...data.discard]);
  data.discard = [];
  emitEvent(state, "reshuffled", { deckSize: data.deck.length });
  emitPublic(state, "reshuffled", { n: data.deck.length });
}

/** Puts a policy on its track and resets the tracker (5.4, 5.5). */
export function enactPolicy(state: ReichstagState, policy: Policy, by: "government" | "chaos"): void {
  const data = state.data;
  if (policy === "L") data.liberal += 1;
  else data.fascist += 1;
  data.tracker = 0;
  emitEvent(state, "policy_enacted", {
    policy,
    by,
    liberal: data.liberal,
    fascist: data.fascist,
    tracker: 0,
  });
  emitPublic(state, policy === "L" ? "policy_liberal" : "policy_fascist");
  emitPublic(state, "tracks", { liberal: data.liberal, fascist: data.fascist, tracker: 0 });
}

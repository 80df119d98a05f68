import { addStatus, emitDeath, emitEvent, emitPublic, removeStatus } from "../../engine/helpers.js";
import { drawInt, shuffle } from "../../engine/rng.js";
import type { JsonObject, PlayerId } from "../../engine/types.js";
import type { CandidateReason, PhaseKind, Policy, ReichstagPlayer, ReichstagState } from "./state.js";

/** The rules of reichstag.md section 5 as small mutating steps on a draft state. */

export function pl(state: ReichstagState, id: PlayerId): ReichstagPlayer {
  const found = state.players.find((p) => p.id === id);
  if (!found) throw new Error(`reichstag: no player ${id}`);
  return found;
}

export function living(state: ReichstagState): ReichstagPlayer[] {
  return state.players.filter((p) => p.alive);
}

export function isAlive(state: ReichstagState, id: PlayerId | null): boolean {
  return id !== null && state.players.some((p) => p.id === id && p.alive);
}

export function hitler(state: ReichstagState): ReichstagPlayer | undefined {
  return state.players.find((p) => p.role === "hitler");
}

/** Private message: sent (and kept for playerView) only to living players (section 8). */
export function tell(state: ReichstagState, to: PlayerId, kind: string, fields: JsonObject = {}): void {
  if (!isAlive(state, to)) return;
  const message = { to, kind, ...fields };
  state.output.private.push(message);
  state.data.inbox.push(message);
}

/**
 * What a phase does when it opens, reported in that phase's own report (3.6): the engine calls it
 * after the resolution that opened the phase, so the President sees his three policies at once.
 * A resolution that keeps the phase open (a stall) opened nothing.
 */
export function onPhaseOpen(state: ReichstagState): void {
  const d = state.data;
  if (!d.opened) return;
  d.opened = false;
  if (state.phase.kind === "legislative" && d.president) {
    tell(state, d.president, "policies_drawn", { policies: [...d.hand] });
  }
}

// ── Term limits (5.2) ──────────────────────────────────────────────────────────────────

export function isTermLimited(state: ReichstagState, p: ReichstagPlayer): boolean {
  if (p.statuses.includes("former_chancellor")) return true;
  return living(state).length > 5 && p.statuses.includes("former_president");
}

/** Living players the candidate may nominate now (R7: none eligible → term limits ignored). */
export function eligibleChancellors(state: ReichstagState): PlayerId[] {
  const others = living(state).filter((p) => p.id !== state.data.president);
  const eligible = others.filter((p) => !isTermLimited(state, p));
  return (eligible.length > 0 ? eligible : others).map((p) => p.id);
}

export function eligibleVoters(state: ReichstagState): PlayerId[] {
  return living(state)
    .filter((p) => p.id !== state.data.president && p.id !== state.data.chancellor)
    .map((p) => p.id);
}

// ── End of the game (section 9) ────────────────────────────────────────────────────────

export function endGame(state: ReichstagState, winners: string[], reason: string): void {
  state.ended = true;
  state.winners = winners;
  state.data.closed = true;
  emitEvent(state, "game_over", { winners, reason });
  emitPublic(state, "game_over", { winners });
  emitPublic(state, "roles", {
    roles: state.players.map((p) => [p.id, p.role]),
  });
}

/** Policy wins (section 9, 1–2). */
export function checkPolicyWin(state: ReichstagState): boolean {
  if (state.data.liberal >= 5) endGame(state, ["liberals"], "liberal_policies");
  else if (state.data.fascist >= 6) endGame(state, ["fascists"], "fascist_policies");
  return state.ended;
}

// ── Deaths (5.8 execute, 5.10) ─────────────────────────────────────────────────────────

export function kill(state: ReichstagState, id: PlayerId, cause: "execution" | "modkill"): void {
  const p = pl(state, id);
  p.alive = false;
  p.statuses = p.statuses.filter((s) => s === "not_hitler" || s === "investigated");
  addStatus(p, "executed");
  emitDeath(state, id, cause);
  state.data.agreed = state.data.agreed.filter((a) => a !== id);
  delete state.data.votes[id];
}

// ── Deck (5.7) ─────────────────────────────────────────────────────────────────────────

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

export function clearTermLimits(state: ReichstagState): void {
  for (const p of state.players) {
    removeStatus(p, "former_president");
    removeStatus(p, "former_chancellor");
  }
  emitEvent(state, "term_limits_cleared");
  emitPublic(state, "term_limits_cleared");
}

/** Chaos (5.4): top policy, no power, term limits cleared, reshuffle, win check, random candidate. */
export function chaos(state: ReichstagState): void {
  const d = state.data;
  if (d.deck.length === 0) reshuffleCheck(state);
  const policy = d.deck.shift() as Policy;
  const event: JsonObject = { type: "chaos", policy };
  state.output.events.push(event as { type: string });
  emitPublic(state, "chaos");
  enactPolicy(state, policy, "chaos");
  clearTermLimits(state);
  reshuffleCheck(state);
  if (checkPolicyWin(state)) return;
  const alive = living(state);
  if (alive.length === 0) return;
  const chosen = alive[drawInt(state, 0, alive.length - 1)] as ReichstagPlayer;
  event["candidate"] = chosen.id;
  d.nextCandidate = { player: chosen.id, reason: "chaos" };
}

/** The tracker advances (5.4); at 3, chaos at once. Returns the new value (before chaos resets it). */
export function advanceTracker(state: ReichstagState): number {
  state.data.tracker += 1;
  return state.data.tracker;
}

export function chaosIfDue(state: ReichstagState): void {
  if (state.data.tracker >= 3) chaos(state);
}

// ── End of a round (5.9) and the next candidate (5.1) ──────────────────────────────────

/** 5.9 step 1: an elected government becomes the former government. */
export function governmentRetires(state: ReichstagState): void {
  const d = state.data;
  if (!d.elected) return;
  for (const p of state.players) {
    removeStatus(p, "former_president");
    removeStatus(p, "former_chancellor");
  }
  for (const [id, from, to] of [
    [d.president, "president", "former_president"],
    [d.chancellor, "chancellor", "former_chancellor"],
  ] as const) {
    if (id === null) continue;
    const p = pl(state, id);
    removeStatus(p, from);
    if (p.alive) addStatus(p, to);
  }
}

function nextAfter(state: ReichstagState, seat: number): ReichstagPlayer | undefined {
  const n = state.players.length;
  for (let k = 1; k <= n; k++) {
    const p = state.players[(seat - 1 + k) % n];
    if (p?.alive) return p;
  }
  return undefined;
}

export function giveCandidacy(state: ReichstagState, id: PlayerId, reason: CandidateReason): void {
  const p = pl(state, id);
  if (reason !== "special_election") state.data.anchor = p.seat;
  addStatus(p, "candidate_president");
  state.data.president = id;
  emitEvent(state, "candidate", { player: id, reason });
  emitPublic(state, "candidate", { player: id, reason });
}

/** 5.9 step 2: the next candidate; the next phase is `nomination n+1`. */
export function startNextRound(state: ReichstagState): void {
  if (state.ended) return;
  const d = state.data;
  for (const p of state.players) {
    removeStatus(p, "candidate_president");
    removeStatus(p, "candidate_chancellor");
  }
  const special = d.nextCandidate;
  d.nextCandidate = null;
  d.president = null;
  d.chancellor = null;
  d.elected = false;
  if (special && isAlive(state, special.player)) {
    giveCandidacy(state, special.player, special.reason);
  } else {
    const next = nextAfter(state, d.anchor);
    if (!next) {
      endGame(state, [], "gm");
      return;
    }
    giveCandidacy(state, next.id, "rotation");
  }
  closeWith(state, "nomination");
}

export function closeWith(state: ReichstagState, next: PhaseKind): void {
  state.data.closed = true;
  state.data.next = next;
}

/** A failed round (rejected government or missed nomination): tracker, chaos, next candidate. */
export function failRound(state: ReichstagState): void {
  chaosIfDue(state);
  startNextRound(state);
}

// ── Opening a phase (the resolution's last step) ───────────────────────────────────────

export function openPhase(state: ReichstagState, kind: PhaseKind): void {
  const d = state.data;
  if (kind === "nomination") d.round += 1;
  state.phase = { kind, n: d.round };
  d.closed = false;
  d.closeRequested = false;
  d.next = null;
  d.votes = {};
  d.agreed = [];
  d.extensionUsed = 0;
  d.shiftMinutes = 0;
  d.phaseOpenedAt = state.now;
  d.stepOpenedAt = state.now;
  d.opened = true;
  if (kind === "nomination") {
    d.hand = [];
    d.discarded = false;
    d.vetoRequested = false;
    d.vetoPending = false;
    d.powers = null;
    d.used = [];
  }
  if (kind === "legislative") {
    if (d.deck.length < 3) reshuffleCheck(state);
    d.hand = d.deck.splice(0, 3);
    d.discarded = false;
    d.vetoRequested = false;
    d.vetoPending = false;
    d.vetoUnlocked = d.fascist >= 5;
    // `policies_drawn` is reported in `legislative n` itself (3.6): onPhaseOpen sends it.
  }
  if (kind === "executive") {
    d.powers = null;
    d.used = [];
  }
}

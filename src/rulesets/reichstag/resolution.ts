import { addStatus, emitEvent, emitPublic, playerOrThrow, removeStatus } from "../../engine/helpers.js";
import { drawInt } from "../../engine/rng.js";
import type { ResolutionStep } from "../../engine/ruleset.js";
import type { JsonObject, PlayerId } from "../../engine/types.js";
import {
  eligibleVoters,
  giveCandidacy,
  governmentRetires,
  nextAfter,
  clearTermLimits,
} from "./government.js";
import { tell } from "./inbox.js";
import { enactPolicy, reshuffleCheck } from "./policies.js";
import {
  type PhaseKind,
  type Policy,
  type ReichstagPlayer,
  type ReichstagState,
  isAlive,
  living,
} from "./state.js";
import { checkPolicyWin, endGame } from "./win.js";

/**
 * The phases of reichstag.md section 5: how each one opens, how it ends (5.2–5.10) and the
 * failed round's chaos (5.4). Actions and GM actions apply the rules as they come and call these;
 * the resolution below handles what the deadline itself decides and opens the next phase.
 */

/**
 * What a phase does when it opens, reported in that phase's own report (3.6): the engine calls it
 * after the resolution that opened the phase, so the President sees his three policies at once.
 * A resolution that keeps the phase open (a stall) opened nothing.
 */
export function onPhaseOpen(state: ReichstagState): void {
  const data = state.data;
  if (!data.opened) return;
  data.opened = false;
  if (state.phase.kind === "legislative" && data.president) {
    tell(state, data.president, "policies_drawn", { policies: [...data.hand] });
  }
}

/** Chaos (5.4): top policy, no power, term limits cleared, reshuffle, win check, random candidate. */
export function chaos(state: ReichstagState): void {
  const data = state.data;
  if (data.deck.length === 0) reshuffleCheck(state);
  const policy = data.deck.shift() as Policy;
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
  data.nextCandidate = { player: chosen.id, reason: "chaos" };
}

/** The tracker advances (5.4); at 3, chaos at once. Returns the new value (before chaos resets it). */
export function advanceTracker(state: ReichstagState): number {
  state.data.tracker += 1;
  return state.data.tracker;
}

export function chaosIfDue(state: ReichstagState): void {
  if (state.data.tracker >= 3) chaos(state);
}

/** 5.9 step 2: the next candidate; the next phase is `nomination n+1`. */
export function startNextRound(state: ReichstagState): void {
  if (state.ended) return;
  const data = state.data;
  for (const p of state.players) {
    removeStatus(p, "candidate_president");
    removeStatus(p, "candidate_chancellor");
  }
  const special = data.nextCandidate;
  data.nextCandidate = null;
  data.president = null;
  data.chancellor = null;
  data.elected = false;
  if (special && isAlive(state, special.player)) {
    giveCandidacy(state, special.player, special.reason);
  } else {
    const next = nextAfter(state, data.anchor);
    if (!next) {
      endGame(state, [], "gm", "nobody_left");
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

export function openPhase(state: ReichstagState, kind: PhaseKind): void {
  const data = state.data;
  if (kind === "nomination") data.round += 1;
  state.phase = { kind, n: data.round };
  data.closed = false;
  data.closeRequested = false;
  data.next = null;
  data.votes = {};
  data.agreed = [];
  data.extensionUsed = 0;
  data.shiftMinutes = 0;
  data.phaseOpenedAt = state.now;
  data.stepOpenedAt = state.now;
  data.opened = true;
  if (kind === "nomination") {
    data.hand = [];
    data.discarded = false;
    data.vetoRequested = false;
    data.vetoPending = false;
    data.powers = null;
    data.used = [];
  }
  if (kind === "legislative") {
    if (data.deck.length < 3) reshuffleCheck(state);
    data.hand = data.deck.splice(0, 3);
    data.discarded = false;
    data.vetoRequested = false;
    data.vetoPending = false;
    data.vetoUnlocked = data.fascist >= 5;
    // `policies_drawn` is reported in `legislative n` itself (3.6): onPhaseOpen sends it.
  }
  if (kind === "executive") {
    data.powers = null;
    data.used = [];
  }
}

/** How each phase ends (reichstag.md 5.2–5.10): called by actions, GM actions and the resolution. */

/** 5.2 / 3.5: no nomination by the end of the phase (R12). */
export function nominationMissed(state: ReichstagState): void {
  const candidate = state.data.president;
  const tracker = advanceTracker(state);
  emitEvent(state, "nomination_missed", { candidate, tracker });
  emitPublic(state, "nomination_missed", { player: candidate });
  failRound(state);
}

/** 6: the tally of the last accepted votes; elected iff Ja > Nein (R8). */
export function tally(state: ReichstagState): { ja: number; nein: number; missing: PlayerId[] } {
  let ja = 0;
  let nein = 0;
  const missing: PlayerId[] = [];
  for (const id of eligibleVoters(state)) {
    const vote = state.data.votes[id];
    if (vote === "ja") ja += 1;
    else if (vote === "nein") nein += 1;
    else {
      missing.push(id);
      if (state.options.missingVote === "nein") nein += 1;
    }
  }
  return { ja, nein, missing };
}

/** 5.3: the election resolves. */
export function resolveElection(state: ReichstagState): void {
  const data = state.data;
  const { ja, nein, missing } = tally(state);
  const cast = eligibleVoters(state)
    .filter((id) => data.votes[id] !== undefined)
    .map((id) => [id, data.votes[id] as string]);
  if (cast.length > 0) emitPublic(state, "votes", { votes: cast });
  if (missing.length > 0) emitPublic(state, "did_not_vote", { players: missing });
  const president = data.president as PlayerId;
  const chancellor = data.chancellor as PlayerId;
  if (ja > nein) {
    emitEvent(state, "government_elected", { president, chancellor, ja, nein });
    emitPublic(state, "government_elected", { president, chancellor, ja, nein });
    const presidentPlayer = playerOrThrow(state, president);
    const chancellorPlayer = playerOrThrow(state, chancellor);
    removeStatus(presidentPlayer, "candidate_president");
    removeStatus(chancellorPlayer, "candidate_chancellor");
    addStatus(presidentPlayer, "president");
    addStatus(chancellorPlayer, "chancellor");
    data.elected = true;
    if (data.fascist >= 3) {
      if (chancellorPlayer.role === "hitler") {
        emitEvent(state, "hitler_elected", { chancellor });
        emitPublic(state, "is_hitler", { player: chancellor });
        state.data.hitlerRevealed = true;
        endGame(state, ["fascists"], "hitler_elected");
        return;
      }
      emitEvent(state, "not_hitler", { player: chancellor });
      emitPublic(state, "not_hitler", { player: chancellor });
      addStatus(chancellorPlayer, "not_hitler");
    }
    closeWith(state, "legislative");
    return;
  }
  rejectGovernment(state, ja, nein);
}

export function rejectGovernment(state: ReichstagState, ja: number, nein: number): void {
  const data = state.data;
  const tracker = advanceTracker(state);
  const fields = { president: data.president, chancellor: data.chancellor, ja, nein, tracker };
  emitEvent(state, "government_rejected", fields);
  emitPublic(state, "government_rejected", fields);
  failRound(state);
}

/** 5.5 step 4: after the enactment. */
export function governmentEnacts(state: ReichstagState, policy: Policy): void {
  const data = state.data;
  const index = data.hand.indexOf(policy);
  data.hand.splice(index, 1);
  data.discard.push(...data.hand);
  data.hand = [];
  enactPolicy(state, policy, "government");
  reshuffleCheck(state);
  if (checkPolicyWin(state)) return;
  if (policy === "F") {
    emitEvent(state, "power_granted", { president: data.president, fascist: data.fascist });
    emitPublic(state, "power_granted", { player: data.president });
    closeWith(state, "executive");
    return;
  }
  endRound(state);
}

/** 5.9 for an elected government. */
export function endRound(state: ReichstagState): void {
  governmentRetires(state);
  startNextRound(state);
}

/** 5.6: an agreed veto. */
export function agreedVeto(state: ReichstagState): void {
  const data = state.data;
  data.discard.push(...data.hand);
  data.hand = [];
  data.vetoPending = false;
  const tracker = advanceTracker(state);
  emitEvent(state, "veto", { president: data.president, chancellor: data.chancellor, tracker });
  emitPublic(state, "veto", { tracker });
  reshuffleCheck(state);
  governmentRetires(state);
  chaosIfDue(state);
  startNextRound(state);
}

/** 5.10: the President or Chancellor left the session: nothing is enacted. */
export function voidSession(state: ReichstagState): void {
  const data = state.data;
  data.discard.push(...data.hand);
  data.hand = [];
  data.vetoPending = false;
  const tracker = advanceTracker(state);
  emitEvent(state, "session_void", { president: data.president, chancellor: data.chancellor, tracker });
  reshuffleCheck(state);
  governmentRetires(state);
  chaosIfDue(state);
  startNextRound(state);
}

/** 3.5: a secret step was missed: the phase stays open, the deadline moves, the GM is alerted. */
export function stall(state: ReichstagState): void {
  const data = state.data;
  const waitingFor: PlayerId[] = [];
  if (state.phase.kind === "legislative") {
    if (!data.discarded) waitingFor.push(data.president as PlayerId);
    else if (data.vetoPending) waitingFor.push(data.president as PlayerId);
    else waitingFor.push(data.chancellor as PlayerId);
  } else {
    waitingFor.push(data.president as PlayerId);
  }
  emitEvent(state, "stalled", { waitingFor });
  emitPublic(state, "waiting", { players: waitingFor });
  data.shiftMinutes += state.options.stallExtensionHours * 60;
  data.closeRequested = false;
}

/** The phase's deadline passed (or the GM closed it): 3.5. */
export function deadlineReached(state: ReichstagState): void {
  if (state.data.closed || state.ended) return;
  switch (state.phase.kind) {
    case "nomination":
      nominationMissed(state);
      return;
    case "election":
      resolveElection(state);
      return;
    default:
      stall(state);
  }
}

/**
 * The deadline passed (or the phase already closed at once). Actions and GM actions apply the rules
 * as they come (5.2–5.10); the resolution handles what the deadline itself decides and opens the next phase.
 */
export const resolution: readonly ResolutionStep<ReichstagState>[] = [
  {
    name: "missed deadline: missed nomination, election count, or stall (3.5, 5.2, 5.3)",
    run: deadlineReached,
  },
  {
    name: "open the next phase (3.1, 5.5 step 1)",
    run(state) {
      if (state.ended || !state.data.closed || !state.data.next) return;
      openPhase(state, state.data.next);
    },
  },
];

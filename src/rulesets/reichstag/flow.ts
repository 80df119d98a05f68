import { addStatus, emitEvent, emitPublic, removeStatus } from "../../engine/helpers.js";
import type { PlayerId } from "../../engine/types.js";
import {
  advanceTracker,
  chaosIfDue,
  checkPolicyWin,
  closeWith,
  eligibleVoters,
  endGame,
  enactPolicy,
  failRound,
  governmentRetires,
  pl,
  reshuffleCheck,
  startNextRound,
} from "./rules.js";
import type { Policy, ReichstagState } from "./state.js";

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
  const d = state.data;
  const { ja, nein, missing } = tally(state);
  const cast = eligibleVoters(state)
    .filter((id) => d.votes[id] !== undefined)
    .map((id) => [id, d.votes[id] as string]);
  if (cast.length > 0) emitPublic(state, "votes", { votes: cast });
  if (missing.length > 0) emitPublic(state, "did_not_vote", { players: missing });
  const president = d.president as PlayerId;
  const chancellor = d.chancellor as PlayerId;
  if (ja > nein) {
    emitEvent(state, "government_elected", { president, chancellor, ja, nein });
    emitPublic(state, "government_elected", { president, chancellor, ja, nein });
    const p = pl(state, president);
    const c = pl(state, chancellor);
    removeStatus(p, "candidate_president");
    removeStatus(c, "candidate_chancellor");
    addStatus(p, "president");
    addStatus(c, "chancellor");
    d.elected = true;
    if (d.fascist >= 3) {
      if (c.role === "hitler") {
        emitEvent(state, "hitler_elected", { chancellor });
        emitPublic(state, "is_hitler", { player: chancellor });
        state.data.hitlerRevealed = true;
        endGame(state, ["fascists"], "hitler_elected");
        return;
      }
      emitEvent(state, "not_hitler", { player: chancellor });
      emitPublic(state, "not_hitler", { player: chancellor });
      addStatus(c, "not_hitler");
    }
    closeWith(state, "legislative");
    return;
  }
  rejectGovernment(state, ja, nein);
}

export function rejectGovernment(state: ReichstagState, ja: number, nein: number): void {
  const d = state.data;
  const tracker = advanceTracker(state);
  const fields = { president: d.president, chancellor: d.chancellor, ja, nein, tracker };
  emitEvent(state, "government_rejected", fields);
  emitPublic(state, "government_rejected", fields);
  failRound(state);
}

/** 5.5 step 4: after the enactment. */
export function governmentEnacts(state: ReichstagState, policy: Policy): void {
  const d = state.data;
  const index = d.hand.indexOf(policy);
  d.hand.splice(index, 1);
  d.discard.push(...d.hand);
  d.hand = [];
  enactPolicy(state, policy, "government");
  reshuffleCheck(state);
  if (checkPolicyWin(state)) return;
  if (policy === "F") {
    emitEvent(state, "power_granted", { president: d.president, fascist: d.fascist });
    emitPublic(state, "power_granted", { player: d.president });
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
  const d = state.data;
  d.discard.push(...d.hand);
  d.hand = [];
  d.vetoPending = false;
  const tracker = advanceTracker(state);
  emitEvent(state, "veto", { president: d.president, chancellor: d.chancellor, tracker });
  emitPublic(state, "veto", { tracker });
  reshuffleCheck(state);
  governmentRetires(state);
  chaosIfDue(state);
  startNextRound(state);
}

/** 5.10: the President or Chancellor left the session: nothing is enacted. */
export function voidSession(state: ReichstagState): void {
  const d = state.data;
  d.discard.push(...d.hand);
  d.hand = [];
  d.vetoPending = false;
  const tracker = advanceTracker(state);
  emitEvent(state, "session_void", { president: d.president, chancellor: d.chancellor, tracker });
  reshuffleCheck(state);
  governmentRetires(state);
  chaosIfDue(state);
  startNextRound(state);
}

/** 3.5: a secret step was missed: the phase stays open, the deadline moves, the GM is alerted. */
export function stall(state: ReichstagState): void {
  const d = state.data;
  const waitingFor: PlayerId[] = [];
  if (state.phase.kind === "legislative") {
    if (!d.discarded) waitingFor.push(d.president as PlayerId);
    else if (d.vetoPending) waitingFor.push(d.president as PlayerId);
    else waitingFor.push(d.chancellor as PlayerId);
  } else {
    waitingFor.push(d.president as PlayerId);
  }
  emitEvent(state, "stalled", { waitingFor });
  emitPublic(state, "waiting", { players: waitingFor });
  d.shiftMinutes += state.options.stallExtensionHours * 60;
  d.closeRequested = false;
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

export { endGame };

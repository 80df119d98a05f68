import { z } from "zod";
import { findPlayer, replaceGmAction, reviveGmAction, statusGmActions } from "../../engine/helpers.js";
import { type GmActionDefinition, defineGmAction } from "../../engine/ruleset.js";
import { type Clan, type ClassicState, RULESET } from "./state.js";
import { reject } from "./rejections.js";
import { setDon } from "./succession.js";

/** §4 GM actions: modkill, set_don, reject_vote, duel_winner, plus replace and set/clear status. */

const noParams = z.object({}).passthrough();

function oneLiving(state: ClassicState, targets: string[]) {
  const target = targets.length === 1 ? findPlayer(state, targets[0]) : undefined;
  return target && target.alive ? target : undefined;
}

const modkill = defineGmAction<ClassicState, typeof noParams>({
  params: noParams,
  validate(state, input) {
    const target = oneLiving(state, input.targets);
    if (!target) return reject("gm_target", "gmOneLiving");
    if (state.data.modkills.includes(target.id)) return reject("gm_modkill_twice", "gmModkillTwice");
    return null;
  },
  apply(state, input) {
    state.data.modkills.push(input.targets[0] as string);
  },
});

const setDonAction = defineGmAction<ClassicState, typeof noParams>({
  params: noParams,
  validate(state, input) {
    const target = oneLiving(state, input.targets);
    if (!target || target.role !== "mafia") return reject("gm_set_don", "gmDonMafia");
    if (state.data.dons[target.clan as Clan] === target.id) return reject("gm_set_don_same", "gmDonSame");
    return null;
  },
  apply(state, input) {
    const target = findPlayer(state, input.targets[0]);
    if (target) setDon(state, target.clan as Clan, target.id);
  },
});

const rejectVote = defineGmAction<ClassicState, typeof noParams>({
  params: noParams,
  validate(state, input) {
    if (state.phase.kind !== "day") return reject("gm_phase", "gmRejectByDay");
    const voter = input.targets.length === 1 ? input.targets[0] : undefined;
    if (!state.data.votes.some((v) => v.voter === voter && !v.void)) {
      return reject("gm_no_vote", "gmNoVote");
    }
    return null;
  },
  apply(state, input) {
    const voter = input.targets[0];
    for (const vote of state.data.votes) if (vote.voter === voter) vote.void = true;
  },
});

const duelWinner = defineGmAction<ClassicState, typeof noParams>({
  params: noParams,
  validate(state, input) {
    if (state.phase.kind !== "night") return reject("gm_phase", "gmDuelAtNight");
    if (!oneLiving(state, input.targets)) return reject("gm_target", "gmOneLiving");
    return null;
  },
  apply(state, input) {
    state.data.duelWinner = input.targets[0] as string;
  },
});

export const gmActions: Record<string, GmActionDefinition<ClassicState>> = {
  modkill,
  set_don: setDonAction,
  reject_vote: rejectVote,
  duel_winner: duelWinner,
  replace: replaceGmAction<ClassicState>(RULESET),
  revive: reviveGmAction<ClassicState>(RULESET),
  // §11's statuses.
  ...statusGmActions<ClassicState>(RULESET, [
    "don",
    "beaten",
    "removed",
    "protected",
    "vest_broken",
    "ambush_used",
    "promoted",
  ]),
};

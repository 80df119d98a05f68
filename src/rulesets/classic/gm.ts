import { z } from "zod";
import { replaceGmAction, reviveGmAction, statusGmActions } from "../../engine/helpers.js";
import type { GmActionDefinition } from "../../engine/ruleset.js";
import type { JsonObject } from "../../engine/types.js";
import { type Clan, type ClassicState, RULESET } from "./state.js";
import { reject } from "./rejections.js";
import { byId, setDon } from "./util.js";

/** §4 GM actions: modkill, set_don, reject_vote, duel_winner, plus replace and set/clear status. */

const noParams = z.object({}).passthrough() as unknown as z.ZodType<JsonObject>;

function oneLiving(state: ClassicState, targets: string[]) {
  const p = targets.length === 1 ? byId(state, targets[0]) : undefined;
  return p && p.alive ? p : undefined;
}

const modkill: GmActionDefinition<ClassicState> = {
  params: noParams,
  validate(state, input) {
    const p = oneLiving(state, input.targets);
    if (!p) return reject("gm_target", "gmOneLiving");
    if (state.data.modkills.includes(p.id)) return reject("gm_modkill_twice", "gmModkillTwice");
    return null;
  },
  apply(state, input) {
    state.data.modkills.push(input.targets[0] as string);
  },
};

const setDonAction: GmActionDefinition<ClassicState> = {
  params: noParams,
  validate(state, input) {
    const p = oneLiving(state, input.targets);
    if (!p || p.role !== "mafia") return reject("gm_set_don", "gmDonMafia");
    if (state.data.dons[p.clan as Clan] === p.id) return reject("gm_set_don_same", "gmDonSame");
    return null;
  },
  apply(state, input) {
    const p = byId(state, input.targets[0]);
    if (p) setDon(state, p.clan as Clan, p.id);
  },
};

const rejectVote: GmActionDefinition<ClassicState> = {
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
    for (const v of state.data.votes) if (v.voter === voter) v.void = true;
  },
};

const duelWinner: GmActionDefinition<ClassicState> = {
  params: noParams,
  validate(state, input) {
    if (state.phase.kind !== "night") return reject("gm_phase", "gmDuelAtNight");
    if (!oneLiving(state, input.targets)) return reject("gm_target", "gmOneLiving");
    return null;
  },
  apply(state, input) {
    state.data.duelWinner = input.targets[0] as string;
  },
};

export const gmActions: Record<string, GmActionDefinition<ClassicState>> = {
  modkill,
  set_don: setDonAction,
  reject_vote: rejectVote,
  duel_winner: duelWinner,
  replace: replaceGmAction<ClassicState>(RULESET),
  revive: reviveGmAction<ClassicState>(RULESET),
  ...statusGmActions<ClassicState>(RULESET),
};

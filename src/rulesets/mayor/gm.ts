import { z } from "zod";
import { reject } from "./rejections.js";
import {
  findPlayer,
  playerOrThrow,
  replaceGmAction,
  reviveGmAction,
  statusGmActions,
} from "../../engine/helpers.js";
import { type GmActionDefinition, defineGmAction } from "../../engine/ruleset.js";
import type { GmInput, Rejection } from "../../engine/types.js";
import { setVacation } from "./actions.js";
import { type MayorState, RULESET_ID } from "./state.js";

/**
 * GM actions (section 4): `modkill` and `isolate` take effect at the resolution (5.2 step 0/8,
 * 5.3 steps 5–6); `vacation` at once; plus the common `replace`, `set_status`, `clear_status`.
 */

const targetsOnly = z.object({}).passthrough();
const vacationParams = z.object({ on: z.boolean().default(true) }).passthrough();

function livingTargets(state: MayorState, input: Pick<GmInput, "targets">): Rejection | null {
  if (input.targets.length === 0) {
    return reject("gm_targets", "gmTargets");
  }
  if (input.targets.some((t) => !findPlayer(state, t)?.alive)) {
    return reject("target_not_alive", "notAlive");
  }
  return null;
}

function queued(list: "modkill" | "isolate"): GmActionDefinition<MayorState> {
  return defineGmAction<MayorState, typeof targetsOnly>({
    params: targetsOnly,
    validate: livingTargets,
    apply(state, input) {
      for (const target of input.targets)
        if (!state.data.gm[list].includes(target)) state.data.gm[list].push(target);
    },
  });
}

const vacation = defineGmAction<MayorState, typeof vacationParams>({
  params: vacationParams,
  validate: livingTargets,
  apply(state, input) {
    for (const target of input.targets) setVacation(state, playerOrThrow(state, target), input.params.on);
  },
});

export const gmActions: Record<string, GmActionDefinition<MayorState>> = {
  modkill: queued("modkill"),
  isolate: queued("isolate"),
  vacation,
  replace: replaceGmAction<MayorState>(RULESET_ID),
  revive: reviveGmAction<MayorState>(RULESET_ID),
  // The rules' statuses (mayor.md, the ids).
  ...statusGmActions<MayorState>(RULESET_ID, ["jailed", "isolated", "vacation", "alignment_revealed"]),
};

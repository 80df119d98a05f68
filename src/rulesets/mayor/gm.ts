import { z } from "zod";
import { reject } from "./rejections.js";
import { replaceGmAction, reviveGmAction, statusGmActions } from "../../engine/helpers.js";
import type { GmActionDefinition } from "../../engine/ruleset.js";
import type { GmInput, JsonObject, Rejection } from "../../engine/types.js";
import { setVacation } from "./actions.js";
import { type MayorState, RULESET_ID, findMayorPlayer, getPlayer } from "./state.js";

/**
 * GM actions (section 4): `modkill` and `isolate` take effect at the resolution (5.2 step 0/8,
 * 5.3 steps 5–6); `vacation` at once; plus the common `replace`, `set_status`, `clear_status`.
 */

const targetsOnly = z.object({}).passthrough() as unknown as z.ZodType<JsonObject>;

function livingTargets(state: MayorState, input: GmInput): Rejection | null {
  if (input.targets.length === 0) {
    return reject("gm_targets", "gmTargets");
  }
  if (input.targets.some((t) => !findMayorPlayer(state, t)?.alive)) {
    return reject("target_not_alive", "notAlive");
  }
  return null;
}

function queued(list: "modkill" | "isolate"): GmActionDefinition<MayorState> {
  return {
    params: targetsOnly,
    validate: livingTargets,
    apply(state, input) {
      for (const t of input.targets) if (!state.data.gm[list].includes(t)) state.data.gm[list].push(t);
    },
  };
}

const vacation: GmActionDefinition<MayorState> = {
  params: z.object({ on: z.boolean().default(true) }).passthrough() as unknown as z.ZodType<JsonObject>,
  validate: livingTargets,
  apply(state, input) {
    const on = input.params["on"] !== false;
    for (const t of input.targets) setVacation(state, getPlayer(state, t), on);
  },
};

export const gmActions: Record<string, GmActionDefinition<MayorState>> = {
  modkill: queued("modkill"),
  isolate: queued("isolate"),
  vacation,
  replace: replaceGmAction<MayorState>(RULESET_ID),
  revive: reviveGmAction<MayorState>(RULESET_ID),
  ...statusGmActions<MayorState>(RULESET_ID),
};

import { z } from "zod";
import type { GmActionDefinition } from "../../engine/ruleset.js";
import type { JsonObject } from "../../engine/types.js";
import type { RState } from "./state.js";
import { reject } from "./rejections.js";
import { recordEvasion, regnumTimers } from "./resolution.js";

/**
 * The worker's `timer` {key}: the real-time answer window of interrogation session `key` ran
 * out (§3.2, `answerWindowHours`). Refused when the question was answered meanwhile or its
 * window has not ended yet, so a late or repeated timer changes nothing.
 */
export const timerGmAction: GmActionDefinition<RState> = {
  params: z.object({ key: z.string().min(1) }) as unknown as z.ZodType<JsonObject>,
  validate(state, input) {
    const due = regnumTimers(state).find((t) => t.key === input.params["key"]);
    if (!due) return reject("timer_gone", "timerGone");
    if (state.now === null || state.now < due.at) return reject("timer_early", "timerEarly");
    return null;
  },
  apply(state, input) {
    const session = state.data.sessions.find((x) => x.id === input.params["key"]);
    if (session) recordEvasion(state, session);
  },
};

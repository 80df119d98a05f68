import { z } from "zod";
import { addStatus, replaceGmAction, reviveGmAction, statusGmActions } from "../../engine/helpers.js";
import type { GmActionDefinition } from "../../engine/ruleset.js";
import type { GmInput, JsonObject, Rejection } from "../../engine/types.js";
import { emitEvent, gmRemove, tell } from "./output.js";
import { reject } from "./rejections.js";
import { type ClansState, getPlayer, RULESET_ID } from "./state.js";

type Def = GmActionDefinition<ClansState>;
const params = (shape: z.core.$ZodLooseShape) => z.looseObject(shape) as unknown as z.ZodType<JsonObject>;

/** At least one target, all known and (unless `deadOk`) alive. */
function checkTargets(state: ClansState, input: GmInput, deadOk = false): Rejection | null {
  if (input.targets.length === 0) return reject("bad_targets");
  for (const id of input.targets) {
    const p = getPlayer(state, id);
    if (!p) return reject("unknown_target");
    if (!deadOk && !p.alive) return reject("target_dead");
  }
  if (new Set(input.targets).size !== input.targets.length) return reject("bad_targets");
  return null;
}

/** `modkill` (автокилл): dies at once, hidden role; orders and votes of this phase void (§4.3). */
const modkill: Def = {
  params: params({}),
  validate: (state, input) => checkTargets(state, input),
  apply(state, input) {
    for (const id of input.targets) gmRemove(state, id);
  },
};

/** `warn`: private warning; the second `mask` warning kills (seed rule 1). */
const warn: Def = {
  params: params({ reason: z.enum(["mask", "other"]).default("other") }),
  validate(state, input) {
    if (input.targets.length !== 1) return reject("bad_targets");
    return checkTargets(state, input);
  },
  apply(state, input) {
    const id = input.targets[0] as string;
    const reason = input.params["reason"] as "mask" | "other";
    const p = getPlayer(state, id);
    if (!p) return;
    const w = (state.data.warnings[id] ??= { mask: 0, other: 0 });
    w[reason] += 1;
    const count = w.mask + w.other;
    addStatus(p, "warned");
    emitEvent(state, "warning", { player: id, reason, count });
    tell(state, id, "warning", { reason, count });
    if (reason === "mask" && w.mask >= 2) gmRemove(state, id);
  },
};

/** `excuse`: day only; exempt from this day's inactivity autokill. */
const excuse: Def = {
  params: params({}),
  validate(state, input) {
    if (state.phase.kind !== "day") return reject("wrong_phase");
    return checkTargets(state, input);
  },
  apply(state, input) {
    for (const id of input.targets) {
      if (!state.data.excused.includes(id)) state.data.excused.push(id);
      emitEvent(state, "excused", { player: id });
    }
  },
};

/** `replace`: the engine keeps the seat id; a substitute is also exempt from this day's inactivity. */
const baseReplace = replaceGmAction<ClansState>(RULESET_ID);
const replace: Def = {
  params: baseReplace.params,
  validate: (state, input) => baseReplace.validate(state, input),
  apply(state, input) {
    baseReplace.apply(state, input);
    const id = input.targets[0] as string;
    if (!state.data.replaced.includes(id)) state.data.replaced.push(id);
  },
};

export const gmActions: Record<string, Def> = {
  modkill,
  warn,
  excuse,
  replace,
  revive: reviveGmAction("clans"),
  ...statusGmActions("clans"),
};

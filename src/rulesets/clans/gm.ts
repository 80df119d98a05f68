import { z } from "zod";
import {
  addStatus,
  emitEvent,
  findPlayer,
  replaceGmAction,
  reviveGmAction,
  statusGmActions,
} from "../../engine/helpers.js";
import { type GmActionDefinition, defineGmAction } from "../../engine/ruleset.js";
import type { GmInput, Rejection } from "../../engine/types.js";
import { tell } from "./inbox.js";
import { gmRemove } from "./removal.js";
import { reject } from "./rejections.js";
import { type ClansState, RULESET_ID } from "./state.js";

type Def = GmActionDefinition<ClansState>;
const noParams = z.looseObject({});
const warnParams = z.looseObject({ reason: z.enum(["mask", "other"]).default("other") });

/** At least one target, all known and (unless `deadOk`) alive. */
function checkTargets(state: ClansState, input: Pick<GmInput, "targets">, deadOk = false): Rejection | null {
  if (input.targets.length === 0) return reject("bad_targets");
  for (const id of input.targets) {
    const target = findPlayer(state, id);
    if (!target) return reject("unknown_target");
    if (!deadOk && !target.alive) return reject("target_dead");
  }
  if (new Set(input.targets).size !== input.targets.length) return reject("bad_targets");
  return null;
}

/** `modkill` (автокилл): dies at once, hidden role; orders and votes of this phase void (§4.3). */
const modkill = defineGmAction<ClansState, typeof noParams>({
  params: noParams,
  validate: (state, input) => checkTargets(state, input),
  apply(state, input) {
    for (const id of input.targets) gmRemove(state, id);
  },
});

/** `warn`: private warning; the second `mask` warning kills (seed rule 1). */
const warn = defineGmAction<ClansState, typeof warnParams>({
  params: warnParams,
  validate(state, input) {
    if (input.targets.length !== 1) return reject("bad_targets");
    return checkTargets(state, input);
  },
  apply(state, input) {
    const id = input.targets[0] as string;
    const reason = input.params.reason;
    const warned = findPlayer(state, id);
    if (!warned) return;
    const warnings = (state.data.warnings[id] ??= { mask: 0, other: 0 });
    warnings[reason] += 1;
    const count = warnings.mask + warnings.other;
    addStatus(warned, "warned");
    emitEvent(state, "warning", { player: id, reason, count });
    tell(state, id, "warning", { reason, count });
    if (reason === "mask" && warnings.mask >= 2) gmRemove(state, id);
  },
});

/** `excuse`: day only; exempt from this day's inactivity autokill. */
const excuse = defineGmAction<ClansState, typeof noParams>({
  params: noParams,
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
});

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
  // The statuses the rules name (clans.md).
  ...statusGmActions("clans", [
    "unrecruited",
    "recruited",
    "acquainted",
    "role_lost",
    "day_protected",
    "dead_muted",
    "warned",
  ]),
};

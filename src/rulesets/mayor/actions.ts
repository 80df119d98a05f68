import { z } from "zod";
import { addStatus, emitEvent, rejection, removeStatus } from "../../engine/helpers.js";
import type { ActionDefinition } from "../../engine/ruleset.js";
import type { ActionInput, JsonObject, Rejection } from "../../engine/types.js";
import {
  MAYOR_TARGET,
  type MayorPlayer,
  type MayorState,
  RULESET_ID,
  VERDICT_CHOICES,
  type VerdictChoice,
  findMayorPlayer,
  getPlayer,
  isIsolated,
  isJailed,
  onVacation,
} from "./state.js";

/**
 * Section 4: `choose`, `rest`, `verdict`, `vacation`. Every rejection is role-neutral: it
 * depends only on public facts (phase, life, jail, ИЗО, the session's verdicts), never on the role.
 */

const reject = (id: string, reason: string): Rejection => rejection(RULESET_ID, id, reason);

export const reasons = {
  dead: () => reject("dead_actor", "dead players cannot act"),
  phase: () => reject("wrong_phase", "wrong phase for this action"),
  notAlive: () => reject("target_not_alive", "target is not alive"),
  jailed: () => reject("jailed", "jailed players cannot make a night choice"),
  isolatedChoice: () => reject("isolated", "isolated players cannot make a night choice"),
  selfChoice: () => reject("self_choice", "cannot choose yourself"),
  choiceTargets: () => reject("choice_targets", "a choice names exactly one player or the Mayor"),
  verdictGiven: () => reject("verdict_given", "a verdict has already been given this session"),
  isolatedVerdict: () => reject("isolated_verdict", "isolated players cannot give a verdict"),
  selfVerdict: () => reject("self_verdict", "cannot give a verdict on yourself"),
  verdictTarget: () => reject("verdict_target", "a verdict needs a target"),
  verdictTargets: () => reject("verdict_targets", "a verdict names at most one player"),
  firstSession: () => reject("first_session", "no execution at the first session"),
  vacationOn: () => reject("vacation_on", "already on vacation"),
  vacationOff: () => reject("vacation_off", "not on vacation"),
};

const noParams = z.object({}).passthrough() as unknown as z.ZodType<JsonObject>;

function livingActor(state: MayorState, input: ActionInput): MayorPlayer | Rejection {
  const actor = findMayorPlayer(state, input.actor);
  if (!actor?.alive) return reasons.dead();
  return actor;
}

function isRejection(value: MayorPlayer | Rejection): value is Rejection {
  return "code" in value;
}

/** Night choices: alive, at night, not jailed, not isolated. */
function nightActor(state: MayorState, input: ActionInput): MayorPlayer | Rejection {
  const actor = livingActor(state, input);
  if (isRejection(actor)) return actor;
  if (state.phase.kind !== "night") return reasons.phase();
  if (isJailed(actor)) return reasons.jailed();
  if (isIsolated(actor)) return reasons.isolatedChoice();
  return actor;
}

const choose: ActionDefinition<MayorState> = {
  params: noParams,
  validate(state, input) {
    const actor = nightActor(state, input);
    if (isRejection(actor)) return actor;
    const [target, ...more] = input.targets;
    if (target === undefined || more.length > 0) return reasons.choiceTargets();
    if (target === actor.id) return reasons.selfChoice();
    if (target === MAYOR_TARGET) return null;
    if (!findMayorPlayer(state, target)?.alive) return reasons.notAlive();
    return null;
  },
  apply(state, input) {
    getPlayer(state, input.actor).choice = input.targets[0] as string;
  },
};

const rest: ActionDefinition<MayorState> = {
  params: noParams,
  validate(state, input) {
    const actor = nightActor(state, input);
    return isRejection(actor) ? actor : null;
  },
  apply(state, input) {
    getPlayer(state, input.actor).choice = "rest";
  },
};

export function validateVerdict(
  state: MayorState,
  input: ActionInput,
  choice: VerdictChoice,
): Rejection | null {
  const actor = livingActor(state, input);
  if (isRejection(actor)) return actor;
  if (state.phase.kind !== "day") return reasons.phase();
  if (isIsolated(actor)) return reasons.isolatedVerdict();
  if (!state.options.verdictChange && state.data.verdicts.some((v) => v.actor === actor.id)) {
    return reasons.verdictGiven();
  }
  const [target, ...more] = input.targets;
  if (more.length > 0) return reasons.verdictTargets();
  if (target === undefined) return choice === "abstain" ? null : reasons.verdictTarget();
  if (target === actor.id) return reasons.selfVerdict();
  if (!findMayorPlayer(state, target)?.alive) return reasons.notAlive();
  if (choice === "execute" && state.phase.n === 1) return reasons.firstSession();
  return null;
}

export function applyVerdict(state: MayorState, input: ActionInput, choice: VerdictChoice): void {
  // With `verdictChange` a new verdict replaces the earlier one; otherwise there is none.
  state.data.verdicts = state.data.verdicts.filter((v) => v.actor !== input.actor);
  state.data.verdicts.push({ actor: input.actor, choice, target: input.targets[0] ?? null });
}

const verdictParams = z
  .object({ choice: z.enum(VERDICT_CHOICES) })
  .passthrough() as unknown as z.ZodType<JsonObject>;

const verdict: ActionDefinition<MayorState> = {
  params: verdictParams,
  validate: (state, input) => validateVerdict(state, input, input.params["choice"] as VerdictChoice),
  apply: (state, input) => applyVerdict(state, input, input.params["choice"] as VerdictChoice),
};

export function setVacation(state: MayorState, p: MayorPlayer, on: boolean): void {
  if (on) addStatus(p, "vacation");
  else removeStatus(p, "vacation");
  emitEvent(state, "vacation", { player: p.id, on });
}

function vacationAction(): ActionDefinition<MayorState> {
  const on = (input: ActionInput) => input.params["on"] !== false;
  return {
    params: z.object({ on: z.boolean().default(true) }).passthrough() as unknown as z.ZodType<JsonObject>,
    validate(state, input) {
      const actor = livingActor(state, input);
      if (isRejection(actor)) return actor;
      if (on(input) && onVacation(actor)) return reasons.vacationOn();
      if (!on(input) && !onVacation(actor)) return reasons.vacationOff();
      return null;
    },
    apply(state, input) {
      setVacation(state, getPlayer(state, input.actor), on(input));
    },
  };
}

export const actions: Record<string, ActionDefinition<MayorState>> = {
  choose,
  rest,
  verdict,
  vacation: vacationAction(),
};

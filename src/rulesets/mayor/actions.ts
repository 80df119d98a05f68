import { z } from "zod";
import { addStatus, emitEvent, findPlayer, playerOrThrow, removeStatus } from "../../engine/helpers.js";
import { reject } from "./rejections.js";
import { type ActionDefinition, defineAction } from "../../engine/ruleset.js";
import type { ActionInput, Rejection } from "../../engine/types.js";
import {
  MAYOR_TARGET,
  type MayorPlayer,
  type MayorState,
  VERDICT_CHOICES,
  type VerdictChoice,
  isIsolated,
  isJailed,
  onVacation,
} from "./state.js";

/**
 * Section 4: `choose`, `rest`, `verdict`, `vacation`. Every rejection is role-neutral: it
 * depends only on public facts (phase, life, jail, ИЗО, the session's verdicts), never on the role.
 */

export const reasons = {
  dead: () => reject("dead_actor", "dead"),
  phase: () => reject("wrong_phase", "phase"),
  notAlive: () => reject("target_not_alive", "notAlive"),
  jailed: () => reject("jailed", "jailed"),
  isolatedChoice: () => reject("isolated", "isolatedChoice"),
  selfChoice: () => reject("self_choice", "selfChoice"),
  choiceTargets: () => reject("choice_targets", "choiceTargets"),
  verdictGiven: () => reject("verdict_given", "verdictGiven"),
  isolatedVerdict: () => reject("isolated_verdict", "isolatedVerdict"),
  selfVerdict: () => reject("self_verdict", "selfVerdict"),
  verdictTarget: () => reject("verdict_target", "verdictTarget"),
  verdictTargets: () => reject("verdict_targets", "verdictTargets"),
  firstSession: () => reject("first_session", "firstSession"),
  vacationOn: () => reject("vacation_on", "vacationOn"),
  vacationOff: () => reject("vacation_off", "vacationOff"),
};

const noParams = z.object({}).passthrough();
const vacationParams = z.object({ on: z.boolean().default(true) }).passthrough();

function livingActor(state: MayorState, input: Pick<ActionInput, "actor">): MayorPlayer | Rejection {
  const actor = findPlayer(state, input.actor);
  if (!actor?.alive) return reasons.dead();
  return actor;
}

function isRejection(value: MayorPlayer | Rejection): value is Rejection {
  return "code" in value;
}

/** Night choices: alive, at night, not jailed, not isolated. */
function nightActor(state: MayorState, input: Pick<ActionInput, "actor">): MayorPlayer | Rejection {
  const actor = livingActor(state, input);
  if (isRejection(actor)) return actor;
  if (state.phase.kind !== "night") return reasons.phase();
  if (isJailed(actor)) return reasons.jailed();
  if (isIsolated(actor)) return reasons.isolatedChoice();
  return actor;
}

const choose = defineAction<MayorState, typeof noParams>({
  params: noParams,
  validate(state, input) {
    const actor = nightActor(state, input);
    if (isRejection(actor)) return actor;
    const [target, ...more] = input.targets;
    if (target === undefined || more.length > 0) return reasons.choiceTargets();
    if (target === actor.id) return reasons.selfChoice();
    if (target === MAYOR_TARGET) return null;
    if (!findPlayer(state, target)?.alive) return reasons.notAlive();
    return null;
  },
  apply(state, input) {
    playerOrThrow(state, input.actor).choice = input.targets[0] as string;
  },
});

const rest = defineAction<MayorState, typeof noParams>({
  params: noParams,
  validate(state, input) {
    const actor = nightActor(state, input);
    return isRejection(actor) ? actor : null;
  },
  apply(state, input) {
    playerOrThrow(state, input.actor).choice = "rest";
  },
});

export function validateVerdict(
  state: MayorState,
  input: Pick<ActionInput, "actor" | "targets">,
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
  if (!findPlayer(state, target)?.alive) return reasons.notAlive();
  if (choice === "execute" && state.phase.n === 1) return reasons.firstSession();
  return null;
}

export function applyVerdict(
  state: MayorState,
  input: Pick<ActionInput, "actor" | "targets">,
  choice: VerdictChoice,
): void {
  // With `verdictChange` a new verdict replaces the earlier one; otherwise there is none.
  state.data.verdicts = state.data.verdicts.filter((v) => v.actor !== input.actor);
  state.data.verdicts.push({ actor: input.actor, choice, target: input.targets[0] ?? null });
}

const verdictParams = z.object({ choice: z.enum(VERDICT_CHOICES) }).passthrough();

const verdict = defineAction<MayorState, typeof verdictParams>({
  params: verdictParams,
  validate: (state, input) => validateVerdict(state, input, input.params.choice),
  apply: (state, input) => applyVerdict(state, input, input.params.choice),
});

export function setVacation(state: MayorState, player: MayorPlayer, on: boolean): void {
  if (on) addStatus(player, "vacation");
  else removeStatus(player, "vacation");
  emitEvent(state, "vacation", { player: player.id, on });
}

const vacation = defineAction<MayorState, typeof vacationParams>({
  params: vacationParams,
  validate(state, input) {
    const actor = livingActor(state, input);
    if (isRejection(actor)) return actor;
    if (input.params.on && onVacation(actor)) return reasons.vacationOn();
    if (!input.params.on && !onVacation(actor)) return reasons.vacationOff();
    return null;
  },
  apply(state, input) {
    setVacation(state, playerOrThrow(state, input.actor), input.params.on);
  },
});

export const actions: Record<string, ActionDefinition<MayorState>> = {
  choose,
  rest,
  verdict,
  vacation,
};

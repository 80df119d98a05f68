import { z } from "zod";
import { type ActionDefinition, type ParsedInput, defineAction } from "../../engine/ruleset.js";
import { emitEvent, emitPublic, addStatus, playerOrThrow } from "../../engine/helpers.js";
import type { ActionInput, PlayerId, Rejection } from "../../engine/types.js";
import { reject } from "./rejections.js";
import { POWERS, type PhaseKind, type Power, type ReichstagState } from "./state.js";
import { kill } from "./death.js";
import { eligibleChancellors, eligibleVoters, governmentRetires } from "./government.js";
import { tell } from "./inbox.js";
import { agreedVeto, closeWith, governmentEnacts, resolveElection, startNextRound } from "./resolution.js";
import { endGame } from "./win.js";
import { isAlive, living } from "./state.js";

/** Player actions (reichstag.md 4.1). Choices are params (`vote`, `policy`, `agree`, `powers`), never targets. */
type Def = ActionDefinition<ReichstagState>;

export const reasons = {
  dead: () => reject("dead_actor", "deadActor"),
  closed: () => reject("phase_closed", "phaseClosed"),
  wrongPhase: () => reject("wrong_phase", "wrongPhase"),
  targetDead: () => reject("target_dead", "targetDead"),
  presidentOnly: () => reject("president_only", "presidentOnly"),
};

const asParams = <T extends z.ZodRawShape>(shape: T) => z.object(shape).passthrough();

interface Spec {
  kind: PhaseKind | "any";
  /** Number of player targets. */
  targets: number;
}

/** The general checks of section 4, in order. */
export function general(
  state: ReichstagState,
  input: Pick<ActionInput, "actor" | "action" | "targets">,
  spec: Spec,
): Rejection | null {
  for (const id of input.targets) {
    if (!state.players.some((p) => p.id === id))
      return reject("unknown_target", "unknownPlayer", { player: id });
  }
  if (input.targets.length !== spec.targets) {
    return reject("bad_targets", "targetCount", { count: spec.targets });
  }
  if (!isAlive(state, input.actor)) return reasons.dead();
  if (state.data.closed) return reasons.closed();
  if (
    state.phase.kind === "executive" &&
    input.action !== "request_extension" &&
    input.actor !== state.data.president
  ) {
    return reasons.presidentOnly();
  }
  if (spec.kind !== "any" && state.phase.kind !== spec.kind) return reasons.wrongPhase();
  for (const id of input.targets) if (!isAlive(state, id)) return reasons.targetDead();
  return null;
}

/** An action: the general checks, then its own; `own` and `apply` see the params its schema parsed. */
function define<Schema extends z.ZodType>(
  spec: Spec,
  params: Schema,
  own: (state: ReichstagState, input: ParsedInput<ActionInput, z.output<Schema>>) => Rejection | null,
  apply: (state: ReichstagState, input: ParsedInput<ActionInput, z.output<Schema>>) => void,
): Def {
  return defineAction<ReichstagState, Schema>({
    params,
    validate: (state, input) => general(state, input, spec) ?? own(state, input),
    apply,
  });
}

const none = asParams({});

// ── nomination ────────────────────────────────────────────────────────────────────────

const nominate = define(
  { kind: "nomination", targets: 1 },
  none,
  (state, input) => {
    const target = input.targets[0] as PlayerId;
    if (input.actor !== state.data.president) {
      return reject("not_candidate", "notCandidate");
    }
    if (target === input.actor) return reject("self_nomination", "selfNomination");
    if (!eligibleChancellors(state).includes(target)) {
      return reject("term_limited", "termLimited");
    }
    return null;
  },
  (state, input) => {
    const target = input.targets[0] as PlayerId;
    state.data.chancellor = target;
    addStatus(playerOrThrow(state, target), "candidate_chancellor");
    emitEvent(state, "nominated", { president: input.actor, chancellor: target });
    emitPublic(state, "nominated", { president: input.actor, chancellor: target });
    closeWith(state, "election");
  },
);

// ── election ──────────────────────────────────────────────────────────────────────────

/** 3.3: every voter voted and every living player agreed after the last vote. */
export function earlyCloseDue(state: ReichstagState): boolean {
  const data = state.data;
  return (
    eligibleVoters(state).every((id) => data.votes[id] !== undefined) &&
    living(state).every((p) => data.agreed.includes(p.id))
  );
}

function closeEarly(state: ReichstagState): void {
  if (!earlyCloseDue(state)) return;
  emitEvent(state, "phase_closed_early", { by: "players" });
  emitPublic(state, "closed_early");
  state.data.closed = true;
  resolveElection(state);
}

const vote = define(
  { kind: "election", targets: 0 },
  asParams({ vote: z.enum(["ja", "nein"]).optional() }),
  (state, input) => {
    const value = input.params.vote;
    if (value !== "ja" && value !== "nein") return reject("bad_vote", "badVote");
    if (input.actor === state.data.president || input.actor === state.data.chancellor) {
      return reject("candidate_vote", "candidateVote");
    }
    return null;
  },
  (state, input) => {
    const value = input.params.vote;
    if (value === undefined) return; // refused by validate
    state.data.votes[input.actor] = value;
    state.data.agreed = [];
    if (state.options.openVoting)
      emitPublic(state, value === "ja" ? "vote_ja" : "vote_nein", { player: input.actor });
  },
);

const agreeClose = define(
  { kind: "election", targets: 0 },
  none,
  () => null,
  (state, input) => {
    if (!state.data.agreed.includes(input.actor)) state.data.agreed.push(input.actor);
    closeEarly(state);
  },
);

const objectClose = define(
  { kind: "election", targets: 0 },
  none,
  () => null,
  (state, input) => {
    state.data.agreed = state.data.agreed.filter((id) => id !== input.actor);
  },
);

// ── legislative ───────────────────────────────────────────────────────────────────────

const policyParam = asParams({ policy: z.enum(["L", "F"]).optional() });

const discard = define(
  { kind: "legislative", targets: 0 },
  policyParam,
  (state, input) => {
    const data = state.data;
    if (input.actor !== data.president) return reject("not_president", "notPresident");
    if (data.discarded) return reject("already_discarded", "alreadyDiscarded");
    const policy = input.params.policy;
    if (policy !== "L" && policy !== "F") return reject("bad_policy", "badPolicy");
    if (!data.hand.includes(policy)) return reject("no_such_policy", "noSuchPolicy");
    return null;
  },
  (state, input) => {
    const data = state.data;
    const policy = input.params.policy;
    if (policy === undefined) return; // refused by validate
    data.hand.splice(data.hand.indexOf(policy), 1);
    data.discard.push(policy);
    data.discarded = true;
    data.stepOpenedAt = state.now;
    data.shiftMinutes = 0;
    emitEvent(state, "president_discarded", { president: input.actor });
    emitPublic(state, "president_discarded");
    if (data.chancellor) tell(state, data.chancellor, "policies_received", { policies: [...data.hand] });
  },
);

function chancellorStep(
  state: ReichstagState,
  input: Pick<ActionInput, "actor">,
  notChancellor: Rejection,
): Rejection | null {
  if (input.actor !== state.data.chancellor) return notChancellor;
  if (!state.data.discarded) return reject("not_discarded", "notDiscarded");
  return null;
}

const enact = define(
  { kind: "legislative", targets: 0 },
  policyParam,
  (state, input) => {
    const own = chancellorStep(state, input, reject("not_chancellor", "notChancellor"));
    if (own) return own;
    if (state.data.vetoPending) return reject("veto_pending", "vetoPending");
    const policy = input.params.policy;
    if (policy !== "L" && policy !== "F") return reject("bad_policy", "badPolicy");
    if (!state.data.hand.includes(policy)) return reject("no_such_policy", "noSuchPolicy");
    return null;
  },
  (state, input) => {
    if (input.params.policy !== undefined) governmentEnacts(state, input.params.policy);
  },
);

const veto = define(
  { kind: "legislative", targets: 0 },
  none,
  (state, input) => {
    const own = chancellorStep(state, input, reject("not_chancellor_veto", "notChancellorVeto"));
    if (own) return own;
    if (!state.data.vetoUnlocked) return reject("veto_locked", "vetoLocked");
    if (state.data.vetoRequested) return reject("veto_repeated", "vetoRepeated");
    return null;
  },
  (state, input) => {
    state.data.vetoRequested = true;
    state.data.vetoPending = true;
    emitEvent(state, "veto_requested", { chancellor: input.actor });
    emitPublic(state, "veto_requested", { player: input.actor });
  },
);

const vetoAnswer = define(
  { kind: "legislative", targets: 0 },
  asParams({ agree: z.boolean().optional() }),
  (state, input) => {
    if (input.actor !== state.data.president) return reject("not_president_veto", "notPresidentVeto");
    if (!state.data.vetoPending) return reject("no_veto", "noVeto");
    if (input.params.agree === undefined) return reject("bad_answer", "badAnswer");
    return null;
  },
  (state, input) => {
    if (input.params.agree) {
      agreedVeto(state);
      return;
    }
    state.data.vetoPending = false;
    emitEvent(state, "veto_refused", { president: input.actor });
    emitPublic(state, "veto_refused", { player: input.actor });
  },
);

// ── executive ─────────────────────────────────────────────────────────────────────────

export function investigable(state: ReichstagState): PlayerId[] {
  return living(state)
    .filter((p) => p.id !== state.data.president && !state.data.investigated.includes(p.id))
    .map((p) => p.id);
}

const choosePowers = define(
  { kind: "executive", targets: 0 },
  asParams({ powers: z.array(z.enum(["investigate", "special_election", "peek", "execute"])).optional() }),
  (state, input) => {
    const powers = input.params.powers;
    if (state.data.powers !== null) return reject("powers_chosen", "powersChosen");
    if (!powers || powers.some((p) => !POWERS.includes(p as Power))) {
      return reject("two_powers", "twoPowers");
    }
    if (powers.includes("execute") && powers.length > 1) {
      return reject("execute_combined", "executeCombined");
    }
    if (new Set(powers).size !== powers.length) return reject("same_power", "samePower");
    if (!(powers.length === 2 || (powers.length === 1 && powers[0] === "execute"))) {
      return reject("two_powers", "twoPowers");
    }
    if (powers.includes("investigate") && investigable(state).length === 0) {
      return reject("no_investigable", "noInvestigable");
    }
    return null;
  },
  (state, input) => {
    const powers = [...(input.params.powers ?? [])];
    state.data.powers = [...powers];
    emitEvent(state, "powers_chosen", { president: input.actor, powers });
    emitPublic(state, "powers_chosen", { player: input.actor, powers });
  },
);

function powerCheck(
  state: ReichstagState,
  input: Pick<ActionInput, "actor" | "targets">,
  power: Power,
  self: boolean,
): Rejection | null {
  const data = state.data;
  if (data.powers === null) return reject("choose_first", "chooseFirst");
  if (!data.powers.includes(power)) return reject("not_chosen", "notChosen");
  if (data.used.includes(power)) return reject("power_used", "powerUsed");
  if (self && input.targets[0] === input.actor) return reject("self_target", "selfTarget");
  return null;
}

/** 5.8 step 4–5: when every chosen power is used, the round ends. */
function used(state: ReichstagState, power: Power): void {
  const data = state.data;
  data.used.push(power);
  if (state.ended) return;
  if (data.powers && data.powers.every((p) => data.used.includes(p))) {
    governmentRetires(state);
    startNextRound(state);
  }
}

const investigate = define(
  { kind: "executive", targets: 1 },
  none,
  (state, input) =>
    powerCheck(state, input, "investigate", true) ??
    (state.data.investigated.includes(input.targets[0] as PlayerId)
      ? reject("already_investigated", "alreadyInvestigated")
      : null),
  (state, input) => {
    const target = playerOrThrow(state, input.targets[0] as PlayerId);
    state.data.investigated.push(target.id);
    addStatus(target, "investigated");
    tell(state, input.actor, "investigation_result", { target: target.id, result: target.faction });
    tell(state, target.id, "investigation_notice", { by: input.actor });
    emitEvent(state, "investigated", { president: input.actor, target: target.id });
    emitPublic(state, "investigated", { president: input.actor, target: target.id });
    used(state, "investigate");
  },
);

const specialElection = define(
  { kind: "executive", targets: 1 },
  none,
  (state, input) => powerCheck(state, input, "special_election", true),
  (state, input) => {
    const target = input.targets[0] as PlayerId;
    state.data.nextCandidate = { player: target, reason: "special_election" };
    emitEvent(state, "special_election", { president: input.actor, candidate: target });
    emitPublic(state, "special_election", { president: input.actor, target });
    used(state, "special_election");
  },
);

const peek = define(
  { kind: "executive", targets: 0 },
  none,
  (state, input) => powerCheck(state, input, "peek", false),
  (state, input) => {
    tell(state, input.actor, "peek_result", { policies: state.data.deck.slice(0, 3) });
    emitEvent(state, "peeked", { president: input.actor });
    emitPublic(state, "peeked", { president: input.actor });
    used(state, "peek");
  },
);

const execute = define(
  { kind: "executive", targets: 1 },
  none,
  (state, input) => powerCheck(state, input, "execute", true),
  (state, input) => {
    const target = input.targets[0] as PlayerId;
    kill(state, target, "execution");
    emitEvent(state, "executed", { president: input.actor, target });
    if (playerOrThrow(state, target).role === "hitler") {
      emitEvent(state, "hitler_executed", { player: target });
      emitPublic(state, "executed_hitler", { player: target });
      state.data.hitlerRevealed = true;
      endGame(state, ["liberals"], "hitler_executed");
      return;
    }
    emitPublic(state, "executed", { player: target });
    used(state, "execute");
  },
);

// ── any phase ─────────────────────────────────────────────────────────────────────────

export function extensionLeft(state: ReichstagState): number {
  return Math.max(0, state.options.extensionCapHours - state.data.extensionUsed);
}

const requestExtension = define(
  { kind: "any", targets: 0 },
  asParams({ hours: z.number().int().min(1).max(24).default(12) }),
  (state) => (extensionLeft(state) <= 0 ? reject("extension_cap", "extensionCap") : null),
  (state, input) => {
    const hours = Math.min(input.params.hours, extensionLeft(state));
    state.data.extensionUsed += hours;
    state.data.shiftMinutes += hours * 60;
    emitEvent(state, "deadline_extended", { hours, by: input.actor });
    emitPublic(state, "extended", { hours });
  },
);

export const actions: Record<string, Def> = {
  nominate,
  vote,
  agree_close: agreeClose,
  object_close: objectClose,
  discard,
  enact,
  veto,
  veto_answer: vetoAnswer,
  choose_powers: choosePowers,
  investigate,
  special_election: specialElection,
  peek,
  execute,
  request_extension: requestExtension,
};

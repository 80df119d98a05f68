import { z } from "zod";
import { findPlayer, hasStatus, playerOrThrow } from "../../engine/helpers.js";
import { type ActionDefinition, type ParsedInput, defineAction } from "../../engine/ruleset.js";
import type { ActionInput, Rejection } from "../../engine/types.js";
import {
  type Clan,
  type ClassicPlayer,
  type ClassicState,
  HEROES,
  NIGHT_ORDERS,
  isClanRole,
  slotOf,
  canCheck,
  isActive,
  isClanMember,
  isRemoved,
} from "./state.js";
import { reject } from "./rejections.js";

/** §4: the players' actions, their rejections (in the rules file's order) and order slots. */

export const REASONS = {
  dead: reject("dead_actor", "dead"),
  removed: reject("removed_actor", "removed"),
  role: reject("not_your_action", "role"),
  phase: reject("wrong_phase", "phase"),
  night0: reject("night_zero", "night0"),
  notAlive: reject("target_not_alive", "notAlive"),
  self: reject("self_target", "self"),
  changed: reject("order_changed", "changed"),
  oneTarget: reject("target_count", "oneTarget"),
  noTargets: reject("target_count", "noTargets"),
  twoTargets: reject("target_count", "twoTargets"),
  protectTargets: reject("target_count", "protectTargets"),
  beatenDay: reject("beaten", "beatenDay"),
  voteChanged: reject("vote_changed", "voteChanged"),
  selfVote: reject("self_vote", "selfVote"),
  voteReason: reject("vote_reason", "voteReason"),
  suicide: reject("maniac_suicide", "suicide"),
  ambushUsed: reject("ambush_used", "ambushUsed"),
  ownClan: reject("own_clan", "ownClan"),
  ownSon: reject("own_bastard_son", "ownSon"),
  executor: reject("executor", "executor"),
  donLast: reject("don_executes", "donLast"),
  donExecutor: reject("don_executor", "donExecutor"),
  onlyDon: reject("only_don_executor", "onlyDon"),
  donChosen: reject("don_chosen", "donChosen"),
  donMafia: reject("don_not_mafia", "donMafia"),
  beatenEver: reject("already_beaten", "beatenEver"),
  selfHeal: reject("self_heal", "selfHeal"),
  sameHeal: reject("same_heal", "sameHeal"),
  protectNights: reject("protect_nights", "protectNights"),
  noProtects: reject("no_protects", "noProtects"),
  hasProtect: reject("has_protect", "hasProtect"),
  army: reject("army_unavailable", "army"),
  leaving: reject("already_leaving", "leaving"),
} as const;

/** The params of the actions that take any (§4): a post's text and chat, a vote's reason, the don's executor. */
const PARAMS = {
  post: z.object({ text: z.string().optional(), chat: z.string().optional() }),
  vote: z.object({ reason: z.string().default(""), quote: z.string().optional() }),
  kill: z.object({ executor: z.string().min(1).optional() }),
};
const noParams = z.object({});

/** Every action's params as one type: the actions share one validation and one application. */
export type ActionParams = Partial<
  z.output<typeof PARAMS.post> & z.output<typeof PARAMS.vote> & z.output<typeof PARAMS.kill>
>;
export type ClassicInput = ParsedInput<ActionInput, ActionParams>;

/** Which actions a role has (§4 table, "who"). */
export function hasAction(player: ClassicPlayer, action: string): boolean {
  switch (action) {
    case "post":
    case "vote":
    case "leave":
      return true;
    case "kill":
      return player.role === "maniac" || player.role === "ninja" || isClanRole(player.role);
    case "ambush":
      return player.role === "maniac";
    case "choose_don":
      return isClanRole(player.role);
    case "beat":
      return player.role === "thug";
    case "explode":
      return player.role === "kamikaze";
    case "check":
      return canCheck(player);
    case "heal":
      return player.role === "doctor";
    case "protect":
    case "army_of_darkness":
      return player.role === "necromancer";
    default:
      return false;
  }
}

interface Spec {
  phase: "day" | "night" | "any";
  /** Expected target count: exact number, or [min, max]. */
  targets: number | [number, number];
  /** The self-target reason, or null when self is allowed. */
  self: Rejection | null;
  specific?(state: ClassicState, actor: ClassicPlayer, input: ClassicInput): Rejection | null;
}

function clanOf(player: ClassicPlayer): Clan {
  return player.clan as Clan;
}

function livingClan(state: ClassicState, clan: Clan): ClassicPlayer[] {
  return state.players.filter((m) => isClanMember(m, clan) && isActive(m));
}

/** The Army of Darkness conditions (§4), checked at submission. */
export function armyAvailable(state: ClassicState, necro: ClassicPlayer): boolean {
  let heroes = 0;
  for (const p of state.players) {
    if (!HEROES.includes(p.role)) continue;
    heroes++;
    if (p.alive) return false;
    const cause = state.data.causes[p.id];
    if (cause !== "mafia" && cause !== "kamikaze" && cause !== "maniac" && cause !== "ambush") return false;
  }
  if (heroes === 0) return false;
  let others = 0;
  for (const p of state.players) if (p.alive && p.id !== necro.id) others++;
  return others >= 4;
}

function killSpecific(state: ClassicState, actor: ClassicPlayer, input: ClassicInput): Rejection | null {
  if (!isClanRole(actor.role)) return null;
  const clan = clanOf(actor);
  const target = playerOrThrow(state, input.targets[0]);
  if (isClanMember(target, clan)) return REASONS.ownClan;
  if (target.role === "bastard_son" && target.clan === clan) return REASONS.ownSon;
  const executor = input.params.executor;
  if (state.data.dons[clan] === actor.id) {
    const living = livingClan(state, clan);
    const alone = living.length === 1 && living[0]?.id === actor.id;
    if (executor === undefined) return alone ? null : REASONS.donExecutor;
    if (executor === actor.id) return alone ? null : REASONS.donLast;
    const executorPlayer = findPlayer(state, executor);
    if (!executorPlayer || !isClanMember(executorPlayer, clan) || !isActive(executorPlayer))
      return REASONS.executor;
    return null;
  }
  if (executor !== undefined && executor !== actor.id) return REASONS.onlyDon;
  return null;
}

const SPECS: Record<string, Spec> = {
  post: {
    phase: "any",
    targets: 0,
    self: null,
    specific: (state, actor) =>
      state.phase.kind === "day" && hasStatus(actor, "beaten") ? REASONS.beatenDay : null,
  },
  vote: {
    phase: "day",
    targets: 1,
    self: REASONS.selfVote,
    specific: (state, actor, input) => {
      if (hasStatus(actor, "beaten")) return REASONS.beatenDay;
      if (state.data.voted[actor.id]) return REASONS.voteChanged;
      const reason = input.params.reason;
      if (state.options.voteReasonRequired && (typeof reason !== "string" || reason.trim() === "")) {
        return REASONS.voteReason;
      }
      return null;
    },
  },
  kill: {
    phase: "night",
    targets: 1,
    self: null, // per role below
    specific: killSpecific,
  },
  ambush: {
    phase: "night",
    targets: 0,
    self: null,
    specific: (_state, actor) => (hasStatus(actor, "ambush_used") ? REASONS.ambushUsed : null),
  },
  choose_don: {
    phase: "night",
    targets: 1,
    self: null,
    specific: (state, actor, input) => {
      const clan = clanOf(actor);
      if (state.data.dons[clan] !== null) return REASONS.donChosen;
      const target = playerOrThrow(state, input.targets[0]);
      if (target.role !== "mafia" || target.clan !== clan) return REASONS.donMafia;
      return null;
    },
  },
  beat: {
    phase: "night",
    targets: 1,
    self: REASONS.self,
    specific: (state, actor, input) => {
      const target = playerOrThrow(state, input.targets[0]);
      if (target.role === "bastard_son" && target.clan === actor.clan) return REASONS.ownSon;
      if (state.data.beatenEver.includes(target.id)) return REASONS.beatenEver;
      return null;
    },
  },
  explode: {
    phase: "night",
    targets: 1,
    self: REASONS.self,
    specific: (state, actor, input) => {
      const target = playerOrThrow(state, input.targets[0]);
      if (isClanMember(target, clanOf(actor))) return REASONS.ownClan;
      if (target.role === "bastard_son" && target.clan === actor.clan) return REASONS.ownSon;
      return null;
    },
  },
  check: { phase: "night", targets: 1, self: REASONS.self },
  heal: {
    phase: "night",
    targets: 1,
    self: REASONS.selfHeal,
    specific: (state, _actor, input) => {
      const last = state.data.lastHeal;
      if (last && last.night === state.phase.n - 1 && last.target === input.targets[0])
        return REASONS.sameHeal;
      return null;
    },
  },
  protect: {
    phase: "night",
    targets: [1, 2],
    self: REASONS.self,
    specific: (state, _actor, input) => {
      if (input.targets.length > state.data.protectsLeft) return REASONS.noProtects;
      if (input.targets.some((t) => state.data.protectedEver.includes(t))) return REASONS.hasProtect;
      return null;
    },
  },
  army_of_darkness: {
    phase: "night",
    targets: 2,
    self: REASONS.self,
    specific: (state, actor) => (armyAvailable(state, actor) ? null : REASONS.army),
  },
  leave: {
    phase: "any",
    targets: 0,
    self: null,
    specific: (state, actor) => (state.data.leaves.includes(actor.id) ? REASONS.leaving : null),
  },
};

function countRejection(action: string, spec: Spec, targetCount: number): Rejection | null {
  if (typeof spec.targets === "number") {
    if (targetCount === spec.targets) return null;
    if (spec.targets === 0) return REASONS.noTargets;
    return spec.targets === 2 ? REASONS.twoTargets : REASONS.oneTarget;
  }
  const [min, max] = spec.targets;
  return targetCount < min || targetCount > max
    ? action === "protect"
      ? REASONS.protectTargets
      : REASONS.oneTarget
    : null;
}

/** The self-target reason of an action for this actor. */
function selfReason(actor: ClassicPlayer, action: string, spec: Spec): Rejection | null {
  if (action === "kill") {
    if (actor.role === "maniac") return REASONS.suicide;
    if (actor.role === "ninja") return REASONS.self;
    return null; // clan members: "mafia cannot attack their own clan"
  }
  return spec.self;
}

/** A dead player's post in the graveyard (option `deadChat`), which the dead may write in. */
function postInGraveyard(state: ClassicState, input: ClassicInput): boolean {
  return (
    input.action === "post" &&
    input.targets.length === 0 &&
    input.params.chat === "graveyard" &&
    state.options.deadChat
  );
}

/** §4 general rejections in order, then the action's own ones, then the order slot. */
export function validateAction(state: ClassicState, input: ClassicInput): Rejection | null {
  const spec = SPECS[input.action];
  const actor = findPlayer(state, input.actor);
  if (!spec || !actor) return REASONS.role;
  // The graveyard is the dead's own chat: a post there is talk, not an action (DECISIONS 20).
  if (!actor.alive) return postInGraveyard(state, input) ? null : REASONS.dead;
  if (isRemoved(actor)) return REASONS.removed;
  if (!hasAction(actor, input.action)) return REASONS.role;
  const kind = state.phase.kind;
  if (spec.phase !== "any" && spec.phase !== kind) return REASONS.phase;
  if (input.action === "choose_don" && state.phase.n !== 0) return REASONS.phase;
  const nightOrder = NIGHT_ORDERS.has(input.action);
  if (nightOrder && state.phase.n === 0 && actor.role !== "maniac") return REASONS.night0;
  if (input.action === "protect" && state.phase.n !== 1 && state.phase.n !== 2) return REASONS.protectNights;
  const count = countRejection(input.action, spec, input.targets.length);
  if (count) return count;
  if (new Set(input.targets).size !== input.targets.length) {
    return input.action === "protect" ? REASONS.protectTargets : REASONS.twoTargets;
  }
  for (const t of input.targets) {
    const target = findPlayer(state, t);
    if (!target || !target.alive) return REASONS.notAlive;
  }
  const self = selfReason(actor, input.action, spec);
  if (self && input.targets.includes(actor.id)) return self;
  const specific = spec.specific?.(state, actor, input);
  if (specific) return specific;
  if (nightOrder) {
    const existing = state.data.orders[actor.id]?.[slotOf(actor.role, input.action)];
    if (existing?.changed) return REASONS.changed;
  }
  return null;
}

function applyAction(state: ClassicState, input: ClassicInput): void {
  const data = state.data;
  const actor = playerOrThrow(state, input.actor);
  switch (input.action) {
    case "post":
      if (state.phase.kind === "day" && actor.alive) data.active[actor.id] = true;
      return;
    case "vote": {
      const target = input.targets[0] as string;
      data.voted[actor.id] = true;
      data.active[actor.id] = true;
      data.votes.push({ voter: actor.id, target, void: false });
      return;
    }
    case "choose_don":
      data.donChoice[clanOf(actor)] = input.targets[0] as string;
      return;
    case "leave":
      data.leaves.push(actor.id);
      return;
    default: {
      const slot = slotOf(actor.role, input.action);
      const orders = (data.orders[actor.id] ??= {});
      const existing = orders[slot];
      orders[slot] = {
        action: input.action,
        targets: [...input.targets],
        executor: input.params.executor ?? null,
        seq: existing ? existing.seq : data.seq++,
        changed: existing !== undefined,
      };
    }
  }
}

export const actions: Record<string, ActionDefinition<ClassicState>> = Object.fromEntries(
  Object.keys(SPECS).map((id) => [
    id,
    defineAction<ClassicState, z.ZodType<ActionParams>>({
      params: Object.hasOwn(PARAMS, id) ? PARAMS[id as keyof typeof PARAMS] : noParams,
      validate: validateAction,
      apply: applyAction,
    }),
  ]),
);

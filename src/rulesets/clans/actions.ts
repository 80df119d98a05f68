import { z } from "zod";
import { addStatus, hasStatus } from "../../engine/helpers.js";
import type { ActionDefinition } from "../../engine/ruleset.js";
import type { ActionInput, JsonObject, Rejection } from "../../engine/types.js";
import { emitEvent } from "./output.js";
import { reject } from "./rejections.js";
import {
  CLANS,
  type CheckKind,
  type Clan,
  type ClansPlayer,
  type ClansState,
  getPlayer,
  GUESS_ROLES,
  type NightAction,
  openSlots,
  roleSlots,
  type Side,
  SLOT_OF,
} from "./state.js";

type Def = ActionDefinition<ClansState>;
const params = (shape: z.core.$ZodLooseShape) => z.looseObject(shape) as unknown as z.ZodType<JsonObject>;

/** Which roles give which night action (§4.1); `meet` is by status, see roleSlots. */
const ACTION_ROLE: Record<NightAction, string | null> = {
  kill: "boss",
  recruit: "boss",
  protect: "scout",
  check: "scout",
  heal: "doctor",
  shoot: "shooter",
  meet: null,
};
const SELF_ALLOWED: ReadonlySet<NightAction> = new Set(["protect", "heal"]);

function actorOf(state: ClansState, input: ActionInput): ClansPlayer | undefined {
  return getPlayer(state, input.actor);
}

/** The shared checks of every night order, in the order of §4.4. */
export function validateNight(state: ClansState, input: ActionInput, action: NightAction): Rejection | null {
  const actor = actorOf(state, input);
  if (!actor) return reject("not_in_game");
  if (!actor.alive) return reject("actor_dead");
  if (state.phase.kind !== "night") return reject("wrong_phase");
  const slot = SLOT_OF[action];
  const role = ACTION_ROLE[action];
  if (role !== null && actor.role !== role) return reject("not_your_role");
  if (!roleSlots(state, actor).includes(slot)) return reject("not_your_role");
  if (!openSlots(state, actor).includes(slot)) return reject("slot_taken");
  if (input.targets.length !== 1) return reject("bad_targets");
  const target = getPlayer(state, input.targets[0] as string);
  if (!target) return reject("unknown_target");
  if (target.id === actor.id && !SELF_ALLOWED.has(action)) return reject("target_self");
  if (!target.alive) return reject("target_dead");
  if (action === "protect" && state.data.lastProtect[actor.id] === target.id) return reject("repeat_protect");
  if (action === "heal" && state.data.lastHeal[actor.id] === target.id) return reject("repeat_heal");
  return null;
}

function applyNight(state: ClansState, input: ActionInput, action: NightAction): void {
  const actor = actorOf(state, input) as ClansPlayer;
  const slot = SLOT_OF[action];
  const p = input.params;
  const guessClan = action === "kill" || action === "recruit" ? (p["guess_clan"] as Clan) : null;
  state.data.orders.push({
    actor: actor.id,
    action,
    slot,
    target: input.targets[0] as string,
    guessClan,
    guessRole: action === "recruit" ? (p["guess_role"] as string) : null,
    number: action === "recruit" ? (p["number"] as number) : null,
    check: action === "check" ? (p["check"] as CheckKind) : null,
  });
  (state.data.filled[actor.id] ??= []).push(slot);
}

function nightAction(action: NightAction, shape: z.core.$ZodLooseShape = {}): Def {
  return {
    params: params(shape),
    validate: (state, input) => validateNight(state, input, action),
    apply: (state, input) => applyNight(state, input, action),
  };
}

const clanParam = z.enum(CLANS);

const pass: Def = {
  params: params({}),
  validate(state, input) {
    const actor = actorOf(state, input);
    if (!actor) return reject("not_in_game");
    if (!actor.alive) return reject("actor_dead");
    if (state.phase.kind !== "night") return reject("wrong_phase");
    if (input.targets.length !== 0) return reject("bad_targets");
    if (openSlots(state, actor).length === 0) return reject("nothing_to_pass");
    return null;
  },
  apply(state, input) {
    const actor = actorOf(state, input) as ClansPlayer;
    (state.data.filled[actor.id] ??= []).push(...openSlots(state, actor));
  },
};

/**
 * The dead chat is free (§10.3: "the dead chat is not counted"; §10.1: "no post limit"): a post
 * or an edit there neither counts against the limit nor is refused to a muted dead player.
 * Posts that name no chat (scenarios) are the game channel's or the clan chat's.
 */
function inDeadChat(input: ActionInput): boolean {
  return input.params["chat"] === "dead";
}

/** `post`: living players' posts count for activity (day); dead players' against the limit (§10.3). */
const post: Def = {
  params: params({}),
  validate(state, input) {
    const actor = actorOf(state, input);
    if (!actor) return reject("not_in_game");
    if (input.targets.length !== 0) return reject("bad_targets");
    if (!actor.alive && hasStatus(actor, "dead_muted") && !inDeadChat(input)) return reject("muted");
    return null;
  },
  apply(state, input) {
    const actor = actorOf(state, input) as ClansPlayer;
    if (!actor.alive && inDeadChat(input)) return;
    if (actor.alive) {
      if (state.phase.kind === "day" && !state.data.posted.includes(actor.id))
        state.data.posted.push(actor.id);
      return;
    }
    const count = (state.data.deadPosts[actor.id] ?? 0) + 1;
    state.data.deadPosts[actor.id] = count;
    if (count > state.options.dead_post_limit) muteDead(state, actor, "limit");
  },
};

function muteDead(state: ClansState, actor: ClansPlayer, reason: "limit" | "edit"): void {
  addStatus(actor, "dead_muted");
  emitEvent(state, "dead_post_removed", { player: actor.id, reason });
}

const editPost: Def = {
  params: params({}),
  validate(state, input) {
    const actor = actorOf(state, input);
    if (!actor) return reject("not_in_game");
    if (input.targets.length !== 0) return reject("bad_targets");
    if (!actor.alive && hasStatus(actor, "dead_muted") && !inDeadChat(input)) return reject("muted");
    return null;
  },
  apply(state, input) {
    const actor = actorOf(state, input) as ClansPlayer;
    if (!actor.alive && !inDeadChat(input)) muteDead(state, actor, "edit");
  },
};

/** The side of a vote: the `side` param, "against" by default (§4.2). */
export function voteSide(given: unknown): Side {
  return given === "for" ? "for" : "against";
}

const vote: Def = {
  params: params({ side: z.enum(["against", "for"]).default("against") }),
  validate(state, input) {
    const actor = actorOf(state, input);
    if (!actor) return reject("not_in_game");
    if (!actor.alive) return reject("actor_dead");
    if (state.phase.kind !== "day") return reject("wrong_phase");
    if (input.targets.length !== 1) return reject("bad_targets");
    const target = getPlayer(state, input.targets[0] as string);
    if (!target) return reject("unknown_target");
    const side = voteSide(input.params["side"]);
    if (state.data.votes.some((v) => v.voter === actor.id && v.side === side)) return reject("vote_cast");
    if (side === "for" && target.id === actor.id) return reject("vote_for_self");
    if (!target.alive) return reject("target_dead");
    return null;
  },
  apply(state, input) {
    const side = voteSide(input.params["side"]);
    state.data.votes.push({ voter: input.actor, target: input.targets[0] as string, side });
  },
};

export const actions: Record<string, Def> = {
  kill: nightAction("kill", { guess_clan: clanParam }),
  recruit: nightAction("recruit", {
    guess_role: z.enum(GUESS_ROLES),
    guess_clan: clanParam,
    number: z.number().int().min(1).max(99),
  }),
  protect: nightAction("protect"),
  check: nightAction("check", { check: z.enum(["recruited", "clan_role"]) }),
  heal: nightAction("heal"),
  shoot: nightAction("shoot"),
  meet: nightAction("meet"),
  pass,
  post,
  edit_post: editPost,
  vote,
};

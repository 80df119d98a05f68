import { z } from "zod";
import { addStatus, emitEvent, findPlayer, hasStatus, playerOrThrow } from "../../engine/helpers.js";
import { type ActionDefinition, type ParsedInput, defineAction } from "../../engine/ruleset.js";
import type { ActionInput, Rejection } from "../../engine/types.js";
import { reject } from "./rejections.js";
import {
  CLANS,
  type ClansPlayer,
  type ClansState,
  GUESS_ROLES,
  type NightAction,
  openSlots,
  roleSlots,
  type Side,
  SLOT_OF,
} from "./state.js";

const clanParam = z.enum(CLANS);
const noParams = z.looseObject({});

/** The params of the night orders that take any (§4.1): the guesses, the number, the kind of check. */
const NIGHT_PARAMS = {
  kill: z.looseObject({ guess_clan: clanParam }),
  recruit: z.looseObject({
    guess_role: z.enum(GUESS_ROLES),
    guess_clan: clanParam,
    number: z.number().int().min(1).max(99),
  }),
  check: z.looseObject({ check: z.enum(["recruited", "clan_role"]) }),
};
type NightParams = Partial<
  z.output<typeof NIGHT_PARAMS.kill> &
    z.output<typeof NIGHT_PARAMS.recruit> &
    z.output<typeof NIGHT_PARAMS.check>
>;

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

/** The shared checks of every night order, in the order of §4.4. */
export function validateNight(
  state: ClansState,
  input: Pick<ActionInput, "actor" | "targets">,
  action: NightAction,
): Rejection | null {
  const actor = findPlayer(state, input.actor);
  if (!actor) return reject("not_in_game");
  if (!actor.alive) return reject("actor_dead");
  if (state.phase.kind !== "night") return reject("wrong_phase");
  const slot = SLOT_OF[action];
  const role = ACTION_ROLE[action];
  if (role !== null && actor.role !== role) return reject("not_your_role");
  if (!roleSlots(state, actor).includes(slot)) return reject("not_your_role");
  if (!openSlots(state, actor).includes(slot)) return reject("slot_taken");
  if (input.targets.length !== 1) return reject("bad_targets");
  const target = findPlayer(state, input.targets[0] as string);
  if (!target) return reject("unknown_target");
  if (target.id === actor.id && !SELF_ALLOWED.has(action)) return reject("target_self");
  if (!target.alive) return reject("target_dead");
  if (action === "protect" && state.data.lastProtect[actor.id] === target.id) return reject("repeat_protect");
  if (action === "heal" && state.data.lastHeal[actor.id] === target.id) return reject("repeat_heal");
  return null;
}

/** Records a night order; its schema has made the params its action needs present. */
function applyNight(
  state: ClansState,
  input: ParsedInput<ActionInput, NightParams>,
  action: NightAction,
): void {
  const actor = playerOrThrow(state, input.actor);
  const slot = SLOT_OF[action];
  const { guess_clan: guessClan, guess_role: guessRole, number, check } = input.params;
  state.data.orders.push({
    actor: actor.id,
    action,
    slot,
    target: input.targets[0] as string,
    guessClan: action === "kill" || action === "recruit" ? (guessClan ?? null) : null,
    guessRole: action === "recruit" ? (guessRole ?? null) : null,
    number: action === "recruit" ? (number ?? null) : null,
    check: action === "check" ? (check ?? null) : null,
  });
  (state.data.filled[actor.id] ??= []).push(slot);
}

function nightAction(action: NightAction): ActionDefinition<ClansState> {
  const params: z.ZodType<NightParams> =
    action === "kill" || action === "recruit" || action === "check" ? NIGHT_PARAMS[action] : noParams;
  return defineAction<ClansState, typeof params>({
    params,
    validate: (state, input) => validateNight(state, input, action),
    apply: (state, input) => applyNight(state, input, action),
  });
}

const pass = defineAction<ClansState, typeof noParams>({
  params: noParams,
  validate(state, input) {
    const actor = findPlayer(state, input.actor);
    if (!actor) return reject("not_in_game");
    if (!actor.alive) return reject("actor_dead");
    if (state.phase.kind !== "night") return reject("wrong_phase");
    if (input.targets.length !== 0) return reject("bad_targets");
    if (openSlots(state, actor).length === 0) return reject("nothing_to_pass");
    return null;
  },
  apply(state, input) {
    const actor = playerOrThrow(state, input.actor);
    (state.data.filled[actor.id] ??= []).push(...openSlots(state, actor));
  },
});

/**
 * The dead chat is free (§10.3: "the dead chat is not counted"; §10.1: "no post limit"): a post
 * or an edit there neither counts against the limit nor is refused to a muted dead player.
 * Posts that name no chat (scenarios) are the game channel's or the clan chat's.
 */
function inDeadChat(input: { params: Record<string, unknown> }): boolean {
  return input.params["chat"] === "dead";
}

/** A post or an edit of one: by a seat, naming no target; a muted dead player's only in the dead chat. */
function validatePost(state: ClansState, input: ActionInput): Rejection | null {
  const actor = findPlayer(state, input.actor);
  if (!actor) return reject("not_in_game");
  if (input.targets.length !== 0) return reject("bad_targets");
  if (!actor.alive && hasStatus(actor, "dead_muted") && !inDeadChat(input)) return reject("muted");
  return null;
}

/** `post`: living players' posts count for activity (day); dead players' against the limit (§10.3). */
const post = defineAction<ClansState, typeof noParams>({
  params: noParams,
  validate: validatePost,
  apply(state, input) {
    const actor = playerOrThrow(state, input.actor);
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
});

function muteDead(state: ClansState, actor: ClansPlayer, reason: "limit" | "edit"): void {
  addStatus(actor, "dead_muted");
  emitEvent(state, "dead_post_removed", { player: actor.id, reason });
}

const editPost = defineAction<ClansState, typeof noParams>({
  params: noParams,
  validate: validatePost,
  apply(state, input) {
    const actor = playerOrThrow(state, input.actor);
    if (!actor.alive && !inDeadChat(input)) muteDead(state, actor, "edit");
  },
});

/** The side of a vote: the `side` param, "against" by default (§4.2). */
export function voteSide(given: unknown): Side {
  return given === "for" ? "for" : "against";
}

const voteParams = z.looseObject({ side: z.enum(["against", "for"]).default("against") });

const vote = defineAction<ClansState, typeof voteParams>({
  params: voteParams,
  validate(state, input) {
    const actor = findPlayer(state, input.actor);
    if (!actor) return reject("not_in_game");
    if (!actor.alive) return reject("actor_dead");
    if (state.phase.kind !== "day") return reject("wrong_phase");
    if (input.targets.length !== 1) return reject("bad_targets");
    const target = findPlayer(state, input.targets[0] as string);
    if (!target) return reject("unknown_target");
    const side = voteSide(input.params.side);
    if (state.data.votes.some((v) => v.voter === actor.id && v.side === side)) return reject("vote_cast");
    if (side === "for" && target.id === actor.id) return reject("vote_for_self");
    if (!target.alive) return reject("target_dead");
    return null;
  },
  apply(state, input) {
    const side = voteSide(input.params.side);
    state.data.votes.push({ voter: input.actor, target: input.targets[0] as string, side });
  },
});

export const actions: Record<string, ActionDefinition<ClansState>> = {
  kill: nightAction("kill"),
  recruit: nightAction("recruit"),
  protect: nightAction("protect"),
  check: nightAction("check"),
  heal: nightAction("heal"),
  shoot: nightAction("shoot"),
  meet: nightAction("meet"),
  pass,
  post,
  edit_post: editPost,
  vote,
};

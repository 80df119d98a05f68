import { type ActionDefinition, defineAction } from "../../engine/ruleset.js";
import { emitEvent, findPlayer, playerOrThrow } from "../../engine/helpers.js";
import type { PlayerId, Rejection } from "../../engine/types.js";
import { appearanceActions } from "./appearances.js";
import { appointmentActions } from "./appointments.js";
import { armyActions } from "./armies.js";
import { attackActions } from "./attacks.js";
import { abroad, detained, free, underground } from "./characters.js";
import { isUndergroundChat, reconcile } from "./chats.js";
import { detentionActions } from "./detention.js";
import { interrogationActions } from "./interrogation.js";
import { investigationActions } from "./investigation.js";
import { mailActions } from "./mail.js";
import { ORCHIUM_COST, orderActions } from "./orders.js";
import { palaceActions } from "./palace.js";
import { ensureStarted, started } from "./phase.js";
import { recruitmentActions } from "./recruitment.js";
import { reject } from "./rejections.js";
import {
  type ActionSpec,
  type InputOf,
  newOrder,
  normalize,
  type ParamsSchema,
  type Targets,
} from "./spec.js";
import { ARMY_CHAT, type RPlayer, type RState } from "./state.js";
import { statusActions } from "./statuses.js";
import { theftActions } from "./theft.js";
import { travelActions } from "./travel.js";
import { warrantActions } from "./warrants.js";

/** Player actions (§5): the dispatch table, in the rules file's order (the orders panel's), and the checks
 * every action passes (§5.13 power functions, §3.4 orchium). Each mechanic's rules are in its own file. */

export const POWER_FUNCTIONS = [
  "appoint_director",
  "request_warrant",
  "grant_warrant",
  "deny_warrant",
  "ksb_derecruit",
  "ksb_accuse",
  "ksb_release",
  "ksb_mail_check",
  "ksb_detain",
  "embezzle",
  "conscript",
  "move_troops",
  "units_defend",
  "units_attack",
  "sign_peace",
];

const COMMAND_ORDERS = ["conscript", "move_troops", "units_defend", "units_attack", "sign_peace"];

/**
 * A row of the dispatch table: the engine's definition (params parsed by the action's schema, then
 * the checks every action passes and the action's own) and what the orders panel asks of it.
 */
export interface RegnumAction {
  targets: Targets;
  definition: ActionDefinition<RState>;
  /** Targets availableActions tries (default: every player). */
  candidates(state: RState, actor: RPlayer): string[];
  /** Whether `actor` may give this action now with these targets and its default params. */
  offered(state: RState, actor: PlayerId, targets: string[]): boolean;
}

const playersOnly = (state: RState) => state.players.map((p) => p.id);

/**
 * An action's targets as the rules read them. Seats named by appearance (`@A3`, as the Discord
 * layer names them under appearances) are resolved to their occupants; a target that stands for a
 * param (`take_appearance`'s appearance) is the appearance itself, `@` dropped — resolving it to a
 * seat made every `take_appearance` given through Discord fail as an unknown appearance.
 */
function targetsOf<Input extends { targets: string[] }>(
  state: RState,
  input: Input,
  spec: { targets: Targets },
): Input {
  if (spec.targets !== "param") return normalize(state, input);
  return { ...input, targets: input.targets.map((t) => (t.startsWith("@") ? t.slice(1) : t)) };
}

function define<Schema extends ParamsSchema>(id: string, spec: ActionSpec<Schema>): RegnumAction {
  const defaults = spec.params.safeParse({});
  return {
    targets: spec.targets,
    definition: defineAction<RState, Schema>({
      params: spec.params,
      validate: (state, input) => {
        const startedState = started(state);
        return validateOn(startedState, targetsOf(startedState, input, spec), spec);
      },
      apply: (state, input) => {
        ensureStarted(state);
        applyAction(state, targetsOf(state, input, spec), spec);
      },
    }),
    candidates: (state, actor) => (spec.candidates ? spec.candidates(state, actor) : playersOnly(state)),
    offered: (state, actor, targets) =>
      defaults.success &&
      validateOn(state, { actor, action: id, targets, params: defaults.data }, spec) === null,
  };
}

export const ACTIONS: Record<string, RegnumAction> = {
  // ------------------------------------------------------------ §5.1 KSB
  ksb_check: define("ksb_check", investigationActions.ksb_check),
  ksb_surveil: define("ksb_surveil", investigationActions.ksb_surveil),
  ksb_identify: define("ksb_identify", investigationActions.ksb_identify),
  ksb_interrogate: define("ksb_interrogate", interrogationActions.ksb_interrogate),
  ksb_guard: define("ksb_guard", investigationActions.ksb_guard),
  ksb_derecruit: define("ksb_derecruit", recruitmentActions.ksb_derecruit),
  ksb_accuse: define("ksb_accuse", investigationActions.ksb_accuse),
  ksb_release: define("ksb_release", detentionActions.ksb_release),
  request_warrant: define("request_warrant", warrantActions.request_warrant),
  grant_warrant: define("grant_warrant", warrantActions.grant_warrant),
  deny_warrant: define("deny_warrant", warrantActions.deny_warrant),
  ksb_search: define("ksb_search", investigationActions.ksb_search),
  ksb_mail_check: define("ksb_mail_check", investigationActions.ksb_mail_check),
  ksb_detain: define("ksb_detain", detentionActions.ksb_detain),
  // ------------------------------------------------------------ §5.1.1 interrogation
  ask: define("ask", interrogationActions.ask),
  answer: define("answer", interrogationActions.answer),
  end_interrogation: define("end_interrogation", interrogationActions.end_interrogation),
  // ------------------------------------------------------------ §5.2 Detective
  det_check: define("det_check", investigationActions.det_check),
  det_surveil: define("det_surveil", investigationActions.det_surveil),
  det_identify: define("det_identify", investigationActions.det_identify),
  det_interrogate: define("det_interrogate", interrogationActions.det_interrogate),
  det_accuse: define("det_accuse", investigationActions.det_accuse),
  // ------------------------------------------------------------ §5.4 Thief
  rob: define("rob", theftActions.rob),
  steal: define("steal", theftActions.steal),
  embezzle: define("embezzle", theftActions.embezzle),
  // ------------------------------------------------------------ §5.5 appearances, the Order, the Director
  take_appearance: define("take_appearance", appearanceActions.take_appearance),
  vote_magister: define("vote_magister", appointmentActions.vote_magister),
  recruit: define("recruit", recruitmentActions.recruit),
  exclude_from_ozd: define("exclude_from_ozd", recruitmentActions.exclude_from_ozd),
  appoint_director: define("appoint_director", appointmentActions.appoint_director),
  // ------------------------------------------------------------ §5.6 Assassin
  assassin_surveil: define("assassin_surveil", investigationActions.assassin_surveil),
  assassin_attack: define("assassin_attack", attackActions.assassin_attack),
  // ------------------------------------------------------------ §5.7 Rainbow Baron
  palace_invite: define("palace_invite", palaceActions.palace_invite),
  palace_accept: define("palace_accept", palaceActions.palace_accept),
  palace_decline: define("palace_decline", palaceActions.palace_decline),
  palace_request: define("palace_request", palaceActions.palace_request),
  palace_admit: define("palace_admit", palaceActions.palace_admit),
  palace_leave: define("palace_leave", palaceActions.palace_leave),
  palace_force: define("palace_force", palaceActions.palace_force),
  baron_protect: define("baron_protect", attackActions.baron_protect),
  baron_showdown: define("baron_showdown", attackActions.baron_showdown),
  // ------------------------------------------------------------ §5.9 military
  fight: define("fight", armyActions.fight),
  conscript: define("conscript", armyActions.conscript),
  move_troops: define("move_troops", armyActions.move_troops),
  units_defend: define("units_defend", armyActions.units_defend),
  units_attack: define("units_attack", armyActions.units_attack),
  sign_peace: define("sign_peace", armyActions.sign_peace),
  desert: define("desert", armyActions.desert),
  // ------------------------------------------------------------ §5.10 statuses
  go_underground: define("go_underground", statusActions.go_underground),
  leave_underground: define("leave_underground", statusActions.leave_underground),
  go_abroad: define("go_abroad", travelActions.go_abroad),
  travel: define("travel", travelActions.travel),
  // ------------------------------------------------------------ §5.11 mail
  send_letter: define("send_letter", mailActions.send_letter),
  send_parcel: define("send_parcel", mailActions.send_parcel),
  transfer: define("transfer", mailActions.transfer),
  // ------------------------------------------------------------ §5.12 other
  advocate_release: define("advocate_release", detentionActions.advocate_release),
  order: define("order", orderActions.order),
};

/** The checks every action passes, then its own (`who`), on a started state. */
function validateOn<Schema extends ParamsSchema>(
  state: RState,
  input: InputOf<Schema>,
  spec: ActionSpec<Schema>,
): Rejection | null {
  const actor = findPlayer(state, input.actor);
  if (!actor) return reject("unknown_player", "unknownPlayer");
  if (!actor.alive) return reject("dead_actor", "deadActor");
  if (!free(actor) && !spec.allowDetained)
    return reject("detained_actor", detained(actor) ? "detainedActor" : "neutralizedActor");
  // targets
  if (spec.targets === "one") {
    if (input.targets.length !== 1) return reject("one_target", "oneTarget");
    const target = findPlayer(state, input.targets[0] as string);
    if (!target) return reject("unknown_target", "unknownTargetId", { target: input.targets[0] ?? "" });
    if (target.id === actor.id && !spec.selfOk && spec.kind === "move")
      return reject("self_target", "selfTarget");
    if (target.id === actor.id && !spec.selfOk && spec.kind === "free")
      return reject("self_target", "selfTarget");
  } else if (spec.targets === "none") {
    if (input.targets.length > 0 && input.action !== "order") return reject("no_targets", "noTargets");
    if (input.action === "order" && input.targets.some((t) => !findPlayer(state, t)))
      return reject("unknown_target", "unknownTarget");
  } else if (input.targets.length > 1) return reject("one_target", "atMostOneTarget");
  // power functions (§5.13, R18)
  if (POWER_FUNCTIONS.includes(input.action)) {
    if (abroad(actor)) return reject("power_abroad", "powerAbroad");
    if (underground(actor)) {
      const army = spec.army?.(state, actor, input);
      const chat = army ? ARMY_CHAT[army] : undefined;
      const exempt =
        COMMAND_ORDERS.includes(input.action) && chat !== undefined && isUndergroundChat(state, chat);
      if (!exempt) return reject("power_underground", "powerUnderground");
    }
  }
  const who = spec.who(state, actor, input);
  if (who) return who;
  // orchium costs (§3.4)
  const cost = ORCHIUM_COST[input.action] ?? 0;
  if (cost > 0) {
    const mine = state.data.orders.filter((order) => order.actor === actor.id);
    const replaced = mine.length >= state.options.movesPerPhase ? mine[0] : undefined;
    const committed = mine
      .filter((order) => order !== replaced)
      .reduce((sum, order) => sum + (ORCHIUM_COST[order.action] ?? 0), 0);
    if (actor.orchium < cost + committed) return reject("no_orchium", "noOrchium");
  }
  return null;
}

function applyAction<Schema extends ParamsSchema>(
  state: RState,
  input: InputOf<Schema>,
  spec: ActionSpec<Schema>,
): void {
  const actor = playerOrThrow(state, input.actor);
  if (spec.kind === "move") {
    const mine = state.data.orders.filter((order) => order.actor === actor.id);
    if (mine.length >= state.options.movesPerPhase && mine[0]) {
      const old = mine[0];
      state.data.orders = state.data.orders.filter((order) => order !== old);
      emitEvent(state, "order_replaced", { actor: actor.id, action: old.action });
    }
    state.data.orders.push(newOrder(state, actor, input));
  } else {
    spec.run?.(state, actor, input);
  }
  reconcile(state);
}

export function actionDefinitions(): Record<string, ActionDefinition<RState>> {
  return Object.fromEntries(Object.entries(ACTIONS).map(([id, row]) => [id, row.definition]));
}

import { z } from "zod";
import { defineGmAction, type GmActionDefinition } from "../../engine/ruleset.js";
import { emitPrivate, emitPublic, findPlayer, replaceGmAction } from "../../engine/helpers.js";
import { appearanceGmActions } from "./appearances.js";
import { armyGmActions } from "./armies.js";
import { characterGmActions } from "./characters.js";
import { chatGmActions, reconcile } from "./chats.js";
import { deathGmActions } from "./death.js";
import { courtGmActions } from "./detention.js";
import { investigationGmActions } from "./investigation.js";
import { optionsSchema } from "./options.js";
import { orderGmActions } from "./orders.js";
import { ensureStarted } from "./phase.js";
import { postGmActions } from "./posts.js";
import { reject } from "./rejections.js";
import { roleGmActions } from "./setup.js";
import {
  gmAction,
  type GmSpec,
  idParam,
  normalize,
  type ParamsSchema,
  paramsOf,
  targetPlayers,
} from "./spec.js";
import { type RState, RULESET, SEASONS } from "./state.js";
import { statusGmActions } from "./statuses.js";
import { travelGmActions } from "./travel.js";
import { treasuryGmActions } from "./treasury.js";
import { unitGmActions } from "./units.js";
import { warrantGmActions } from "./warrants.js";
import { winGmActions } from "./win.js";

/**
 * GM actions (§10): the table of every GM action, each in the file of its mechanic, and the general
 * ones (the season, the options, the deadline, what the GM says). Never rejected for rule reasons
 * (R1): only malformed input is refused.
 */

/** The season, the options, the deadline and the GM's words. */
const generalGmActions = {
  set_season: gmAction(paramsOf({ season: z.enum(SEASONS) }), {
    targets: "none",
    run(state, input) {
      state.options = { ...state.options, season: input.params.season };
    },
  }),
  set_option: gmAction(paramsOf({ key: idParam, value: z.unknown() }), {
    targets: "none",
    check(state, input) {
      const key = input.params.key;
      if (!Object.hasOwn(state.options, key))
        return reject("unknown_option", "unknownOption", { option: key });
      const next = optionsSchema.safeParse({ ...state.options, [key]: input.params.value });
      return next.success ? null : reject("bad_option", "badOption", { option: key });
    },
    run(state, input) {
      const parsed = optionsSchema.parse({
        ...state.options,
        [input.params.key]: input.params.value,
      });
      state.options = parsed;
      if (input.params.key === "inquisitionActive") state.data.inquisitionActive = parsed.inquisitionActive;
    },
  }),
  set_deadline: gmAction(paramsOf({ hours: z.number().positive() }), {
    targets: "none",
    run(state, input) {
      state.data.deadlineHours = input.params.hours;
    },
  }),
  announce: gmAction(paramsOf({ text: z.string() }), {
    targets: "none",
    run: (state, input) => emitPublic(state, "announce", { text: input.params.text }),
  }),
  tell: gmAction(paramsOf({ text: z.string() }), {
    targets: "some",
    run(state, input) {
      for (const p of targetPlayers(state, input))
        emitPrivate(state, p.id, "notice", { about: "gm", text: input.params.text });
    },
  }),
};

/** The checks every GM action passes (its targets), then its own; the phase starts before it and the chats follow it. */
function define<Schema extends ParamsSchema>(spec: GmSpec<Schema>): GmActionDefinition<RState> {
  return defineGmAction<RState, Schema>({
    params: spec.params,
    validate(state, raw) {
      const input = normalize(state, raw);
      if (spec.targets === "some" && input.targets.length === 0) return reject("gm_targets", "gmNoTargets");
      if (spec.targets !== "none")
        for (const t of input.targets)
          if (!findPlayer(state, t)) return reject("gm_unknown_target", "gmUnknownPlayer", { player: t });
      return spec.check?.(state, input) ?? null;
    },
    apply(state, raw) {
      ensureStarted(state);
      spec.run(state, normalize(state, raw));
      if (!state.ended) reconcile(state);
    },
  });
}

/** Every GM action of regnum, each defined with the checks above. */
const GM_ACTIONS: Record<string, GmActionDefinition<RState>> = {
  set_role: define(roleGmActions.set_role),
  set_type: define(roleGmActions.set_type),
  set_faction: define(characterGmActions.set_faction),
  set_group: define(characterGmActions.set_group),
  set_post: define(postGmActions.set_post),
  set_power: define(characterGmActions.set_power),
  set_difficulty: define(characterGmActions.set_difficulty),
  set_status: define(statusGmActions.set_status),
  clear_status: define(statusGmActions.clear_status),
  kill: define(deathGmActions.kill),
  modkill: define(deathGmActions.modkill),
  revive: define(deathGmActions.revive),
  move: define(travelGmActions.move),
  give: define(treasuryGmActions.give),
  take: define(treasuryGmActions.take),
  set_appearance: define(appearanceGmActions.set_appearance),
  learn_appearance: define(appearanceGmActions.learn_appearance),
  set_visa: define(travelGmActions.set_visa),
  set_border: define(travelGmActions.set_border),
  set_relation: define(travelGmActions.set_relation),
  set_war: define(armyGmActions.set_war),
  set_alliance: define(armyGmActions.set_alliance),
  enlist: define(armyGmActions.enlist),
  create_units: define(unitGmActions.create_units),
  remove_units: define(unitGmActions.remove_units),
  move_units: define(unitGmActions.move_units),
  grant_warrant: define(warrantGmActions.grant_warrant),
  deny_warrant: define(warrantGmActions.deny_warrant),
  court_verdict: define(courtGmActions.court_verdict),
  resolve_order: define(orderGmActions.resolve_order),
  override: define(orderGmActions.override),
  grant_chat: define(chatGmActions.grant_chat),
  revoke_chat: define(chatGmActions.revoke_chat),
  reset_chat: define(chatGmActions.reset_chat),
  open_chat: define(chatGmActions.open_chat),
  close_chat: define(chatGmActions.close_chat),
  reset_schedule: define(chatGmActions.reset_schedule),
  set_inquisition: define(investigationGmActions.set_inquisition),
  set_season: define(generalGmActions.set_season),
  set_option: define(generalGmActions.set_option),
  set_deadline: define(generalGmActions.set_deadline),
  pay_benefit: define(treasuryGmActions.pay_benefit),
  charge: define(treasuryGmActions.charge),
  set_treasury: define(treasuryGmActions.set_treasury),
  case_entry: define(investigationGmActions.case_entry),
  announce: define(generalGmActions.announce),
  tell: define(generalGmActions.tell),
  set_reward: define(winGmActions.set_reward),
  end_game: define(winGmActions.end_game),
};

export function gmDefinitions(): Record<string, GmActionDefinition<RState>> {
  return { ...GM_ACTIONS, replace: replaceGmAction<RState>(RULESET) };
}

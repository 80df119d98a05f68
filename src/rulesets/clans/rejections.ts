import { rejection } from "../../engine/helpers.js";
import type { Rejection } from "../../engine/types.js";
import { RULESET_ID } from "./state.js";

/** §4.4: every rejection id with its reason text. */
export const REASONS = {
  actor_dead: "dead players cannot act",
  wrong_phase: "this action is not available in this phase",
  not_your_role: "the actor's current role has no such action",
  target_dead: "the target is not alive",
  target_self: "this action cannot target yourself",
  slot_taken: "this order was already given this night",
  repeat_protect: "a scout cannot protect the same player two nights running",
  repeat_heal: "a doctor cannot heal the same player two nights running",
  nothing_to_pass: "no open slot to pass",
  vote_cast: "you already voted this side today (no edits)",
  vote_for_self: 'you cannot vote "за" yourself',
  muted: "a dead player who lost the right to post",
  // Shape errors the engine cannot turn into exit 2 (see the final report / DECISIONS.md).
  bad_targets: "wrong number of targets",
  unknown_target: "unknown player id",
  not_in_game: "the player is not in this game",
} as const;

export type ReasonId = keyof typeof REASONS;

export function reject(id: ReasonId): Rejection {
  return rejection(RULESET_ID, id, `${REASONS[id]} (${id})`);
}

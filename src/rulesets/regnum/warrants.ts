import { z } from "zod";
import { emitEvent, playerOrThrow } from "../../engine/helpers.js";
import type { ActionInput, PlayerId } from "../../engine/types.js";
import { notice, sendResult } from "./characters.js";
import type { GmSpec } from "./gm.js";
import { acts } from "./posts.js";
import { reject } from "./rejections.js";
import { type ActionSpec, director, obj, withParams } from "./spec.js";
import type { RPlayer, RState, Warrant } from "./state.js";

/** Warrants (§2.11, §5.1.2): the Director's request, the Supreme Judge's decision and their use by a measure. */

function warrantFor(state: RState, measure: string, targetId: string) {
  return state.data.warrants.find(
    (warrant) => warrant.measure === measure && warrant.target === targetId && warrant.status === "granted",
  );
}

export const needWarrant = (measure: string) => (state: RState, _a: RPlayer, input: ActionInput) =>
  warrantFor(state, measure, input.targets[0] ?? "") ? null : reject("no_warrant", "noWarrant", { measure });

function pendingWarrant(state: RState, input: ActionInput) {
  const req = input.params["request"];
  const measure = input.params["measure"];
  return state.data.warrants.find(
    (warrant) =>
      warrant.status === "pending" &&
      (typeof req === "string"
        ? warrant.id === req
        : warrant.target === input.targets[0] && (measure === undefined || warrant.measure === measure)),
  );
}

export function decideWarrant(state: RState, input: ActionInput, status: "granted" | "denied"): void {
  const warrant = pendingWarrant(state, input);
  if (!warrant) return;
  warrant.status = status;
  emitEvent(state, status === "granted" ? "warrant_granted" : "warrant_denied", { id: warrant.id });
  if (warrant.requester)
    notice(state, warrant.requester, status === "granted" ? "warrant_granted" : "warrant_denied", {
      warrant: warrant.id,
      measure: warrant.measure,
    });
}

/** A measure taken under a granted warrant uses it up. */
export function useWarrant(state: RState, measure: Warrant["measure"], targetId: PlayerId): void {
  const warrant = warrantFor(state, measure, targetId);
  if (warrant) warrant.status = "used";
}

/** The Supreme Judge grants or denies a pending request (§5.1.2). */
function judgeDecision(status: "granted" | "denied"): ActionSpec {
  return {
    kind: "free",
    targets: "one",
    selfOk: true,
    params: obj({
      measure: z.enum(["search", "mail_check", "detain"]).optional(),
      request: z.string().optional(),
    }),
    who: (state, actor, input) => {
      if (!acts(state, actor, "supreme_judge")) return reject("not_judge", "notJudge");
      return pendingWarrant(state, input) ? null : reject("no_request", "noRequest");
    },
    run: (state, _actor, input) => decideWarrant(state, input, status),
  };
}

/** §5.1.2: request, grant and deny. */
export const warrantActions = {
  request_warrant: withParams(
    { measure: z.enum(["search", "mail_check", "detain"]).default("detain") },
    {
      kind: "free",
      targets: "one",
      selfOk: true,
      who: director,
      run(state, actor, input) {
        const measure = input.params.measure;
        const id = `w${state.data.warrants.length + 1}`;
        const target = input.targets[0] as string;
        state.data.warrants.push({ id, measure, target, requester: actor.id, status: "pending" });
        emitEvent(state, "warrant_requested", { id, measure, target });
        sendResult(state, actor.id, "request_warrant", target, "requested", { warrant: id });
        const judge = state.players.find((p) => acts(state, p, "supreme_judge"));
        if (judge)
          notice(state, judge.id, "warrant_request", {
            warrant: id,
            measure,
            targetAppearance: playerOrThrow(state, target).currentAppearance,
          });
      },
    },
  ),
  grant_warrant: judgeDecision("granted"),
  deny_warrant: judgeDecision("denied"),
} satisfies Record<string, ActionSpec>;

/** The GM grants or denies a warrant (D11: with no request, granting creates one). */
export const warrantGmActions = {
  grant_warrant: {
    params: obj({
      measure: z.enum(["search", "mail_check", "detain"]).optional(),
      request: z.string().optional(),
    }),
    targets: "any",
    run(state, input) {
      const before = state.data.warrants.filter((warrant) => warrant.status === "pending").length;
      decideWarrant(
        state,
        { actor: "gm", action: "grant_warrant", targets: input.targets, params: input.params },
        "granted",
      );
      const after = state.data.warrants.filter((warrant) => warrant.status === "pending").length;
      if (before === after && input.targets[0] && typeof input.params["measure"] === "string") {
        const id = `w${state.data.warrants.length + 1}`;
        state.data.warrants.push({
          id,
          measure: input.params["measure"] as "search",
          target: input.targets[0],
          requester: null,
          status: "granted",
        });
        emitEvent(state, "warrant_granted", { id });
      }
    },
  },
  deny_warrant: {
    params: obj({
      measure: z.enum(["search", "mail_check", "detain"]).optional(),
      request: z.string().optional(),
    }),
    targets: "any",
    run: (state, input) =>
      decideWarrant(
        state,
        { actor: "gm", action: "deny_warrant", targets: input.targets, params: input.params },
        "denied",
      ),
  },
} satisfies Record<string, GmSpec>;

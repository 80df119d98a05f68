import { z } from "zod";
import { emitEvent, playerOrThrow } from "../../engine/helpers.js";
import type { ActionInput, PlayerId } from "../../engine/types.js";
import { notice, sendResult } from "./characters.js";
import { acts, director } from "./posts.js";
import { reject } from "./rejections.js";
import { gmAction, paramsOf, playerAction } from "./spec.js";
import type { RPlayer, RState, Warrant } from "./state.js";

/** Warrants (§2.11, §5.1.2): the Director's request, the Supreme Judge's decision and their use by a measure. */

function warrantFor(state: RState, measure: string, targetId: string) {
  return state.data.warrants.find(
    (warrant) => warrant.measure === measure && warrant.target === targetId && warrant.status === "granted",
  );
}

export const needWarrant = (measure: string) => (state: RState, _a: RPlayer, input: ActionInput) =>
  warrantFor(state, measure, input.targets[0] ?? "") ? null : reject("no_warrant", "noWarrant", { measure });

const MEASURES = ["search", "mail_check", "detain"] as const;

/** A decision on a pending request: the one named, else the target's (of that measure, if named). */
const warrantDecision = paramsOf({
  measure: z.enum(MEASURES).optional(),
  request: z.string().optional(),
});

type WarrantDecision = { targets: string[]; params: z.output<typeof warrantDecision> };

function pendingWarrant(state: RState, input: WarrantDecision) {
  const { request: req, measure } = input.params;
  return state.data.warrants.find(
    (warrant) =>
      warrant.status === "pending" &&
      (req !== undefined
        ? warrant.id === req
        : warrant.target === input.targets[0] && (measure === undefined || warrant.measure === measure)),
  );
}

export function decideWarrant(state: RState, input: WarrantDecision, status: "granted" | "denied"): void {
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
function judgeDecision(status: "granted" | "denied") {
  return playerAction(warrantDecision, {
    kind: "free",
    targets: "one",
    selfOk: true,
    who: (state, actor, input) => {
      if (!acts(state, actor, "supreme_judge")) return reject("not_judge", "notJudge");
      return pendingWarrant(state, input) ? null : reject("no_request", "noRequest");
    },
    run: (state, _actor, input) => decideWarrant(state, input, status),
  });
}

/** §5.1.2: request, grant and deny. */
export const warrantActions = {
  request_warrant: playerAction(paramsOf({ measure: z.enum(MEASURES).default("detain") }), {
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
  }),
  grant_warrant: judgeDecision("granted"),
  deny_warrant: judgeDecision("denied"),
};

/** The GM grants or denies a warrant (D11: with no request, granting creates one). */
export const warrantGmActions = {
  grant_warrant: gmAction(warrantDecision, {
    targets: "any",
    run(state, input) {
      const before = state.data.warrants.filter((warrant) => warrant.status === "pending").length;
      decideWarrant(state, input, "granted");
      const after = state.data.warrants.filter((warrant) => warrant.status === "pending").length;
      const measure = input.params.measure;
      if (before === after && input.targets[0] && measure !== undefined) {
        const id = `w${state.data.warrants.length + 1}`;
        state.data.warrants.push({
          id,
          measure,
          target: input.targets[0],
          requester: null,
          status: "granted",
        });
        emitEvent(state, "warrant_granted", { id });
      }
    },
  }),
  deny_warrant: gmAction(warrantDecision, {
    targets: "any",
    run: (state, input) => decideWarrant(state, input, "denied"),
  }),
};

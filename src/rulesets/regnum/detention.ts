import { z } from "zod";
import { emitEvent, emitPublic, findPlayer, playerOrThrow } from "../../engine/helpers.js";
import { defenders } from "./armies.js";
import { stealthAvoids } from "./attacks.js";
import { detained, free, hasRole, notice, sendResult, setStatus } from "./characters.js";
import { kill, neutralize } from "./death.js";
import { caseEntry } from "./investigation.js";
import { cancel, ordersOf, orderTarget } from "./orders.js";
import { director } from "./posts.js";
import { reject } from "./rejections.js";
import { both, gmAction, noParams, paramsOf, playerAction, targetPlayers } from "./spec.js";
import type { RPlayer, RState } from "./state.js";
import { setStatusByGm, statusGate } from "./statuses.js";
import { needWarrant } from "./warrants.js";

/** Detention, wanted status and release (§7): the KSB's detention and release, the advocate's release (step 8). */

/** Detention and the two releases. */
export const detentionActions = {
  ksb_release: playerAction(noParams, { kind: "move", targets: "one", who: director }),
  ksb_detain: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: both(director, needWarrant("detain")),
  }),
  // ------------------------------------------------------------ §5.12 other
  advocate_release: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: (_s, actor) =>
      hasRole(actor, "advocate") || hasRole(actor, "devils_advocate")
        ? null
        : reject("not_advocate", "notAdvocate"),
  }),
};

export function declareWanted(state: RState, player: RPlayer, by: string): void {
  const was = player.statuses.includes("wanted");
  setStatus(player, "wanted", true);
  player.wantedBy = by;
  if (!was) {
    emitEvent(state, "wanted", { player: player.id, by });
    emitPublic(state, "wanted", { appearance: player.currentAppearance });
    notice(state, player.id, "wanted", {});
  }
}

/** Step 8. */
export function resolveDetentions(state: RState): void {
  const before = new Set(state.players.filter((p) => detained(p)).map((p) => p.id));
  for (const order of ordersOf(state, "ksb_detain", "ksb_release", "advocate_release").sort(
    (a, b) => a.seq - b.seq,
  )) {
    const actor = playerOrThrow(state, order.actor);
    if (!free(actor)) continue;
    const target = orderTarget(state, order);
    if (!target) continue;
    if (order.action === "ksb_detain") {
      let r = statusGate(actor, target, "detain");
      if (r === "wanted") declareWanted(state, target, "ksb");
      if (!r && defenders(state, target).length > 0) {
        r = "protected";
        declareWanted(state, target, "ksb");
      }
      if (!r && detained(target)) r = "already";
      if (!r && stealthAvoids(state, target)) r = "avoided";
      if (!r) {
        r = "detained";
        setStatus(target, "detained", true);
        setStatus(target, "wanted", false);
        target.detainedBy = "ksb";
        target.detainedAt = state.data.phaseIndex;
        target.wantedBy = null;
        emitEvent(state, "detained", { player: target.id, by: "ksb" });
        notice(state, target.id, "detained", {});
        const warrant = state.data.warrants.find(
          (x) => x.measure === "detain" && x.target === target.id && x.status === "granted",
        );
        if (warrant) warrant.status = "used";
      }
      sendResult(state, actor.id, order.action, target.id, r);
      caseEntry(state, "ksb", order.action, actor.id, target.id, r);
    } else if (order.action === "ksb_release") {
      if (detained(target) && target.detainedBy === "ksb" && target.alive) {
        release(state, target, "ksb", false);
        sendResult(state, actor.id, order.action, target.id, "released");
      } else sendResult(state, actor.id, order.action, target.id, "failed");
      caseEntry(state, "ksb", order.action, actor.id, target.id, detained(target) ? "failed" : "released");
    } else {
      if (!detained(target) || !target.alive) sendResult(state, actor.id, order.action, target.id, "failed");
      else if (state.data.phaseIndex - (target.detainedAt ?? 0) >= 2 * state.options.advocateReleaseSutki) {
        release(state, target, "advocate", true);
        sendResult(state, actor.id, order.action, target.id, "released");
      } else sendResult(state, actor.id, order.action, target.id, "too_early");
    }
  }
  // later-step orders of characters detained here are cancelled
  for (const order of [...state.data.orders, ...state.data.freeOrders]) {
    const p = findPlayer(state, order.actor);
    if (p && detained(p) && !before.has(p.id) && !state.data.scratch.cancelled.includes(order.seq))
      cancel(state, order);
  }
}

export function release(state: RState, target: RPlayer, by: string, wanted: boolean): void {
  setStatus(target, "detained", false);
  target.detainedBy = null;
  target.detainedAt = null;
  emitEvent(state, "released", { player: target.id, by, wanted });
  notice(state, target.id, "released", {});
  if (wanted) declareWanted(state, target, by === "advocate" ? "state" : by);
  else {
    setStatus(target, "wanted", false);
    target.wantedBy = null;
  }
}

/** The court's verdict, carried out by the GM (§10). */
export const courtGmActions = {
  court_verdict: gmAction(
    paramsOf({
      outcome: z.enum(["acquitted", "fine", "other", "imprisonment", "death"]),
      treasury: z.string().optional(),
      neutralize: z.boolean().default(false),
    }),
    {
      targets: "some",
      run(state, input) {
        const outcome = input.params.outcome;
        for (const player of targetPlayers(state, input)) {
          emitEvent(state, "verdict", { player: player.id, outcome });
          if (outcome === "death")
            kill(state, player.id, "execution", {
              treasury: input.params.treasury ?? null,
            });
          else if (outcome === "imprisonment") {
            if (!player.statuses.includes("detained"))
              setStatusByGm(state, player, "detained", true, "court");
            if (input.params.neutralize) neutralize(state, player.id, true);
          } else if (player.statuses.includes("detained")) release(state, player, "court", false);
        }
      },
    },
  ),
};

import { z } from "zod";
import { emitEvent, emitPublic, findPlayer, playerOrThrow } from "../../engine/helpers.js";
import type { Json, JsonObject, PlayerId } from "../../engine/types.js";
import {
  abroad,
  dead,
  detained,
  free,
  hasRole,
  needRole,
  notice,
  phaseLabelOf,
  sendResult,
  underground,
} from "./characters.js";
import { openInterrogation } from "./interrogation.js";
import { live, ordersOf, orderTarget } from "./orders.js";
import { actingPosts, director } from "./posts.js";
import { reject } from "./rejections.js";
import { both, gmAction, noParams, paramsOf, playerAction } from "./spec.js";
import type { RPlayer, RState } from "./state.js";
import { statusGate } from "./statuses.js";
import { needWarrant } from "./warrants.js";

/**
 * Investigation (§5.1, §5.2, §5.6 surveillance): checks, surveillance, guard, identification,
 * search, mail check and accusation, resolved at step 6 into the results and the case file.
 */

/** An accusation names the article of the law it invokes. */
const accusation = paramsOf({ article: z.string().default("") });

/** The KSB's, the Detective's and the Assassin's information moves. */
export const investigationActions = {
  // ------------------------------------------------------------ §5.1 KSB
  ksb_check: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: needRole("ksb_agent", "onlyKsbAgent"),
  }),
  ksb_surveil: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: needRole("ksb_agent", "onlyKsbAgent"),
  }),
  ksb_identify: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: needRole("ksb_agent", "onlyKsbAgent"),
  }),
  ksb_guard: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: needRole("ksb_agent", "onlyKsbAgent"),
  }),
  ksb_accuse: playerAction(accusation, {
    kind: "move",
    targets: "one",
    who: director,
  }),
  ksb_search: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: both(
      (_s, actor) =>
        hasRole(actor, "ksb_agent") || hasRole(actor, "expert")
          ? null
          : reject("not_searcher", "notSearcher"),
      needWarrant("search"),
    ),
  }),
  ksb_mail_check: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: both(director, needWarrant("mail_check")),
  }),
  // ------------------------------------------------------------ §5.2 Detective
  det_check: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: needRole("detective", "onlyDetective"),
  }),
  det_surveil: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: needRole("detective", "onlyDetective"),
  }),
  det_identify: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: needRole("detective", "onlyDetective"),
  }),
  det_accuse: playerAction(accusation, {
    kind: "move",
    targets: "one",
    who: needRole("detective", "onlyDetective"),
  }),
  // ------------------------------------------------------------ §5.6 Assassin
  assassin_surveil: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: needRole("assassin", "onlyAssassin"),
  }),
};

export function suspicious(target: RPlayer): boolean {
  return (
    target.faction === "ozd" ||
    hasRole(target, "assassin") ||
    hasRole(target, "rainbow_baron") ||
    underground(target) ||
    abroad(target)
  );
}

/** The target's move this phase, as surveillance sees it. */
function observedMove(state: RState, target: RPlayer): Json {
  if (detained(target)) return null;
  const order = live(state).find((x) => x.actor === target.id);
  if (!order) return null;
  return {
    action: order.action,
    targets: order.targets.map((id) => findPlayer(state, id)?.currentAppearance ?? id),
  };
}

function identify(state: RState, actor: RPlayer, target: RPlayer): { result: string; data: JsonObject } {
  if (dead(target)) {
    const deathRecord = target.deathRecord;
    if (!deathRecord || deathRecord.location !== actor.location) return { result: "failed", data: {} };
    if (deathRecord.body === "unidentifiable") return { result: "unidentifiable", data: {} };
    if (deathRecord.body === "unavailable") return { result: "unavailable", data: {} };
    return { result: "ok", data: { appearance: deathRecord.appearance } };
  }
  const gate = statusGate(actor, target, "personal");
  if (gate) return { result: gate, data: {} };
  if (!detained(target)) return { result: "invalid", data: {} };
  return { result: "ok", data: { appearance: target.currentAppearance } };
}

/** Step 6. */
export function resolveInformation(state: RState): void {
  const INFO = [
    "ksb_check",
    "det_check",
    "ksb_surveil",
    "det_surveil",
    "assassin_surveil",
    "ksb_guard",
    "ksb_identify",
    "det_identify",
    "ksb_search",
    "ksb_mail_check",
    "ksb_interrogate",
    "det_interrogate",
  ];
  const orders = ordersOf(state, ...INFO, "ksb_accuse", "det_accuse");
  // surveillance outcomes first (det_surveil watchers need all of them)
  const surveilResult = new Map<number, string | null>();
  for (const order of orders) {
    if (!["ksb_surveil", "det_surveil", "assassin_surveil"].includes(order.action)) continue;
    const target = orderTarget(state, order);
    if (target) surveilResult.set(order.seq, statusGate(playerOrThrow(state, order.actor), target, "info"));
  }
  const searchDone = new Set<string>();
  for (const order of orders) {
    const actor = playerOrThrow(state, order.actor);
    const target = orderTarget(state, order);
    if (!target) continue;
    const source = order.action.startsWith("det_") ? "detective" : "ksb";
    const toCase = order.action !== "assassin_surveil";
    const out = (result: string, data: JsonObject = {}) => {
      sendResult(state, actor.id, order.action, target.id, result, data);
      if (toCase) caseEntry(state, source, order.action, actor.id, target.id, result, data);
    };
    switch (order.action) {
      case "ksb_check":
      case "det_check": {
        if (dead(target)) out("failed");
        else
          out(statusGate(actor, target, "check") ?? (suspicious(target) ? "suspicious" : "not_suspicious"));
        break;
      }
      case "ksb_surveil":
      case "assassin_surveil":
      case "det_surveil":
      case "ksb_guard": {
        const gate =
          order.action === "ksb_guard"
            ? statusGate(actor, target, "info")
            : (surveilResult.get(order.seq) ?? null);
        if (gate) {
          out(gate);
          break;
        }
        const data: JsonObject = { move: observedMove(state, target) };
        if (order.action === "ksb_surveil" || order.action === "assassin_surveil")
          data["appearance"] = target.currentAppearance;
        if (order.action === "det_surveil") {
          data["watchers"] = orders
            .filter(
              (x) =>
                x.seq !== order.seq &&
                x.targets[0] === target.id &&
                surveilResult.get(x.seq) === null &&
                x.actor !== actor.id,
            )
            .map((x) => playerOrThrow(state, x.actor).currentAppearance);
        }
        if (order.action === "ksb_guard")
          state.data.scratch.guards.push({ guard: actor.id, target: target.id });
        out("ok", data);
        break;
      }
      case "ksb_identify":
      case "det_identify": {
        const identified = identify(state, actor, target);
        out(identified.result, identified.data);
        break;
      }
      case "ksb_search": {
        const gate = statusGate(actor, target, "info");
        if (gate) {
          out(gate);
          break;
        }
        const group = orders.filter((x) => x.action === "ksb_search" && x.targets[0] === target.id);
        const agent = group.some((x) => hasRole(playerOrThrow(state, x.actor), "ksb_agent"));
        const expert = group.some((x) => hasRole(playerOrThrow(state, x.actor), "expert"));
        if (!agent || !expert) {
          out("incomplete");
          break;
        }
        out("ok", {
          apparent: target.currentAppearance,
          true: target.appearance,
          roles: [target.role, ...target.roles],
          inventory: {
            crowns: target.crowns,
            items: [...target.items],
            orchium: target.orchium,
            resources: target.resources,
          },
        });
        if (!searchDone.has(target.id)) {
          searchDone.add(target.id);
          notice(state, target.id, "searched", {});
          const warrant = state.data.warrants.find(
            (x) => x.measure === "search" && x.target === target.id && x.status === "granted",
          );
          if (warrant) warrant.status = "used";
        }
        break;
      }
      case "ksb_mail_check": {
        if (dead(target)) {
          out("failed");
          break;
        }
        const mail = state.data.mail
          .filter((m) => m.from === target.id || m.to === target.id)
          .map((m) => ({
            from: m.from,
            to: m.to,
            kind: m.kind,
            text: m.text,
            crowns: m.crowns,
            items: m.items,
            phase: m.phase,
          }));
        out("ok", { mail });
        const warrant = state.data.warrants.find(
          (x) => x.measure === "mail_check" && x.target === target.id && x.status === "granted",
        );
        if (warrant) warrant.status = "used";
        break;
      }
      case "ksb_interrogate":
      case "det_interrogate":
        openInterrogation(state, order, actor, target, out);
        break;
      case "ksb_accuse":
      case "det_accuse": {
        if (dead(target)) {
          out("failed");
          break;
        }
        const { article } = accusation.parse(order.params);
        out("done", { article });
        emitEvent(state, "accusation", { by: actor.id, target: target.id, article });
        emitPublic(state, "accusation", { appearance: target.currentAppearance, article });
        break;
      }
    }
  }
}

export function caseEntry(
  state: RState,
  source: string,
  action: string,
  actor: PlayerId | null,
  target: PlayerId | null,
  result: string,
  data: JsonObject = {},
): void {
  const entryNumber = state.data.caseFile.length + 1;
  state.data.caseFile.push({
    n: entryNumber,
    phase: phaseLabelOf(state),
    source,
    action,
    actor,
    target,
    result,
    data,
  });
  emitEvent(state, "case_entry", { n: entryNumber, source, action, actor, target, result });
}

export function canReadCaseFile(state: RState, player: RPlayer): boolean {
  if (!free(player) || underground(player) || abroad(player)) return false;
  const acting = actingPosts(state, player);
  if (hasRole(player, "ksb_agent") || hasRole(player, "detective")) return true;
  if (acting.includes("director") || acting.includes("supreme_judge") || acting.includes("judge"))
    return true;
  const inq = player.faction === "inquisition" || player.groups.includes("inquisition");
  return inq && state.data.inquisitionActive;
}

/** The GM activates the Inquisition's reading of the case file and writes in it (§10). */
export const investigationGmActions = {
  set_inquisition: gmAction(paramsOf({ active: z.boolean() }), {
    targets: "none",
    run(state, input) {
      state.data.inquisitionActive = input.params.active;
    },
  }),
  case_entry: gmAction(paramsOf({ source: z.string().default("gm"), text: z.string().default("") }), {
    targets: "any",
    run(state, input) {
      caseEntry(state, input.params.source, "gm_entry", null, input.targets[0] ?? null, "entry", {
        text: input.params.text,
      });
    },
  }),
};

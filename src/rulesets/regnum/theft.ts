import { z } from "zod";
import { emitEvent, playerOrThrow } from "../../engine/helpers.js";
import type { JsonObject, Rejection } from "../../engine/types.js";
import { free, learn, needRole, notice, sendResult } from "./characters.js";
import { ordersOf, orderTarget } from "./orders.js";
import { acts, isGovernmentMember } from "./posts.js";
import { reject } from "./rejections.js";
import { both, noParams, paramsOf, playerAction } from "./spec.js";
import type { Order, RPlayer, RState } from "./state.js";
import { statusGate } from "./statuses.js";
import { treasury } from "./treasury.js";

/** The Thief (§5.4; step 10): robbery, theft and embezzlement from a treasury. */

/** What a theft takes: some crowns (100 by default) or one item. */
const crownsOrItem = paramsOf({
  crowns: z.number().optional(),
  item: z.string().optional(),
});

/** Embezzlement: crowns or an item, from the thief's government's treasury or the one named. */
const embezzlement = paramsOf({
  crowns: z.number().optional(),
  item: z.string().optional(),
  treasury: z.string().optional(),
});

function stealParams(input: { params: z.output<typeof crownsOrItem> }): Rejection | null {
  const { crowns, item } = input.params;
  if (crowns !== undefined && item !== undefined) return reject("steal_params", "stealParams");
  if (crowns !== undefined && (!Number.isInteger(crowns) || crowns < 1 || crowns > 100))
    return reject("steal_crowns", "stealCrowns");
  return null;
}

/** Robbery, theft and embezzlement. */
export const theftActions = {
  // ------------------------------------------------------------ §5.4 Thief
  rob: playerAction(noParams, { kind: "move", targets: "one", who: needRole("thief", "onlyThief") }),
  steal: playerAction(crownsOrItem, {
    kind: "move",
    targets: "one",
    who: both(needRole("thief", "onlyThief"), (_s, _a, input) => stealParams(input)),
  }),
  embezzle: playerAction(embezzlement, {
    kind: "move",
    targets: "none",
    who: both(needRole("thief", "onlyThief"), (state, actor, input) =>
      isGovernmentMember(state, actor) ? stealParams(input) : reject("not_government", "notGovernment"),
    ),
  }),
};

function takeGoods(
  state: RState,
  order: Order,
  from: { crowns: number; items: string[] },
  thief: RPlayer,
): { crowns?: number; item?: string | null } {
  const { crowns, item } = crownsOrItem.parse(order.params);
  if (item !== undefined) {
    const index = from.items.indexOf(item);
    if (index < 0) return { item: null };
    from.items.splice(index, 1);
    thief.items.push(item);
    return { item };
  }
  const want = crowns ?? 100;
  const got = Math.min(want, from.crowns);
  from.crowns -= got;
  thief.crowns += got;
  return { crowns: got };
}

/** Step 10. */
export function resolveTheft(state: RState): void {
  for (const order of ordersOf(state, "rob", "steal", "embezzle")) {
    const actor = playerOrThrow(state, order.actor);
    if (!free(actor)) continue;
    if (order.action === "embezzle") {
      const government = isGovernmentMember(state, actor);
      const treasuryId =
        embezzlement.parse(order.params).treasury ?? government ?? state.options.defaultTreasury;
      const got = takeGoods(state, order, treasury(state, treasuryId), actor);
      emitEvent(state, "embezzled", { thief: actor.id, treasury: treasuryId });
      sendResult(state, actor.id, order.action, null, "ok", got as JsonObject);
      continue;
    }
    const target = orderTarget(state, order);
    if (!target) continue;
    const gate = statusGate(actor, target, "personal");
    if (gate) {
      sendResult(state, actor.id, order.action, target.id, gate);
      continue;
    }
    if (order.action === "rob") {
      if (acts(state, target, "king")) {
        sendResult(state, actor.id, order.action, target.id, "failed");
        continue;
      }
      const taken = {
        crowns: target.crowns,
        items: [...target.items],
        orchium: target.orchium,
        resources: target.resources,
      };
      actor.crowns += target.crowns;
      actor.items.push(...target.items);
      actor.orchium += target.orchium;
      actor.resources += target.resources;
      target.crowns = 0;
      target.items = [];
      target.orchium = 0;
      target.resources = 0;
      notice(state, target.id, "robbed", { by: actor.currentAppearance });
      learn(target, actor.currentAppearance);
      emitEvent(state, "robbed", { thief: actor.id, target: target.id });
      sendResult(state, actor.id, order.action, target.id, "ok", taken);
    } else {
      const got = takeGoods(state, order, target, actor);
      emitEvent(state, "stolen", { thief: actor.id, target: target.id, ...(got as JsonObject) });
      sendResult(state, actor.id, order.action, target.id, "ok", got as JsonObject);
    }
  }
}

import { z } from "zod";
import { emitEvent, playerOrThrow } from "../../engine/helpers.js";
import { abroad, free, sendResult, setStatus, underground } from "./characters.js";
import { ordersOf } from "./orders.js";
import { palaceLeave } from "./palace.js";
import { reject } from "./rejections.js";
import { arg, paramsOf, playerAction } from "./spec.js";
import { COUNTRIES, FOREIGN_COUNTRIES, pairKey, type RPlayer, type RState } from "./state.js";

/** Going abroad and travelling between countries (§2.8, §5.10; step 16). */

/** The country a journey goes to, named in the params or as the target. */
const destination = paramsOf({ country: z.string().optional() });

/** Going abroad and travelling on. */
export const travelActions = {
  go_abroad: playerAction(destination, {
    kind: "move",
    targets: "param",
    param: "country",
    who(_s, actor, input) {
      if (abroad(actor)) return reject("already_abroad", "alreadyAbroad");
      const c = arg(input, "country");
      return c && (FOREIGN_COUNTRIES as readonly string[]).includes(c)
        ? null
        : reject("bad_country", "foreignCountryNeeded");
    },
    candidates: () => [...FOREIGN_COUNTRIES],
  }),
  travel: playerAction(destination, {
    kind: "move",
    targets: "param",
    param: "country",
    who(_s, actor, input) {
      if (!abroad(actor)) return reject("not_abroad", "notAbroad");
      const c = arg(input, "country");
      return c && (COUNTRIES as readonly string[]).includes(c) && c !== actor.location
        ? null
        : reject("bad_country", "otherCountryNeeded");
    },
    candidates: () => [...COUNTRIES],
  }),
};

/** Step 16. */
export function resolveTravel(state: RState): void {
  for (const order of ordersOf(state, "go_abroad", "travel")) {
    const actor = playerOrThrow(state, order.actor);
    if (!free(actor)) continue;
    const to = destination.parse(order.params).country ?? (order.targets[0] as string);
    const from = actor.location;
    let fail: string | null = null;
    if (border(state, from, to) !== "open") fail = "Граница закрыта.";
    else if (to !== "regnum" && relation(state, from, to) !== "allied" && !actor.visas.includes(to))
      fail = "Нет союза или визы.";
    if (fail) {
      emitEvent(state, "travel_failed", { player: actor.id });
      sendResult(state, actor.id, order.action, null, "failed", { country: to }, fail);
      continue;
    }
    actor.location = to;
    if (underground(actor)) {
      setStatus(actor, "underground", false);
      emitEvent(state, "underground", { player: actor.id, on: false });
    }
    if (to === "regnum") emitEvent(state, "returned", { player: actor.id });
    else {
      emitEvent(state, "abroad", { player: actor.id, country: to });
      palaceLeave(state, actor.id);
    }
    sendResult(state, actor.id, order.action, null, "ok", { country: to });
  }
}

export const relation = (state: RState, a: string, b: string) =>
  state.data.relations[pairKey(a, b)] ?? "neutral";

export const border = (state: RState, a: string, b: string) => state.data.borders[pairKey(a, b)] ?? "open";

export const inEnemyCountry = (state: RState, p: RPlayer) =>
  abroad(p) && relation(state, "regnum", p.location) === "enemy";

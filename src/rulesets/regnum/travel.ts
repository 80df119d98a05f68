import { z } from "zod";
import { emitEvent, playerOrThrow } from "../../engine/helpers.js";
import { abroad, free, type ResultReason, sendResult, setStatus, underground } from "./characters.js";
import { ordersOf } from "./orders.js";
import { palaceLeave } from "./palace.js";
import { reject } from "./rejections.js";
import { arg, gmAction, paramsOf, playerAction, ruleDeviation, targetPlayers } from "./spec.js";
import { COUNTRIES, FOREIGN_COUNTRIES, pairKey, type RPlayer, type RState } from "./state.js";
import { unitAllowed } from "./units.js";

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
      const country = arg(input, "country");
      return country && (FOREIGN_COUNTRIES as readonly string[]).includes(country)
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
      const country = arg(input, "country");
      return country && (COUNTRIES as readonly string[]).includes(country) && country !== actor.location
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
    let fail: ResultReason | null = null;
    if (border(state, from, to) !== "open") fail = "border_closed";
    else if (to !== "regnum" && relation(state, from, to) !== "allied" && !actor.visas.includes(to))
      fail = "no_alliance_or_visa";
    if (fail) {
      emitEvent(state, "travel_failed", { player: actor.id });
      sendResult(state, actor.id, order.action, null, "failed", { country: to }, { reason: fail });
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

/** The GM moves characters and units between countries and sets visas, borders and relations (§10). */
export const travelGmActions = {
  move: gmAction(paramsOf({ country: z.enum(COUNTRIES), units: z.array(z.string()).optional() }), {
    targets: "any",
    check: (_s, input) =>
      input.targets.length === 0 && !Array.isArray(input.params.units)
        ? reject("gm_targets", "gmTargets")
        : null,
    run(state, input) {
      const country = input.params.country;
      const unitIds = input.params.units ?? [];
      for (const unit of state.data.units)
        if (unitIds.includes(unit.id)) {
          if (!unitAllowed(state, unit.type, country))
            ruleDeviation(state, "move", `${unit.type} is not allowed in ${country}`);
          unit.location = country;
          unit.inTransitTo = null;
        }
      for (const player of targetPlayers(state, input)) {
        if (player.location === country) continue;
        player.location = country;
        if (country === "regnum") emitEvent(state, "returned", { player: player.id });
        else {
          if (underground(player)) {
            setStatus(player, "underground", false);
            emitEvent(state, "underground", { player: player.id, on: false });
          }
          emitEvent(state, "abroad", { player: player.id, country });
          palaceLeave(state, player.id);
        }
      }
    },
  }),
  set_visa: gmAction(paramsOf({ country: z.enum(COUNTRIES), on: z.boolean().default(true) }), {
    targets: "some",
    run(state, input) {
      const country = input.params.country;
      for (const player of targetPlayers(state, input))
        player.visas = input.params.on
          ? [...new Set([...player.visas, country])]
          : player.visas.filter((visa) => visa !== country);
    },
  }),
  set_border: gmAction(
    paramsOf({ countries: z.tuple([z.enum(COUNTRIES), z.enum(COUNTRIES)]), open: z.boolean() }),
    {
      targets: "none",
      run(state, input) {
        const [first, second] = input.params.countries;
        state.data.borders[pairKey(first, second)] = input.params.open ? "open" : "closed";
      },
    },
  ),
  set_relation: gmAction(
    paramsOf({
      countries: z.tuple([z.enum(COUNTRIES), z.enum(COUNTRIES)]),
      relation: z.enum(["allied", "neutral", "enemy"]),
    }),
    {
      targets: "none",
      run(state, input) {
        const [first, second] = input.params.countries;
        state.data.relations[pairKey(first, second)] = input.params.relation;
      },
    },
  ),
};

import { z } from "zod";
import { emitEvent, playerOrThrow } from "../../engine/helpers.js";
import type { PlayerId } from "../../engine/types.js";
import { free, knownAppearances, needRole, present, sendResult } from "./characters.js";
import { ordersOf } from "./orders.js";
import { reject } from "./rejections.js";
import { arg, both, gmAction, paramsOf, playerAction, targetPlayers } from "./spec.js";
import type { RState } from "./state.js";

/** Appearances and doubles (§2.6, §2.7, §5.5): an elder takes an appearance (step 17), places go to their occupants (step 18). */

/** The appearance taken, named in the params or as the target. */
const appearanceChoice = paramsOf({ appearance: z.string().optional() });

/** An elder adept takes a known appearance. */
export const appearanceActions = {
  // ------------------------------------------------------------ §5.5 appearances, the Order, the Director
  take_appearance: playerAction(appearanceChoice, {
    kind: "move",
    targets: "param",
    param: "appearance",
    who: both(needRole("elder_adept", "onlyElderAdept"), (state, actor, input) => {
      const appearance = arg(input, "appearance");
      return appearance && knownAppearances(state, actor).includes(appearance)
        ? null
        : reject("unknown_appearance", "unknownAppearance");
    }),
    candidates: (state, actor) => knownAppearances(state, actor),
  }),
};

/** Step 17. */
export function resolveAppearanceChanges(state: RState): void {
  for (const order of ordersOf(state, "take_appearance")) {
    const actor = playerOrThrow(state, order.actor);
    if (!free(actor)) continue;
    const appearance = appearanceChoice.parse(order.params).appearance ?? (order.targets[0] as string);
    actor.currentAppearance = appearance;
    emitEvent(state, "appearance_changed", { player: actor.id, appearance: appearance });
    sendResult(state, actor.id, order.action, null, "ok", { appearance: appearance });
  }
}

/** Step 18. */
export function doublesOccupancy(state: RState): void {
  for (const owner of state.players) {
    const A = owner.appearance;
    const current = state.data.occupant[A] ?? null;
    const doubles = state.players.filter((d) => d.id !== owner.id && d.currentAppearance === A);
    const displaced = owner.currentAppearance !== A || !present(owner);
    const mayReturn =
      !displaced && doubles.filter((d) => d.difficulty > owner.difficulty).every((d) => !present(d));
    const presentDoubles = doubles.filter((d) => present(d));
    const best = [...presentDoubles].sort((x, y) => x.difficulty - y.difficulty || x.seat - y.seat)[0];
    let next: PlayerId | null;
    if (current === owner.id) next = displaced ? (best?.id ?? null) : owner.id;
    else if (mayReturn) next = owner.id;
    else if (current !== null && presentDoubles.some((d) => d.id === current)) next = current;
    else next = best?.id ?? null;
    if (next === current) continue;
    state.data.occupant[A] = next;
    if (next === null) emitEvent(state, "place_vacated", { place: A, owner: owner.id });
    else if (next === owner.id) emitEvent(state, "double_returned", { place: A, owner: owner.id });
    else emitEvent(state, "double_replaced", { place: A, owner: owner.id, by: next });
  }
}

/** The GM changes a character's appearance or tells him one (§10). */
export const appearanceGmActions = {
  set_appearance: gmAction(paramsOf({ appearance: z.string().min(1) }), {
    targets: "some",
    run(state, input) {
      for (const player of targetPlayers(state, input)) {
        player.currentAppearance = input.params.appearance;
        emitEvent(state, "appearance_changed", { player: player.id, appearance: player.currentAppearance });
      }
    },
  }),
  learn_appearance: gmAction(paramsOf({ appearance: z.string().min(1) }), {
    targets: "some",
    run(state, input) {
      for (const player of targetPlayers(state, input))
        if (!player.knownAppearances.includes(input.params.appearance))
          player.knownAppearances.push(input.params.appearance);
    },
  }),
};

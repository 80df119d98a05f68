import { z } from "zod";
import { emitEvent, findPlayer, playerOrThrow } from "../../engine/helpers.js";
import type { JsonObject, PlayerId } from "../../engine/types.js";
import { free, sendResult } from "./characters.js";
import { ensureStarted } from "./phase.js";
import { reject } from "./rejections.js";
import { anyone, gmAction, idParam, paramsOf, playerAction } from "./spec.js";
import { COUNTRIES, isCountry, type Order, type Override, type RState } from "./state.js";

/**
 * Orders (§3.4): the moves and free orders of a phase as the resolution sees them; step 1
 * (orders of unable actors cancelled, orchium paid) and the free-form order to the GM (§5.12).
 */

export const ORCHIUM_COST: Record<string, number> = {
  recruit: 1,
  palace_force: 1,
  baron_protect: 1,
  baron_showdown: 1,
};

export const live = (state: RState) =>
  state.data.orders.filter((order) => !state.data.scratch.cancelled.includes(order.seq));

export const ordersOf = (state: RState, ...actions: string[]) =>
  live(state).filter((order) => actions.includes(order.action));

export const freeOf = (state: RState, ...actions: string[]) =>
  state.data.freeOrders.filter(
    (order) => actions.includes(order.action) && !state.data.scratch.cancelled.includes(order.seq),
  );

export const orderTarget = (state: RState, order: Order) => findPlayer(state, order.targets[0] ?? "");

export const cancel = (state: RState, order: Order) => state.data.scratch.cancelled.push(order.seq);

/** The GM's override of the rules' outcome for this phase (§10): its kind and what it needs. */
export const overrideParams = paramsOf({
  kind: z.enum([
    "cancel_order",
    "force_result",
    "protect",
    "battle_result",
    "no_battle",
    "capture",
    "no_capture",
  ]),
  actor: z.string().optional(),
  result: z.string().optional(),
  text: z.string().optional(),
  targets: z.array(z.string()).optional(),
  country: z.enum(COUNTRIES).optional(),
  army: z.string().optional(),
  destroy: z.array(z.string()).optional(),
});

/** An override's params as the GM gave them (`protect`'s targets included). */
export const overrideOf = (override: Override) => overrideParams.parse(override.params);

/** Step 1. */
export function cancelUnableOrders(state: RState): void {
  ensureStarted(state);
  const scratch = state.data.scratch;
  for (const override of state.data.overrides) {
    const given = overrideOf(override);
    if (override.kind === "cancel_order" || override.kind === "force_result") {
      const actor = given.actor;
      const mine = state.data.orders.filter((order) => order.actor === actor);
      for (const order of mine) cancel(state, order);
      for (const order of state.data.freeOrders.filter((x) => x.actor === actor)) cancel(state, order);
      if (override.kind === "force_result" && typeof actor === "string" && findPlayer(state, actor)) {
        scratch.forced.push(actor);
        const firstOrder = mine[0];
        sendResult(
          state,
          actor,
          firstOrder?.action ?? "order",
          firstOrder?.targets[0] && findPlayer(state, firstOrder.targets[0])
            ? (firstOrder.targets[0] as string)
            : null,
          given.result ?? "done",
          {},
          { gmText: given.text },
        );
      }
    }
    if (override.kind === "protect") for (const t of given.targets ?? []) scratch.protectedTargets.push(t);
  }
  const unable = (id: PlayerId) => {
    const p = findPlayer(state, id);
    return !p || !free(p);
  };
  for (const order of [...state.data.orders, ...state.data.freeOrders])
    if (unable(order.actor) && !scratch.cancelled.includes(order.seq)) cancel(state, order);
  for (const order of live(state)) {
    const cost = ORCHIUM_COST[order.action] ?? 0;
    if (cost === 0) continue;
    const actor = playerOrThrow(state, order.actor);
    if (actor.orchium < cost) {
      cancel(state, order);
      sendResult(state, actor.id, order.action, order.targets[0] ?? null, "no_orchium");
      continue;
    }
    actor.orchium -= cost;
  }
}

/** The free-form order's text. */
const freeformOrder = paramsOf({ text: z.string().default("") });

/** The free-form order to the GM (§5.12). */
export const orderActions = {
  order: playerAction(freeformOrder, {
    kind: "move",
    targets: "none",
    who: anyone,
  }),
};

/** Step 20 (after the chat reconciliation): free-form orders wait for the GM's ruling (§5.12). */
export function queueFreeformOrders(state: RState): void {
  for (const order of live(state).filter((x) => x.action === "order")) {
    if (state.data.scratch.forced.includes(order.actor)) continue;
    state.data.pending.push({
      actor: order.actor,
      targets: order.targets,
      text: freeformOrder.parse(order.params).text,
      phase: `${state.phase.kind} ${state.phase.n}`,
    });
    emitEvent(state, "order_pending", { actor: order.actor });
  }
}

/** The GM resolves a free-form order and overrides the rules' outcome for the phase (§10). */
export const orderGmActions = {
  resolve_order: gmAction(
    paramsOf({
      actor: idParam,
      text: z.string().optional(),
      result: z.string().optional(),
      replace: z.boolean().default(false),
    }),
    {
      targets: "any",
      check: (state, input) =>
        findPlayer(state, input.params.actor) ? null : reject("unknown_actor", "unknownActor"),
      run(state, input) {
        const actor = input.params.actor;
        const result = input.params.result ?? "done";
        const text = input.params.text;
        const pendingIdx = state.data.pending.findIndex((pending) => pending.actor === actor);
        const current = state.data.orders.find((order) => order.actor === actor);
        if (current && (current.action === "order" || input.params.replace)) {
          state.data.orders = state.data.orders.filter((order) => order !== current);
          sendResult(
            state,
            actor,
            current.action,
            current.targets[0] && findPlayer(state, current.targets[0]) ? current.targets[0] : null,
            result,
            {},
            { gmText: text },
          );
        } else if (pendingIdx >= 0) {
          const pending = state.data.pending[pendingIdx];
          state.data.pending.splice(pendingIdx, 1);
          sendResult(
            state,
            actor,
            "order",
            pending?.targets[0] && findPlayer(state, pending.targets[0]) ? pending.targets[0] : null,
            result,
            {},
            { gmText: text },
          );
        } else {
          sendResult(state, actor, current?.action ?? "order", null, result, {}, { gmText: text });
        }
        emitEvent(state, "order_resolved", { actor, result });
      },
    },
  ),
  override: gmAction(overrideParams, {
    targets: "any",
    check(state, input) {
      const kind = input.params.kind;
      if (
        (kind === "cancel_order" || kind === "force_result") &&
        !findPlayer(state, String(input.params.actor ?? ""))
      )
        return reject("override_actor", "overrideActor");
      if (
        ["battle_result", "no_battle", "capture", "no_capture"].includes(kind) &&
        !isCountry(input.params.country)
      )
        return reject("override_country", "overrideCountry");
      if (kind === "capture" && typeof input.params.army !== "string")
        return reject("override_army", "overrideArmy");
      return null;
    },
    run(state, input) {
      const params: JsonObject = { ...input.params };
      if (input.params.kind === "protect")
        params["targets"] = [...(input.params.targets ?? []), ...input.targets];
      state.data.overrides.push({ kind: input.params.kind, params });
      emitEvent(state, "override", { kind: input.params.kind });
    },
  }),
};

import { z } from "zod";
import { emitEvent, findPlayer, playerOrThrow } from "../../engine/helpers.js";
import { defenders, engaged } from "./armies.js";
import { baseStrength, battleCtx, fightSides } from "./battles.js";
import { dead, free, hasRole, needRole, notice, sendResult } from "./characters.js";
import { kill } from "./death.js";
import { freeOf, ordersOf, orderTarget } from "./orders.js";
import { noParams, paramsOf, playerAction } from "./spec.js";
import type { Order, RPlayer, RState, Unit } from "./state.js";
import { removeUnits } from "./units.js";

/** Attacks (§5.6, §5.7, §5.8, §6.7): the Assassin's attack, the Baron's protection and showdown, units against a character (steps 7 and 12). */

/** What the Assassin takes from the body, when he names it. */
const assassination = paramsOf({ loot: z.string().optional() });

/** The Assassin's attack and the Baron's protection and showdown. */
export const attackActions = {
  assassin_attack: playerAction(assassination, {
    kind: "move",
    targets: "one",
    who: needRole("assassin", "onlyAssassin"),
  }),
  baron_protect: playerAction(noParams, {
    kind: "move",
    targets: "one",
    selfOk: true,
    who: needRole("rainbow_baron", "onlyRainbowBaron"),
  }),
  baron_showdown: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: needRole("rainbow_baron", "onlyRainbowBaron"),
  }),
};

export function stealthAvoids(state: RState, target: RPlayer): boolean {
  if (!hasRole(target, "assassin") || target.stealthUsed || !target.alive) return false;
  target.stealthUsed = true;
  notice(state, target.id, "danger_avoided", {});
  emitEvent(state, "danger_avoided", { player: target.id });
  return true;
}

/** Step 7. */
export function resolveProtections(state: RState): void {
  for (const order of ordersOf(state, "baron_protect")) {
    state.data.scratch.protectedTargets.push(order.targets[0] as string);
    sendResult(state, order.actor, "baron_protect", order.targets[0] ?? null, "ok");
  }
}

/** One attack on T (§5.8). Returns whether T died of it. */
function attack(state: RState, order: Order, kind: "assassin" | "units" | "showdown"): boolean {
  const actor = playerOrThrow(state, order.actor);
  const target = orderTarget(state, order);
  if (!target || dead(target)) return false;
  const cause = kind === "assassin" ? "assassin" : kind === "showdown" ? "showdown" : "units";
  const killer = actor.id;
  // Orders of other kinds may carry a `loot` kept as sent: only a named one counts.
  const named = assassination.safeParse(order.params);
  const loot = (named.success ? named.data.loot : undefined) ?? null;
  if (kind !== "showdown") {
    if (state.data.scratch.protectedTargets.includes(target.id)) {
      emitEvent(state, "attack_blocked", { player: target.id, by: "protection" });
      return false;
    }
    if (kind === "units") {
      const attackers = engaged(state, order);
      if (attackers.length === 0) return false;
      const defs = defenders(state, target);
      if (defs.length > 0) {
        const [ra, rd] = fightSides(attackers, defs, battleCtx(state, target.location));
        removeUnits(state, [...ra.destroyed, ...rd.destroyed], "defense");
        if (rd.remaining > 0 || ra.remaining === 0) {
          emitEvent(state, "attack_blocked", { player: target.id, by: "units" });
          return false;
        }
      }
    } else {
      const defs = defenders(state, target);
      if (defs.length > 0) {
        const weakest = [...defs].sort((x, y) => baseStrength(x) - baseStrength(y) || y.n - x.n)[0] as Unit;
        removeUnits(state, [weakest.id], "defense");
        emitEvent(state, "attack_blocked", { player: target.id, by: "units" });
        return false;
      }
    }
    const guard = state.data.scratch.guards.find((g) => {
      const guardPlayer = findPlayer(state, g.guard);
      return (
        g.target === target.id &&
        guardPlayer !== undefined &&
        guardPlayer.alive &&
        guardPlayer.location === target.location
      );
    });
    if (guard) {
      emitEvent(state, "guard_intercepted", { guard: guard.guard, target: target.id });
      kill(state, guard.guard, cause, { killer });
      return false;
    }
  }
  if (stealthAvoids(state, target)) return false;
  kill(state, target.id, cause, { killer, loot });
  return true;
}

/** Step 12. */
export function resolveKillings(state: RState): void {
  const orders = [
    ...ordersOf(state, "baron_showdown", "assassin_attack"),
    ...freeOf(state, "units_attack"),
  ].sort((a, b) => a.seq - b.seq);
  for (const order of orders) {
    const actor = findPlayer(state, order.actor);
    if (!actor || !free(actor)) continue;
    if (order.action === "units_attack") {
      const commander = actor;
      const ok = attack(state, order, "units");
      sendResult(state, commander.id, order.action, order.targets[0] ?? null, ok ? "ok" : "failed");
    } else {
      const ok = attack(state, order, order.action === "baron_showdown" ? "showdown" : "assassin");
      sendResult(state, actor.id, order.action, order.targets[0] ?? null, ok ? "ok" : "failed");
    }
  }
}

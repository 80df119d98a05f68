import { emitEvent, emitPublic, playerOrThrow } from "../../engine/helpers.js";
import type { PlayerId } from "../../engine/types.js";
import { abroad, free, hasRole, underground } from "./characters.js";
import { freeOf } from "./orders.js";
import { actingHolder, acts, assignPost, postVacant } from "./posts.js";
import { reject } from "./rejections.js";
import { noParams, playerAction, pushFree, targetOf } from "./spec.js";
import type { RState } from "./state.js";

/** Appointments (§5.5, R14; step 3): the Director named by the King and the President, the Magister elected by the elders. */

/** The Magister's election and the Director's appointment. */
export const appointmentActions = {
  vote_magister: playerAction(noParams, {
    kind: "free",
    targets: "one",
    selfOk: true,
    who(state, actor, input) {
      if (!hasRole(actor, "elder_adept")) return reject("not_elder", "notElder");
      if (abroad(actor)) return reject("abroad_vote", "abroadVote");
      if (!postVacant(state, "magister")) return reject("magister_held", "magisterHeld");
      const target = targetOf(state, input);
      return target.alive && hasRole(target, "elder_adept")
        ? null
        : reject("not_elder_target", "notElderTarget");
    },
    run(state, actor, input) {
      state.data.freeOrders = state.data.freeOrders.filter(
        (order) => !(order.action === "vote_magister" && order.actor === actor.id),
      );
      pushFree(state, actor, input);
    },
  }),
  appoint_director: playerAction(noParams, {
    kind: "free",
    targets: "one",
    selfOk: true,
    who(state, actor, input) {
      if (!acts(state, actor, "king") && !acts(state, actor, "president"))
        return reject("not_king_president", "notKingPresident");
      if (state.phase.kind !== "day" || state.phase.n < 2)
        return reject("too_early_director", "tooEarlyDirector");
      return hasRole(targetOf(state, input), "ksb_agent") ? null : reject("not_agent", "notAgent");
    },
    run(state, actor, input) {
      state.data.freeOrders = state.data.freeOrders.filter(
        (order) => !(order.action === "appoint_director" && order.actor === actor.id),
      );
      pushFree(state, actor, input);
    },
  }),
};

/** Step 3. */
export function resolveAppointments(state: RState): void {
  // appoint_director (R14)
  const votes = freeOf(state, "appoint_director");
  if (votes.length > 0) {
    const able = state.players.filter(
      (p) =>
        (acts(state, p, "king") || acts(state, p, "president")) && free(p) && !underground(p) && !abroad(p),
    );
    const choices = able.map((p) => votes.filter((v) => v.actor === p.id).pop()?.targets[0]);
    const first = choices[0];
    if (able.length > 0 && first !== undefined && choices.every((c) => c === first)) {
      const target = playerOrThrow(state, first);
      if (!target.posts.includes("director") || !acts(state, target, "director")) {
        assignPost(state, target.id, "director");
        emitEvent(state, "director_appointed", { player: target.id });
        emitPublic(state, "director_appointed", { appearance: target.currentAppearance });
      }
    }
  }
  // Magister election (§5.5)
  if (!actingHolder(state, "magister")) {
    const ballots = freeOf(state, "vote_magister");
    if (ballots.length > 0) {
      const tally = new Map<string, number>();
      for (const b of ballots) {
        const candidate = b.targets[0] as string;
        tally.set(candidate, (tally.get(candidate) ?? 0) + 1);
      }
      const best = Math.max(...tally.values());
      const top = [...tally.entries()].filter(([, n]) => n === best).map(([id]) => id);
      if (top.length === 1) elect(state, top[0] as string);
      else emitEvent(state, "magister_election_tied", {});
    } else if (state.phase.kind === "night" && state.phase.n === 1) {
      const elders = state.players.filter((p) => p.alive && hasRole(p, "elder_adept"));
      if (elders.length === 1 && elders[0]) elect(state, elders[0].id);
    }
  }
}

function elect(state: RState, id: PlayerId): void {
  emitEvent(state, "magister_elected", { player: id });
  assignPost(state, id, "magister");
}

import { emitEvent, findPlayer } from "../../engine/helpers.js";
import type { PlayerId } from "../../engine/types.js";
import { abroad, free, hasRole, needRole, notice, sendResult } from "./characters.js";
import { ordersOf, orderTarget } from "./orders.js";
import { power } from "./posts.js";
import { reject } from "./rejections.js";
import { both, noParams, playerAction, targetOf } from "./spec.js";
import type { RPlayer, RState } from "./state.js";

/** The Rainbow Palace (§4.5, §5.7): invitations, requests, leaving, the unrefusable invitation (step 11) and the palace's power. */

function invitable(state: RState, player: RPlayer): boolean {
  return (
    player.alive &&
    free(player) &&
    !player.incorporeal &&
    !abroad(player) &&
    !state.data.palace.includes(player.id)
  );
}

export function joinPalace(state: RState, id: PlayerId): void {
  if (state.data.palace.includes(id)) return;
  state.data.palace.push(id);
  state.data.requests = state.data.requests.filter((x) => x !== id);
  emitEvent(state, "palace_joined", { player: id });
}

/**
 * Leaves the list (R10: at death, on leaving Regnum, or by choice). Invitations and requests stay
 * open until answered (§5.7): the Baron is not told that a character he invited or who asked him
 * died or left (issue 30, D17); an invitation is accepted, and a request admitted, only while
 * the character is invitable.
 */
export function palaceLeave(state: RState, id: PlayerId): void {
  if (state.data.palace.includes(id)) {
    state.data.palace = state.data.palace.filter((x) => x !== id);
    emitEvent(state, "palace_left", { player: id });
  }
}

export function baronPalacePower(state: RState, baron: RPlayer): number {
  let sum = 0;
  for (const id of state.data.palace) {
    if (id === baron.id && !state.options.baronCountsSelf) continue;
    const member = findPlayer(state, id);
    if (member) sum += power(state, member);
  }
  if (state.options.baronCountsSelf && !state.data.palace.includes(baron.id)) sum += power(state, baron);
  return sum;
}

/** The palace list's free actions and the Baron's unrefusable invitation. */
export const palaceActions = {
  // ------------------------------------------------------------ §5.7 Rainbow Baron
  palace_invite: playerAction(noParams, {
    kind: "free",
    targets: "one",
    // «invitable» is a stated precondition of a free action, checked at once (rules §3.4, §5.7):
    // a tell the rules make (docs/secrecy.md, DECISIONS.md D19).
    who: both(needRole("rainbow_baron", "onlyRainbowBaron"), (state, _a, input) =>
      invitable(state, targetOf(state, input)) && !state.data.invitations.includes(targetOf(state, input).id)
        ? null
        : reject("not_invitable", "notInvitable"),
    ),
    run(state, _a, input) {
      const target = targetOf(state, input);
      state.data.invitations.push(target.id);
      notice(state, target.id, "palace_invitation", {});
    },
  }),
  palace_accept: playerAction(noParams, {
    kind: "free",
    targets: "none",
    who: (state, actor) =>
      state.data.invitations.includes(actor.id) && invitable(state, actor)
        ? null
        : reject("not_invited", "notInvited"),
    run(state, actor) {
      state.data.invitations = state.data.invitations.filter((x) => x !== actor.id);
      joinPalace(state, actor.id);
    },
  }),
  palace_decline: playerAction(noParams, {
    kind: "free",
    targets: "none",
    who: (state, actor) =>
      state.data.invitations.includes(actor.id) ? null : reject("not_invited", "notInvited"),
    run(state, actor) {
      state.data.invitations = state.data.invitations.filter((x) => x !== actor.id);
    },
  }),
  palace_request: playerAction(noParams, {
    kind: "free",
    targets: "none",
    who: (state, actor) =>
      invitable(state, actor) && !state.data.requests.includes(actor.id) && !hasRole(actor, "rainbow_baron")
        ? null
        : reject("not_invitable", "cannotAskPalace"),
    run(state, actor) {
      state.data.requests.push(actor.id);
      for (const b of state.players)
        if (b.alive && hasRole(b, "rainbow_baron"))
          notice(state, b.id, "palace_request", { appearance: actor.currentAppearance });
    },
  }),
  palace_admit: playerAction(noParams, {
    kind: "free",
    targets: "one",
    // The Baron knows the requests he was told of; a requester who is no longer invitable (dead,
    // detained, abroad) is not admitted, silently (D17).
    who: both(needRole("rainbow_baron", "onlyRainbowBaron"), (state, _a, input) =>
      state.data.requests.includes(targetOf(state, input).id)
        ? null
        : reject("not_requested", "notRequested"),
    ),
    run(state, _a, input) {
      const target = targetOf(state, input);
      state.data.requests = state.data.requests.filter((x) => x !== target.id);
      if (invitable(state, target)) joinPalace(state, target.id);
    },
  }),
  palace_leave: playerAction(noParams, {
    kind: "free",
    targets: "none",
    who: (state, actor) =>
      state.data.palace.includes(actor.id) ? null : reject("not_in_palace", "notInPalace"),
    run: (state, actor) => palaceLeave(state, actor.id),
  }),
  palace_force: playerAction(noParams, {
    kind: "move",
    targets: "one",
    who: needRole("rainbow_baron", "onlyRainbowBaron"),
  }),
};

/** Step 11. */
export function resolveForcedInvitations(state: RState): void {
  for (const order of ordersOf(state, "palace_force")) {
    const target = orderTarget(state, order);
    if (!target) continue;
    const ok =
      target.alive &&
      free(target) &&
      !target.incorporeal &&
      !abroad(target) &&
      !state.data.palace.includes(target.id);
    if (ok) {
      joinPalace(state, target.id);
      notice(state, target.id, "palace_joined", {});
    }
    sendResult(state, order.actor, order.action, target.id, ok ? "ok" : "failed");
  }
}

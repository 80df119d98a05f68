import { emitEvent } from "../../engine/helpers.js";
import { abroad, dead, detained, notice, setStatus, underground } from "./characters.js";
import { reject } from "./rejections.js";
import { noParams, playerAction } from "./spec.js";
import type { RPlayer } from "./state.js";

/** Status changes (§5.10: the underground) and the target status effects of §5.14, met by every move at resolution. */

type Column = "info" | "check" | "detain" | "personal" | "remote";

/** Target status effects (§5.14), rows in their precedence order; null = normal. */
export function statusGate(actor: RPlayer, target: RPlayer, col: Column): string | null {
  if (dead(target)) return "failed";
  if (abroad(actor) && target.location !== actor.location && col !== "check" && col !== "remote")
    return "failed";
  if (abroad(target)) {
    if (col === "info") return "hidden";
    if (col === "check") return "suspicious";
    if (col === "detain") return "abroad";
    if (col === "personal") return actor.location === target.location ? null : "failed";
    return null;
  }
  if (underground(target)) {
    if (col === "info") return "hidden";
    if (col === "check") return "suspicious";
    if (col === "detain") return "wanted";
    return null;
  }
  if (detained(target) && col === "detain") return "already";
  return null;
}

/** §5.10: going underground and leaving it. */
export const statusActions = {
  // ------------------------------------------------------------ §5.10 statuses
  go_underground: playerAction(noParams, {
    kind: "free",
    targets: "none",
    who: (_s, actor) => (abroad(actor) || underground(actor) ? reject("cannot_hide", "cannotHide") : null),
    run(state, actor) {
      setStatus(actor, "underground", true);
      emitEvent(state, "underground", { player: actor.id, on: true });
    },
  }),
  leave_underground: playerAction(noParams, {
    kind: "free",
    targets: "none",
    who: (_s, actor) => (underground(actor) ? null : reject("not_underground", "notUnderground")),
    run(state, actor) {
      setStatus(actor, "underground", false);
      emitEvent(state, "underground", { player: actor.id, on: false });
      if (actor.statuses.includes("wanted")) {
        const by = actor.wantedBy ?? "gm";
        setStatus(actor, "detained", true);
        setStatus(actor, "wanted", false);
        actor.detainedBy = by;
        actor.detainedAt = state.data.phaseIndex;
        actor.wantedBy = null;
        emitEvent(state, "detained", { player: actor.id, by });
        notice(state, actor.id, "detained", {});
      }
    },
  }),
};

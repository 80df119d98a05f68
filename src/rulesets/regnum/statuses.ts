import { z } from "zod";
import { emitEvent, unknownStatus } from "../../engine/helpers.js";
import { abroad, dead, detained, notice, setStatus, underground } from "./characters.js";
import { kill, neutralize, revive } from "./death.js";
import { declareWanted, release } from "./detention.js";
import { palaceLeave } from "./palace.js";
import { reject } from "./rejections.js";
import { gmAction, noParams, paramsOf, playerAction, targetPlayers } from "./spec.js";
import { isCountry, type RPlayer, type RState } from "./state.js";

/** Status changes (§5.10: the underground) and the target status effects of §5.14, met by every move at resolution. */

type Column = "info" | "check" | "detain" | "personal" | "remote";

/** Target status effects (§5.14), rows in their precedence order; null = normal. */
export function statusGate(actor: RPlayer, target: RPlayer, column: Column): string | null {
  if (dead(target)) return "failed";
  if (abroad(actor) && target.location !== actor.location && column !== "check" && column !== "remote")
    return "failed";
  if (abroad(target)) {
    if (column === "info") return "hidden";
    if (column === "check") return "suspicious";
    if (column === "detain") return "abroad";
    if (column === "personal") return actor.location === target.location ? null : "failed";
    return null;
  }
  if (underground(target)) {
    if (column === "info") return "hidden";
    if (column === "check") return "suspicious";
    if (column === "detain") return "wanted";
    return null;
  }
  if (detained(target) && column === "detain") return "already";
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

/** A status set or cleared by the GM (`by` the one it is done in the name of), with its consequences. */
export function setStatusByGm(
  state: RState,
  player: RPlayer,
  status: string,
  on: boolean,
  by: string,
  country?: string,
): void {
  switch (status) {
    case "detained":
      if (on && !player.statuses.includes("detained")) {
        setStatus(player, "detained", true);
        setStatus(player, "wanted", false);
        player.wantedBy = null;
        player.detainedBy = by;
        player.detainedAt = state.data.phaseIndex;
        emitEvent(state, "detained", { player: player.id, by });
        notice(state, player.id, "detained", {});
      } else if (!on && player.statuses.includes("detained")) release(state, player, "gm", false);
      return;
    case "wanted":
      if (on) declareWanted(state, player, by);
      else {
        setStatus(player, "wanted", false);
        player.wantedBy = null;
      }
      return;
    case "underground":
      if (underground(player) !== on) {
        setStatus(player, "underground", on);
        emitEvent(state, "underground", { player: player.id, on });
      }
      return;
    case "neutralized":
      neutralize(state, player.id, on);
      return;
    case "abroad":
      if (on) {
        const destination = country && country !== "regnum" ? country : "norsland";
        player.location = destination;
        setStatus(player, "underground", false);
        emitEvent(state, "abroad", { player: player.id, country: destination });
        palaceLeave(state, player.id);
      } else if (abroad(player)) {
        player.location = "regnum";
        emitEvent(state, "returned", { player: player.id });
      }
      return;
    case "alive":
    case "dead":
      if ((status === "alive") === on) revive(state, player.id);
      else kill(state, player.id, "modkill");
      return;
    default:
      setStatus(player, status, on);
      emitEvent(state, on ? "status_set" : "status_cleared", { player: player.id, status });
  }
}

/** A GM's status change may name the country it concerns: an unknown one is refused. */
function countryRejection(country: string | undefined) {
  return country !== undefined && !isCountry(country) ? reject("bad_country", "unknownCountry") : null;
}

/** §13.1: the statuses the GM may set or clear; another id is refused with this list. */
export const GM_STATUSES = [
  "alive",
  "dead",
  "underground",
  "abroad",
  "detained",
  "wanted",
  "neutralized",
  "recruited",
] as const;

/** The GM sets or clears a status (§10; `clear_status` is the common GM action of every ruleset). */
export const statusGmActions = {
  set_status: gmAction(
    paramsOf({
      status: z.string().min(1),
      on: z.boolean().default(true),
      by: z.string().default("gm"),
      country: z.string().optional(),
    }),
    {
      targets: "some",
      check: (_state, input) =>
        unknownStatus("regnum", GM_STATUSES, input.params.status) ?? countryRejection(input.params.country),
      run(state, input) {
        for (const player of targetPlayers(state, input))
          setStatusByGm(
            state,
            player,
            input.params.status,
            input.params.on,
            input.params.by,
            input.params.country,
          );
      },
    },
  ),
  /** The common GM action of every ruleset: `set_status` with `on: false`. */
  clear_status: gmAction(
    paramsOf({
      status: z.string().min(1),
      by: z.string().default("gm"),
      country: z.string().optional(),
    }),
    {
      targets: "some",
      check: (_state, input) =>
        unknownStatus("regnum", GM_STATUSES, input.params.status) ?? countryRejection(input.params.country),
      run(state, input) {
        for (const player of targetPlayers(state, input))
          setStatusByGm(state, player, input.params.status, false, input.params.by, input.params.country);
      },
    },
  ),
};

import { z } from "zod";
import { type GmActionDefinition, defineGmAction } from "../../engine/ruleset.js";
import {
  emitEvent,
  emitPublic,
  removeStatus,
  replaceGmAction,
  reviveGmAction,
  statusGmActions,
  playerOrThrow,
} from "../../engine/helpers.js";
import type { PlayerId } from "../../engine/types.js";
import { reasons, actions } from "./actions.js";
import { reject } from "./rejections.js";
import { RULESET, type ReichstagState } from "./state.js";
import { kill } from "./death.js";
import {
  endRound,
  nominationMissed,
  rejectGovernment,
  resolveElection,
  tally,
  voidSession,
} from "./resolution.js";
import { endGame } from "./win.js";
import { isAlive } from "./state.js";

/** GM actions (reichstag.md 4.2): extend, close, modkill, end_game, any player action with `as`. */
type Gm = GmActionDefinition<ReichstagState>;

const params = <T extends z.ZodRawShape>(shape: T) => z.object(shape).passthrough();
const extendParams = params({ hours: z.number().refine((h) => h !== 0, "hours must not be 0") });
const noParams = params({});
const asParams = params({ as: z.string().min(1) });
const endGameParams = params({ winners: z.array(z.enum(["liberals", "fascists"])).default([]) });

const extend = defineGmAction<ReichstagState, typeof extendParams>({
  params: extendParams,
  validate: (state) => (state.data.closed ? reasons.closed() : null),
  apply(state, input) {
    const hours = input.params.hours;
    state.data.shiftMinutes += hours * 60;
    emitEvent(state, "deadline_extended", { hours, by: "gm" });
    emitPublic(state, "extended", { hours });
  },
});

const close = defineGmAction<ReichstagState, typeof noParams>({
  params: noParams,
  validate: (state) => (state.data.closed ? reasons.closed() : null),
  apply(state) {
    emitEvent(state, "phase_closed_early", { by: "gm" });
    switch (state.phase.kind) {
      case "nomination":
        state.data.closed = true;
        nominationMissed(state);
        return;
      case "election":
        emitPublic(state, "closed_early");
        state.data.closed = true;
        resolveElection(state);
        return;
      default:
        // Resolves as at its deadline: the resolution stalls it (3.5).
        state.data.closeRequested = true;
    }
  },
});

/** 5.10: the player dies at once; a pending step he held is resolved as the rules file says. */
const modkill = defineGmAction<ReichstagState, typeof noParams>({
  params: noParams,
  validate(state, input) {
    if (input.targets.length === 0) return reject("modkill_targets", "modkillTargets");
    for (const id of input.targets) {
      if (!state.players.some((p) => p.id === id))
        return reject("unknown_target", "unknownPlayer", { player: id });
      if (!isAlive(state, id)) return reasons.targetDead();
    }
    return null;
  },
  apply(state, input) {
    const data = state.data;
    for (const id of input.targets) {
      kill(state, id, "modkill");
      emitPublic(state, "removed", { player: id });
      if (playerOrThrow(state, id).role === "hitler") {
        emitEvent(state, "hitler_executed", { player: id });
        data.hitlerRevealed = true;
        endGame(state, ["liberals"], "hitler_executed", "removed");
        return;
      }
    }
    const gone = (id: PlayerId | null) => id !== null && input.targets.includes(id);
    const governmentGone = gone(data.president) || gone(data.chancellor);
    switch (state.phase.kind) {
      case "nomination":
        if (!data.closed && gone(data.president)) {
          data.closed = true;
          nominationMissed(state);
        } else if (data.closed && governmentGone) {
          // Nominated but not yet voted on: the nomination is void (DECISIONS.md).
          if (data.chancellor) removeStatus(playerOrThrow(state, data.chancellor), "candidate_chancellor");
          data.chancellor = null;
          nominationMissed(state);
        }
        return;
      case "election":
        if (!data.closed && governmentGone) {
          data.closed = true;
          const { ja, nein } = tally(state);
          rejectGovernment(state, ja, nein);
        } else if (data.closed && data.next === "legislative" && governmentGone) {
          voidSession(state);
        }
        return;
      case "legislative":
        if (!data.closed && governmentGone) {
          data.closed = true;
          voidSession(state);
        } else if (data.closed && data.next === "executive" && gone(data.president)) {
          emitEvent(state, "powers_lost", { president: data.president });
          endRound(state);
        }
        return;
      case "executive":
        if (!data.closed && gone(data.president)) {
          data.closed = true;
          emitEvent(state, "powers_lost", { president: data.president });
          endRound(state);
        }
        return;
    }
  },
});

const endGameAction = defineGmAction<ReichstagState, typeof endGameParams>({
  params: endGameParams,
  validate: () => null,
  apply(state, input) {
    endGame(state, [...new Set(input.params.winners)], "gm");
  },
});

/** Any player action in a player's name (`as`), with the same validation. */
function asPlayer(id: string): Gm {
  const definition = actions[id];
  if (!definition) throw new Error(`reichstag: no action ${id}`);
  const inner = (input: { params: z.output<typeof asParams> }) => {
    const { as, ...rest } = input.params;
    return { as, rest };
  };
  return defineGmAction<ReichstagState, typeof asParams>({
    params: asParams,
    validate(state, input) {
      const { as, rest } = inner(input);
      if (typeof as !== "string" || !state.players.some((p) => p.id === as)) {
        return reject("unknown_actor", "unknownPlayer", { player: String(as) });
      }
      const parsed = definition.params.safeParse(rest);
      if (!parsed.success)
        return reject("bad_params", "badParams", { message: parsed.error.issues[0]?.message ?? "invalid" });
      return definition.validate(state, {
        actor: as,
        action: id,
        targets: input.targets,
        params: parsed.data,
      });
    },
    apply(state, input) {
      const { as, rest } = inner(input);
      const parsed = definition.params.parse(rest);
      definition.apply(state, { actor: as, action: id, targets: input.targets, params: parsed });
    },
  });
}

export const gmActions: Record<string, Gm> = {
  extend,
  close,
  modkill,
  end_game: endGameAction,
  replace: replaceGmAction<ReichstagState>(RULESET),
  revive: reviveGmAction<ReichstagState>(RULESET),
  // The rules' statuses (reichstag.md, the ids).
  ...statusGmActions<ReichstagState>(RULESET, [
    "candidate_president",
    "candidate_chancellor",
    "president",
    "chancellor",
    "former_president",
    "former_chancellor",
    "not_hitler",
    "investigated",
    "executed",
  ]),
  ...Object.fromEntries(Object.keys(actions).map((id) => [id, asPlayer(id)])),
};

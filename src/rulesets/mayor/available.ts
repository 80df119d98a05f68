import type { AvailableAction } from "../../engine/ruleset.js";
import type { PlayerId } from "../../engine/types.js";
import { MAYOR_TARGET, type MayorState, findMayorPlayer, isIsolated, isJailed, onVacation } from "./state.js";

/**
 * Exactly what a player may do now. The verdict's `choice` is exposed as the action ids
 * `verdict_execute`, `verdict_isolate`, `verdict_abstain` (no params needed); ending a vacation
 * as `vacation_end`. The same list for every role: the game is blind.
 */
export function availableActions(state: MayorState, actorId: PlayerId): AvailableAction[] {
  const actor = findMayorPlayer(state, actorId);
  if (state.ended || !actor?.alive) return [];
  const others = state.players.filter((p) => p.alive && p.id !== actor.id).map((p) => p.id);
  const out: AvailableAction[] = [];
  if (state.phase.kind === "night" && !isJailed(actor) && !isIsolated(actor)) {
    out.push(
      {
        action: "choose",
        targets: [...others, MAYOR_TARGET],
        minTargets: 1,
        maxTargets: 1,
        label: { en: "Choice", ru: "ВЫБОР" },
      },
      { action: "rest", targets: [], minTargets: 0, maxTargets: 0, label: { en: "Rest", ru: "ОТДЫХ" } },
    );
  }
  const given = state.data.verdicts.some((v) => v.actor === actor.id);
  if (
    state.phase.kind === "day" &&
    !isIsolated(actor) &&
    (!given || state.options.verdictChange) &&
    others.length > 0
  ) {
    if (state.phase.n > 1) {
      out.push({
        action: "verdict_execute",
        targets: others,
        minTargets: 1,
        maxTargets: 1,
        label: { en: "Verdict: execute", ru: "ВЕРДИКТ: КАЗНЬ" },
      });
    }
    out.push(
      {
        action: "verdict_isolate",
        targets: others,
        minTargets: 1,
        maxTargets: 1,
        label: { en: "Verdict: isolate", ru: "ВЕРДИКТ: ИЗО" },
      },
      {
        action: "verdict_abstain",
        targets: others,
        minTargets: 0,
        maxTargets: 1,
        label: { en: "Verdict: abstain", ru: "ВЕРДИКТ: ВОЗДЕРЖАЛСЯ" },
      },
    );
  }
  out.push(
    onVacation(actor)
      ? {
          action: "vacation_end",
          targets: [],
          minTargets: 0,
          maxTargets: 0,
          label: { en: "End vacation", ru: "Закончить ОТПУСК" },
        }
      : {
          action: "vacation",
          targets: [],
          minTargets: 0,
          maxTargets: 0,
          label: { en: "Vacation", ru: "ОТПУСК" },
        },
  );
  return out;
}

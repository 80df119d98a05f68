import { findPlayer } from "../../engine/helpers.js";
import type { AvailableAction } from "../../engine/ruleset.js";
import type { Json, JsonObject, Localized, PlayerId } from "../../engine/types.js";
import {
  MAYOR_TARGET,
  type MayorState,
  VERDICT_CHOICES,
  type VerdictChoice,
  isIsolated,
  isJailed,
  onVacation,
} from "./state.js";

const VERDICT_LABELS: Record<VerdictChoice, Localized> = {
  execute: { en: "Verdict: execute", ru: "ВЕРДИКТ: КАЗНЬ" },
  isolate: { en: "Verdict: isolate", ru: "ВЕРДИКТ: ИЗО" },
  abstain: { en: "Verdict: abstain", ru: "ВЕРДИКТ: ВОЗДЕРЖАЛСЯ" },
};

/** RulesetDefinition.actionLabel: each offer's label, from its action and choice params. */
export function actionLabel(action: string, params: JsonObject): Localized | undefined {
  switch (action) {
    case "verdict":
      return VERDICT_LABELS[params["choice"] as VerdictChoice];
    case "choose":
      return { en: "Choice", ru: "ВЫБОР" };
    case "rest":
      return { en: "Rest", ru: "ОТДЫХ" };
    case "vacation":
      return params["on"] === false
        ? { en: "End vacation", ru: "Закончить ОТПУСК" }
        : { en: "Vacation", ru: "ОТПУСК" };
    default:
      return undefined;
  }
}

/**
 * Exactly what a player may do now. The verdict is offered once per `choice` (params
 * `{choice}`; no execution at the first session), the vacation with its `on` param. The same
 * list for every role: the game is blind.
 */
export function availableActions(state: MayorState, actorId: PlayerId): AvailableAction[] {
  const actor = findPlayer(state, actorId);
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
    for (const choice of VERDICT_CHOICES) {
      if (choice === "execute" && state.phase.n === 1) continue;
      out.push({
        action: "verdict",
        targets: others,
        minTargets: choice === "abstain" ? 0 : 1,
        maxTargets: 1,
        label: VERDICT_LABELS[choice],
        params: { choice },
      });
    }
  }
  out.push(
    onVacation(actor)
      ? {
          action: "vacation",
          targets: [],
          minTargets: 0,
          maxTargets: 0,
          label: { en: "End vacation", ru: "Закончить ОТПУСК" },
          params: { on: false },
        }
      : {
          action: "vacation",
          targets: [],
          minTargets: 0,
          maxTargets: 0,
          label: { en: "Vacation", ru: "ОТПУСК" },
          params: { on: true },
        },
  );
  return out;
}

/**
 * What a player may know (2.3, 7): nobody is told any role, not even his own; public facts are
 * life and death causes, jail and ИЗО, the 2nd/3rd ИЗО reveals, the session's public verdicts and
 * the role counts; privately his own choice, his vacation and his thread with the Mayor.
 * When the game is over the Mayor opens every role.
 */
export function playerView(state: MayorState, viewer: PlayerId): Json {
  const me = findPlayer(state, viewer);
  const open = state.ended;
  return {
    ruleset: state.ruleset,
    phase: `${state.phase.kind} ${state.phase.n}`,
    ended: state.ended,
    winners: [...state.winners],
    roleCounts: { ...state.data.counts },
    players: state.players.map((p) => ({
      id: p.id,
      seat: p.seat,
      alive: p.alive,
      cause: p.cause,
      jailed: p.statuses.includes("jailed"),
      isolated: p.statuses.includes("isolated"),
      isolations: p.isolations,
      alignment: open ? (p.faction === "town" ? "good" : "evil") : p.revealedAlignment,
      role: open || p.revealedRole ? p.role : null,
    })),
    verdicts: state.phase.kind === "day" ? state.data.verdicts.map((v) => ({ ...v })) : [],
    me: me
      ? {
          id: me.id,
          alive: me.alive,
          role: open ? me.role : null,
          choice: state.phase.kind === "night" ? me.choice : null,
          vacation: me.statuses.includes("vacation"),
          missedVerdicts: me.streak,
          messages: me.inbox.map((m) => ({ ...m })),
        }
      : null,
  };
}

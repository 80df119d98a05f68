import type { AvailableAction } from "../../engine/ruleset.js";
import type { Json, JsonObject, PlayerId } from "../../engine/types.js";
import { extensionLeft, investigable } from "./actions.js";
import { POWERS, type Power, type ReichstagState } from "./state.js";
import { eligibleChancellors } from "./government.js";
import { isAlive, living } from "./state.js";
import { together, withChoice } from "./labels.js";

/** What players see and may do: availableActions, chatLayout, playerView, boardOf (sections 4, 7, 8, 10). */

const label = (en: string, ru: string) => ({ en, ru });

const LABELS: Record<string, { en: string; ru: string }> = {
  nominate: label("Nominate a Chancellor", "Номинировать канцлера"),
  vote: label("Vote Ja / Nein", "Голосовать Ja / Nein"),
  agree_close: label("Agree to close the vote", "Согласен завершить голосование"),
  object_close: label("Object to closing the vote", "Против досрочного завершения"),
  discard: label("Discard a policy", "Отвергнуть закон"),
  enact: label("Enact a policy", "Принять закон"),
  veto: label("Request a veto", "Наложить вето"),
  veto_answer: label("Answer the veto", "Ответить на вето"),
  choose_powers: label("Choose presidential powers", "Выбрать права президента"),
  investigate: label("Investigate loyalty", "Исследование лояльности"),
  special_election: label("Call a special election", "Внеочередные выборы"),
  peek: label("Look at the top three policies", "Просмотр законов"),
  execute: label("Execute a player", "Уничтожение"),
  request_extension: label("Request an extension", "Попросить продление"),
};

function offer(action: string, targets: string[] = []): AvailableAction {
  const targetCount = targets.length > 0 ? 1 : 0;
  return {
    action,
    targets,
    minTargets: targetCount,
    maxTargets: targetCount,
    label: LABELS[action] ?? label(action, action),
  };
}

const POWER_LABELS: Record<Power, { en: string; ru: string }> = {
  investigate: LABELS["investigate"] as { en: string; ru: string },
  special_election: LABELS["special_election"] as { en: string; ru: string },
  peek: LABELS["peek"] as { en: string; ru: string },
  execute: LABELS["execute"] as { en: string; ru: string },
};

const CHOICE_LABELS: Record<string, { en: string; ru: string }> = {
  ja: label("Ja", "Ja (за)"),
  nein: label("Nein", "Nein (против)"),
  L: label("liberal policy", "либеральный закон"),
  F: label("fascist policy", "фашистский закон"),
  agree: label("agree", "согласен"),
  refuse: label("refuse", "отказать"),
};

/** One entry per choice: the action with `params`, no targets; the label names the choice. */
function choiceOffer(
  action: string,
  params: JsonObject,
  choice: { en: string; ru: string },
): AvailableAction {
  const base = LABELS[action] ?? label(action, action);
  return {
    action,
    targets: [],
    minTargets: 0,
    maxTargets: 0,
    label: withChoice(base, choice),
    params,
  };
}

/** RulesetDefinition.actionLabel: each offer's label, from its action and choice params. */
export function actionLabel(action: string, params: JsonObject): { en: string; ru: string } | undefined {
  const base = LABELS[action];
  if (!base) return undefined;
  const choice =
    action === "vote"
      ? CHOICE_LABELS[String(params["vote"])]
      : action === "veto_answer"
        ? CHOICE_LABELS[params["agree"] === true ? "agree" : "refuse"]
        : action === "discard" || action === "enact"
          ? CHOICE_LABELS[String(params["policy"])]
          : action === "choose_powers" && Array.isArray(params["powers"])
            ? together((params["powers"] as string[]).map((p) => POWER_LABELS[p as Power]).filter((n) => n))
            : undefined;
  return choice ? withChoice(base, choice) : base;
}

const policyOffers = (action: string, hand: readonly string[]) =>
  [...new Set(hand)].map((p) => choiceOffer(action, { policy: p }, CHOICE_LABELS[p] ?? label(p, p)));

function powersOffer(powers: Power[]): AvailableAction {
  const chosen = together(powers.map((p) => POWER_LABELS[p]));
  return choiceOffer("choose_powers", { powers }, chosen ?? label("choose_powers", "choose_powers"));
}

/**
 * Exact: every offer is accepted with any minTargets..maxTargets distinct targets and its params.
 * Choices (Ja/Nein, L/F, agree/refuse, powers) are one entry each with `params` (DECISIONS.md 1).
 */
export function availableActions(state: ReichstagState, actor: PlayerId): AvailableAction[] {
  const data = state.data;
  if (state.ended || data.closed || !isAlive(state, actor)) return [];
  const out: AvailableAction[] = [];
  const president = actor === data.president;
  switch (state.phase.kind) {
    case "nomination":
      if (president) {
        const eligible = eligibleChancellors(state);
        if (eligible.length > 0) out.push(offer("nominate", eligible));
      }
      break;
    case "election":
      if (!president && actor !== data.chancellor) {
        for (const v of ["ja", "nein"] as const)
          out.push(choiceOffer("vote", { vote: v }, CHOICE_LABELS[v] as { en: string; ru: string }));
      }
      out.push(offer("agree_close"), offer("object_close"));
      break;
    case "legislative":
      if (president && !data.discarded) out.push(...policyOffers("discard", data.hand));
      if (president && data.vetoPending) {
        out.push(
          choiceOffer("veto_answer", { agree: true }, CHOICE_LABELS["agree"] as { en: string; ru: string }),
        );
        out.push(
          choiceOffer("veto_answer", { agree: false }, CHOICE_LABELS["refuse"] as { en: string; ru: string }),
        );
      }
      if (actor === data.chancellor && data.discarded && !data.vetoPending) {
        out.push(...policyOffers("enact", data.hand));
        if (data.vetoUnlocked && !data.vetoRequested) out.push(offer("veto"));
      }
      break;
    case "executive":
      if (president) {
        if (data.powers === null) {
          out.push(powersOffer(["execute"]));
          const others: Power[] =
            investigable(state).length > 0
              ? ["investigate", "special_election", "peek"]
              : ["special_election", "peek"];
          for (let i = 0; i < others.length; i++)
            for (let j = i + 1; j < others.length; j++)
              out.push(powersOffer([others[i] as Power, others[j] as Power]));
        } else {
          const others = living(state)
            .filter((p) => p.id !== actor)
            .map((p) => p.id);
          for (const power of data.powers.filter((p) => !data.used.includes(p))) {
            if (power === "peek") out.push(offer("peek"));
            else {
              const targets = power === "investigate" ? investigable(state) : others;
              if (targets.length > 0) out.push(offer(power, targets));
            }
          }
        }
      }
      break;
  }
  if (extensionLeft(state) > 0) out.push(offer("request_extension"));
  return out;
}

export interface BoardPlayer {
  id: string;
  seat: number;
  alive: boolean;
  statuses: string[];
  /** Published only at the end, or Hitler's when he was elected or executed. */
  role?: string;
}

/** The public board (section 7): what the pinned status message and the board image show. */
export interface Board {
  phase: string;
  liberal: number;
  fascist: number;
  tracker: number;
  deckSize: number;
  discardSize: number;
  vetoUnlocked: boolean;
  ended: boolean;
  winners: string[];
  players: BoardPlayer[];
}

export function boardOf(state: ReichstagState): Board {
  const data = state.data;
  return {
    phase: `${state.phase.kind} ${state.phase.n}`,
    liberal: data.liberal,
    fascist: data.fascist,
    tracker: data.tracker,
    deckSize: data.deck.length,
    discardSize: data.discard.length,
    vetoUnlocked: data.fascist >= 5,
    ended: state.ended,
    winners: [...state.winners],
    players: state.players.map((p) => {
      const shown = state.ended || (p.role === "hitler" && data.hitlerRevealed);
      return {
        id: p.id,
        seat: p.seat,
        alive: p.alive,
        statuses: [...p.statuses],
        ...(shown ? { role: p.role } : {}),
      };
    }),
  };
}

/** Only what `viewer` may know: own role, allies as told, own private messages, the hand he holds now. */
export function playerView(state: ReichstagState, viewer: PlayerId): Json {
  const data = state.data;
  const me = state.players.find((p) => p.id === viewer);
  const board = boardOf(state) as unknown as JsonObject;
  const open = !data.closed && !state.ended;
  const eligibleVotes = Object.entries(data.votes).filter(
    ([id]) => id !== data.president && id !== data.chancellor,
  );
  const view: JsonObject = {
    board,
    candidates: { president: data.president, chancellor: data.chancellor },
    investigated: [...data.investigated],
    powers: data.powers ? [...data.powers] : null,
    powersUsed: [...data.used],
    votes:
      state.phase.kind !== "election"
        ? {}
        : state.options.openVoting
          ? Object.fromEntries(eligibleVotes)
          : Object.fromEntries(eligibleVotes.filter(([id]) => id === viewer)),
    vetoRequested: data.vetoPending,
  };
  if (!me) return view;
  view["you"] = {
    id: me.id,
    role: me.role,
    faction: me.faction,
    alive: me.alive,
    statuses: [...me.statuses],
  };
  view["messages"] = data.inbox.filter((m) => m.to === viewer) as unknown as Json;
  if (me.alive && open && state.phase.kind === "legislative") {
    if (viewer === data.president && !data.discarded) view["hand"] = [...data.hand];
    if (viewer === data.chancellor && data.discarded) view["hand"] = [...data.hand];
  }
  if (state.ended) view["roles"] = Object.fromEntries(state.players.map((p) => [p.id, p.role]));
  return view;
}

export const POWER_IDS: readonly Power[] = POWERS;

import { findPlayer, hasStatus } from "../../engine/helpers.js";
import type { AvailableAction } from "../../engine/ruleset.js";
import type { Json, JsonObject, Localized } from "../../engine/types.js";
import { type ActionParams, validateAction } from "./actions.js";
import { type ClassicPlayer, type ClassicState, bastardOf, isClanRole } from "./state.js";

/** availableActions (exact: every offer is accepted with empty params) and playerView. */

export const ACTION_LABELS: Record<string, Localized> = {
  post: { en: "Post", ru: "Сообщение" },
  vote: { en: "Vote to hang", ru: "Голос за повешение" },
  kill: { en: "Kill", ru: "Убить" },
  ambush: { en: "Sit in ambush", ru: "Сесть в засаду" },
  choose_don: { en: "Choose the don", ru: "Выбрать дона" },
  beat: { en: "Beat", ru: "Избить" },
  explode: { en: "Explode", ru: "Подорвать" },
  check: { en: "Check", ru: "Проверить" },
  heal: { en: "Heal", ru: "Лечить" },
  protect: { en: "Give protects", ru: "Выдать протекты" },
  army_of_darkness: { en: "Raise the Army of Darkness", ru: "Вызвать Армию Тьмы" },
  leave: { en: "Leave the game", ru: "Покинуть игру" },
};

/** RulesetDefinition.actionLabel: classic's choices are all in its targets. */
export function actionLabel(action: string): Localized | undefined {
  return ACTION_LABELS[action];
}

const DEFAULT_PARAMS: Record<string, ActionParams> = { vote: { reason: "" } };

const SINGLE_TARGET = ["vote", "kill", "choose_don", "beat", "explode", "check", "heal", "protect"];
const NO_TARGET = ["post", "ambush", "leave"];

export function availableActions(state: ClassicState, actorId: string): AvailableAction[] {
  if (state.ended) return [];
  const actor = findPlayer(state, actorId);
  if (!actor || !actor.alive) return [];
  const out: AvailableAction[] = [];
  const probe = (action: string, targets: string[], params?: ActionParams): boolean =>
    validateAction(state, {
      actor: actorId,
      action,
      targets,
      params: params ?? DEFAULT_PARAMS[action] ?? {},
    }) === null;
  for (const action of NO_TARGET) {
    if (probe(action, []))
      out.push({
        action,
        targets: [],
        minTargets: 0,
        maxTargets: 0,
        label: ACTION_LABELS[action] as Localized,
      });
  }
  for (const action of SINGLE_TARGET) {
    const targets: string[] = [];
    for (const p of state.players) if (p.alive && probe(action, [p.id])) targets.push(p.id);
    if (targets.length === 0) continue;
    const max = action === "protect" ? Math.min(2, state.data.protectsLeft, targets.length) : 1;
    out.push({ action, targets, minTargets: 1, maxTargets: max, label: ACTION_LABELS[action] as Localized });
  }
  // The don's kill: one entry per executor he may name (params.executor).
  const clan = actor.clan;
  if (clan && isClanRole(actor.role) && state.data.dons[clan] === actorId && state.phase.kind === "night") {
    for (const executor of state.players) {
      if (executor.id === actorId || !executor.alive || !isClanRole(executor.role) || executor.clan !== clan)
        continue;
      const params = { executor: executor.id };
      const targets: string[] = [];
      for (const p of state.players) if (p.alive && probe("kill", [p.id], params)) targets.push(p.id);
      if (targets.length === 0) continue;
      out.push({
        action: "kill",
        targets,
        minTargets: 1,
        maxTargets: 1,
        label: ACTION_LABELS["kill"] as Localized,
        params,
      });
    }
  }
  if (actor.role === "necromancer") {
    const candidates = state.players.filter((p) => p.alive && p.id !== actorId).map((p) => p.id);
    if (candidates.length >= 2 && probe("army_of_darkness", candidates.slice(0, 2))) {
      out.push({
        action: "army_of_darkness",
        targets: candidates,
        minTargets: 2,
        maxTargets: 2,
        label: ACTION_LABELS["army_of_darkness"] as Localized,
      });
    }
  }
  return out;
}

function toldRole(player: ClassicPlayer): string {
  return player.role === "bastard_son" ? "citizen" : player.role;
}

/** What `viewer` may know (§2.4, §7, §8). Spectators and unknown ids get the public part only. */
export function playerView(state: ClassicState, viewerId: string): Json {
  const data = state.data;
  const viewer = findPlayer(state, viewerId);
  const revealed = new Set(data.revealed);
  const players: Json[] = state.players.map((p) => {
    const entry: JsonObject = { id: p.id, seat: p.seat, alive: p.alive };
    if (revealed.has(p.id)) entry["role"] = p.role;
    if (revealed.has(p.id) && p.clan) entry["clan"] = p.clan;
    if (hasStatus(p, "beaten")) entry["beaten"] = true;
    return entry;
  });
  const view: JsonObject = {
    phase: `${state.phase.kind} ${state.phase.n}`,
    ended: state.ended,
    winners: [...state.winners],
    players,
    votes:
      state.phase.kind === "day"
        ? data.votes.filter((v) => !v.void).map((v) => ({ voter: v.voter, target: v.target }))
        : [],
  };
  if (!viewer) return view;
  const own: JsonObject = {
    id: viewer.id,
    role: toldRole(viewer),
    faction: viewer.role === "bastard_son" ? "town" : viewer.faction,
    alive: viewer.alive,
    statuses: viewer.statuses.filter((s) => s !== "protected"),
  };
  if (isClanRole(viewer.role) && viewer.clan) {
    const clan = viewer.clan;
    own["clan"] = clan;
    const members = state.players.filter((p) => isClanRole(p.role) && p.clan === clan);
    const son = bastardOf(state, clan);
    view["team"] = {
      chat: clan,
      members: members.map((m) => ({ id: m.id, role: m.role, alive: m.alive })),
      don: data.dons[clan],
      bastard_son: son ? son.id : null,
    };
  }
  if (viewer.role === "commissar" || viewer.role === "sergeant") {
    view["team"] = {
      chat: "police",
      members: state.players
        .filter((p) => p.role === "commissar" || p.role === "sergeant")
        .map((m) => ({ id: m.id, role: m.role, alive: m.alive })),
    };
  }
  if (viewer.role === "necromancer") own["protectsLeft"] = data.protectsLeft;
  const checks = data.checks[viewer.id];
  if (checks) view["checks"] = checks.map((c) => ({ ...c }));
  const orders = data.orders[viewer.id];
  if (orders) {
    view["orders"] = Object.values(orders).map((o) => ({
      action: o.action,
      targets: [...o.targets],
      executor: o.executor,
      changed: o.changed,
    }));
  }
  view["you"] = own;
  view["actions"] = availableActions(state, viewer.id).map((a) => ({
    ...a,
    targets: [...a.targets],
    label: { ...a.label },
  }));
  return view;
}

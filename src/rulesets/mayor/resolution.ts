import { emitEvent, emitPublic, findPlayer, playerOrThrow } from "../../engine/helpers.js";
import type { ResolutionStep } from "../../engine/ruleset.js";
import type { JsonObject, PlayerId } from "../../engine/types.js";
import { kill, placeInIsolation, release, sendPrivate } from "./effects.js";
import {
  MAYOR_TARGET,
  type MayorPlayer,
  type MayorState,
  type PlacementReason,
  alignmentOf,
  bySeat,
  emptyPending,
  isIsolated,
  isJailed,
  onVacation,
} from "./state.js";
import { tally } from "./tally.js";
import { winners } from "./win.js";

/**
 * The resolution pipeline: night steps 0–8 (5.2), then session steps 1–6 (5.3), then the end
 * check and the next phase. Each step runs only in its phase kind.
 */

const night = (name: string, run: (state: MayorState) => void): ResolutionStep<MayorState> => ({
  name,
  run: (state) => {
    if (state.phase.kind === "night") run(state);
  },
});

const day = (name: string, run: (state: MayorState) => void): ResolutionStep<MayorState> => ({
  name,
  run: (state) => {
    if (state.phase.kind === "day") run(state);
  },
});

function livingPlayer(state: MayorState, id: PlayerId): MayorPlayer | undefined {
  const found = findPlayer(state, id);
  return found?.alive ? found : undefined;
}

function unreachableStatus(state: MayorState, id: PlayerId): "jailed" | "isolated" | null {
  return state.data.pending.unreachable.find((u) => u.player === id)?.status ?? null;
}

function chosenBy(state: MayorState, role: MayorPlayer["role"]) {
  return state.data.pending.choices.filter(
    (c) => c.role === role && c.target !== "rest" && c.target !== MAYOR_TARGET,
  );
}

// ---------------------------------------------------------------- night (5.2)

/** 0. GM entries: who is unreachable (5.1) is fixed first; `modkill` dies now, his choice void. */
function gmEntries(state: MayorState): void {
  const pending = state.data.pending;
  for (const p of state.players) {
    if (!p.alive) continue;
    if (isJailed(p)) pending.unreachable.push({ player: p.id, status: "jailed" });
    else if (isIsolated(p)) pending.unreachable.push({ player: p.id, status: "isolated" });
  }
  for (const id of state.data.gm.modkill) {
    const removed = livingPlayer(state, id);
    if (removed) kill(state, removed, "modkill");
  }
}

/** 1. Each eligible player's last accepted choice (none = rest). */
function choices(state: MayorState): void {
  state.data.pending.choices = state.players
    .filter((p) => p.alive && !isJailed(p) && !isIsolated(p))
    .map((p) => ({ player: p.id, role: p.role, target: p.choice ?? "rest" }));
}

/** 2. Lawyer: a jailed player moves to ИЗО now; an isolated one is released at the end. */
function lawyer(state: MayorState): void {
  const pending = state.data.pending;
  const defended = bySeat(
    state,
    chosenBy(state, "lawyer").map((c) => c.target),
  );
  for (const id of defended) {
    const defender = livingPlayer(state, id);
    const status = unreachableStatus(state, id);
    if (!defender || !status) continue;
    if (status === "jailed" && isJailed(defender)) {
      pending.transfers.push(defender.id);
      placeInIsolation(state, defender, "lawyer");
    } else if (status === "isolated") {
      pending.lawyerReleases.push(defender.id);
    }
  }
}

/** 3. The Mayor's guard shoots every visitor; on night 1 the visitor is sent home (ruling 10). */
function mayorsGuard(state: MayorState): void {
  for (const choice of state.data.pending.choices) {
    if (choice.target !== MAYOR_TARGET) continue;
    emitEvent(state, "mayor_visit", { player: choice.player });
    const chooser = playerOrThrow(state, choice.player);
    if (state.phase.n === 1) state.data.pending.visits.push(chooser.id);
    else kill(state, chooser, "mayor_guard");
  }
}

/** 4. Agents: the alignment (or role) of a reachable target; a failure for a jailed/isolated one. */
function agentChecks(state: MayorState): void {
  for (const choice of chosenBy(state, "agent")) {
    const agent = playerOrThrow(state, choice.player);
    const target = playerOrThrow(state, choice.target);
    const status = unreachableStatus(state, target.id);
    if (status) sendPrivate(state, agent, "check_failed", { target: target.id, reason: status });
    else {
      const result = state.options.agentResult === "role" ? target.role : alignmentOf(target);
      sendPrivate(state, agent, "check_result", { target: target.id, result });
    }
  }
}

/** 5. Attacks: the mafia's majority target and each maniac's choice; rule 16 attempts. */
function attacks(state: MayorState): void {
  const pending = state.data.pending;
  const reachable = (id: PlayerId) => livingPlayer(state, id) !== undefined && !unreachableStatus(state, id);
  const attacked = new Map<PlayerId, { mafia: boolean; maniac: number }>();
  const hit = (id: PlayerId) => {
    const entry = attacked.get(id) ?? { mafia: false, maniac: 0 };
    attacked.set(id, entry);
    return entry;
  };

  const mafiaChoices = chosenBy(state, "mafia");
  if (mafiaChoices.length > 0) {
    const base =
      state.options.mafiaMajorityBase === "members"
        ? pending.choices.filter((c) => c.role === "mafia").length
        : mafiaChoices.length;
    const votes = new Map<PlayerId, number>();
    for (const choice of mafiaChoices) votes.set(choice.target, (votes.get(choice.target) ?? 0) + 1);
    const target = [...votes].find(([, n]) => 2 * n > base)?.[0];
    if (target !== undefined) {
      if (reachable(target)) hit(target).mafia = true;
    } else {
      emitEvent(state, "mafia_no_majority", {});
      for (const id of bySeat(
        state,
        mafiaChoices.map((c) => c.target),
      )) {
        if (reachable(id)) pending.attempts.push(id);
      }
    }
  }
  for (const choice of chosenBy(state, "maniac"))
    if (reachable(choice.target)) hit(choice.target).maniac += 1;

  pending.attacks = bySeat(state, [...attacked.keys()]).map((id) => {
    const attack = attacked.get(id) ?? { mafia: false, maniac: 0 };
    return { player: id, mafia: attack.mafia, maniac: attack.maniac };
  });
}

/** 6. Doctors: heals ≥ attacks saves (two doctors against a double attack). Night 1: nobody dies. */
function doctors(state: MayorState): void {
  const pending = state.data.pending;
  const healers = chosenBy(state, "doctor");
  for (const attack of pending.attacks) {
    const victim = playerOrThrow(state, attack.player);
    if (state.phase.n === 1) {
      pending.attempts.push(victim.id);
      continue;
    }
    const heals = healers.filter((c) => c.target === victim.id).length;
    const count = (attack.mafia ? 1 : 0) + attack.maniac;
    if (heals >= count) {
      emitEvent(state, "healed", { player: victim.id, doctors: heals });
      pending.attempts.push(victim.id);
    } else {
      const by = [...(attack.mafia ? ["mafia"] : []), ...(attack.maniac > 0 ? ["maniac"] : [])];
      emitEvent(state, "killed", { player: victim.id, by });
      kill(state, victim, attack.mafia ? "mafia" : "maniac", by);
    }
  }
  pending.attempts = bySeat(
    state,
    pending.attempts.filter((id) => livingPlayer(state, id)),
  );
  for (const id of pending.attempts) emitEvent(state, "attempt", { player: id });
}

/** 7. Executions: every jailed player not moved to ИЗО. */
function executions(state: MayorState): void {
  for (const p of state.players) if (p.alive && isJailed(p)) kill(state, p, "execution");
}

/** 8. Lawyer releases take effect; the GM's isolations of the night are placed; the news. */
function nightEnd(state: MayorState): void {
  const pending = state.data.pending;
  for (const id of pending.lawyerReleases) {
    const released = livingPlayer(state, id);
    if (released && isIsolated(released)) release(state, released, "lawyer");
  }
  for (const id of state.data.gm.isolate) {
    const placed = livingPlayer(state, id);
    // Placed at most once per resolution: a lawyer's transfer already is this night's placement.
    if (!placed || pending.transfers.includes(id)) continue;
    pending.otherPlacements.push({ player: placed.id, reason: "gm" });
    placeInIsolation(state, placed, "gm");
  }
  nightNews(state);
}

function deathLine(
  state: MayorState,
  death: { player: PlayerId; cause: string; by: string[] },
): string | null {
  switch (death.cause) {
    case "mafia":
      return death.by.includes("maniac") ? "killed_mafia_maniac" : "killed_mafia";
    case "maniac":
      return "killed_maniac";
    case "mayor_guard":
      return "mayor_guard";
    case "execution":
      return "executed";
    case "modkill":
      return "modkill";
    default:
      return null;
  }
}

function deathParams(state: MayorState, id: PlayerId): JsonObject {
  const dead = playerOrThrow(state, id);
  return state.options.revealRoleOnDeath ? { player: id, role: dead.role } : { player: id };
}

function emitDeathLines(state: MayorState): void {
  const deaths = state.data.pending.deaths;
  for (const id of bySeat(
    state,
    deaths.map((d) => d.player),
  )) {
    const death = deaths.find((x) => x.player === id);
    const key = death ? deathLine(state, death) : null;
    if (key) emitPublic(state, key, deathParams(state, id));
  }
}

function nightNews(state: MayorState): void {
  const pending = state.data.pending;
  const before = state.output.public.length;
  for (const id of pending.transfers) emitPublic(state, "lawyer_transfer", { player: id });
  for (const id of pending.lawyerReleases) emitPublic(state, "released", { player: id });
  for (const placement of pending.otherPlacements)
    emitPublic(state, "isolated_gm", { player: placement.player });
  emitDeathLines(state);
  if (state.phase.n === 1) {
    for (const id of bySeat(state, pending.visits)) emitPublic(state, "mayor_visit", { player: id });
  }
  if (pending.attempts.length > 0 || state.phase.n === 1) {
    emitPublic(state, "attempts", { players: pending.attempts });
  }
  for (const line of pending.consequences) emitPublic(state, line.key, line.params);
  if (state.output.public.length === before) emitPublic(state, "quiet_night");
}

// ---------------------------------------------------------------- session (5.3)

/** 1. Tally: the КАЗНЬ winner and the ИЗО winner (section 6). */
function tallyStep(state: MayorState): void {
  const counted = tally(
    state.data.verdicts,
    state.players.map((p) => p.id),
    state.options.executionMajority,
  );
  emitEvent(state, "tally", {
    execute: Object.fromEntries(counted.execute),
    isolate: Object.fromEntries(counted.isolate),
    abstain: counted.abstain,
  });
  const jailed = counted.jailed ? livingPlayer(state, counted.jailed) : undefined;
  const isolated = counted.isolated ? livingPlayer(state, counted.isolated) : undefined;
  state.data.pending.jailed = jailed?.id ?? null;
  state.data.pending.verdictIsolated = isolated && isolated !== jailed ? isolated.id : null;
}

/** 2. Missed verdicts: two sessions in a row → ИЗО; ИЗО at the opening and vacation exempt. */
function missedVerdicts(state: MayorState): void {
  const pending = state.data.pending;
  for (const p of state.players) {
    if (!p.alive) continue;
    if (p.isolatedAtOpen || onVacation(p) || state.data.verdicts.some((v) => v.actor === p.id)) {
      p.streak = 0;
      continue;
    }
    p.streak += 1;
    emitEvent(state, "missed_verdict", { player: p.id, streak: p.streak });
    if (p.streak >= 2) {
      p.streak = 0;
      pending.missed.push(p.id);
    }
  }
  const placed = new Set<PlayerId>([pending.jailed ?? "", pending.verdictIsolated ?? ""]);
  const other = new Map<PlayerId, PlacementReason>();
  for (const id of pending.missed) other.set(id, "missed_verdicts");
  for (const id of state.data.gm.isolate) if (!other.has(id) && livingPlayer(state, id)) other.set(id, "gm");
  pending.otherPlacements = bySeat(state, [...other.keys()])
    .filter((id) => !placed.has(id))
    .map((id) => ({ player: id, reason: other.get(id) ?? "gm" }));
}

/** 3. Term ends: released unless sent to ИЗО or jail again at this close (ruling 22). */
function termEnds(state: MayorState): void {
  const pending = state.data.pending;
  const again = new Set<PlayerId>([
    pending.jailed ?? "",
    pending.verdictIsolated ?? "",
    ...pending.otherPlacements.map((o) => o.player),
  ]);
  for (const p of state.players) {
    if (!p.alive || !isIsolated(p)) continue;
    if (p.isoUntil !== null && p.isoUntil > state.phase.n) continue;
    if (again.has(p.id)) continue;
    pending.termReleases.push(p.id);
    release(state, p, "term_end");
  }
}

/** 4. Jail: the КАЗНЬ winner goes to ТЮРЬМА (jail beats ИЗО, ruling 17). */
function jail(state: MayorState): void {
  const id = state.data.pending.jailed;
  const jailed = id ? livingPlayer(state, id) : undefined;
  if (!jailed) return;
  jailed.statuses = jailed.statuses.filter((s) => s !== "isolated");
  jailed.isoUntil = null;
  if (!jailed.statuses.includes("jailed")) jailed.statuses.push("jailed");
  emitEvent(state, "jailed", { player: jailed.id });
}

/** 5. ИЗО placements: the verdict winner, then missed verdicts and the GM's, once each. */
function isolationPlacements(state: MayorState): void {
  const pending = state.data.pending;
  const winner = pending.verdictIsolated ? livingPlayer(state, pending.verdictIsolated) : undefined;
  if (winner) placeInIsolation(state, winner, "verdict");
  for (const placement of pending.otherPlacements) {
    const placed = livingPlayer(state, placement.player);
    if (placed) placeInIsolation(state, placed, placement.reason);
  }
}

/** 6. The GM's removals; the session's news. */
function sessionEnd(state: MayorState): void {
  const pending = state.data.pending;
  for (const id of state.data.gm.modkill) {
    const removed = livingPlayer(state, id);
    if (removed) kill(state, removed, "modkill");
  }
  if (pending.jailed) emitPublic(state, "jailed", { player: pending.jailed });
  else emitPublic(state, state.phase.n === 1 ? "no_execution_first" : "no_execution");
  if (pending.verdictIsolated) emitPublic(state, "isolated_verdict", { player: pending.verdictIsolated });
  else emitPublic(state, "no_isolation");
  for (const placement of pending.otherPlacements) {
    emitPublic(state, placement.reason === "missed_verdicts" ? "isolated_missed" : "isolated_gm", {
      player: placement.player,
    });
  }
  for (const id of pending.termReleases) emitPublic(state, "released", { player: id });
  for (const line of pending.consequences) emitPublic(state, line.key, line.params);
  for (const death of pending.deaths) {
    if (death.cause === "modkill") emitPublic(state, "modkill", deathParams(state, death.player));
  }
}

// ---------------------------------------------------------------- end check, next phase

function endOrAdvance(state: MayorState): void {
  const won = winners(state);
  if (won) {
    state.ended = true;
    state.winners = won;
    emitEvent(state, "game_over", { winners: won });
    // The line says by which condition of section 9 (ruling 1): the Russian newspaper explains it.
    emitPublic(state, "game_over", { winners: won, rule: won[0] ?? "nobody" });
    return;
  }
  state.data.pending = emptyPending();
  state.data.gm = { modkill: [], isolate: [] };
  if (state.phase.kind === "night") {
    state.phase = { kind: "day", n: state.phase.n };
    state.data.verdicts = [];
    for (const p of state.players) p.isolatedAtOpen = p.alive && isIsolated(p);
  } else {
    state.phase = { kind: "night", n: state.phase.n + 1 };
    for (const p of state.players) p.choice = null;
  }
}

export const resolution: readonly ResolutionStep<MayorState>[] = [
  night("0. GM entries (modkill now; unreachable players fixed)", gmEntries),
  night("1. Choices of the eligible players (none = rest)", choices),
  night("2. Lawyer: jail → ИЗО, ИЗО → released at the end", lawyer),
  night("3. The Mayor's guard", mayorsGuard),
  night("4. Agent checks", agentChecks),
  night("5. Attacks: mafia majority, maniacs, rule 16 attempts", attacks),
  night("6. Doctors (night 1: nobody dies)", doctors),
  night("7. Executions", executions),
  night("8. Releases, GM isolations, news", nightEnd),
  day("1. Tally", tallyStep),
  day("2. Missed verdicts", missedVerdicts),
  day("3. Term ends", termEnds),
  day("4. Jail", jail),
  day("5. ИЗО placements", isolationPlacements),
  day("6. GM removals and news", sessionEnd),
  { name: "Win check, then the next phase", run: endOrAdvance },
];

import {
  addStatus,
  emitEvent,
  emitPrivate,
  emitPublic,
  findPlayer,
  hasStatus,
  removeStatus,
} from "../../engine/helpers.js";
import type { ResolutionStep } from "../../engine/ruleset.js";
import type { JsonObject } from "../../engine/types.js";
import {
  CLANS,
  type Clan,
  type ClassicPlayer,
  type ClassicState,
  type Order,
  canCheck,
  causeOf,
  firstWithRole,
  isActive,
  isClanMember,
  isClanRole,
  isRemoved,
  markDead,
  reveal,
  roleParams,
} from "./state.js";
import { promoteAndSucceed, setDon, successor } from "./succession.js";
import { checkWin } from "./win.js";

/**
 * §5: the resolution pipeline, as named steps in the rules file's order. Day steps run on a
 * `day` phase, night steps on a `night` phase. Night-local bookkeeping lives in a scratch
 * object keyed by the state being resolved (never in the state itself).
 */

interface Attack {
  source: string;
  attacker: string;
}

interface NightDeath {
  cause: string;
  /** Lethal sources (the `killed.by` list), or null for modkill/left/missing/harakiri. */
  by: string[] | null;
}

interface Night {
  maniac: ClassicPlayer | undefined;
  ambush: boolean;
  /** The beaten player of this night, if the beating took effect. */
  beaten: string | null;
  thug: ClassicPlayer | undefined;
  /** Effective clan kill orders. */
  effective: { clan: Clan; executor: string; target: string }[];
  pending: Map<string, Attack[]>;
  /** Final (unsavable) deaths of N4, with their sources. */
  final: Map<string, string[]>;
  deaths: Map<string, NightDeath>;
  armyBy: string | null;
  check: { checker: string; target: string; blocked: boolean } | null;
  checkResult: JsonObject | null;
  ninjaTarget: string | null;
}

const scratch = new WeakMap<ClassicState, Night>();

function nightOf(state: ClassicState): Night {
  let night = scratch.get(state);
  if (!night) {
    night = {
      maniac: undefined,
      ambush: false,
      beaten: null,
      thug: undefined,
      effective: [],
      pending: new Map(),
      final: new Map(),
      deaths: new Map(),
      armyBy: null,
      check: null,
      checkResult: null,
      ninjaTarget: null,
    };
    scratch.set(state, night);
  }
  return night;
}

function orderOf(state: ClassicState, player: ClassicPlayer | undefined, slot: string): Order | undefined {
  if (!player) return undefined;
  return state.data.orders[player.id]?.[slot];
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function nightDeath(
  state: ClassicState,
  night: Night,
  player: ClassicPlayer,
  cause: string,
  by: string[] | null,
): void {
  if (!player.alive) return;
  markDead(state, player, cause);
  night.deaths.set(player.id, { cause, by });
  if (by) emitEvent(state, "killed", { player: player.id, by });
  if (cause === "modkill" || cause === "left" || cause === "missing") reveal(state, player);
}

/** The clan's effective kill order (§4): the don's, else the first member order of the night. */
function effectiveKill(state: ClassicState, clan: Clan): { executor: string; target: string } | null {
  const orders = state.data.orders;
  const donId = state.data.dons[clan];
  let best: { holder: string; order: Order } | null = null;
  const donOrder = donId !== null ? orders[donId]?.["kill"] : undefined;
  if (donId !== null && donOrder) best = { holder: donId, order: donOrder };
  else {
    for (const p of state.players) {
      if (!isClanMember(p, clan)) continue;
      const order = orders[p.id]?.["kill"];
      if (order && (!best || order.seq < best.order.seq)) best = { holder: p.id, order: order };
    }
  }
  if (!best) return null;
  return { executor: best.order.executor ?? best.holder, target: best.order.targets[0] as string };
}

function lostReason(night: Night, player: ClassicPlayer): string | null {
  if (!player.alive) return "dead";
  if (isRemoved(player)) return "removed";
  if (night.beaten === player.id) return "beaten";
  return null;
}

// ---------------------------------------------------------------- day (§5.1)

function tallyAndHang(state: ClassicState): void {
  const data = state.data;
  const counts: Record<string, number> = {};
  const reachedAt: Record<string, number> = {};
  let index = 0;
  for (const vote of data.votes) {
    if (vote.void) continue;
    const count = (counts[vote.target] ?? 0) + 1;
    counts[vote.target] = count;
    reachedAt[vote.target] = index;
    const against = data.against[vote.target];
    if (against) against[0]++;
    else data.against[vote.target] = [1, state.phase.n, index];
    index++;
  }
  emitEvent(state, "tally", { counts });
  let hanged: string | null = null;
  let max = 0;
  let at = Number.MAX_SAFE_INTEGER;
  for (const [id, count] of Object.entries(counts)) {
    const reachedIndex = reachedAt[id] as number;
    if (count > max || (count === max && reachedIndex < at)) {
      hanged = id;
      max = count;
      at = reachedIndex;
    }
  }
  const hangedPlayer = findPlayer(state, hanged);
  if (!hangedPlayer || !hangedPlayer.alive) {
    emitPublic(state, "nobody_hanged");
    return;
  }
  markDead(state, hangedPlayer, "lynch");
  reveal(state, hangedPlayer);
  state.output.deaths.push({ player: hangedPlayer.id, cause: "lynch" });
  emitPublic(state, "hanged", { player: hangedPlayer.id, ...roleParams(hangedPlayer) });
  if (hangedPlayer.role === "ninja") {
    data.testament = data.votes.filter((v) => !v.void && v.target === hangedPlayer.id).map((v) => v.voter);
  }
}

function dayRemovals(state: ClassicState): void {
  const data = state.data;
  for (const [list, cause, key] of [
    [data.modkills, "modkill", "removed_by_host"],
    [data.leaves, "left", "left_game"],
  ] as const) {
    for (const id of list) {
      const removed = findPlayer(state, id);
      if (!removed || !removed.alive) continue;
      markDead(state, removed, cause);
      reveal(state, removed);
      state.output.deaths.push({ player: removed.id, cause });
      emitPublic(state, key, { player: removed.id, ...roleParams(removed) });
    }
  }
  // Passive players and refusals (§5.1 D2.3, §6).
  for (const p of state.players) {
    if (!p.alive || isRemoved(p) || hasStatus(p, "beaten")) continue;
    const voted = data.votes.some((v) => v.voter === p.id && !v.void);
    let reached = false;
    if (!voted) {
      const count = (data.refusals[p.id] ?? 0) + 1;
      data.refusals[p.id] = count;
      emitEvent(state, "vote_refused", { player: p.id, count });
      reached = count === 2;
    }
    const reason = !data.active[p.id] ? "no_post" : reached ? "no_votes" : null;
    if (reason) {
      addStatus(p, "removed");
      emitEvent(state, "removed", { player: p.id, reason });
      emitPrivate(state, p.id, "removed", { reason });
    }
  }
  promoteAndSucceed(state);
}

function beatingEnds(state: ClassicState): void {
  for (const p of state.players) if (p.statuses.length > 0) removeStatus(p, "beaten");
  state.data.beaten = null;
}

// ---------------------------------------------------------------- night (§5.2)

function nightRemovals(state: ClassicState): void {
  const night = nightOf(state);
  for (const id of state.data.modkills) {
    const removed = findPlayer(state, id);
    if (removed) nightDeath(state, night, removed, "modkill", null);
  }
  for (const id of state.data.leaves) {
    const leaver = findPlayer(state, id);
    if (leaver) nightDeath(state, night, leaver, "left", null);
  }
}

function beatingAndExplosion(state: ClassicState): void {
  const night = nightOf(state);
  const maniac = firstWithRole(state, "maniac");
  night.maniac = maniac;
  const maniacOrder = orderOf(state, maniac, "maniac");
  if (maniac && isActive(maniac) && maniacOrder?.action === "ambush") {
    night.ambush = true;
    addStatus(maniac, "ambush_used");
    emitEvent(state, "ambush", { player: maniac.id });
  } else if (maniac && maniacOrder?.action === "ambush") {
    emitEvent(state, "action_lost", {
      player: maniac.id,
      action: "ambush",
      reason: maniac.alive ? "removed" : "dead",
    });
  }

  for (const clan of CLANS) {
    const kill = effectiveKill(state, clan);
    if (kill) night.effective.push({ clan, ...kill });
  }

  const thug = firstWithRole(state, "thug");
  night.thug = thug;
  const beatOrder = orderOf(state, thug, "beat");
  let beatTarget: ClassicPlayer | undefined;
  if (thug && beatOrder) {
    if (night.effective.some((e) => e.executor === thug.id)) {
      emitEvent(state, "action_lost", { player: thug.id, action: "beat", reason: "executor" });
    } else if (!isActive(thug)) {
      emitEvent(state, "action_lost", {
        player: thug.id,
        action: "beat",
        reason: thug.alive ? "removed" : "dead",
      });
    } else {
      beatTarget = findPlayer(state, beatOrder.targets[0]);
      if (beatTarget && !beatTarget.alive) beatTarget = undefined;
    }
  }

  const kamikaze = firstWithRole(state, "kamikaze");
  const explodeOrder = orderOf(state, kamikaze, "explode");
  const dying = new Set<ClassicPlayer>();
  if (kamikaze && explodeOrder) {
    const target = findPlayer(state, explodeOrder.targets[0]);
    if (!isActive(kamikaze)) {
      emitEvent(state, "action_lost", {
        player: kamikaze.id,
        action: "explode",
        reason: kamikaze.alive ? "removed" : "dead",
      });
    } else if (target && target.alive) {
      emitEvent(state, "exploded", { player: kamikaze.id, target: target.id });
      dying.add(target);
      dying.add(kamikaze);
      if (thug && target.id === thug.id && beatTarget) dying.add(beatTarget);
    }
  }
  if (thug && beatTarget) {
    if (kamikaze && beatTarget.id === kamikaze.id) {
      dying.add(thug);
      dying.add(kamikaze);
    } else if (night.ambush && maniac && beatTarget.id === maniac.id) {
      pushTo(night.pending, thug.id, { source: "ambush", attacker: maniac.id });
    } else if (!dying.has(thug) && !dying.has(beatTarget)) {
      night.beaten = beatTarget.id;
      state.data.beaten = beatTarget.id;
      state.data.beatenEver.push(beatTarget.id);
      addStatus(beatTarget, "beaten");
      emitEvent(state, "beaten", { player: beatTarget.id, by: thug.id });
    }
  }
  for (const p of state.players) if (dying.has(p)) nightDeath(state, night, p, "kamikaze", ["kamikaze"]);

  // Orders of N4–N5 that will not be carried out.
  for (const p of state.players) {
    const orders = state.data.orders[p.id];
    if (!orders) continue;
    const reason = lostReason(night, p);
    if (!reason) continue;
    for (const [slot, order] of Object.entries(orders)) {
      if (slot === "beat" || slot === "explode" || order.action === "ambush") continue;
      if (order.action === "kill" && isClanRole(p.role)) continue; // the clan's order: only the executor's shot counts
      emitEvent(state, "action_lost", { player: p.id, action: order.action, reason });
    }
  }
  for (const clanKill of night.effective) {
    const executor = findPlayer(state, clanKill.executor);
    const reason = executor ? lostReason(night, executor) : "dead";
    if (reason) emitEvent(state, "action_lost", { player: clanKill.executor, action: "kill", reason });
  }
}

function shotsProtectsChecks(state: ClassicState): void {
  const night = nightOf(state);
  const data = state.data;
  const canAct = (p: ClassicPlayer | undefined): p is ClassicPlayer =>
    p !== undefined && p.alive && !isRemoved(p) && night.beaten !== p.id;
  const attacks = new Map<string, Attack[]>();
  const attack = (target: string | undefined, hit: Attack) => {
    const victim = findPlayer(state, target);
    if (victim && victim.alive) pushTo(attacks, victim.id, hit);
  };

  for (const clanKill of night.effective) {
    const executor = findPlayer(state, clanKill.executor);
    if (canAct(executor)) attack(clanKill.target, { source: clanKill.clan, attacker: executor.id });
  }
  const maniac = night.maniac;
  const maniacOrder = orderOf(state, maniac, "maniac");
  if (canAct(maniac) && maniacOrder?.action === "kill") {
    attack(maniacOrder.targets[0], { source: "maniac", attacker: maniac.id });
  }
  const ninja = firstWithRole(state, "ninja");
  const ninjaOrder = orderOf(state, ninja, "kill");
  if (canAct(ninja) && ninjaOrder) {
    const ninjaTarget = findPlayer(state, ninjaOrder.targets[0]);
    if (ninjaTarget && ninjaTarget.alive) night.ninjaTarget = ninjaTarget.id;
    attack(ninjaOrder.targets[0], { source: "ninja", attacker: ninja.id });
  }
  const necro = firstWithRole(state, "necromancer");
  const necroOrder = orderOf(state, necro, "necromancer");
  if (canAct(necro) && necroOrder) {
    if (necroOrder.action === "protect") {
      for (const id of necroOrder.targets) {
        const protectedPlayer = findPlayer(state, id);
        if (
          !protectedPlayer ||
          !protectedPlayer.alive ||
          data.protectsLeft <= 0 ||
          data.protectedEver.includes(id)
        )
          continue;
        data.protectsLeft--;
        data.protectedEver.push(id);
        addStatus(protectedPlayer, "protected");
        emitEvent(state, "protect_given", { player: id });
      }
    } else {
      night.armyBy = necro.id;
      for (const id of necroOrder.targets) attack(id, { source: "army", attacker: necro.id });
    }
  }
  for (const p of state.players) {
    const checkOrder = data.orders[p.id]?.["check"];
    if (!checkOrder || !canAct(p) || !canCheck(p)) continue;
    const checked = findPlayer(state, checkOrder.targets[0]);
    if (checked && checked.alive) night.check = { checker: p.id, target: checked.id, blocked: false };
  }
  const doctor = firstWithRole(state, "doctor");
  const healOrder = orderOf(state, doctor, "heal");
  if (canAct(doctor) && healOrder) {
    data.lastHeal = { night: state.phase.n, target: healOrder.targets[0] as string };
  }

  const final = night.final;
  const addFinal = (id: string, source: string) => pushTo(final, id, source);
  const kamikaze = firstWithRole(state, "kamikaze");
  for (const [target, list] of attacks) {
    if (night.ambush && maniac && target === maniac.id) {
      for (const hit of list) {
        if (hit.source === "army") continue;
        if (kamikaze && hit.attacker === kamikaze.id) {
          addFinal(kamikaze.id, "ambush");
          addFinal(maniac.id, "kamikaze");
        } else {
          pushTo(night.pending, hit.attacker, { source: "ambush", attacker: maniac.id });
        }
      }
    } else if (kamikaze && target === kamikaze.id) {
      for (const hit of list) {
        addFinal(kamikaze.id, hit.source);
        addFinal(hit.attacker, "kamikaze");
      }
    } else {
      if (
        target === night.beaten &&
        night.thug &&
        list.some(
          (a) =>
            a.source === "italians" ||
            a.source === "russians" ||
            a.source === "maniac" ||
            a.source === "ninja",
        )
      ) {
        addFinal(night.thug.id, "crossfire");
      }
      for (const hit of list) {
        if (hit.source === "army") addFinal(target, "army");
        else pushTo(night.pending, target, hit);
      }
    }
  }
  if (night.armyBy) addFinal(night.armyBy, "army");
  if (night.check && night.ambush && maniac && night.check.target === maniac.id) {
    night.check.blocked = true;
    pushTo(night.pending, night.check.checker, { source: "ambush", attacker: maniac.id });
  }
}

const HEALABLE = new Set(["italians", "russians", "maniac", "ambush"]);
const RESURRECTABLE = new Set(["italians", "russians", "maniac", "ninja", "ambush"]);
const PEACEFUL = new Set(["citizen", "bastard_son"]);

function resultsHealResurrection(state: ClassicState): void {
  const night = nightOf(state);
  const data = state.data;
  // 1. Check result (sent after N6 to whoever is alive at the end of the night).
  if (night.check && !night.check.blocked) {
    const checked = findPlayer(state, night.check.target) as ClassicPlayer;
    const result: JsonObject = {
      target: checked.id,
      result: isClanRole(checked.role) ? (checked.clan as string) : checked.role,
    };
    if (night.beaten === checked.id && night.thug) result["thug"] = night.thug.id;
    night.checkResult = result;
  }
  // 2. Heal.
  const heal = data.lastHeal;
  if (heal && heal.night === state.phase.n && state.phase.n > 0) {
    const list = night.pending.get(heal.target);
    if (
      list &&
      list.length === 1 &&
      !night.final.has(heal.target) &&
      HEALABLE.has((list[0] as Attack).source)
    ) {
      night.pending.delete(heal.target);
      emitEvent(state, "healed", { player: heal.target });
    }
  }
  // 3. Vest.
  const maniac = night.maniac;
  if (maniac && !night.ambush && !hasStatus(maniac, "vest_broken")) {
    const list = night.pending.get(maniac.id);
    const index = list ? list.findIndex((a) => a.source === "italians" || a.source === "russians") : -1;
    if (list && index >= 0) {
      list.splice(index, 1);
      if (list.length === 0) night.pending.delete(maniac.id);
      addStatus(maniac, "vest_broken");
      emitEvent(state, "vest_broken", { player: maniac.id });
      emitPrivate(state, maniac.id, "vest_broken");
    }
  }
  // 4. Who dies.
  const dying: { p: ClassicPlayer; sources: string[]; final: boolean }[] = [];
  for (const p of state.players) {
    const pending = night.pending.get(p.id);
    const finalSources = night.final.get(p.id);
    if (!p.alive || (!pending?.length && !finalSources)) continue;
    const sources: string[] = [];
    if (finalSources) for (const src of finalSources) if (!sources.includes(src)) sources.push(src);
    if (pending) for (const a of pending) if (!sources.includes(a.source)) sources.push(a.source);
    dying.push({ p, sources, final: finalSources !== undefined });
  }
  // 5. Resurrection.
  const necro = firstWithRole(state, "necromancer");
  const necroUp =
    necro !== undefined &&
    necro.alive &&
    !isRemoved(necro) &&
    night.beaten !== necro.id &&
    !dying.some((d) => d.p === necro);
  for (const candidate of dying) {
    if (
      necroUp &&
      !candidate.final &&
      hasStatus(candidate.p, "protected") &&
      candidate.sources.every((src) => RESURRECTABLE.has(src))
    ) {
      removeStatus(candidate.p, "protected");
      emitEvent(state, "resurrected", { player: candidate.p.id });
      emitPrivate(state, (necro as ClassicPlayer).id, "protect_used", { target: candidate.p.id });
      continue;
    }
    nightDeath(state, night, candidate.p, causeOf(candidate.sources), candidate.sources);
  }
  // 6. Harakiri.
  const ninja = firstWithRole(state, "ninja");
  if (night.ninjaTarget) {
    const ninjaTarget = findPlayer(state, night.ninjaTarget) as ClassicPlayer;
    if (!ninjaTarget.alive && night.deaths.has(ninjaTarget.id) && PEACEFUL.has(ninjaTarget.role)) {
      data.ninjaKills++;
      if (data.ninjaKills === 2 && ninja && ninja.alive) nightDeath(state, night, ninja, "harakiri", null);
    }
  }
  // 7. Testament.
  if (data.testament) {
    for (const id of data.testament) {
      const voter = findPlayer(state, id);
      if (voter && isActive(voter)) {
        nightDeath(state, night, voter, "testament", ["testament"]);
        break;
      }
    }
    data.testament = null;
  }
  // 8. Promotion and succession.
  promoteAndSucceed(state);
}

function missing(state: ClassicState): void {
  const night = nightOf(state);
  for (const p of state.players) if (p.alive && isRemoved(p)) nightDeath(state, night, p, "missing", null);
  promoteAndSucceed(state);
  // Check results go to the commissar alive at the end of the night and to the living sergeant.
  if (night.checkResult) {
    const result = night.checkResult;
    for (const role of ["commissar", "sergeant"]) {
      const holder = firstWithRole(state, role);
      if (!holder || !holder.alive) continue;
      emitPrivate(state, holder.id, "check_result", result);
      const known = (state.data.checks[holder.id] ??= []);
      const entry: { night: number; target: string; result: string; thug?: string } = {
        night: state.phase.n,
        target: result["target"] as string,
        result: result["result"] as string,
      };
      if (typeof result["thug"] === "string") entry.thug = result["thug"];
      known.push(entry);
    }
    const target = result["target"] as string;
    if (!state.data.contacts.includes(target)) state.data.contacts.push(target);
  }
  // End of night 0: the clans' dons (§4 "Don assignment").
  if (state.phase.n === 0) {
    for (const clan of CLANS) {
      if (state.data.dons[clan] !== null) continue;
      const chosen = findPlayer(state, state.data.donChoice[clan]);
      const don = chosen && chosen.role === "mafia" && isActive(chosen) ? chosen : successor(state, clan);
      if (don) setDon(state, clan, don.id);
    }
  }
}

const KILLER_ORDER = ["kamikaze", "army", "italians", "russians", "maniac", "ninja", "testament"];

function newspaper(state: ClassicState): void {
  const night = nightOf(state);
  const reveal = state.options.revealNightRoles;
  if (night.beaten) emitPublic(state, "beaten", { player: night.beaten });
  for (const p of state.players) {
    const death = night.deaths.get(p.id);
    if (!death) continue;
    state.output.deaths.push({ player: p.id, cause: death.cause });
    const extra: JsonObject = reveal ? { reveal: roleParams(p) } : {};
    if (p.role === "kamikaze" && death.cause === "kamikaze")
      emitPublic(state, "blew_up", { player: p.id, ...extra });
    else if (p.id === night.armyBy) emitPublic(state, "darkness", { player: p.id, ...extra });
    else if (death.cause === "modkill")
      emitPublic(state, "removed_by_host", { player: p.id, ...roleParams(p) });
    else if (death.cause === "left") emitPublic(state, "left_game", { player: p.id, ...roleParams(p) });
    else if (death.cause === "missing") emitPublic(state, "missing", { player: p.id, ...roleParams(p) });
    else if (death.cause === "harakiri") emitPublic(state, "harakiri", { player: p.id, ...extra });
    else if (death.cause === "thug_crossfire") emitPublic(state, "stray_bullet", { player: p.id, ...extra });
    else {
      const by = death.by ?? [];
      const killers: string[] = [];
      for (const killer of KILLER_ORDER) {
        const has =
          killer === "maniac" ? by.includes("maniac") || by.includes("ambush") : by.includes(killer);
        if (has) killers.push(killer);
      }
      emitPublic(state, "killed", { player: p.id, killers, ...extra });
    }
  }
  if (!night.beaten && night.deaths.size === 0) emitPublic(state, "quiet_night");
  checkWin(state, true);
  scratch.delete(state);
}

// ---------------------------------------------------------------- phase change

function advance(state: ClassicState): void {
  if (state.ended) return;
  const data = state.data;
  data.modkills = [];
  data.leaves = [];
  if (state.phase.kind === "night") {
    data.orders = {};
    data.seq = 0;
    data.duelWinner = null;
    data.donChoice = { italians: null, russians: null };
    state.phase = { kind: "day", n: state.phase.n + 1 };
  } else {
    data.votes = [];
    data.voted = {};
    data.active = {};
    state.phase = { kind: "night", n: state.phase.n };
  }
}

const onDay =
  (run: (state: ClassicState) => void) =>
  (state: ClassicState): void => {
    if (state.phase.kind === "day" && !state.ended) run(state);
  };
const onNight =
  (run: (state: ClassicState) => void) =>
  (state: ClassicState): void => {
    if (state.phase.kind === "night" && !state.ended) run(state);
  };

export const resolution: readonly ResolutionStep<ClassicState>[] = [
  { name: "D1 hanging", run: onDay(tallyAndHang) },
  { name: "D2 removals, refusals, promotion and succession", run: onDay(dayRemovals) },
  { name: "D3 the beating ends", run: onDay(beatingEnds) },
  { name: "D4 win check", run: onDay((state) => void checkWin(state, false)) },
  { name: "N0 modkills and leaves", run: onNight(nightRemovals) },
  { name: "N3 beating and explosion", run: onNight(beatingAndExplosion) },
  { name: "N4 shots, protects, checks", run: onNight(shotsProtectsChecks) },
  {
    name: "N5 results, heal, vest, deaths, resurrection, harakiri, testament",
    run: onNight(resultsHealResurrection),
  },
  { name: "N6 missing", run: onNight(missing) },
  { name: "N7 newspaper and win check", run: onNight(newspaper) },
  { name: "next phase", run: advance },
];

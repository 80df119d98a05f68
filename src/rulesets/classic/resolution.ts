import {
  addStatus,
  emitEvent,
  emitPrivate,
  emitPublic,
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
  causeOf,
  isClanRole,
} from "./state.js";
import {
  byId,
  canCheck,
  firstWithRole,
  isActive,
  isClanMember,
  isRemoved,
  markDead,
  promoteAndSucceed,
  reveal,
  roleParams,
  setDon,
  successor,
} from "./util.js";
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

function night(state: ClassicState): Night {
  let s = scratch.get(state);
  if (!s) {
    s = {
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
    scratch.set(state, s);
  }
  return s;
}

function orderOf(state: ClassicState, p: ClassicPlayer | undefined, slot: string): Order | undefined {
  if (!p) return undefined;
  return state.data.orders[p.id]?.[slot];
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function nightDeath(
  state: ClassicState,
  s: Night,
  p: ClassicPlayer,
  cause: string,
  by: string[] | null,
): void {
  if (!p.alive) return;
  markDead(state, p, cause);
  s.deaths.set(p.id, { cause, by });
  if (by) emitEvent(state, "killed", { player: p.id, by });
  if (cause === "modkill" || cause === "left" || cause === "missing") reveal(state, p);
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
      const o = orders[p.id]?.["kill"];
      if (o && (!best || o.seq < best.order.seq)) best = { holder: p.id, order: o };
    }
  }
  if (!best) return null;
  return { executor: best.order.executor ?? best.holder, target: best.order.targets[0] as string };
}

function lostReason(s: Night, p: ClassicPlayer): string | null {
  if (!p.alive) return "dead";
  if (isRemoved(p)) return "removed";
  if (s.beaten === p.id) return "beaten";
  return null;
}

// ---------------------------------------------------------------- day (§5.1)

function tallyAndHang(state: ClassicState): void {
  const data = state.data;
  const counts: Record<string, number> = {};
  const reachedAt: Record<string, number> = {};
  let index = 0;
  for (const v of data.votes) {
    if (v.void) continue;
    const c = (counts[v.target] ?? 0) + 1;
    counts[v.target] = c;
    reachedAt[v.target] = index;
    const against = data.against[v.target];
    if (against) against[0]++;
    else data.against[v.target] = [1, state.phase.n, index];
    index++;
  }
  emitEvent(state, "tally", { counts });
  let hanged: string | null = null;
  let max = 0;
  let at = Number.MAX_SAFE_INTEGER;
  for (const [id, c] of Object.entries(counts)) {
    const r = reachedAt[id] as number;
    if (c > max || (c === max && r < at)) {
      hanged = id;
      max = c;
      at = r;
    }
  }
  const p = byId(state, hanged);
  if (!p || !p.alive) {
    emitPublic(state, "nobody_hanged");
    return;
  }
  markDead(state, p, "lynch");
  reveal(state, p);
  state.output.deaths.push({ player: p.id, cause: "lynch" });
  emitPublic(state, "hanged", { player: p.id, ...roleParams(p) });
  if (p.role === "ninja") {
    data.testament = data.votes.filter((v) => !v.void && v.target === p.id).map((v) => v.voter);
  }
}

function dayRemovals(state: ClassicState): void {
  const data = state.data;
  for (const [list, cause, key] of [
    [data.modkills, "modkill", "removed_by_host"],
    [data.leaves, "left", "left_game"],
  ] as const) {
    for (const id of list) {
      const p = byId(state, id);
      if (!p || !p.alive) continue;
      markDead(state, p, cause);
      reveal(state, p);
      state.output.deaths.push({ player: p.id, cause });
      emitPublic(state, key, { player: p.id, ...roleParams(p) });
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
  const s = night(state);
  for (const id of state.data.modkills) {
    const p = byId(state, id);
    if (p) nightDeath(state, s, p, "modkill", null);
  }
  for (const id of state.data.leaves) {
    const p = byId(state, id);
    if (p) nightDeath(state, s, p, "left", null);
  }
}

function beatingAndExplosion(state: ClassicState): void {
  const s = night(state);
  const maniac = firstWithRole(state, "maniac");
  s.maniac = maniac;
  const maniacOrder = orderOf(state, maniac, "maniac");
  if (maniac && isActive(maniac) && maniacOrder?.action === "ambush") {
    s.ambush = true;
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
    const eff = effectiveKill(state, clan);
    if (eff) s.effective.push({ clan, ...eff });
  }

  const thug = firstWithRole(state, "thug");
  s.thug = thug;
  const beatOrder = orderOf(state, thug, "beat");
  let beatTarget: ClassicPlayer | undefined;
  if (thug && beatOrder) {
    if (s.effective.some((e) => e.executor === thug.id)) {
      emitEvent(state, "action_lost", { player: thug.id, action: "beat", reason: "executor" });
    } else if (!isActive(thug)) {
      emitEvent(state, "action_lost", {
        player: thug.id,
        action: "beat",
        reason: thug.alive ? "removed" : "dead",
      });
    } else {
      beatTarget = byId(state, beatOrder.targets[0]);
      if (beatTarget && !beatTarget.alive) beatTarget = undefined;
    }
  }

  const kamikaze = firstWithRole(state, "kamikaze");
  const explodeOrder = orderOf(state, kamikaze, "explode");
  const dying = new Set<ClassicPlayer>();
  if (kamikaze && explodeOrder) {
    const target = byId(state, explodeOrder.targets[0]);
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
    } else if (s.ambush && maniac && beatTarget.id === maniac.id) {
      pushTo(s.pending, thug.id, { source: "ambush", attacker: maniac.id });
    } else if (!dying.has(thug) && !dying.has(beatTarget)) {
      s.beaten = beatTarget.id;
      state.data.beaten = beatTarget.id;
      state.data.beatenEver.push(beatTarget.id);
      addStatus(beatTarget, "beaten");
      emitEvent(state, "beaten", { player: beatTarget.id, by: thug.id });
    }
  }
  for (const p of state.players) if (dying.has(p)) nightDeath(state, s, p, "kamikaze", ["kamikaze"]);

  // Orders of N4–N5 that will not be carried out.
  for (const p of state.players) {
    const orders = state.data.orders[p.id];
    if (!orders) continue;
    const reason = lostReason(s, p);
    if (!reason) continue;
    for (const [slot, o] of Object.entries(orders)) {
      if (slot === "beat" || slot === "explode" || o.action === "ambush") continue;
      if (o.action === "kill" && isClanRole(p.role)) continue; // the clan's order: only the executor's shot counts
      emitEvent(state, "action_lost", { player: p.id, action: o.action, reason });
    }
  }
  for (const e of s.effective) {
    const ex = byId(state, e.executor);
    const reason = ex ? lostReason(s, ex) : "dead";
    if (reason) emitEvent(state, "action_lost", { player: e.executor, action: "kill", reason });
  }
}

function shotsProtectsChecks(state: ClassicState): void {
  const s = night(state);
  const data = state.data;
  const canAct = (p: ClassicPlayer | undefined): p is ClassicPlayer =>
    p !== undefined && p.alive && !isRemoved(p) && s.beaten !== p.id;
  const attacks = new Map<string, Attack[]>();
  const attack = (target: string | undefined, a: Attack) => {
    const t = byId(state, target);
    if (t && t.alive) pushTo(attacks, t.id, a);
  };

  for (const e of s.effective) {
    const ex = byId(state, e.executor);
    if (canAct(ex)) attack(e.target, { source: e.clan, attacker: ex.id });
  }
  const maniac = s.maniac;
  const maniacOrder = orderOf(state, maniac, "maniac");
  if (canAct(maniac) && maniacOrder?.action === "kill") {
    attack(maniacOrder.targets[0], { source: "maniac", attacker: maniac.id });
  }
  const ninja = firstWithRole(state, "ninja");
  const ninjaOrder = orderOf(state, ninja, "kill");
  if (canAct(ninja) && ninjaOrder) {
    const t = byId(state, ninjaOrder.targets[0]);
    if (t && t.alive) s.ninjaTarget = t.id;
    attack(ninjaOrder.targets[0], { source: "ninja", attacker: ninja.id });
  }
  const necro = firstWithRole(state, "necromancer");
  const necroOrder = orderOf(state, necro, "necromancer");
  if (canAct(necro) && necroOrder) {
    if (necroOrder.action === "protect") {
      for (const id of necroOrder.targets) {
        const t = byId(state, id);
        if (!t || !t.alive || data.protectsLeft <= 0 || data.protectedEver.includes(id)) continue;
        data.protectsLeft--;
        data.protectedEver.push(id);
        addStatus(t, "protected");
        emitEvent(state, "protect_given", { player: id });
      }
    } else {
      s.armyBy = necro.id;
      for (const id of necroOrder.targets) attack(id, { source: "army", attacker: necro.id });
    }
  }
  for (const p of state.players) {
    const o = data.orders[p.id]?.["check"];
    if (!o || !canAct(p) || !canCheck(p)) continue;
    const t = byId(state, o.targets[0]);
    if (t && t.alive) s.check = { checker: p.id, target: t.id, blocked: false };
  }
  const doctor = firstWithRole(state, "doctor");
  const healOrder = orderOf(state, doctor, "heal");
  if (canAct(doctor) && healOrder) {
    data.lastHeal = { night: state.phase.n, target: healOrder.targets[0] as string };
  }

  const final = s.final;
  const addFinal = (id: string, source: string) => pushTo(final, id, source);
  const kamikaze = firstWithRole(state, "kamikaze");
  for (const [target, list] of attacks) {
    if (s.ambush && maniac && target === maniac.id) {
      for (const a of list) {
        if (a.source === "army") continue;
        if (kamikaze && a.attacker === kamikaze.id) {
          addFinal(kamikaze.id, "ambush");
          addFinal(maniac.id, "kamikaze");
        } else {
          pushTo(s.pending, a.attacker, { source: "ambush", attacker: maniac.id });
        }
      }
    } else if (kamikaze && target === kamikaze.id) {
      for (const a of list) {
        addFinal(kamikaze.id, a.source);
        addFinal(a.attacker, "kamikaze");
      }
    } else {
      if (
        target === s.beaten &&
        s.thug &&
        list.some(
          (a) =>
            a.source === "italians" ||
            a.source === "russians" ||
            a.source === "maniac" ||
            a.source === "ninja",
        )
      ) {
        addFinal(s.thug.id, "crossfire");
      }
      for (const a of list) {
        if (a.source === "army") addFinal(target, "army");
        else pushTo(s.pending, target, a);
      }
    }
  }
  if (s.armyBy) addFinal(s.armyBy, "army");
  if (s.check && s.ambush && maniac && s.check.target === maniac.id) {
    s.check.blocked = true;
    pushTo(s.pending, s.check.checker, { source: "ambush", attacker: maniac.id });
  }
}

const HEALABLE = new Set(["italians", "russians", "maniac", "ambush"]);
const RESURRECTABLE = new Set(["italians", "russians", "maniac", "ninja", "ambush"]);
const PEACEFUL = new Set(["citizen", "bastard_son"]);

function resultsHealResurrection(state: ClassicState): void {
  const s = night(state);
  const data = state.data;
  // 1. Check result (sent after N6 to whoever is alive at the end of the night).
  if (s.check && !s.check.blocked) {
    const t = byId(state, s.check.target) as ClassicPlayer;
    const result: JsonObject = {
      target: t.id,
      result: isClanRole(t.role) ? (t.clan as string) : t.role,
    };
    if (s.beaten === t.id && s.thug) result["thug"] = s.thug.id;
    s.checkResult = result;
  }
  // 2. Heal.
  const heal = data.lastHeal;
  if (heal && heal.night === state.phase.n && state.phase.n > 0) {
    const list = s.pending.get(heal.target);
    if (list && list.length === 1 && !s.final.has(heal.target) && HEALABLE.has((list[0] as Attack).source)) {
      s.pending.delete(heal.target);
      emitEvent(state, "healed", { player: heal.target });
    }
  }
  // 3. Vest.
  const maniac = s.maniac;
  if (maniac && !s.ambush && !hasStatus(maniac, "vest_broken")) {
    const list = s.pending.get(maniac.id);
    const i = list ? list.findIndex((a) => a.source === "italians" || a.source === "russians") : -1;
    if (list && i >= 0) {
      list.splice(i, 1);
      if (list.length === 0) s.pending.delete(maniac.id);
      addStatus(maniac, "vest_broken");
      emitEvent(state, "vest_broken", { player: maniac.id });
      emitPrivate(state, maniac.id, "vest_broken");
    }
  }
  // 4. Who dies.
  const dying: { p: ClassicPlayer; sources: string[]; final: boolean }[] = [];
  for (const p of state.players) {
    const pending = s.pending.get(p.id);
    const fin = s.final.get(p.id);
    if (!p.alive || (!pending?.length && !fin)) continue;
    const sources: string[] = [];
    if (fin) for (const src of fin) if (!sources.includes(src)) sources.push(src);
    if (pending) for (const a of pending) if (!sources.includes(a.source)) sources.push(a.source);
    dying.push({ p, sources, final: fin !== undefined });
  }
  // 5. Resurrection.
  const necro = firstWithRole(state, "necromancer");
  const necroUp =
    necro !== undefined &&
    necro.alive &&
    !isRemoved(necro) &&
    s.beaten !== necro.id &&
    !dying.some((d) => d.p === necro);
  for (const d of dying) {
    if (
      necroUp &&
      !d.final &&
      hasStatus(d.p, "protected") &&
      d.sources.every((src) => RESURRECTABLE.has(src))
    ) {
      removeStatus(d.p, "protected");
      emitEvent(state, "resurrected", { player: d.p.id });
      emitPrivate(state, (necro as ClassicPlayer).id, "protect_used", { target: d.p.id });
      continue;
    }
    nightDeath(state, s, d.p, causeOf(d.sources), d.sources);
  }
  // 6. Harakiri.
  const ninja = firstWithRole(state, "ninja");
  if (s.ninjaTarget) {
    const t = byId(state, s.ninjaTarget) as ClassicPlayer;
    if (!t.alive && s.deaths.has(t.id) && PEACEFUL.has(t.role)) {
      data.ninjaKills++;
      if (data.ninjaKills === 2 && ninja && ninja.alive) nightDeath(state, s, ninja, "harakiri", null);
    }
  }
  // 7. Testament.
  if (data.testament) {
    for (const id of data.testament) {
      const v = byId(state, id);
      if (v && isActive(v)) {
        nightDeath(state, s, v, "testament", ["testament"]);
        break;
      }
    }
    data.testament = null;
  }
  // 8. Promotion and succession.
  promoteAndSucceed(state);
}

function missing(state: ClassicState): void {
  const s = night(state);
  for (const p of state.players) if (p.alive && isRemoved(p)) nightDeath(state, s, p, "missing", null);
  promoteAndSucceed(state);
  // Check results go to the commissar alive at the end of the night and to the living sergeant.
  if (s.checkResult) {
    const result = s.checkResult;
    for (const role of ["commissar", "sergeant"]) {
      const r = firstWithRole(state, role);
      if (!r || !r.alive) continue;
      emitPrivate(state, r.id, "check_result", result);
      const known = (state.data.checks[r.id] ??= []);
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
      const chosen = byId(state, state.data.donChoice[clan]);
      const don = chosen && chosen.role === "mafia" && isActive(chosen) ? chosen : successor(state, clan);
      if (don) setDon(state, clan, don.id);
    }
  }
}

const KILLER_ORDER = ["kamikaze", "army", "italians", "russians", "maniac", "ninja", "testament"];

function newspaper(state: ClassicState): void {
  const s = night(state);
  const reveal = state.options.revealNightRoles;
  if (s.beaten) emitPublic(state, "beaten", { player: s.beaten });
  for (const p of state.players) {
    const d = s.deaths.get(p.id);
    if (!d) continue;
    state.output.deaths.push({ player: p.id, cause: d.cause });
    const extra: JsonObject = reveal ? { reveal: roleParams(p) } : {};
    if (p.role === "kamikaze" && d.cause === "kamikaze")
      emitPublic(state, "blew_up", { player: p.id, ...extra });
    else if (p.id === s.armyBy) emitPublic(state, "darkness", { player: p.id, ...extra });
    else if (d.cause === "modkill") emitPublic(state, "removed_by_host", { player: p.id, ...roleParams(p) });
    else if (d.cause === "left") emitPublic(state, "left_game", { player: p.id, ...roleParams(p) });
    else if (d.cause === "missing") emitPublic(state, "missing", { player: p.id, ...roleParams(p) });
    else if (d.cause === "harakiri") emitPublic(state, "harakiri", { player: p.id, ...extra });
    else if (d.cause === "thug_crossfire") emitPublic(state, "stray_bullet", { player: p.id, ...extra });
    else {
      const by = d.by ?? [];
      const killers: string[] = [];
      for (const k of KILLER_ORDER) {
        const has = k === "maniac" ? by.includes("maniac") || by.includes("ambush") : by.includes(k);
        if (has) killers.push(k);
      }
      emitPublic(state, "killed", { player: p.id, killers, ...extra });
    }
  }
  if (!s.beaten && s.deaths.size === 0) emitPublic(state, "quiet_night");
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

import { emitEvent, emitPublic } from "../../engine/helpers.js";
import type { Json } from "../../engine/types.js";
import { assignedUnitIds, atWar, commanderOf, friendlyTo, hostileTo, unitWorks } from "./armies.js";
import { access } from "./chats.js";
import { freeOf, overrideOf } from "./orders.js";
import { assignPost } from "./posts.js";
import { ARMY_CHAT, armyIndex, COUNTRIES, type RState, sortArmies, type Unit, UNIT_TYPES } from "./state.js";
import { removeUnits, unitAllowed } from "./units.js";

/**
 * Battles (§6.4, §6.6, §6.8): the battle algorithm of steps 3–5 as a pure function (also used by
 * §6.7), then the resolution's steps 13 (battles), 14 (capture) and 15 (squad cap).
 */

export interface SideResult {
  armies: string[];
  strength: number;
  loss: number;
  destroyed: string[];
  destroyedCount: number;
  remaining: number;
  remainingStrength: number;
}

export interface BattleContext {
  /** Season is winter and the front is north (snowmen and mammoths doubled). */
  winterNorth: boolean;
  rule: "cover" | "any";
}

export function baseStrength(unit: Unit): number {
  return UNIT_TYPES[unit.type]?.strength ?? 1;
}

export function effectiveStrength(unit: Unit, opposing: readonly Unit[], ctx: BattleContext): number {
  const info = UNIT_TYPES[unit.type];
  const base = baseStrength(unit);
  if (!info) return base;
  if (info.winterNorth && ctx.winterNorth) return base * 2;
  if (info.vs.some((t) => opposing.some((o) => o.type === t))) return base * 2;
  return base;
}

/** Which units of a side are destroyed by `loss`, weakest first (§6.4 step 5). */
export function casualties(
  units: readonly Unit[],
  effective: Map<string, number>,
  loss: number,
  rule: "cover" | "any",
): Unit[] {
  const order = [...units].sort(
    (a, b) =>
      (effective.get(a.id) ?? 0) - (effective.get(b.id) ?? 0) ||
      baseStrength(a) - baseStrength(b) ||
      b.n - a.n,
  );
  const out: Unit[] = [];
  let remaining = loss;
  for (const u of order) {
    const strength = effective.get(u.id) ?? 0;
    if (rule === "cover") {
      if (strength > remaining) break;
      remaining -= strength;
      out.push(u);
    } else {
      if (remaining <= 0) break;
      remaining -= strength;
      out.push(u);
    }
  }
  return out.sort((a, b) => a.n - b.n);
}

/** Two sides fight once; both strengths are computed before any loss. */
export function fightSides(
  a: readonly Unit[],
  b: readonly Unit[],
  ctx: BattleContext,
): [SideResult, SideResult] {
  const effective = new Map<string, number>();
  for (const u of a) effective.set(u.id, effectiveStrength(u, b, ctx));
  for (const u of b) effective.set(u.id, effectiveStrength(u, a, ctx));
  const strengthA = a.reduce((s, u) => s + (effective.get(u.id) ?? 0), 0);
  const strengthB = b.reduce((s, u) => s + (effective.get(u.id) ?? 0), 0);
  const side = (units: readonly Unit[], strength: number, loss: number): SideResult => {
    const dead = casualties(units, effective, loss, ctx.rule);
    const left = units.filter((u) => !dead.includes(u));
    return {
      armies: sortArmies(units.map((u) => u.army)),
      strength,
      loss,
      destroyed: dead.map((u) => u.id),
      destroyedCount: dead.length,
      remaining: left.length,
      remainingStrength: left.reduce((s, u) => s + baseStrength(u), 0),
    };
  };
  return [side(a, strengthA, strengthB), side(b, strengthB, strengthA)];
}

/**
 * Battles in one country (§6.4 steps 1–2): connected components of the war graph among the
 * armies with active units. Returns bipartite battles as [sideA armies, sideB armies] and
 * non-bipartite components separately.
 */
export function battleComponents(
  armies: readonly string[],
  atWar: (a: string, b: string) => boolean,
): { battles: [string[], string[]][]; needsGm: string[][] } {
  const list = sortArmies(armies);
  const seen = new Set<string>();
  const battles: [string[], string[]][] = [];
  const needsGm: string[][] = [];
  for (const start of list) {
    if (seen.has(start)) continue;
    const color = new Map<string, number>([[start, 0]]);
    const queue = [start];
    const component: string[] = [];
    let bipartite = true;
    let edges = 0;
    seen.add(start);
    while (queue.length > 0) {
      const army = queue.shift() as string;
      component.push(army);
      for (const b of list) {
        if (b === army || !atWar(army, b)) continue;
        edges++;
        if (!color.has(b)) {
          color.set(b, 1 - (color.get(army) ?? 0));
          seen.add(b);
          queue.push(b);
        } else if (color.get(b) === color.get(army)) bipartite = false;
      }
    }
    if (edges === 0) continue;
    const sorted = sortArmies(component);
    if (!bipartite) {
      needsGm.push(sorted);
      continue;
    }
    const first = sorted.filter((x) => color.get(x) === color.get(sorted[0] as string));
    const second = sorted.filter((x) => !first.includes(x));
    battles.push([first, second]);
  }
  battles.sort((x, y) => armyIndex(x[0][0] ?? "") - armyIndex(y[0][0] ?? ""));
  return { battles, needsGm };
}

export function battleCtx(state: RState, country: string) {
  return {
    winterNorth:
      state.options.season === "winter" && (state.options.countryFront[country] ?? "home") === "north",
    rule: state.options.battleLossRule,
  };
}

/** Active units of a country (§6.3). */
export function activeUnits(state: RState, country: string): Unit[] {
  const assigned = new Set<string>();
  for (const order of freeOf(state, "units_defend", "units_attack"))
    for (const id of assignedUnitIds(order)) assigned.add(id);
  return state.data.units.filter(
    (u) =>
      u.location === country &&
      u.inTransitTo === null &&
      unitAllowed(state, u.type, country) &&
      !assigned.has(u.id) &&
      unitWorks(state, u),
  );
}

/** Step 13. */
export function resolveBattles(state: RState): void {
  for (const country of COUNTRIES) {
    const overrides = state.data.overrides.filter((x) => overrideOf(x).country === country);
    if (overrides.some((x) => x.kind === "no_battle")) continue;
    const forced = overrides.find((x) => x.kind === "battle_result");
    if (forced) {
      const ids = (overrideOf(forced).destroy ?? []).filter((id) =>
        state.data.units.some((u) => u.id === id),
      );
      removeUnits(state, ids, "battle");
      emitEvent(state, "battle", { country, sides: [], gm: true, destroyed: ids });
      continue;
    }
    const units = activeUnits(state, country);
    const armies = sortArmies(units.map((u) => u.army));
    const { battles, needsGm } = battleComponents(armies, (a, b) => atWar(state, a, b));
    for (const component of needsGm) emitEvent(state, "battle_needs_gm", { country, armies: component });
    for (const [armiesA, armiesB] of battles) {
      const unitsA = units.filter((u) => armiesA.includes(u.army));
      const unitsB = units.filter((u) => armiesB.includes(u.army));
      const [resultA, resultB] = fightSides(unitsA, unitsB, battleCtx(state, country));
      const sides = [resultA, resultB].map((r) => ({ ...r }));
      emitEvent(state, "battle", { country, sides: sides as unknown as Json });
      const destroyed = [...resultA.destroyed, ...resultB.destroyed];
      const losses = [...armiesA, ...armiesB].map((army) => ({
        army,
        n: units.filter((u) => u.army === army && destroyed.includes(u.id)).length,
      }));
      removeUnits(state, destroyed, "battle");
      emitPublic(state, "battle", { country, losses });
    }
  }
}

/** Step 14. */
export function resolveCaptures(state: RState): void {
  for (const country of COUNTRIES) {
    const overrides = state.data.overrides.filter((x) => overrideOf(x).country === country);
    if (overrides.some((x) => x.kind === "no_capture")) continue;
    const forced = overrides.find((x) => x.kind === "capture");
    let winner: string | undefined = forced ? overrideOf(forced).army : undefined;
    if (!winner) {
      const present = state.data.units.filter((u) => u.location === country && u.inTransitTo === null);
      const armies = sortArmies(present.map((u) => u.army));
      const hostile = armies.filter((a) => hostileTo(state, a, country));
      if (hostile.length === 0 || armies.some((a) => friendlyTo(state, a, country))) continue;
      const strength = (army: string) =>
        present.filter((u) => u.army === army).reduce((sum, u) => sum + baseStrength(u), 0);
      winner = [...hostile].sort((a, b) => strength(b) - strength(a))[0];
    }
    if (!winner) continue;
    capture(state, country, winner);
  }
}

export function capture(state: RState, country: string, army: string): void {
  state.data.ownForces[country] = [army];
  const commander = commanderOf(state, army);
  emitEvent(state, "country_captured", { country, army, commander: commander?.id ?? null });
  emitPublic(state, "captured", { country, army });
  if (commander) {
    if (country === "regnum")
      for (const p of ["king", "pope", "president"]) assignPost(state, commander.id, p);
    else assignPost(state, commander.id, `ruler_${country}`);
  }
  if (country === "regnum") {
    state.data.ksbDefeat = true;
    emitEvent(state, "ksb_defeat", {});
  }
}

/** Step 15. */
export function enforceSquadCap(state: RState): void {
  for (const army of ["royal", "parliament", "inquisition", "aik", "ksb", "ozd", "darkness"]) {
    const conscripts = state.data.units
      .filter((u) => u.army === army && u.conscripted)
      .sort((a, b) => a.n - b.n);
    const chat = ARMY_CHAT[army] ?? army;
    const members = state.players.filter((p) => access(state, p, chat) === "member").length;
    if (conscripts.length > members) {
      const gone = conscripts.slice(conscripts.length - (conscripts.length - members)).map((u) => u.id);
      state.data.units = state.data.units.filter((u) => !gone.includes(u.id));
      emitEvent(state, "units_deserted", { army, units: gone, count: gone.length });
    }
  }
}

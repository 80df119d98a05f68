import { UNIT_TYPES, armyIndex, sortArmies, type Unit } from "./state.js";

/** The battle algorithm of §6.4 steps 3–5 as a pure function (also used by §6.7). */

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

export function baseStrength(u: Unit): number {
  return UNIT_TYPES[u.type]?.strength ?? 1;
}

export function effectiveStrength(u: Unit, opposing: readonly Unit[], ctx: BattleContext): number {
  const info = UNIT_TYPES[u.type];
  const base = baseStrength(u);
  if (!info) return base;
  if (info.winterNorth && ctx.winterNorth) return base * 2;
  if (info.vs.some((t) => opposing.some((o) => o.type === t))) return base * 2;
  return base;
}

/** Which units of a side are destroyed by `loss`, weakest first (§6.4 step 5). */
export function casualties(
  units: readonly Unit[],
  eff: Map<string, number>,
  loss: number,
  rule: "cover" | "any",
): Unit[] {
  const order = [...units].sort(
    (a, b) => (eff.get(a.id) ?? 0) - (eff.get(b.id) ?? 0) || baseStrength(a) - baseStrength(b) || b.n - a.n,
  );
  const out: Unit[] = [];
  let remaining = loss;
  for (const u of order) {
    const s = eff.get(u.id) ?? 0;
    if (rule === "cover") {
      if (s > remaining) break;
      remaining -= s;
      out.push(u);
    } else {
      if (remaining <= 0) break;
      remaining -= s;
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
  const eff = new Map<string, number>();
  for (const u of a) eff.set(u.id, effectiveStrength(u, b, ctx));
  for (const u of b) eff.set(u.id, effectiveStrength(u, a, ctx));
  const sa = a.reduce((s, u) => s + (eff.get(u.id) ?? 0), 0);
  const sb = b.reduce((s, u) => s + (eff.get(u.id) ?? 0), 0);
  const side = (units: readonly Unit[], strength: number, loss: number): SideResult => {
    const dead = casualties(units, eff, loss, ctx.rule);
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
  return [side(a, sa, sb), side(b, sb, sa)];
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
    const comp: string[] = [];
    let bipartite = true;
    let edges = 0;
    seen.add(start);
    while (queue.length > 0) {
      const a = queue.shift() as string;
      comp.push(a);
      for (const b of list) {
        if (b === a || !atWar(a, b)) continue;
        edges++;
        if (!color.has(b)) {
          color.set(b, 1 - (color.get(a) ?? 0));
          seen.add(b);
          queue.push(b);
        } else if (color.get(b) === color.get(a)) bipartite = false;
      }
    }
    if (edges === 0) continue;
    const sorted = sortArmies(comp);
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

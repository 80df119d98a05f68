import { emitEvent } from "../../engine/helpers.js";
import { type RState, type Unit, UNIT_TYPES } from "./state.js";

/** Units (§6.1, §6.2): where a unit type may be, and units created and removed. */

export function front(state: RState, country: string): string {
  return state.options.countryFront[country] ?? "home";
}

export function unitAllowed(state: RState, type: string, country: string): boolean {
  const info = UNIT_TYPES[type];
  if (!info) return false;
  const f = front(state, country);
  switch (info.allowed) {
    case "everywhere":
      return true;
    case "winter_or_north":
      return state.options.season === "winter" || f === "north";
    case "not_sea":
      return f !== "sea";
    case "not_north":
      return f !== "north";
  }
}

export function nextUnitId(state: RState): string {
  const used = new Set(state.data.units.map((u) => u.id));
  for (const p of state.players) used.add(p.id);
  let n = state.data.unitSeq;
  while (used.has(`u${n}`) || state.data.usedUnitIds.includes(`u${n}`)) n++;
  state.data.unitSeq = n + 1;
  return `u${n}`;
}

export function createUnit(
  state: RState,
  fields: Omit<Unit, "n" | "id" | "inTransitTo"> & { id?: string },
): Unit {
  const id = fields.id ?? nextUnitId(state);
  const unit: Unit = {
    id,
    n: state.data.unitCounter++,
    army: fields.army,
    type: fields.type,
    owner: fields.owner,
    location: fields.location,
    inTransitTo: null,
    conscripted: fields.conscripted,
  };
  state.data.units.push(unit);
  state.data.usedUnitIds.push(id);
  return unit;
}

export function removeUnits(state: RState, ids: string[], reason: string | null): void {
  const gone = state.data.units.filter((u) => ids.includes(u.id));
  state.data.units = state.data.units.filter((u) => !ids.includes(u.id));
  if (reason)
    for (const u of gone.sort((a, b) => a.n - b.n))
      emitEvent(state, "unit_destroyed", { unit: u.id, army: u.army, unitType: u.type, reason });
}

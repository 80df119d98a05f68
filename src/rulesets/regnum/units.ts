import { z } from "zod";
import { emitEvent, findPlayer, playerOrThrow } from "../../engine/helpers.js";
import { reject } from "./rejections.js";
import { gmAction, idParam, paramsOf, ruleDeviation } from "./spec.js";
import { COUNTRIES, type RState, type Unit, UNIT_TYPES } from "./state.js";

/** Units (§6.1, §6.2): where a unit type may be, and units created and removed. */

export function front(state: RState, country: string): string {
  return state.options.countryFront[country] ?? "home";
}

export function unitAllowed(state: RState, type: string, country: string): boolean {
  const info = UNIT_TYPES[type];
  if (!info) return false;
  const countryFront = front(state, country);
  switch (info.allowed) {
    case "everywhere":
      return true;
    case "winter_or_north":
      return state.options.season === "winter" || countryFront === "north";
    case "not_sea":
      return countryFront !== "sea";
    case "not_north":
      return countryFront !== "north";
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

/** The GM creates, removes and moves units (§10; a unit where its type may not be is a recorded deviation, R1). */
export const unitGmActions = {
  create_units: gmAction(
    paramsOf({
      army: idParam,
      owner: idParam.nullable().default(null),
      type: z.string().refine((type) => Object.hasOwn(UNIT_TYPES, type), "unknown unit type"),
      count: z.number().int().min(1).default(1),
      location: z.enum(COUNTRIES).optional(),
      ids: z.array(z.string().min(1)).optional(),
      conscripted: z.boolean().optional(),
    }),
    {
      targets: "none",
      check(state, input) {
        const owner = input.params.owner;
        if (typeof owner === "string" && !findPlayer(state, owner))
          return reject("unknown_owner", "unknownOwner");
        const ids = input.params.ids ?? [];
        if (ids.some((id) => state.data.usedUnitIds.includes(id)))
          return reject("unit_id_taken", "unitIdTaken");
        return null;
      },
      run(state, input) {
        const owner = input.params.owner;
        const type = input.params.type;
        const army = input.params.army;
        const location = input.params.location ?? (owner ? playerOrThrow(state, owner).location : "regnum");
        const ids = input.params.ids ?? [];
        const count = Math.max(input.params.count, ids.length);
        if (!unitAllowed(state, type, location))
          ruleDeviation(state, "create_units", `${type} is not allowed in ${location}`);
        const made: string[] = [];
        for (let index = 0; index < count; index++)
          made.push(
            createUnit(state, {
              ...(ids[index] !== undefined ? { id: ids[index] as string } : {}),
              army,
              type,
              owner,
              location,
              conscripted: input.params.conscripted ?? false,
            }).id,
          );
        emitEvent(state, "units_created", { army, owner, units: made, unitType: type });
      },
    },
  ),
  remove_units: gmAction(paramsOf({ units: z.array(z.string()) }), {
    targets: "none",
    run: (state, input) => removeUnits(state, input.params.units, "gm"),
  }),
  move_units: gmAction(paramsOf({ units: z.array(z.string()), country: z.enum(COUNTRIES) }), {
    targets: "none",
    run(state, input) {
      const country = input.params.country;
      for (const unit of state.data.units)
        if (input.params.units.includes(unit.id)) {
          if (!unitAllowed(state, unit.type, country))
            ruleDeviation(state, "move", `${unit.type} is not allowed in ${country}`);
          unit.location = country;
          unit.inTransitTo = null;
        }
    },
  }),
};

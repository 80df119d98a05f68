import { z } from "zod";
import { emitEvent, emitPublic, findPlayer, playerOrThrow } from "../../engine/helpers.js";
import type { JsonObject, Rejection } from "../../engine/types.js";
import { hasRole, neutralized, sendResult } from "./characters.js";
import { chatMembers } from "./chats.js";
import { declareWanted } from "./detention.js";
import { freeOf, ordersOf, orderTarget } from "./orders.js";
import { actingHolder, acts } from "./posts.js";
import { reject } from "./rejections.js";
import {
  arg,
  gmAction,
  idParam,
  type InputOf,
  paramsOf,
  playerAction,
  pushFree,
  targetPlayers,
} from "./spec.js";
import {
  ARMIES,
  ARMY_CHAT,
  COMMANDER_POST,
  COUNTRIES,
  FOREIGN_ARMIES,
  type Order,
  type RPlayer,
  type RState,
  sortArmies,
  type Unit,
} from "./state.js";
import { createUnit, removeUnits, unitAllowed } from "./units.js";

/** Military orders (§5.9, §6.3, §6.5): service, conscription, troop movement, unit assignments, peace and desertion (steps 4, 5 and 16). */

export function commandedArmies(state: RState, actor: RPlayer): string[] {
  return sortArmies(Object.keys(ARMY_CHAT).concat(["norsland", "orientem", "britonia"])).filter((army) =>
    commands(state, actor, army),
  );
}

function conscriptArmies(state: RState, actor: RPlayer): string[] {
  const out = commandedArmies(state, actor).filter((x) => !isForeignArmy(x));
  if (acts(state, actor, "defence_minister_royal")) out.push("royal");
  if (acts(state, actor, "defence_minister_parliament")) out.push("parliament");
  return sortArmies(out);
}

function fightArmies(state: RState, actor: RPlayer): string[] {
  const out = [...actor.serviceOf, ...commandedArmies(state, actor)];
  if (acts(state, actor, "defence_minister_royal")) out.push("royal");
  if (acts(state, actor, "defence_minister_parliament")) out.push("parliament");
  return sortArmies(out);
}

/** An army named in the params, or by the single target. */
const armyChoice = paramsOf({ army: z.string().optional() });

/** move_troops: the destination, and the units (or how many, of which type, from where, of which army). */
const troopMovement = paramsOf({
  to: z.string().optional(),
  units: z.array(z.string()).optional(),
  count: z.number().int().min(1).optional(),
  type: z.string().optional(),
  from: z.string().optional(),
  army: z.string().optional(),
});

/** The free order move_troops records: the units under way and where they go (step 16). */
const troopsUnderway = z.object({ units: z.array(z.string()), to: z.string() });

/** units_defend and units_attack: the units (default all the army's that are not under way). */
const unitAssignmentParams = paramsOf({ units: z.array(z.string()).optional(), army: z.string().optional() });

/** The units a units_defend or units_attack order assigned. */
export const assignedUnitIds = (order: Order): string[] =>
  unitAssignmentParams.parse(order.params).units ?? [];

/** The army a fight or sign_peace order names (as a param or its target). */
const orderedArmy = (order: Order): string | undefined =>
  armyChoice.parse(order.params).army ?? order.targets[0];

/** Units selected by move_troops (§5.9): `units`, or `count` (+ `type`, `from`), default all movable. */
export function troopSelection(
  state: RState,
  actor: RPlayer,
  input: InputOf<typeof troopMovement>,
): { army?: string; ids: string[] } {
  const to = arg(input, "to");
  const armyParam = input.params.army;
  const ids = input.params.units ?? [];
  if (ids.length > 0) {
    const units = state.data.units.filter((u) => ids.includes(u.id));
    return { ...(units[0] ? { army: units[0].army } : {}), ids };
  }
  const army = armyParam ?? commandedArmies(state, actor)[0];
  if (!army) return { ids: [] };
  const { type, from, count } = input.params;
  let units = state.data.units.filter(
    (u) =>
      u.army === army &&
      u.inTransitTo === null &&
      u.location !== to &&
      (type === undefined || u.type === type) &&
      (from === undefined || u.location === from),
  );
  if (count !== undefined) units = units.slice(0, count);
  return { army, ids: units.map((u) => u.id) };
}

/**
 * Units assigned by units_defend/units_attack: `units`, default all the army's units not under
 * way. Where the target is is his secret (abroad, underground): the commander assigns units, and
 * only those in the target's country at the resolution engage (§6.7, issue 30, DECISIONS.md D3).
 */
export function assignedUnits(
  state: RState,
  actor: RPlayer,
  input: InputOf<typeof unitAssignmentParams>,
): { army?: string; ids: string[] } {
  const ids = input.params.units ?? [];
  if (ids.length > 0) {
    const first = state.data.units.find((u) => u.id === ids[0]);
    return { ...(first ? { army: first.army } : {}), ids };
  }
  const armyParam = input.params.army;
  const armies = armyParam ? [armyParam] : commandedArmies(state, actor);
  for (const army of armies) {
    const units = state.data.units.filter((u) => u.army === army && u.inTransitTo === null);
    if (units.length > 0) return { army, ids: units.map((u) => u.id) };
  }
  return { ...(armies[0] ? { army: armies[0] } : {}), ids: [] };
}

function peaceArmy(state: RState, actor: RPlayer, other: string | undefined): string | undefined {
  if (!other) return undefined;
  return commandedArmies(state, actor).find((m) => atWar(state, m, other));
}

function checkAssigned(
  state: RState,
  actor: RPlayer,
  input: InputOf<typeof unitAssignmentParams>,
): Rejection | null {
  const selection = assignedUnits(state, actor, input);
  if (selection.ids.length === 0) return reject("no_units", "noUnitsToAssign");
  for (const id of selection.ids) {
    const unit = state.data.units.find((x) => x.id === id);
    if (!unit) return reject("unknown_unit", "unknownUnit");
    if (!commands(state, actor, unit.army)) return reject("not_commander", "notCommanderAssigns");
    if (unit.inTransitTo !== null) return reject("in_transit", "unitInTransit");
  }
  const taken = state.data.freeOrders.some(
    (order) =>
      (order.action === "units_defend" || order.action === "units_attack") &&
      assignedUnitIds(order).some((x) => selection.ids.includes(x)),
  );
  return taken ? reject("already_assigned", "alreadyAssigned") : null;
}

/** A commander assigns units to defend (himself included) or to attack a character (§6.7). */
function unitAssignment(selfOk: boolean) {
  return playerAction(unitAssignmentParams, {
    kind: "free",
    targets: "one",
    ...(selfOk ? { selfOk } : {}),
    army: (state, actor, input) => assignedUnits(state, actor, input).army,
    who: (state, actor, input) => checkAssigned(state, actor, input),
    run(state, actor, input) {
      // The order keeps the params as given, with the units it assigns.
      const given: JsonObject = input.params;
      pushFree(state, actor, {
        ...input,
        params: { ...given, units: assignedUnits(state, actor, input).ids },
      });
    },
  });
}

/** Orders of servicemen and commanders. */
export const armyActions = {
  // ------------------------------------------------------------ §5.9 military
  fight: playerAction(armyChoice, {
    kind: "move",
    targets: "param",
    param: "army",
    who(state, actor, input) {
      const armies = fightArmies(state, actor);
      const army = arg(input, "army") ?? (armies.length === 1 ? armies[0] : undefined);
      if (!army) return reject("army_needed", "armyNeeded");
      return armies.includes(army) ? null : reject("not_serviceman", "notServiceman");
    },
    candidates: (state, actor) => fightArmies(state, actor),
  }),
  conscript: playerAction(
    paramsOf({
      army: z.string().optional(),
      count: z.number().int().min(1).default(1),
      pay: z.enum(["resource", "crowns"]).default("resource"),
    }),
    {
      kind: "free",
      targets: "param",
      param: "army",
      army: (state, actor, input) => arg(input, "army") ?? conscriptArmies(state, actor)[0],
      who(state, actor, input) {
        const army = arg(input, "army") ?? conscriptArmies(state, actor)[0];
        if (!army || !conscriptArmies(state, actor).includes(army))
          return reject("not_commander", "notCommander");
        const count = input.params.count;
        if (input.params.pay === "crowns") {
          const price = state.options.squadCostCrowns;
          if (price === null) return reject("no_crowns_price", "noCrownsPrice");
          if (actor.crowns < price * count) return reject("no_crowns", "noCrowns");
        } else if (actor.resources < count) return reject("no_resources", "noResources");
        if (!unitAllowed(state, "squad", actor.location)) return reject("not_allowed_here", "notAllowedHere");
        const chat = ARMY_CHAT[army];
        const members = chat ? chatMembers(state, chat).length : 0;
        const squads = state.data.units.filter((u) => u.army === army && u.conscripted).length;
        return squads + count > members ? reject("squad_cap", "squadCap") : null;
      },
      run(state, actor, input) {
        const army = (arg(input, "army") ?? conscriptArmies(state, actor)[0]) as string;
        const count = input.params.count;
        if (input.params.pay === "crowns") actor.crowns -= (state.options.squadCostCrowns ?? 0) * count;
        else actor.resources -= count;
        const ids: string[] = [];
        for (let k = 0; k < count; k++)
          ids.push(
            createUnit(state, {
              army,
              type: "squad",
              owner: actor.id,
              location: actor.location,
              conscripted: true,
            }).id,
          );
        emitEvent(state, "units_created", { army, owner: actor.id, units: ids, unitType: "squad" });
      },
      candidates: (state, actor) => conscriptArmies(state, actor),
    },
  ),
  move_troops: playerAction(troopMovement, {
    kind: "free",
    targets: "param",
    param: "to",
    army: (state, actor, input) => troopSelection(state, actor, input).army,
    who(state, actor, input) {
      const to = arg(input, "to");
      if (!to || !(COUNTRIES as readonly string[]).includes(to)) return reject("bad_country", "badCountry");
      const selection = troopSelection(state, actor, input);
      if (selection.ids.length === 0) return reject("no_units", "noUnits");
      const units = selection.ids.map((id) => state.data.units.find((u) => u.id === id));
      if (units.some((u) => !u)) return reject("unknown_unit", "unknownUnit");
      for (const u of units) {
        if (!u) continue;
        if (!commands(state, actor, u.army)) return reject("not_commander", "notCommanderMoves");
        if (u.inTransitTo !== null) return reject("in_transit", "inTransit");
        if (u.location === to) return reject("same_country", "sameCountry");
        if (!unitAllowed(state, u.type, to)) return reject("not_allowed_here", "notAllowedHere");
      }
      return null;
    },
    run(state, actor, input) {
      const to = arg(input, "to") as string;
      const selection = troopSelection(state, actor, input);
      const units = state.data.units.filter((u) => selection.ids.includes(u.id)).sort((x, y) => x.n - y.n);
      const from = units[0]?.location ?? "regnum";
      for (const u of units) u.inTransitTo = to;
      const ids = units.map((u) => u.id);
      emitEvent(state, "units_moved", { units: ids, from, to });
      state.data.freeOrders.push({
        seq: ++state.data.seq,
        actor: actor.id,
        action: "move_troops",
        targets: [],
        params: { units: ids, to },
        phaseIndex: state.data.phaseIndex,
      });
    },
    candidates: () => [...COUNTRIES],
  }),
  units_defend: unitAssignment(true),
  units_attack: unitAssignment(false),
  sign_peace: playerAction(armyChoice, {
    kind: "move",
    targets: "param",
    param: "army",
    army: (state, actor, input) => peaceArmy(state, actor, arg(input, "army")),
    who(state, actor, input) {
      const other = arg(input, "army");
      if (!other) return reject("army_needed", "peaceArmyNeeded");
      return peaceArmy(state, actor, other) ? null : reject("not_at_war", "notAtWar");
    },
    candidates: (state, actor) =>
      sortArmies(state.data.wars.flat()).filter((x) =>
        commandedArmies(state, actor).some((m) => atWar(state, m, x)),
      ),
  }),
  desert: playerAction(armyChoice, {
    kind: "free",
    targets: "param",
    param: "army",
    who(state, actor, input) {
      if (hasRole(actor, "knight")) return reject("knight", "knight");
      const army = arg(input, "army") ?? (actor.serviceOf.length === 1 ? actor.serviceOf[0] : undefined);
      return army && actor.serviceOf.includes(army) ? null : reject("not_serviceman", "notServingHere");
    },
    run(state, actor, input) {
      const army = (arg(input, "army") ?? actor.serviceOf[0]) as string;
      actor.serviceOf = actor.serviceOf.filter((x) => x !== army);
      emitEvent(state, "deserted", { player: actor.id, army });
      const ids = state.data.units.filter((u) => u.owner === actor.id && u.army === army).map((u) => u.id);
      if (ids.length > 0) removeUnits(state, ids, "desertion");
      declareWanted(state, actor, "state");
    },
    candidates: (_s, actor) => actor.serviceOf,
  }),
};

/** Step 4. */
export function resolvePeace(state: RState): void {
  const signs = ordersOf(state, "sign_peace");
  const done = new Set<string>();
  for (const order of signs) {
    const actor = playerOrThrow(state, order.actor);
    const other = orderedArmy(order) as string;
    const mine = sortArmies(Object.keys(commanderArmies(state, actor))).find((m) => atWar(state, m, other));
    const key = [mine, other].sort().join("|");
    if (done.has(key)) continue;
    const counterpart = signs.find((sign) => {
      const signer = playerOrThrow(state, sign.actor);
      const theirs = orderedArmy(sign) as string;
      return (
        sign !== order &&
        mine !== undefined &&
        theirs === mine &&
        commanderOf(state, other)?.id === signer.id &&
        signer.location === actor.location
      );
    });
    if (mine && counterpart) {
      done.add(key);
      state.data.wars = state.data.wars.filter(
        ([x, y]) => !((x === mine && y === other) || (x === other && y === mine)),
      );
      const armies = sortArmies([mine, other]);
      emitEvent(state, "peace_signed", { armies });
      emitPublic(state, "peace_signed", { a: armies[0] as string, b: armies[1] as string });
      sendResult(state, order.actor, "sign_peace", null, "ok");
      sendResult(state, counterpart.actor, "sign_peace", null, "ok");
    }
  }
  for (const order of signs) {
    const actor = playerOrThrow(state, order.actor);
    const other = orderedArmy(order) as string;
    const mine = sortArmies(Object.keys(commanderArmies(state, actor))).find((m) => atWar(state, m, other));
    if (mine && atWar(state, mine, other)) sendResult(state, order.actor, "sign_peace", null, "failed");
  }
}

function commanderArmies(state: RState, actor: RPlayer): Record<string, true> {
  const out: Record<string, true> = {};
  for (const army of ARMIES) if (commanderOf(state, army)?.id === actor.id) out[army] = true;
  return out;
}

/** Step 5. */
export function fixUnitActivity(state: RState): void {
  for (const order of ordersOf(state, "fight")) {
    const actor = playerOrThrow(state, order.actor);
    const army = orderedArmy(order) ?? fightDefault(state, actor);
    if (army) state.data.scratch.fighting.push(`${actor.id}:${army}`);
  }
}

function fightDefault(state: RState, actor: RPlayer): string | undefined {
  const all = sortArmies([...actor.serviceOf, ...Object.keys(commanderArmies(state, actor))]);
  return all[0];
}

/** Engaged units (§6.3) assigned by the given free orders; existing, not in transit, allowed, fighting owners. */
export function engaged(state: RState, order: Order): Unit[] {
  const ids = assignedUnitIds(order);
  const target = orderTarget(state, order);
  return state.data.units.filter(
    (u) =>
      ids.includes(u.id) &&
      u.inTransitTo === null &&
      unitAllowed(state, u.type, u.location) &&
      target !== undefined &&
      u.location === target.location &&
      unitWorks(state, u),
  );
}

export function unitWorks(state: RState, unit: Unit): boolean {
  const owner = unit.owner ? findPlayer(state, unit.owner) : undefined;
  return (
    owner !== undefined &&
    !neutralized(owner) &&
    state.data.scratch.fighting.includes(`${owner.id}:${unit.army}`)
  );
}

export function defenders(state: RState, target: RPlayer): Unit[] {
  const out: Unit[] = [];
  for (const order of freeOf(state, "units_defend"))
    if (order.targets[0] === target.id) out.push(...engaged(state, order));
  return out.filter((u, i) => out.indexOf(u) === i && state.data.units.includes(u));
}

/** Step 16 (after the travellers): units moved this phase arrive (§6.5). */
export function resolveTroopArrivals(state: RState): void {
  for (const order of state.data.freeOrders.filter((x) => x.action === "move_troops")) {
    const { units: ids, to } = troopsUnderway.parse(order.params);
    const arrived: string[] = [];
    for (const u of state.data.units)
      if (ids.includes(u.id) && u.inTransitTo === to) {
        u.location = to;
        u.inTransitTo = null;
        arrived.push(u.id);
      }
    emitEvent(state, "units_arrived", { units: arrived, country: to });
  }
}

export function commanderOf(state: RState, army: string): RPlayer | undefined {
  if (army === "ksb") {
    const director = actingHolder(state, "director");
    return director ?? actingHolder(state, "king");
  }
  const post = COMMANDER_POST[army];
  return post ? actingHolder(state, post) : undefined;
}

export function commands(state: RState, player: RPlayer, army: string): boolean {
  return commanderOf(state, army)?.id === player.id;
}

export function atWar(state: RState, a: string, b: string): boolean {
  return state.data.wars.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

export function allied(state: RState, a: string, b: string): boolean {
  return state.data.alliances.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

export function hostileTo(state: RState, army: string, country: string): boolean {
  return (state.data.ownForces[country] ?? []).some((o) => atWar(state, army, o));
}

export function friendlyTo(state: RState, army: string, country: string): boolean {
  const own = state.data.ownForces[country] ?? [];
  return own.includes(army) || own.some((o) => allied(state, army, o));
}

export const isForeignArmy = (army: string) => FOREIGN_ARMIES.includes(army);

/** The GM sets wars and alliances between armies and enlists characters (§10). */
export const armyGmActions = {
  set_war: gmAction(paramsOf({ armies: z.tuple([idParam, idParam]), on: z.boolean().default(true) }), {
    targets: "none",
    run(state, input) {
      const [first, second] = input.params.armies;
      state.data.wars = state.data.wars.filter(
        ([one, other]) => !((one === first && other === second) || (one === second && other === first)),
      );
      if (input.params.on) state.data.wars.push([first, second]);
      emitEvent(state, "war_set", { armies: [first, second], on: input.params.on });
    },
  }),
  set_alliance: gmAction(paramsOf({ armies: z.tuple([idParam, idParam]), on: z.boolean().default(true) }), {
    targets: "none",
    run(state, input) {
      const [first, second] = input.params.armies;
      state.data.alliances = state.data.alliances.filter(
        ([one, other]) => !((one === first && other === second) || (one === second && other === first)),
      );
      if (input.params.on) state.data.alliances.push([first, second]);
    },
  }),
  enlist: gmAction(paramsOf({ army: z.enum(ARMIES), on: z.boolean().default(true) }), {
    targets: "some",
    run(state, input) {
      const army = input.params.army;
      for (const player of targetPlayers(state, input))
        player.serviceOf = input.params.on
          ? [...new Set([...player.serviceOf, army])]
          : player.serviceOf.filter((one) => one !== army);
    },
  }),
};

import { z } from "zod";
import type { SetupInput } from "../../engine/ruleset.js";
import { initialRngState } from "../../engine/rng.js";
import { emptyOutput, type JsonObject, type Rejection, type Result } from "../../engine/types.js";
import { emitEvent } from "../../engine/helpers.js";
import { allRoles } from "./characters.js";
import { reconcile } from "./chats.js";
import { defaultBorders, defaultRelations, playerSchema, type RegnumOptions } from "./options.js";
import { phaseStart } from "./phase.js";
import { type RegnumRejection, reject } from "./rejections.js";
import { gmAction, paramsOf, ruleDeviation, targetPlayers } from "./spec.js";
import {
  type CharType,
  COUNTRIES,
  emptyScratch,
  type RData,
  ROLES,
  type RPlayer,
  type RState,
  RULESET,
  UNIT_TYPES,
} from "./state.js";

/**
 * A default seat plan for a scenario that omits `role` (DECISIONS.md): a playable 12-character
 * setup with every automated faction. Nothing is random.
 */
export const DEFAULT_ROSTER: { role: string; roles?: string[]; posts?: string[]; serviceOf?: string[] }[] = [
  { role: "citizen", posts: ["king"] },
  { role: "citizen", posts: ["president"] },
  { role: "ksb_agent" },
  { role: "ksb_agent", roles: ["expert"] },
  { role: "detective" },
  { role: "elder_adept" },
  { role: "elder_adept" },
  { role: "assassin" },
  { role: "rainbow_baron" },
  { role: "thief" },
  { role: "citizen", posts: ["supreme_judge"] },
  { role: "citizen", posts: ["commander_royal"], serviceOf: ["royal"] },
];

const bad = (key: RegnumRejection, params?: JsonObject): Result<RState> => ({
  ok: false,
  rejection: reject("setup", key, params),
});

/** §2.2 combination, sole-role and type constraints; returns the first breach or null. */
export function roleConstraintBreach(players: RPlayer[], options: RegnumOptions): Rejection | null {
  const breach = (key: RegnumRejection, params: JsonObject) => reject("setup", key, params);
  for (const sole of ["detective", "assassin", "rainbow_baron"]) {
    if (players.filter((p) => allRoles(p).includes(sole)).length > 1)
      return breach("soleRole", { role: sole });
  }
  for (const p of players) {
    const roles = allRoles(p);
    const others = (r: string) => roles.filter((x) => x !== r);
    if (roles.includes("detective")) {
      if (others("detective").some((r) => r !== "expert")) return breach("detectiveCombo", { player: p.id });
      if (!["ki", "km", "im"].includes(p.type)) return breach("detectiveType", { player: p.id });
    }
    if (roles.includes("thief") && others("thief").some((r) => ["healer", "knight", "priest"].includes(r)))
      return breach("thiefCombo", { player: p.id });
    if (roles.includes("assassin")) {
      const ok = (r: string) =>
        r === "thief" || (options.magicalRoles.includes(r) && !["healer", "snow_king"].includes(r));
      if (others("assassin").some((r) => !ok(r))) return breach("assassinCombo", { player: p.id });
      if (!["ki", "km", "im"].includes(p.type)) return breach("assassinType", { player: p.id });
    }
    if (roles.includes("rainbow_baron")) {
      if (others("rainbow_baron").some((r) => !["alchemist", "thief"].includes(r)))
        return breach("baronCombo", { player: p.id });
      if (!["ii", "im"].includes(p.type)) return breach("baronType", { player: p.id });
    }
  }
  return null;
}

export function setup(input: SetupInput<RegnumOptions>): Result<RState> {
  const options = input.options;
  const players: RPlayer[] = [];
  const appearances = new Set<string>();
  for (const [i, raw] of input.players.entries()) {
    const roster = DEFAULT_ROSTER[i] ?? { role: "citizen" };
    const withRole: JsonObject = { ...raw };
    if (raw["role"] === undefined) {
      withRole["role"] = roster.role;
      if (raw["roles"] === undefined && roster.roles) withRole["roles"] = roster.roles;
      if (raw["posts"] === undefined && roster.posts) withRole["posts"] = roster.posts;
      if (raw["serviceOf"] === undefined && roster.serviceOf) withRole["serviceOf"] = roster.serviceOf;
    }
    const parsed = playerSchema.safeParse(withRole);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return bad("playerParam", {
        seat: i,
        path: issue?.path.join(".") ?? "",
        message: issue?.message ?? "invalid",
      });
    }
    const d = parsed.data;
    const role = d.role;
    const roles = d.roles.filter((r) => r !== role);
    const faction =
      d.faction ?? [role, ...roles].map((r) => ROLES[r]?.faction).find((f) => f !== undefined) ?? "citizens";
    const type: CharType = d.type ?? ([role, ...roles].includes("rainbow_baron") ? "ii" : "ki");
    const appearance = d.appearance ?? `A${i + 1}`;
    if (appearances.has(appearance)) return bad("duplicateAppearance", { seat: i, appearance });
    appearances.add(appearance);
    const serviceOf = d.serviceOf ?? (faction === "ksb" ? ["ksb"] : faction === "ozd" ? ["ozd"] : []);
    const statuses = [...new Set(d.statuses)].filter((s) => d.location === "regnum" || s !== "underground");
    const p: RPlayer = {
      id: d.id,
      seat: i + 1,
      role,
      faction,
      alive: true,
      statuses,
      replacedBy: [],
      roles,
      groups: [...new Set(d.groups)],
      type,
      posts: [...new Set(d.posts)],
      power: d.power ?? null,
      appearance,
      currentAppearance: appearance,
      knownAppearances: [],
      difficulty: d.difficulty,
      crowns: d.crowns,
      items: [...d.items],
      orchium: d.orchium,
      resources: d.resources,
      location: d.location,
      serviceOf: [...new Set(serviceOf)],
      visas: [...new Set(d.visas)],
      incorporeal: d.incorporeal,
      previousFaction: [role, ...roles].includes("junior_adept") ? "citizens" : null,
      ozdChatKept: false,
      ozdChatExcluded: false,
      detainedBy: statuses.includes("detained") ? "gm" : null,
      detainedAt: statuses.includes("detained") ? 0 : null,
      wantedBy: statuses.includes("wanted") ? "gm" : null,
      stealthUsed: false,
      deathRecord: null,
      chatGrants: [],
      chatRevokes: [],
      reward: null,
      ksbPeriods: faction === "ksb" ? 1 : 0,
    };
    if (statuses.includes("detained")) p.statuses = p.statuses.filter((s) => s !== "wanted");
    players.push(p);
  }
  if (!options.allowRuleDeviations) {
    const breach = roleConstraintBreach(players, options);
    if (breach) return { ok: false, rejection: breach };
  }
  const ids = new Set(players.map((p) => p.id));
  for (const u of options.units) {
    if (u.owner !== null && !ids.has(u.owner)) return bad("unitOwner", { owner: u.owner, unit: u.id });
    if (!Object.hasOwn(UNIT_TYPES, u.type)) return bad("unitType", { type: u.type });
  }
  const unitIds = options.units.map((u) => u.id);
  if (new Set(unitIds).size !== unitIds.length) return bad("unitDuplicate");

  const ownForces: Record<string, string[]> = {};
  for (const c of COUNTRIES) ownForces[c] = [...(options.countryForces[c] ?? [c === "regnum" ? "royal" : c])];
  const data: RData = {
    phaseIndex: 1,
    started: false,
    seq: 0,
    orders: [],
    freeOrders: [],
    units: [],
    unitSeq: 1,
    unitCounter: 0,
    usedUnitIds: [],
    inquisitionActive: options.inquisitionActive,
    ownForces,
    borders: { ...defaultBorders(), ...options.borders },
    relations: { ...defaultRelations(), ...options.relations },
    wars: options.wars.map(([a, b]) => [a, b]),
    alliances: options.armyAlliances.map(([a, b]) => [a, b]),
    treasuries: structuredClone({
      royal: { crowns: 0, items: [] },
      parliament: { crowns: 0, items: [] },
      ...options.treasuries,
    }),
    caseFile: [],
    warrants: [],
    sessions: [],
    palace: [],
    invitations: [],
    requests: [],
    occupant: Object.fromEntries(players.map((p) => [p.appearance, p.id])),
    handover: "none",
    handoverNight: null,
    access: {},
    chatForce: {},
    mail: [],
    penalties: [],
    ksbDefeat: false,
    setupKsb: players.filter((p) => p.faction === "ksb").map((p) => p.id),
    setupOzd: players.filter((p) => p.faction === "ozd").map((p) => p.id),
    setupPosts: Object.fromEntries(players.map((p) => [p.id, [...p.posts]])),
    overrides: [],
    pending: [],
    baronFrozen: {},
    deadlineHours: null,
    rewards: {},
    rewardOverrides: {},
    scratch: emptyScratch(),
  };
  const state: RState = {
    ruleset: RULESET,
    seed: input.seed,
    rng: initialRngState(input.seed),
    options,
    phase: { kind: "night", n: 1 },
    now: null,
    ended: false,
    winners: [],
    players,
    output: emptyOutput(),
    data,
  };
  for (const u of options.units) {
    state.data.units.push({
      id: u.id,
      n: state.data.unitCounter++,
      army: u.army,
      type: u.type,
      owner: u.owner,
      location: u.location,
      inTransitTo: null,
      conscripted: u.conscripted ?? u.type === "squad",
    });
    state.data.usedUnitIds.push(u.id);
  }
  phaseStart(state);
  reconcile(state, true);
  state.output = emptyOutput();
  return { ok: true, value: state };
}

/** The GM sets a character's roles and type (§10), the setup's constraints checked again (a breach is recorded, R1). */
export const roleGmActions = {
  set_role: gmAction(
    paramsOf({ role: z.string().regex(/^[a-z][a-z0-9_]*$/), remove: z.boolean().default(false) }),
    {
      targets: "some",
      run(state, input) {
        const role = input.params.role;
        for (const player of targetPlayers(state, input)) {
          if (input.params.remove) {
            if (player.role === role) player.role = player.roles[0] ?? "citizen";
            player.roles = player.roles.filter((held) => held !== role && held !== player.role);
          } else if (player.role !== role && !player.roles.includes(role)) {
            if (player.role === "citizen") player.role = role;
            else player.roles.push(role);
          }
          emitEvent(state, "role_set", { player: player.id, role, remove: input.params.remove });
        }
        const breach = roleConstraintBreach(state.players, state.options);
        if (breach) ruleDeviation(state, "set_role", breach.reason);
      },
    },
  ),
  set_type: gmAction(paramsOf({ type: z.enum(["ki", "km", "im", "ii"]) }), {
    targets: "some",
    run(state, input) {
      for (const player of targetPlayers(state, input)) player.type = input.params.type;
      const breach = roleConstraintBreach(state.players, state.options);
      if (breach) ruleDeviation(state, "set_type", breach.reason);
    },
  }),
};

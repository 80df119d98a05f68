import { emitPublic } from "../../engine/helpers.js";
import { type MayorRejection, reject } from "./rejections.js";
import { initialRngState, shuffle } from "../../engine/rng.js";
import type { SetupInput } from "../../engine/ruleset.js";
import { emptyOutput, type JsonObject, type Result } from "../../engine/types.js";
import { countRoles, deckOf, defaultCounts, factionOf } from "./roles.js";
import type { MayorOptions } from "./options.js";
import {
  MAYOR_TARGET,
  type MayorPlayer,
  type MayorState,
  ROLE_IDS,
  RULESET_ID,
  type RoleId,
  emptyPending,
} from "./state.js";

/** Section 2: checks the table, deals the roles by lot when none is given, publishes the counts. */

function malformed(id: string, key: MayorRejection, params?: JsonObject): Result<MayorState> {
  return { ok: false, rejection: reject(id, key, params) };
}

function isRole(value: unknown): value is RoleId {
  return typeof value === "string" && (ROLE_IDS as readonly string[]).includes(value);
}

export function setup(input: SetupInput<MayorOptions>): Result<MayorState> {
  const { players, options, seed } = input;
  if (players.length < 3) return malformed("too_few_players", "tooFew");
  const ids = new Set<string>();
  for (const p of players) {
    if (p.id === MAYOR_TARGET) return malformed("reserved_id", "reservedId", { id: MAYOR_TARGET });
    if (ids.has(p.id)) return malformed("duplicate_id", "duplicateId", { id: p.id });
    ids.add(p.id);
    if (p["role"] !== undefined && !isRole(p["role"])) {
      return malformed("unknown_role", "unknownRole", { role: String(p["role"]) });
    }
  }
  const given = players.filter((p) => p["role"] !== undefined).length;
  if (given !== 0 && given !== players.length) {
    return malformed("partial_roles", "rolesAllOrNone");
  }

  const rng = { rng: initialRngState(seed) };
  let dealt: RoleId[];
  if (given === players.length) {
    dealt = players.map((p) => p["role"] as RoleId);
  } else {
    const counts = options.roles ?? defaultCounts(players.length);
    const deck = deckOf(counts);
    if (deck.length !== players.length) {
      return malformed("role_counts", "dealCount", { roles: deck.length, players: players.length });
    }
    dealt = shuffle(rng, deck);
  }

  const seats: MayorPlayer[] = players.map((p, seat) => {
    const role = dealt[seat] as RoleId;
    return {
      id: p.id,
      seat,
      role,
      faction: factionOf(role, options),
      alive: true,
      statuses: [],
      replacedBy: [],
      choice: null,
      streak: 0,
      isolations: 0,
      isoUntil: null,
      isolatedAtOpen: false,
      revealedAlignment: null,
      revealedRole: false,
      cause: null,
      inbox: [],
    };
  });
  const counts = countRoles(dealt);
  const state: MayorState = {
    ruleset: RULESET_ID,
    seed,
    rng: rng.rng,
    options,
    phase: { kind: "night", n: 1 },
    now: null,
    ended: false,
    winners: [],
    players: seats,
    output: emptyOutput(),
    data: { counts, verdicts: [], gm: { modkill: [], isolate: [] }, pending: emptyPending() },
  };
  // 2.3: nobody is told his role; only the counts are public, first line of night 1.
  emitPublic(state, "roles_in_play", { ...counts });
  return { ok: true, value: state };
}

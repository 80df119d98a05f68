import { initialRngState, shuffle } from "../../engine/rng.js";
import type { SetupInput } from "../../engine/ruleset.js";
import { emptyOutput, type JsonObject, type Rejection, type Result } from "../../engine/types.js";
import { defaultRoles, type ClassicOptions, type RolesOption } from "./options.js";
import { type ClassicRejection, reject } from "./rejections.js";
import {
  CLANS,
  type Clan,
  type ClassicPlayer,
  type ClassicState,
  ROLE_IDS,
  RULESET,
  type RoleId,
  UNIQUE_ROLES,
  emptyData,
  isClanRole,
} from "./state.js";

/** §2: validates or deals the roles and sends the night-0 knowledge (§2.4). */

interface Card {
  role: RoleId;
  clan: Clan | null;
}

/** A refusal of the GM's roster (`classic.bad_setup`). */
function bad(key: ClassicRejection, params?: JsonObject): Rejection {
  return reject("bad_setup", key, params);
}

/** The cards of a distribution, in a fixed order (shuffled by the seed before dealing). */
export function cardsOf(roles: RolesOption): Card[] {
  const cards: Card[] = [];
  const add = (role: RoleId, clan: Clan | null, n: number) => {
    for (let i = 0; i < n; i++) cards.push({ role, clan });
  };
  add("citizen", null, roles.citizen);
  add("commissar", null, roles.commissar);
  add("sergeant", null, roles.sergeant);
  add("ninja", null, roles.ninja);
  add("doctor", null, roles.doctor);
  add("necromancer", null, roles.necromancer);
  add("maniac", null, roles.maniac);
  add("mafia", "italians", roles.italians.mafia);
  add("kamikaze", "italians", roles.italians.kamikaze);
  add("bastard_son", "italians", roles.italians.bastard_son);
  add("mafia", "russians", roles.russians.mafia);
  add("thug", "russians", roles.russians.thug);
  add("bastard_son", "russians", roles.russians.bastard_son);
  return cards;
}

interface Seat {
  id: string;
  role: RoleId;
  clan: Clan | null;
  don: boolean;
}

function validateSeats(seats: Seat[]): Rejection | null {
  if (seats.length < 3) return bad("tooFew");
  const ids = new Set<string>();
  for (const s of seats) {
    if (ids.has(s.id)) return bad("duplicateId", { id: s.id });
    ids.add(s.id);
  }
  for (const role of UNIQUE_ROLES) {
    if (seats.filter((s) => s.role === role).length > 1) return bad("uniqueRole", { role });
  }
  for (const clan of CLANS) {
    const sons = seats.filter((s) => s.role === "bastard_son" && s.clan === clan);
    if (sons.length > 1) return bad("sonCount", { clan });
    const members = seats.filter((s) => isClanRole(s.role) && s.clan === clan);
    if (sons.length === 1 && members.length === 0) return bad("sonWithoutClan", { clan });
    if (members.filter((s) => s.don).length > 1) return bad("donCount", { clan });
  }
  const wrongDon = seats.find((s) => s.don && s.role !== "mafia");
  if (wrongDon) return bad("donRole", { role: wrongDon.role });
  return null;
}

function scenarioSeats(players: (JsonObject & { id: string })[]): Seat[] | Rejection {
  const seats: Seat[] = [];
  for (const [i, p] of players.entries()) {
    const role = p["role"] as RoleId | undefined;
    if (role === undefined || !(ROLE_IDS as readonly string[]).includes(role)) {
      return bad("seatRole", { seat: i });
    }
    const rawFaction = p["faction"] as string | undefined;
    if (
      isClanRole(role) &&
      rawFaction !== undefined &&
      rawFaction !== "italians" &&
      rawFaction !== "russians"
    ) {
      return bad("seatClanFaction", { seat: i });
    }
    const faction = rawFaction as Clan | undefined;
    const clanKey = p["clan"] as Clan | undefined;
    const don = p["don"] === true;
    let clan: Clan | null = null;
    if (role === "mafia") {
      if (!faction) return bad("seatMafiaFaction", { seat: i });
      clan = faction;
    } else if (role === "kamikaze") {
      if (faction && faction !== "italians") return bad("seatKamikazeFaction", { seat: i });
      clan = "italians";
    } else if (role === "thug") {
      if (faction && faction !== "russians") return bad("seatThugFaction", { seat: i });
      clan = "russians";
    } else if (role === "bastard_son") {
      if (!clanKey) return bad("seatSonClan", { seat: i });
      clan = clanKey;
    }
    seats.push({ id: p.id, role, clan, don });
  }
  return seats;
}

export function setup(input: SetupInput<ClassicOptions>): Result<ClassicState> {
  const rng = { rng: initialRngState(input.seed) };
  const withRole = input.players.filter((p) => p["role"] !== undefined).length;
  let seats: Seat[];
  // A dealt table without `roles` from the GM: the default deal of its size, kept in the options.
  const options: ClassicOptions =
    withRole === 0 && !input.options.roles
      ? { ...input.options, roles: defaultRoles(input.players.length) }
      : input.options;
  if (withRole === 0) {
    const cards = cardsOf(options.roles ?? defaultRoles(input.players.length));
    if (cards.length !== input.players.length) {
      return {
        ok: false,
        rejection: bad("dealCount", { roles: cards.length, players: input.players.length }),
      };
    }
    const dealt = shuffle(rng, cards);
    seats = input.players.map((p, i) => {
      const card = dealt[i] as Card;
      return { id: p.id, role: card.role, clan: card.clan, don: false };
    });
  } else if (withRole !== input.players.length) {
    return { ok: false, rejection: bad("rolesAllOrNone") };
  } else {
    const parsed = scenarioSeats(input.players);
    if (!Array.isArray(parsed)) return { ok: false, rejection: parsed };
    seats = parsed;
  }
  const problem = validateSeats(seats);
  if (problem) return { ok: false, rejection: problem };

  const players: ClassicPlayer[] = seats.map((s, seat) => ({
    id: s.id,
    seat,
    role: s.role,
    faction: isClanRole(s.role) && s.clan ? s.clan : s.role === "maniac" ? "maniac" : "town",
    alive: true,
    statuses: s.don ? ["don"] : [],
    replacedBy: [],
    clan: s.clan,
  }));
  const data = emptyData();
  for (const s of seats) if (s.don && s.clan) data.dons[s.clan] = s.id;

  const state: ClassicState = {
    ruleset: RULESET,
    seed: input.seed,
    rng: rng.rng,
    options,
    phase: { kind: "night", n: 0 },
    now: null,
    ended: false,
    winners: [],
    players,
    output: emptyOutput(),
    data,
  };

  // §2.4: what each player knows at the start.
  const out = state.output.private;
  for (const p of players) {
    const told = p.role === "bastard_son" ? "citizen" : p.role;
    const msg: { to: string; kind: string; role: string; clan?: string } = {
      to: p.id,
      kind: "role",
      role: told,
    };
    if (isClanRole(p.role) && p.clan) msg.clan = p.clan;
    out.push(msg);
  }
  for (const clan of CLANS) {
    const members = players.filter((p) => isClanRole(p.role) && p.clan === clan);
    const son = players.find((p) => p.role === "bastard_son" && p.clan === clan);
    for (const m of members) {
      out.push({
        to: m.id,
        kind: "team",
        chat: clan,
        members: members.map((x) => x.id),
        roles: Object.fromEntries(members.map((x) => [x.id, x.role])),
        don: data.dons[clan],
        bastard_son: son ? son.id : null,
      });
    }
  }
  const police = players.filter((p) => p.role === "commissar" || p.role === "sergeant");
  if (police.length > 0) {
    for (const m of police)
      out.push({ to: m.id, kind: "team", chat: "police", members: police.map((x) => x.id) });
  }
  return { ok: true, value: state };
}

import { emitPublic } from "../../engine/helpers.js";
import { drawInt, initialRngState, shuffle } from "../../engine/rng.js";
import type { SetupInput } from "../../engine/ruleset.js";
import { type JsonObject, type Result, emptyOutput } from "../../engine/types.js";
import { type ReichstagRejection, reject } from "./rejections.js";
import {
  FACTION_OF,
  RULESET,
  ROLE_TABLE,
  type Policy,
  type ReichstagData,
  type ReichstagPlayer,
  type ReichstagState,
} from "./state.js";
import type { ReichstagOptions } from "./options.js";
import { giveCandidacy } from "./government.js";
import { tell } from "./inbox.js";

/** Setup (reichstag.md section 2): validation, the deal, the deck, knowledge, `nomination 1`. */

const bad = (key: ReichstagRejection, params?: JsonObject): Result<ReichstagState> => ({
  ok: false,
  rejection: reject("malformed_setup", key, params),
});

export function setup(input: SetupInput<ReichstagOptions>): Result<ReichstagState> {
  const { players, options, seed } = input;
  const playerCount = players.length;
  const table = ROLE_TABLE[playerCount];
  if (!table) return bad("playerCount", { players: playerCount });
  const ids = players.map((p) => p.id);
  if (new Set(ids).size !== playerCount) return bad("duplicateIds");
  const holder = { rng: initialRngState(seed) };

  const given = players.filter((p) => p.role !== undefined).length;
  if (given !== 0 && given !== playerCount) return bad("rolesAllOrNone");
  let roles: string[];
  if (given === 0) {
    const pool = [
      ...Array<string>(table.liberal).fill("liberal"),
      ...Array<string>(table.fascist).fill("fascist"),
      "hitler",
    ];
    roles = shuffle(holder, pool);
  } else {
    roles = players.map((p) => String(p.role));
    for (const role of ["liberal", "fascist", "hitler"] as const) {
      if (roles.filter((x) => x === role).length !== table[role]) {
        return bad("distribution", { players: playerCount, liberal: table.liberal, fascist: table.fascist });
      }
    }
  }
  for (const [i, p] of players.entries()) {
    if (p.faction !== undefined && p.faction !== FACTION_OF[roles[i] as string]) {
      return bad("factionMismatch", { seat: i });
    }
  }

  const { liberal, fascist } = options.enacted;
  let deck: Policy[];
  if (options.deck) {
    const liberalCards = options.deck.filter((x) => x === "L").length;
    const fascistCards = options.deck.filter((x) => x === "F").length;
    if (liberalCards !== 6 - liberal || fascistCards !== 11 - fascist) {
      return bad("deck", { liberal: 6 - liberal, fascist: 11 - fascist });
    }
    deck = [...options.deck];
  } else {
    deck = shuffle(holder, [
      ...Array<Policy>(6 - liberal).fill("L"),
      ...Array<Policy>(11 - fascist).fill("F"),
    ]);
  }

  let first = 0;
  if (options.firstCandidate === "random") first = drawInt(holder, 0, playerCount - 1);
  else if (options.firstCandidate !== "first") {
    first = ids.indexOf(options.firstCandidate);
    if (first < 0) return bad("firstCandidate", { player: options.firstCandidate });
  }

  const statePlayers: ReichstagPlayer[] = players.map((p, i) => ({
    id: p.id,
    seat: i + 1,
    role: roles[i] as string,
    faction: FACTION_OF[roles[i] as string] as string,
    alive: true,
    statuses: [],
    replacedBy: [],
  }));
  const data: ReichstagData = {
    round: 1,
    deck,
    discard: [],
    liberal,
    fascist,
    tracker: 0,
    anchor: first + 1,
    nextCandidate: null,
    president: null,
    chancellor: null,
    elected: false,
    closed: false,
    closeRequested: false,
    next: null,
    votes: {},
    agreed: [],
    hand: [],
    discarded: false,
    vetoUnlocked: false,
    vetoRequested: false,
    vetoPending: false,
    powers: null,
    used: [],
    investigated: [],
    extensionUsed: 0,
    shiftMinutes: 0,
    phaseOpenedAt: null,
    stepOpenedAt: null,
    opened: false,
    inbox: [],
    hitlerRevealed: false,
  };
  const state: ReichstagState = {
    ruleset: RULESET,
    seed,
    rng: holder.rng,
    options,
    phase: { kind: "nomination", n: 1 },
    now: null,
    ended: false,
    winners: [],
    players: statePlayers,
    output: emptyOutput(),
    data,
  };

  emitPublic(state, "deal", { players: ids, liberals: table.liberal, fascists: table.fascist });
  for (const p of statePlayers) tell(state, p.id, "role", { role: p.role, faction: p.faction });
  const fascistIds = statePlayers.filter((p) => p.role === "fascist").map((p) => p.id);
  const hitlerId = statePlayers.find((p) => p.role === "hitler")?.id as string;
  for (const id of fascistIds) {
    tell(state, id, "allies", { fascists: fascistIds.filter((f) => f !== id), hitler: hitlerId });
  }
  if (playerCount <= 6) tell(state, hitlerId, "allies", { fascists: fascistIds });
  giveCandidacy(state, ids[first] as string, "start");
  return { ok: true, value: state };
}

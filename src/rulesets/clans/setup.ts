import { badSetup } from "./rejections.js";
import { initialRngState, shuffle } from "../../engine/rng.js";
import type { SetupInput } from "../../engine/ruleset.js";
import { emptyOutput, type Result } from "../../engine/types.js";
import type { ClansOptions } from "./options.js";
import { tell } from "./inbox.js";
import {
  CLANS,
  type Clan,
  type ClansData,
  type ClansPlayer,
  type ClansState,
  DEALT_ROLES,
  type DealtRole,
  RULESET_ID,
} from "./state.js";

interface Card {
  role: DealtRole;
  home: Clan;
  number: number | null;
}

function bad(...args: Parameters<typeof badSetup>): Result<ClansState> {
  return { ok: false, rejection: badSetup(...args) };
}

export function emptyData(): ClansData {
  return {
    orders: [],
    filled: {},
    lastProtect: {},
    lastHeal: {},
    votes: [],
    posted: [],
    deadPosts: {},
    excused: [],
    replaced: [],
    warnings: {},
    numbers: [],
    joinCounter: 0,
    chats: [],
    bossesLeft: [],
    scratch: null,
    dayResult: null,
    inbox: [],
    lastReport: null,
  };
}

/** The 12 cards of the deal: one of each role per clan, every shooter number 1. */
function deck(): Card[] {
  const cards: Card[] = [];
  for (const role of DEALT_ROLES)
    for (const home of CLANS) cards.push({ role, home, number: role === "shooter" ? 1 : null });
  return cards;
}

/** Validates the players (§2.3), deals when every card is omitted, sends the role cards (§2.4). */
export function setup(input: SetupInput<ClansOptions>): Result<ClansState> {
  const players = input.players;
  if (players.length !== 12) return bad("playerCount", { players: players.length });
  const ids = new Set(players.map((p) => p.id));
  if (ids.size !== players.length) return bad("uniqueIds");
  const given = players.filter((p) => p["role"] !== undefined || p["faction"] !== undefined);
  const holder = { rng: initialRngState(input.seed) };
  let cards: Card[];
  if (given.length === 0) {
    if (players.some((p) => p["number"] !== undefined)) return bad("numberWithoutRole");
    cards = shuffle(holder, deck());
  } else {
    if (given.length !== players.length) return bad("cardsAllOrNone");
    cards = [];
    for (const p of players) {
      const role = p["role"] as DealtRole | undefined;
      const home = p["faction"] as Clan | undefined;
      if (!role || !home) return bad("roleWithFaction", { player: p.id });
      const number = p["number"] as number | undefined;
      if (number !== undefined && role !== "shooter") return bad("numberForShooters", { player: p.id });
      cards.push({ role, home, number: role === "shooter" ? (number ?? 1) : null });
    }
    for (const role of DEALT_ROLES)
      for (const clan of CLANS) {
        const count = cards.filter((c) => c.role === role && c.home === clan).length;
        if (count !== 1) return bad("oneOfEach", { role, clan, count });
      }
  }
  const list: ClansPlayer[] = players.map((p, i) => {
    const card = cards[i] as Card;
    const boss = card.role === "boss";
    return {
      id: p.id,
      seat: i + 1,
      role: card.role,
      faction: card.home,
      alive: true,
      statuses: boss ? [] : ["unrecruited"],
      replacedBy: [],
      home: card.home,
      number: card.number,
      team: boss ? card.home : null,
      joinOrder: boss ? 0 : null,
    };
  });
  const data = emptyData();
  for (const clan of CLANS) {
    const boss = list.find((p) => p.role === "boss" && p.home === clan) as ClansPlayer;
    data.chats.push({ id: `clan-${clan}-1`, clan, members: [boss.id] });
  }
  const state: ClansState = {
    ruleset: RULESET_ID,
    seed: input.seed,
    rng: holder.rng,
    options: input.options,
    phase: { kind: "night", n: 1 },
    now: null,
    ended: false,
    winners: [],
    players: list,
    output: emptyOutput(),
    data,
  };
  for (const p of list)
    tell(state, p.id, "role_card", {
      role: p.role,
      clan: p.home,
      number: p.number,
      boss: p.role === "boss",
      chat: p.role === "boss" ? `clan-${p.home}-1` : null,
    });
  return { ok: true, value: state };
}

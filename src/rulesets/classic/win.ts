import { emitEvent, emitPublic } from "../../engine/helpers.js";
import { flipCoin } from "../../engine/rng.js";
import type { ClassicPlayer, ClassicState } from "./state.js";
import { isClanRole } from "./state.js";

/** §9: win conditions and end detection. */

export interface WinResult {
  winners: string[];
  /**
   * Which condition of §9 ended the game (`nobody`, `son`, `town`, `clan`, `maniac`, `duel`),
   * and for a duel how it was decided: the newspaper says why in both languages (the simulator's
   * English line stays the rules file's template).
   */
  rule: "nobody" | "son" | "town" | "clan" | "maniac" | "duel";
  method?: string;
}

/** The duel rule (§9 item 6) between two players of different factions. */
function duel(state: ClassicState, one: ClassicPlayer, other: ClassicPlayer): WinResult {
  const [first, second] = one.seat < other.seat ? [one, other] : [other, one];
  const firstVotes = state.data.against[first.id];
  const secondVotes = state.data.against[second.id];
  const firstCount = firstVotes ? firstVotes[0] : 0;
  const secondCount = secondVotes ? secondVotes[0] : 0;
  let winner: ClassicPlayer;
  let method: string;
  if (firstCount !== secondCount) {
    winner = firstCount < secondCount ? first : second;
    method = "votes";
  } else if (firstVotes && secondVotes) {
    // The one voted against earlier (day, then index) loses.
    const firstEarlier =
      firstVotes[1] < secondVotes[1] || (firstVotes[1] === secondVotes[1] && firstVotes[2] < secondVotes[2]);
    winner = firstEarlier ? second : first;
    method = "first_vote";
  } else {
    const named = state.data.duelWinner;
    if (state.options.duel === "gm" && (named === first.id || named === second.id)) {
      winner = named === first.id ? first : second;
      method = "gm";
    } else {
      winner = flipCoin(state) ? first : second;
      method = "coin";
    }
  }
  emitEvent(state, "duel", { players: [first.id, second.id], winner: winner.id, method });
  return { winners: [winner.faction], rule: "duel", method };
}

export function detectWin(state: ClassicState, afterNight: boolean): WinResult | null {
  const alive: ClassicPlayer[] = [];
  for (const p of state.players) if (p.alive) alive.push(p);
  if (alive.length === 0) return { winners: [], rule: "nobody" };
  if (alive.length === 2) {
    const [one, other] = alive as [ClassicPlayer, ClassicPlayer];
    const isMemberWithOwnSon = (member: ClassicPlayer, son: ClassicPlayer) =>
      isClanRole(member.role) && son.role === "bastard_son" && son.clan === member.clan;
    if (isMemberWithOwnSon(one, other) || isMemberWithOwnSon(other, one))
      return { winners: ["town"], rule: "son" };
  }
  let clanAlive = false;
  let maniacAlive = false;
  let oneClan: string | null = null;
  let allOneClan = true;
  for (const p of alive) {
    if (isClanRole(p.role)) {
      clanAlive = true;
      if (oneClan === null) oneClan = p.faction;
      else if (oneClan !== p.faction) allOneClan = false;
    } else {
      allOneClan = false;
      if (p.role === "maniac") maniacAlive = true;
    }
  }
  if (!clanAlive && !maniacAlive) return { winners: ["town"], rule: "town" };
  if (allOneClan && oneClan !== null) return { winners: [oneClan], rule: "clan" };
  if (alive.length === 1 && maniacAlive) return { winners: ["maniac"], rule: "maniac" };
  if (afterNight && alive.length === 2) {
    const [a, b] = alive as [ClassicPlayer, ClassicPlayer];
    if (a.faction !== b.faction) return duel(state, a, b);
  }
  return null;
}

/** Ends the game if a win condition holds; returns true when it ended. */
export function checkWin(state: ClassicState, afterNight: boolean): boolean {
  const result = detectWin(state, afterNight);
  if (!result) return false;
  state.ended = true;
  state.winners = result.winners;
  emitEvent(state, "game_over", { winners: result.winners });
  emitPublic(state, "game_over", {
    winners: result.winners,
    rule: result.rule,
    ...(result.method ? { method: result.method } : {}),
  });
  return true;
}

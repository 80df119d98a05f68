import { emitEvent, emitPublic } from "../../engine/helpers.js";
import { flipCoin } from "../../engine/rng.js";
import type { ClassicPlayer, ClassicState } from "./state.js";
import { isClanRole } from "./state.js";

/** §9: win conditions and end detection. */

export interface WinResult {
  winners: string[];
}

/** The duel rule (§9 item 6) between two players of different factions. */
function duel(state: ClassicState, a: ClassicPlayer, b: ClassicPlayer): WinResult {
  const [first, second] = a.seat < b.seat ? [a, b] : [b, a];
  const va = state.data.against[first.id];
  const vb = state.data.against[second.id];
  const ca = va ? va[0] : 0;
  const cb = vb ? vb[0] : 0;
  let winner: ClassicPlayer;
  let method: string;
  if (ca !== cb) {
    winner = ca < cb ? first : second;
    method = "votes";
  } else if (va && vb) {
    // The one voted against earlier (day, then index) loses.
    const aEarlier = va[1] < vb[1] || (va[1] === vb[1] && va[2] < vb[2]);
    winner = aEarlier ? second : first;
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
  return { winners: [winner.faction] };
}

export function detectWin(state: ClassicState, afterNight: boolean): WinResult | null {
  const alive: ClassicPlayer[] = [];
  for (const p of state.players) if (p.alive) alive.push(p);
  if (alive.length === 0) return { winners: [] };
  if (alive.length === 2) {
    const [a, b] = alive as [ClassicPlayer, ClassicPlayer];
    const pair = (m: ClassicPlayer, s: ClassicPlayer) =>
      isClanRole(m.role) && s.role === "bastard_son" && s.clan === m.clan;
    if (pair(a, b) || pair(b, a)) return { winners: ["town"] };
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
  if (!clanAlive && !maniacAlive) return { winners: ["town"] };
  if (allOneClan && oneClan !== null) return { winners: [oneClan] };
  if (alive.length === 1 && maniacAlive) return { winners: ["maniac"] };
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
  emitPublic(state, "game_over", { winners: result.winners });
  return true;
}

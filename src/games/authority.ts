/**
 * Who is a GM of a game: the one rule every check uses (the commands, the control log, the GM
 * console, the GM room's layout, the writers' check). docs/gm.md "Who is a GM of a game".
 *
 * - a member listed in the game's GMs (`game_masters`: its creator and its co-GMs), or a member
 *   the server trusts as a GM (its GM role or Manage Server, as the interaction carries them);
 * - but never a member seated in the game: a seat excludes every GM power of that game, whatever
 *   the member's server role or permission. Reading every role and every secret chat cannot go
 *   with playing, so the seat wins and the standing is void for that game only.
 *
 * The other half of the rule is kept at the doors: a listed GM cannot take a seat of the game
 * (`/game join`, `/game assign`, `/gm replace` refuse with `game.gm_cannot_sit`), and a seated
 * member cannot be listed (`/gm add` refuses with `gm.add_player`).
 */

/** What a member is to a game: a GM by listing or by the server's trust, a GM excluded by a seat, or none. */
export type GmStanding = "listed" | "server" | "seated" | "none";

export interface GmFacts {
  /** Listed in the game's own GMs. */
  listed: boolean;
  /** Has a seat of the game. */
  seated: boolean;
  /** The server's GM role or Manage Server, on the game's own server. */
  serverGm: boolean;
}

export function gmStandingOf(facts: GmFacts): GmStanding {
  if (facts.seated) return facts.listed || facts.serverGm ? "seated" : "none";
  if (facts.listed) return "listed";
  if (facts.serverGm) return "server";
  return "none";
}

/** Whether the standing gives the game's GM powers. */
export function actsAsGm(standing: GmStanding): boolean {
  return standing === "listed" || standing === "server";
}

/** The GMs who get the game's GM role and rooms: the listed ones without a seat. */
export function gmsWithoutSeats(gmUserIds: readonly string[], seatUserIds: readonly string[]): string[] {
  const seated = new Set(seatUserIds);
  return gmUserIds.filter((id) => !seated.has(id));
}

import type { FactionId, MayorState } from "./state.js";

/**
 * Section 9 (ruling 1), in order; jailed and isolated players are alive. Returns the winning
 * factions when the game is over (empty = no winners), or null while it goes on.
 */
export function winners(state: MayorState): FactionId[] | null {
  const living = state.players.filter((p) => p.alive);
  if (living.length === 0) return [];
  if (!living.some((p) => p.role === "mafia" || p.role === "maniac")) return ["town"];
  if (living.every((p) => p.faction === "mafia")) return ["mafia"];
  const [last, ...more] = living;
  if (last && more.length === 0 && last.role === "maniac") return ["maniac"];
  return null;
}

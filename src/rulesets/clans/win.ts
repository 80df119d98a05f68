import { emitEvent, emitPublic } from "../../engine/helpers.js";
import { bySeat, CLANS, type ClansState } from "./state.js";

/** Clans still in the game: those with a living boss (§9). */
export function clansInGame(state: ClansState): string[] {
  return CLANS.filter((c) => state.players.some((p) => p.alive && p.role === "boss" && p.team === c));
}

/** §9 (Ruling R16): at most one clan with a living boss ends the game; §7 end lines. */
export function checkEnd(state: ClansState): void {
  if (state.ended) return;
  const left = clansInGame(state);
  if (left.length > 1) return;
  state.ended = true;
  state.winners = [...left];
  emitEvent(state, "game_over", { winners: [...left] });
  const winner = left[0];
  if (winner) emitPublic(state, "game_over_winner", { clan: winner });
  else emitPublic(state, "game_over_none", {});
  if (!state.options.reveal_at_end) return;
  for (const p of [...state.players].sort(bySeat))
    emitPublic(state, "reveal_player", { name: p.id, role: p.role, home: p.home, clan: p.faction });
  emitPublic(state, "reveal_numbers", {
    numbers: state.data.numbers.map((n) => ({ night: n.night, value: n.value })),
  });
}

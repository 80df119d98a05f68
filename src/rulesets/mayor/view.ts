import type { Json, PlayerId } from "../../engine/types.js";
import { type MayorState, findMayorPlayer } from "./state.js";

/**
 * What a player may know (2.3, 7): nobody is told any role, not even his own; public facts are
 * life and death causes, jail and ИЗО, the 2nd/3rd ИЗО reveals, the session's public verdicts and
 * the role counts; privately his own choice, his vacation and his thread with the Mayor.
 * When the game is over the Mayor opens every role.
 */
export function playerView(state: MayorState, viewer: PlayerId): Json {
  const me = findMayorPlayer(state, viewer);
  const open = state.ended;
  return {
    ruleset: state.ruleset,
    phase: `${state.phase.kind} ${state.phase.n}`,
    ended: state.ended,
    winners: [...state.winners],
    roleCounts: { ...state.data.counts },
    players: state.players.map((p) => ({
      id: p.id,
      seat: p.seat,
      alive: p.alive,
      cause: p.cause,
      jailed: p.statuses.includes("jailed"),
      isolated: p.statuses.includes("isolated"),
      isolations: p.isolations,
      alignment: open ? (p.faction === "town" ? "good" : "evil") : p.revealedAlignment,
      role: open || p.revealedRole ? p.role : null,
    })),
    verdicts: state.phase.kind === "day" ? state.data.verdicts.map((v) => ({ ...v })) : [],
    me: me
      ? {
          id: me.id,
          alive: me.alive,
          role: open ? me.role : null,
          choice: state.phase.kind === "night" ? me.choice : null,
          vacation: me.statuses.includes("vacation"),
          missedVerdicts: me.streak,
          messages: me.inbox.map((m) => ({ ...m })),
        }
      : null,
  };
}

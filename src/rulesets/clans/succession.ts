import { emitEvent, playerOrThrow, removeStatus } from "../../engine/helpers.js";
import { tell } from "./inbox.js";
import {
  bySeat,
  type Clan,
  clanOrder,
  type ClansPlayer,
  type ClansState,
  type PendingJoin,
} from "./state.js";

const byJoin = (a: ClansPlayer, b: ClansPlayer) => (a.joinOrder ?? 0) - (b.joinOrder ?? 0) || a.seat - b.seat;

/**
 * The succession list of §5.10 (Ruling R11), living players only:
 * 1. team fighters (shooter/member) by joining order; 2. team scout, then doctor;
 * 3. (night) tonight's joiners of this team in joining order; 4. unrecruited home players not
 * joining anyone tonight: shooters by number, then the scout, then the doctor.
 */
export function successionList(
  state: ClansState,
  clan: Clan,
  joins: readonly PendingJoin[],
): { player: ClansPlayer; outsider: boolean }[] {
  const team = state.players.filter((p) => p.alive && p.team === clan && p.role !== "boss");
  const tier1 = team.filter((p) => p.role === "shooter" || p.role === "member").sort(byJoin);
  const tier2 = [...team.filter((p) => p.role === "scout"), ...team.filter((p) => p.role === "doctor")].sort(
    (a, b) => (a.role === b.role ? byJoin(a, b) : a.role === "scout" ? -1 : 1),
  );
  const tier3 = joins
    .filter((j) => j.clan === clan)
    .map((j) => playerOrThrow(state, j.player))
    .filter((p) => p.alive);
  const joining = new Set(joins.map((j) => j.player));
  const outside = state.players.filter(
    (p) => p.alive && p.team === null && p.role !== "boss" && p.home === clan && !joining.has(p.id),
  );
  const rank = (p: ClansPlayer) =>
    p.role === "shooter" ? (p.number ?? 1) : p.role === "scout" ? 10 : p.role === "doctor" ? 11 : 12;
  const tier4 = outside.sort((a, b) => rank(a) - rank(b) || bySeat(a, b));
  return [
    ...[...tier1, ...tier2, ...tier3].map((player) => ({ player, outsider: false })),
    ...tier4.map((player) => ({ player, outsider: true })),
  ];
}

/** Runs §5.10 for every clan whose boss left and is still waiting for a successor. */
export function runSuccessions(state: ClansState, joins: readonly PendingJoin[]): void {
  const pending = [...state.data.bossesLeft].sort((a, b) => clanOrder(a.clan) - clanOrder(b.clan));
  state.data.bossesLeft = [];
  for (const { clan, boss } of pending) {
    if (state.players.some((p) => p.alive && p.role === "boss" && p.team === clan)) continue;
    const next = successionList(state, clan, joins)[0];
    if (!next) {
      emitEvent(state, "clan_eliminated", { clan });
      continue;
    }
    const { player, outsider } = next;
    const previousRole = player.role;
    player.role = "boss";
    player.team = clan;
    player.faction = clan;
    if (outsider) {
      removeStatus(player, "unrecruited");
      player.joinOrder = ++state.data.joinCounter;
      const n = state.data.chats.filter((c) => c.clan === clan).length + 1;
      state.data.chats.push({ id: `clan-${clan}-${n}`, clan, members: [player.id] });
    }
    emitEvent(state, "boss_succeeded", {
      clan,
      player: player.id,
      previous: boss,
      previous_role: previousRole,
      outsider,
    });
    tell(state, player.id, "became_boss", { clan, previous: boss, outsider });
  }
}

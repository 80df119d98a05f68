import type { Json, JsonObject, PlayerId } from "../../engine/types.js";
import { bySeat, type ClansState, getPlayer } from "./state.js";

/** What `viewer` may know (§2.4, §7, §8, §10): never another player's role or clan before the end. */
export function playerView(state: ClansState, viewer: PlayerId): Json {
  const me = getPlayer(state, viewer);
  const reveal = state.ended && state.options.reveal_at_end;
  const players = [...state.players].sort(bySeat).map((p) => {
    const entry: JsonObject = {
      id: p.id,
      alive: p.alive,
      day_protected: p.statuses.includes("day_protected"),
      dead_muted: p.statuses.includes("dead_muted"),
    };
    if (reveal) {
      entry["role"] = p.role;
      entry["home"] = p.home;
      entry["faction"] = p.faction;
    }
    return entry;
  });
  const view: JsonObject = {
    ruleset: state.ruleset,
    phase: `${state.phase.kind} ${state.phase.n}`,
    ended: state.ended,
    winners: [...state.winners],
    players,
    // votes are public: the bot posts them in the vote thread as they are cast
    votes: state.phase.kind === "day" ? state.data.votes.map((v) => ({ ...v })) : [],
    lastReport: state.data.lastReport ? (JSON.parse(JSON.stringify(state.data.lastReport)) as Json) : null,
    numbers: reveal ? state.data.numbers.map((n) => ({ night: n.night, value: n.value })) : [],
  };
  if (!me) return view;
  const chats = state.data.chats
    .filter((c) => c.members.includes(me.id))
    .map((c) => ({ id: c.id, clan: c.clan, members: [...c.members] }));
  view["you"] = {
    id: me.id,
    alive: me.alive,
    role: me.role,
    home: me.home,
    number: me.number,
    clan: me.faction,
    inTeam: me.team !== null,
    statuses: [...me.statuses],
    clanChats: chats,
    orders: state.data.orders
      .filter((o) => o.actor === me.id)
      .map((o) => ({ ...o }) as unknown as JsonObject),
    filledSlots: [...(state.data.filled[me.id] ?? [])],
    messages: state.data.inbox
      .filter((m) => m.message.to === me.id)
      .map((m) => ({ phase: m.phase, ...m.message }) as JsonObject),
  };
  return view;
}

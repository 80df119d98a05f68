import { hasStatus, playerOrThrow } from "../../engine/helpers.js";
import type { ChatSpec } from "../../engine/ruleset.js";
import { bySeat, type ClansPlayer, type ClansState } from "./state.js";
import { localize } from "../../engine/messages.js";
import { LABELS } from "./labels.js";
import { CLAN_NAMES } from "./texts.js";

/** Living players, and dead players who have not lost the right to post (§10.3). */
function mayPost(player: ClansPlayer): boolean {
  return player.alive || !hasStatus(player, "dead_muted");
}

/** The game thread open now: day N's thread during day N and night N+1 (R17); a prologue before day 1. */
export function gameThread(state: ClansState): { id: string; name: { en: string; ru: string } } {
  const n = state.phase.kind === "day" ? state.phase.n : state.phase.n - 1;
  if (n < 1) return { id: "game-prologue", name: localize(LABELS.game_prologue) };
  return { id: `game-day-${n}`, name: localize(LABELS.game_day, { n }) };
}

/** §10.1–10.2 as a pure function of the state. GMs see everything and are not listed. */
export function chatLayout(state: ClansState): ChatSpec[] {
  const players = [...state.players].sort(bySeat);
  const all = players.map((p) => p.id);
  const dead = players.filter((p) => !p.alive).map((p) => p.id);
  const chats: ChatSpec[] = [];
  const thread = gameThread(state);
  chats.push({
    id: thread.id,
    name: thread.name,
    kind: "public",
    readers: all,
    writers: players.filter(mayPost).map((p) => p.id),
    readAudience: "all",
    // §10.1: the dead write here within their limit; a muted dead player's post is removed by the bot.
    writeAudience: "all",
  });
  if (state.phase.kind === "day" && !state.ended) {
    const n = state.phase.n;
    chats.push({
      id: `vote-day-${n}`,
      name: localize(LABELS.vote_thread, { n }),
      kind: "public",
      readers: all,
      writers: [],
      readAudience: "all",
    });
  }
  for (const chat of state.data.chats) {
    const members = chat.members.map((id) => playerOrThrow(state, id));
    const number = chat.id.endsWith("-1") ? "" : (chat.id.split("-").pop() ?? "");
    chats.push({
      id: chat.id,
      name: localize(LABELS.clan_chat, (lang) => ({
        clan: CLAN_NAMES[chat.clan][lang],
        has_number: chat.id.endsWith("-1") ? "no" : "yes",
        number,
      })),
      kind: "secret",
      readers: members.map((p) => p.id),
      writers: members.filter(mayPost).map((p) => p.id),
    });
  }
  chats.push({
    id: "dead",
    name: localize(LABELS.dead_chat),
    kind: "public",
    readers: dead,
    writers: dead,
    readAudience: "dead",
    writeAudience: "dead",
  });
  for (const p of players)
    chats.push({
      id: `gm-${p.id}`,
      name: localize(LABELS.gm_chat, { seat: p.id }),
      kind: "secret",
      readers: [p.id],
      writers: [p.id],
      purpose: "personal",
    });
  return chats;
}

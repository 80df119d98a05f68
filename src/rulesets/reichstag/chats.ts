import type { ChatSpec } from "../../engine/ruleset.js";
import { type ReichstagState, living } from "./state.js";
import { localize } from "../../engine/messages.js";
import { LABEL_MESSAGES } from "./labels.js";

const label = (en: string, ru: string) => ({ en, ru });

/** Section 10: public game channel and announcements, a private thread per player, the GM room. No faction or dead chat. */
export function chatLayout(state: ReichstagState): ChatSpec[] {
  const all = state.players.map((p) => p.id);
  const alive = living(state).map((p) => p.id);
  const chats: ChatSpec[] = [
    {
      id: "game",
      name: label("game", "игра"),
      kind: "public",
      readers: all,
      writers: state.ended ? all : alive,
      readAudience: "all",
      writeAudience: state.ended ? "all" : "alive",
    },
    {
      id: "announcements",
      name: label("announcements", "объявления"),
      kind: "public",
      readers: all,
      writers: [],
      readAudience: "all",
      writeAudience: "gm",
      purpose: "newspaper",
    },
  ];
  for (const p of state.players) {
    chats.push({
      id: `private-${p.id}`,
      name: localize(LABEL_MESSAGES.private_chat, { seat: p.id }),
      kind: "secret",
      readers: [p.id],
      writers: p.alive && !state.ended ? [p.id] : [],
      purpose: "personal",
    });
  }
  chats.push({
    id: "gm",
    name: label("GM room", "комната ведущего"),
    kind: "secret",
    readers: [],
    writers: [],
    readAudience: "gm",
    writeAudience: "gm",
    purpose: "gm",
  });
  return chats;
}

import { gmRoomChat, graveyardChat } from "../../engine/helpers.js";
import { formatMessage } from "../../engine/messages.js";
import type { ChatSpec } from "../../engine/ruleset.js";
import { type MayorState, isIsolated, isJailed } from "./state.js";

/**
 * Section 10: the town hall (everyone reads; living free players write during the session), the
 * news (read-only), each player's thread with the Mayor, the graveyard, the GM room. No group chats.
 */
/** A seat's thread with the Mayor, named as an ICU message (docs/i18n.md). */
const MAYOR_CHAT = { en: "{seat} and the Mayor", ru: "{seat} и Мэр" } as const;

export function chatLayout(state: MayorState): ChatSpec[] {
  const all = state.players.map((p) => p.id);
  const dead = state.players.filter((p) => !p.alive).map((p) => p.id);
  const session = state.phase.kind === "day" && !state.ended;
  const speakers = session
    ? state.players.filter((p) => p.alive && !isJailed(p) && !isIsolated(p)).map((p) => p.id)
    : [];
  const chats: ChatSpec[] = [
    {
      id: "town_hall",
      name: { en: "Town hall", ru: "Зал заседаний" },
      kind: "public",
      readers: all,
      writers: speakers,
      readAudience: "all",
      ...(session ? { writeAudience: "alive" as const } : {}),
    },
    {
      id: "news",
      name: { en: "News", ru: "Новости" },
      kind: "public",
      readers: all,
      writers: [],
      readAudience: "all",
      purpose: "newspaper",
    },
    ...state.players.map((p): ChatSpec => ({
      id: `mayor_${p.id}`,
      name: {
        en: formatMessage("en", MAYOR_CHAT.en, { seat: p.id }),
        ru: formatMessage("ru", MAYOR_CHAT.ru, { seat: p.id }),
      },
      kind: "secret",
      readers: [p.id],
      writers: p.alive && !state.ended ? [p.id] : [],
      purpose: "personal",
    })),
  ];
  if (state.options.deadChat && dead.length > 0) chats.push(graveyardChat(dead));
  chats.push(gmRoomChat("gm_room"));
  return chats;
}

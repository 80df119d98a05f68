import { gmRoomChat, graveyardChat, hasStatus } from "../../engine/helpers.js";
import { localize } from "../../engine/messages.js";
import type { ChatSpec } from "../../engine/ruleset.js";
import type { Localized } from "../../engine/types.js";
import {
  CLANS,
  type ClassicPlayer,
  type ClassicState,
  firstWithRole,
  isClanRole,
  isRemoved,
} from "./state.js";

/** §10: the chat layout as a pure function of the state. */

const CLAN_NAMES = {
  italians: { en: "Italians", ru: "Итальянцы" },
  russians: { en: "Russians", ru: "Русские" },
};

/** The name of a chat of one seat, an ICU message in both languages (docs/i18n.md). */
const CONTACT_CHAT: Localized = { en: "Contact: {seat}", ru: "Связь: {seat}" };
const PRIVATE_CHAT: Localized = { en: "Private: {seat}", ru: "Личное: {seat}" };
const seatChatName = (message: Localized, seat: string): Localized => localize(message, { seat });

export function chatLayout(state: ClassicState): ChatSpec[] {
  const all = state.players.map((p) => p.id);
  const isDay = state.phase.kind === "day" && !state.ended;
  const canSpeak = (p: ClassicPlayer) => p.alive && !isRemoved(p) && !hasStatus(p, "beaten");
  const speakers = isDay ? state.players.filter(canSpeak).map((p) => p.id) : [];
  const chats: ChatSpec[] = [];

  chats.push({
    id: "town",
    name: { en: "Town square", ru: "Городская площадь" },
    kind: "public",
    readers: all,
    writers: speakers,
    readAudience: "all",
    ...(isDay ? { writeAudience: "alive" as const } : {}),
  });
  chats.push({
    id: "votes",
    name: { en: "Votes", ru: "Голосование" },
    kind: "public",
    readers: all,
    writers: speakers,
    readAudience: "all",
    ...(isDay ? { writeAudience: "alive" as const } : {}),
  });
  chats.push({
    id: "newspaper",
    name: { en: "Newspaper", ru: "Газета" },
    kind: "public",
    readers: all,
    writers: [],
    readAudience: "all",
    purpose: "newspaper",
  });

  for (const clan of CLANS) {
    const members = state.players.filter((p) => isClanRole(p.role) && p.clan === clan);
    if (members.length === 0) continue;
    const readers = members.filter((p) => p.alive || state.options.deadKeepRead).map((p) => p.id);
    const writers = members.filter((p) => p.alive && !isRemoved(p)).map((p) => p.id);
    chats.push({ id: clan, name: CLAN_NAMES[clan], kind: "secret", readers, writers });
  }

  const police = state.players.filter((p) => p.role === "commissar" || p.role === "sergeant");
  if (police.length > 0) {
    chats.push({
      id: "police",
      name: { en: "Police", ru: "Полиция" },
      kind: "secret",
      readers: police.filter((p) => p.alive).map((p) => p.id),
      writers: police.filter((p) => p.alive && !isRemoved(p)).map((p) => p.id),
    });
  }

  if (state.options.commissarContacts) {
    const commissar = firstWithRole(state, "commissar");
    const sergeant = firstWithRole(state, "sergeant");
    const holder =
      commissar && commissar.alive
        ? commissar
        : sergeant && sergeant.alive && hasStatus(sergeant, "promoted")
          ? sergeant
          : undefined;
    if (holder) {
      for (const id of state.data.contacts) {
        const other = state.players.find((p) => p.id === id);
        if (!other || !other.alive || other.id === holder.id) continue;
        chats.push({
          id: `contact:${other.id}`,
          name: seatChatName(CONTACT_CHAT, other.id),
          kind: "secret",
          readers: [holder.id, other.id],
          writers: [holder.id, other.id],
        });
      }
    }
  }

  for (const p of state.players) {
    chats.push({
      id: `private:${p.id}`,
      name: seatChatName(PRIVATE_CHAT, p.id),
      kind: "secret",
      readers: [p.id],
      writers: [p.id],
      purpose: "personal",
    });
  }

  const dead = state.players.filter((p) => !p.alive).map((p) => p.id);
  if (state.options.deadChat && dead.length > 0) chats.push(graveyardChat(dead));
  chats.push(gmRoomChat("gm"));
  return chats;
}

import { z } from "zod";
import { emitEvent } from "../../engine/helpers.js";
import { abroad, dead, free, hasRole, learn, underground } from "./characters.js";
import { sweepSessions } from "./interrogation.js";
import { palaceLeave } from "./palace.js";
import { actingPosts, postInfo } from "./posts.js";
import { gmAction, paramsOf, targetPlayers } from "./spec.js";
import {
  type Access,
  CHAT_IDS,
  type ChatInfo,
  CHATS,
  GROUP_CHATS,
  type RPlayer,
  type RState,
} from "./state.js";

/** Chats (§4.1–§4.3): entitlement, access as a pure function of the state, schedules, and the reconciliation after every change. */

export const chatInfo = (id: string): ChatInfo | undefined => CHATS.find((c) => c.id === id);

export function isUndergroundChat(state: RState, chat: string): boolean {
  const flag = chatInfo(chat)?.underground ?? "no";
  const inq = state.data.inquisitionActive;
  return flag === "yes" || (flag === "if_inquisition" && inq) || (flag === "if_no_inquisition" && !inq);
}

/** What a player's chat entitlements derive from: the posts he acts in, their chats, his groups. */
export interface Entitlement {
  acting: string[];
  postChats: Set<string>;
  groups: string[];
}

/** X's entitlement basis, computed once for all chats (it is the same for each of them). */
export function entitlementOf(state: RState, player: RPlayer): Entitlement {
  const acting = actingPosts(state, player);
  const postChats = new Set<string>();
  for (const p of acting) {
    const info = postInfo(state, p);
    for (const c of info.chats) postChats.add(c);
    if (info.government === "royal") postChats.add("royal_government");
    if (info.government === "parliament") postChats.add("parl_government");
  }
  const groups = [player.faction, ...player.groups];
  for (const g of groups) for (const c of state.options.groupChats[g] ?? []) postChats.add(c);
  return { acting, postChats, groups };
}

export function baseEntitled(
  state: RState,
  player: RPlayer,
  chat: string,
  basis: Entitlement = entitlementOf(state, player),
): boolean {
  const { acting, postChats, groups } = basis;
  switch (chat) {
    case "community":
    case "general":
      return true;
    case "gm_service":
      return false;
    case "afterlife":
      return dead(player);
    case "parl_forces":
      return postChats.has(chat) || player.serviceOf.includes("parliament");
    case "royal_forces":
      return postChats.has(chat) || player.serviceOf.includes("royal");
    case "church":
      return postChats.has(chat) || groups.includes("church");
    case "ksb": {
      if (hasRole(player, "ksb_agent") || acting.includes("director")) return true;
      if (state.data.handover === "none" && acting.includes("king")) return true;
      if (state.data.handover === "done" && acting.includes("president")) return true;
      return [...(state.options.groupChats[player.faction] ?? [])].includes("ksb");
    }
    case "ozd":
      if (player.ozdChatExcluded) return false;
      return player.faction === "ozd" || player.ozdChatKept || postChats.has("ozd");
    case "palace":
      return hasRole(player, "rainbow_baron") || state.data.palace.includes(player.id);
    default:
      if (GROUP_CHATS.includes(chat) && groups.includes(chat)) return true;
      return postChats.has(chat);
  }
}

export function entitled(state: RState, player: RPlayer, chat: string, basis?: Entitlement): boolean {
  if (player.chatRevokes.includes(chat)) return false;
  return player.chatGrants.includes(chat) || baseEntitled(state, player, chat, basis);
}

/** X's access to a chat; `basis` (entitlementOf) when the caller asks of many chats. */
export function access(state: RState, player: RPlayer, chat: string, basis?: Entitlement): Access {
  if (chat === "community") return "read";
  if (chat === "gm_service") return "none";
  if (chat === "general")
    return player.alive && free(player) && !underground(player) && !abroad(player) ? "member" : "read";
  if (chat === "afterlife")
    return (dead(player) || player.chatGrants.includes("afterlife")) &&
      !player.chatRevokes.includes("afterlife")
      ? "member"
      : "none";
  if (dead(player) || !entitled(state, player, chat, basis)) return "none";
  if (!free(player) || abroad(player)) return "none";
  if (underground(player)) return isUndergroundChat(state, chat) ? "member" : "none";
  return "member";
}

export function enabledChats(state: RState): string[] {
  return state.options.chats.filter((c) => CHATS.some((x) => x.id === c));
}

export function writable(state: RState, chat: string): boolean {
  const force = state.data.chatForce[chat];
  if (force) return force === "open";
  const openIn = chatInfo(chat)?.schedule ?? "always";
  return openIn === "always" || openIn === state.phase.kind;
}

export function chatMembers(state: RState, chat: string): RPlayer[] {
  return state.players.filter((p) => access(state, p, chat) === "member");
}

/**
 * Chat access reconciliation (§4.3) with `chat_access` events, then appearance knowledge (§2.6 b).
 * `silent` only at setup.
 */
export function reconcile(state: RState, silent = false): void {
  sweepSessions(state);
  for (const c of Object.keys(state.data.chatForce))
    if (!enabledChats(state).includes(c)) delete state.data.chatForce[c];
  const chats = enabledChats(state);
  for (const x of state.players) {
    const before = state.data.access[x.id] ?? {};
    const after: Record<string, Access> = {};
    const basis = entitlementOf(state, x);
    for (const c of chats) {
      after[c] = access(state, x, c, basis);
      if (!silent && (before[c] ?? "none") !== after[c])
        emitEvent(state, "chat_access", { player: x.id, chat: c, access: after[c] });
    }
    state.data.access[x.id] = after;
  }
  for (const c of chats) {
    const info = chatInfo(c);
    if (!info || info.schedule === "night") continue;
    if (info.schedule === "day" && state.phase.kind !== "day") continue;
    // chatMembers(state, c), from the access just computed (nothing changed since).
    const members = state.players.filter((p) => state.data.access[p.id]?.[c] === "member");
    for (const member of members)
      for (const other of members) if (member !== other) learn(member, other.currentAppearance);
  }
}

/** A chat of the layout, named by its id. */
const chatChoice = paramsOf({ chat: z.enum(CHAT_IDS as [string, ...string[]]) });

function chatEntitlement(mode: "grant" | "revoke" | "reset") {
  return gmAction(chatChoice, {
    targets: "some",
    run(state, input) {
      const chat = input.params.chat;
      for (const player of targetPlayers(state, input)) {
        player.chatGrants = player.chatGrants.filter((other) => other !== chat);
        player.chatRevokes = player.chatRevokes.filter((other) => other !== chat);
        if (chat === "palace") {
          if (mode === "grant" && !state.data.palace.includes(player.id)) {
            state.data.palace.push(player.id);
            emitEvent(state, "palace_joined", { player: player.id });
          }
          if (mode === "revoke") palaceLeave(state, player.id);
          continue;
        }
        if (mode === "grant") player.chatGrants.push(chat);
        if (mode === "revoke") player.chatRevokes.push(chat);
      }
    },
  });
}

function schedule(mode: "open" | "closed" | null) {
  return gmAction(chatChoice, {
    targets: "none",
    run(state, input) {
      const chat = input.params.chat;
      if (mode === null) delete state.data.chatForce[chat];
      else state.data.chatForce[chat] = mode;
      emitEvent(state, "chat_schedule", { chat, force: mode });
    },
  });
}

/** The GM grants, revokes or resets a character's access to a chat, and opens or closes a chat against its schedule (§10). */
export const chatGmActions = {
  grant_chat: chatEntitlement("grant"),
  revoke_chat: chatEntitlement("revoke"),
  reset_chat: chatEntitlement("reset"),
  open_chat: schedule("open"),
  close_chat: schedule("closed"),
  reset_schedule: schedule(null),
};

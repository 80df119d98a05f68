import { PermissionFlagsBits as P } from "discord.js";
import { gmsWithoutSeats } from "../games/authority.js";
import type { Audience, ChatSpec, RulesetDefinition } from "../engine/ruleset.js";
import { phaseLabel, type AnyGameState, type Lang, type Phase, type PlayerId } from "../engine/types.js";
import { phaseName, t } from "../i18n/index.js";
import { safeName } from "../render/names.js";

/**
 * The Discord shape of a game as a pure function of its state (ARCHITECTURE.md, "Discord
 * mapping"): a category; public chats as channels with role-level overwrites (alive / dead /
 * GM, @everyone for spectators) — never one overwrite per player; every secret chat and each
 * player's own thread with the GMs as private threads (`invitable: false`) under one parent.
 * In an unmasked game players talk in a public chat's phase thread (`phaseThreadKey`), never in
 * its channel, so a phase that ends closes its talk to edits (the thread is locked and archived).
 * Roles are named after the game, never after a faction.
 */

/**
 * `silenced`: alive, but may not write where the living write (jailed, beaten, underground, …):
 * a role of its own, because role overwrites add up (an allow on one role beats a deny on another).
 */
export type RoleKey = "alive" | "silenced" | "dead" | "gm";
export type OverwriteTarget = "everyone" | RoleKey | "bot";

export interface Overwrite {
  target: OverwriteTarget;
  allow: string;
  deny: string;
}

export interface DesiredChannel {
  key: string;
  name: string;
  type: "category" | "text";
  parent: string | null;
  overwrites: Overwrite[];
}

export interface DesiredThread {
  key: string;
  name: string;
  /** Private threads only: a public thread shows to whoever views its parent, members or not. */
  members: string[];
  locked: boolean;
  /** The channel it is under: the threads' parent, or (a phase thread) its public chat's channel. */
  parent: string;
  type: "private" | "public";
}

export interface DesiredLayout {
  roles: { key: RoleKey; name: string }[];
  /** The game roles each account should hold; accounts not listed hold none of them. */
  memberRoles: Record<string, RoleKey[]>;
  channels: DesiredChannel[];
  threads: DesiredThread[];
}

export interface LayoutSeat {
  seatId: PlayerId;
  userId: string;
  displayName: string;
}

export interface LayoutInput {
  gameName: string;
  lang: Lang;
  ruleset: RulesetDefinition<AnyGameState>;
  state: AnyGameState | null;
  ended: boolean;
  seats: LayoutSeat[];
  gmUserIds: string[];
  /**
   * Masked play (docs/masks.md): players speak only through the bot's webhooks, so no player
   * role class may post, react or write in threads directly, and nobody is shown as silenced.
   */
  masked?: boolean;
  /**
   * Masked play: the mirror threads already made (`mirror:<chat>:<seat>` keys), so a seat that
   * stopped reading a chat keeps its mirror with no members instead of the layout forgetting it.
   */
  knownMirrors?: readonly string[];
}

/**
 * Masked play reads a chat that is not open to everyone through mirrors: one private thread per
 * reader (`mirror:<chat>:<seat>`, the reader its only member), so nobody can list who else reads
 * it; `chat:<chat>` is the GMs' copy with no members. See docs/masks.md.
 */
export function mirrorKey(chatId: string, seatId: PlayerId): string {
  return `mirror:${chatId}:${seatId}`;
}

/** `{chat, seat}` of a mirror key, or null. Chat ids may contain ':' — the seat is the last part. */
export function parseMirrorKey(key: string): { chatId: string; seatId: PlayerId } | null {
  if (!key.startsWith("mirror:")) return null;
  const rest = key.slice("mirror:".length);
  const cut = rest.lastIndexOf(":");
  if (cut <= 0) return null;
  return { chatId: rest.slice(0, cut), seatId: rest.slice(cut + 1) };
}

/**
 * A public chat's thread for one phase (`chat:<chat>@<kind>-<n>`, "chat:town@day-2"): where the
 * players of an unmasked game talk while the phase lasts. Once the phase (or the game) is over it
 * leaves the layout and the reconcile locks and archives it, so Discord refuses any edit, reaction
 * or pin in it (50083); the chat's channel is written by the GMs and the bot only.
 */
export function phaseThreadKey(chatId: string, phase: Phase): string {
  return `chat:${chatId}@${phase.kind}-${phase.n}`;
}

/**
 * A `chat:` key's chat id and, for a phase thread, the phase label it was open in ("day 2");
 * null for other keys. Chat ids never contain '@'.
 */
export function parseChatKey(key: string): { chatId: string; phase: string | null } | null {
  if (!key.startsWith("chat:")) return null;
  const rest = key.slice("chat:".length);
  const at = rest.lastIndexOf("@");
  if (at < 0) return { chatId: rest, phase: null };
  const suffix = rest.slice(at + 1);
  const dash = suffix.lastIndexOf("-");
  const phase = dash > 0 ? `${suffix.slice(0, dash)} ${suffix.slice(dash + 1)}` : suffix;
  return { chatId: rest.slice(0, at), phase };
}

/**
 * Whether players talk in this chat through phase threads under its channel: every public chat
 * of an unmasked game that is a channel (not the newspaper or the GM room, not a chat read by one
 * class where statuses are secret: that one is a private thread already).
 */
export function talksInPhaseThreads(
  chat: ChatSpec,
  state: AnyGameState,
  ruleset: { publicStatuses?: boolean },
  masked: boolean,
): boolean {
  if (masked || chat.kind !== "public" || chat.purpose !== undefined) return false;
  const read = audienceOf(chat.readAudience, chat.readers, state);
  return read === "all" || ruleset.publicStatuses !== false;
}

export const THREADS_PARENT = "threads";
export const CATEGORY = "category";
/** Secret chats, mirrors and each player's own thread: private threads under the threads' parent. */
const PRIVATE = { parent: THREADS_PARENT, type: "private" } as const;

const bits = (...flags: bigint[]) => flags.reduce((a, b) => a | b, 0n);
const READ = bits(P.ViewChannel, P.ReadMessageHistory);
/**
 * Reactions are off in every game chat, for GMs too: Discord lets anyone who reads a message add
 * to a reaction already on it ("if nobody else has reacted to the message using this emoji, this
 * endpoint requires the ADD_REACTIONS permission", Create Reaction), so a reader without a voice
 * could join any reaction a writer started. With nobody able to start one, there is none to join.
 * Only the GM room lets its GMs react.
 */
const REACT = P.AddReactions;
const WRITE = P.SendMessages;
const NO_THREADS = bits(P.CreatePublicThreads, P.CreatePrivateThreads);
const GM = bits(READ, WRITE, P.ManageMessages, P.ManageThreads, P.SendMessagesInThreads);
const BOT = bits(
  READ,
  WRITE,
  // The bot holds what it denies (Discord refuses an overwrite with a bit its author lacks there).
  REACT,
  P.ManageMessages,
  P.ManageThreads,
  P.SendMessagesInThreads,
  P.CreatePrivateThreads,
  // A public chat's phase threads are public threads the bot makes under the chat's channel.
  P.CreatePublicThreads,
  P.ManageChannels,
  P.ManageRoles,
  P.ManageWebhooks,
  P.EmbedLinks,
  P.AttachFiles,
);

function ow(target: OverwriteTarget, allow: bigint, deny: bigint): Overwrite {
  // Nobody pings @everyone, @here or a role from a game's chats: denied to the whole server on
  // every game channel (threads inherit it; no game role allows it back). Game roles are created
  // unmentionable, so only this permission could have made such a ping.
  const denied = target === "everyone" ? deny | P.MentionEveryone | REACT : deny;
  return { target, allow: allow.toString(), deny: denied.toString() };
}

/** Channel names: lower case, dashes, at most 100 characters (Discord's limit). */
export function channelName(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 100) || "chat"
  );
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((x) => set.has(x));
}

/** The role class a public chat's explicit list corresponds to. */
function audienceOf(
  explicit: Audience | undefined,
  list: readonly PlayerId[],
  state: AnyGameState,
): Audience | "none" {
  if (explicit) return explicit;
  if (list.length === 0) return "none";
  const alive = state.players.filter((p) => p.alive).map((p) => p.id);
  const dead = state.players.filter((p) => !p.alive).map((p) => p.id);
  if (
    sameSet(
      list,
      state.players.map((p) => p.id),
    )
  )
    return "all";
  if (sameSet(list, alive)) return "alive";
  if (sameSet(list, dead)) return "dead";
  return "alive";
}

/**
 * A public chat's channel. `how`: "channel" — the classes that write post in the channel itself
 * (masked games: nobody does); "threads" — players talk in the phase thread under it, so the
 * channel refuses their posts and the voice is _Send Messages in Threads_, which a public thread
 * takes from its parent (the GMs and the bot post in the channel).
 */
function publicOverwrites(
  read: Audience | "none",
  write: Audience | "none",
  how: "channel" | "threads" | "masked",
): Overwrite[] {
  const voice = how === "threads" ? P.SendMessagesInThreads : WRITE;
  const silent = how === "threads" ? bits(WRITE, P.SendMessagesInThreads) : WRITE;
  const everyone =
    read === "all"
      ? ow("everyone", READ, silent | NO_THREADS)
      : ow("everyone", 0n, READ | silent | NO_THREADS);
  type Who = "alive" | "silenced" | "dead";
  const classOf = (who: Who): "alive" | "dead" => (who === "dead" ? "dead" : "alive");
  const canRead = (who: Who) => read === "all" || read === classOf(who);
  const canWrite = (who: Who) =>
    how !== "masked" && who !== "silenced" && (write === "all" || write === classOf(who));
  const roleOverwrite = (who: Who) =>
    ow(
      who,
      (canRead(who) ? READ : 0n) | (canWrite(who) ? voice : 0n),
      (canRead(who) ? 0n : READ) | (canWrite(who) ? silent & ~voice : silent),
    );
  return [
    everyone,
    roleOverwrite("alive"),
    roleOverwrite("silenced"),
    roleOverwrite("dead"),
    ow("gm", GM, 0n),
    ow("bot", BOT, 0n),
  ];
}

/** Living seats that a public chat open to the living does not let write now. */
function silencedSeats(chats: readonly ChatSpec[], state: AnyGameState): Set<PlayerId> {
  const silenced = new Set<PlayerId>();
  for (const chat of chats) {
    if (chat.kind !== "public" || chat.purpose) continue;
    const write = audienceOf(chat.writeAudience, chat.writers, state);
    if (write !== "alive" && write !== "all") continue;
    for (const p of state.players) if (p.alive && !chat.writers.includes(p.id)) silenced.add(p.id);
  }
  return silenced;
}

export function desiredLayout(input: LayoutInput): DesiredLayout {
  const text = (key: string) => t(input.lang, `layout.${key}`);
  const userOf = new Map(input.seats.map((s) => [s.seatId, s.userId]));
  // Where the rules can keep a death or a silencing secret, no role follows them: every seat is
  // of the one class `alive` (named "players"), and the bot removes what the rules refuse.
  const hidden = input.ruleset.publicStatuses === false;
  const roles: DesiredLayout["roles"] = [
    { key: "alive", name: `${input.gameName}: ${text(hidden ? "role.players" : "role.alive")}` },
    { key: "silenced", name: `${input.gameName}: ${text("role.silenced")}` },
    { key: "dead", name: `${input.gameName}: ${text("role.dead")}` },
    { key: "gm", name: `${input.gameName}: ${text("role.gm")}` },
  ];
  const memberRoles: Record<string, RoleKey[]> = {};
  // A seat excludes GM powers (src/games/authority.ts): a listed GM who sits gets no GM role.
  for (const gm of gmsWithoutSeats(
    input.gmUserIds,
    input.seats.map((s) => s.userId),
  ))
    memberRoles[gm] = ["gm"];
  const layoutChats = input.state ? input.ruleset.chatLayout(input.state) : [];
  const silenced = input.state && !hidden ? silencedSeats(layoutChats, input.state) : new Set<PlayerId>();
  const classOf = (p: AnyGameState["players"][number]): RoleKey =>
    hidden ? "alive" : !p.alive ? "dead" : silenced.has(p.id) ? "silenced" : "alive";
  // Masked: no player holds a game role at all — a role that flips when a mask dies or falls
  // silent would tie the mask to its account. Access goes through mirrors and /say instead.
  if (input.state && !input.masked) {
    for (const p of input.state.players) {
      const user = userOf.get(p.id);
      if (user) memberRoles[user] = [...(memberRoles[user] ?? []), classOf(p)];
    }
  }

  const channels: DesiredChannel[] = [
    {
      key: CATEGORY,
      name: input.gameName.slice(0, 100),
      type: "category",
      parent: null,
      overwrites: [ow("bot", BOT, 0n)],
    },
    {
      key: "newspaper",
      name: channelName(text("channel.newspaper")),
      type: "text",
      parent: CATEGORY,
      overwrites: [ow("everyone", READ, WRITE | NO_THREADS), ow("gm", GM, 0n), ow("bot", BOT, 0n)],
    },
    {
      key: "gm",
      name: channelName(text("channel.gm_room")),
      type: "text",
      parent: CATEGORY,
      overwrites: [ow("everyone", 0n, READ | WRITE), ow("gm", GM | REACT, 0n), ow("bot", BOT, 0n)],
    },
    {
      key: THREADS_PARENT,
      name: channelName(text("channel.threads")),
      type: "text",
      parent: CATEGORY,
      // The classes' overwrites here may change during a game (voice rules below), so they carry
      // only bits the bot holds in the channel (Discord refuses to set others); @everyone denies
      // creating threads once and for all.
      overwrites: [
        ow("everyone", 0n, READ | WRITE | NO_THREADS),
        ow("alive", READ | P.SendMessagesInThreads, WRITE | P.CreatePrivateThreads),
        ow("silenced", READ | P.SendMessagesInThreads, WRITE | P.CreatePrivateThreads),
        ow("dead", READ | P.SendMessagesInThreads, WRITE | P.CreatePrivateThreads),
        ow("gm", GM, 0n),
        ow("bot", BOT, 0n),
      ],
    },
  ];
  const threads: DesiredThread[] = [];
  const ended = input.ended;
  if (input.state && !input.masked) {
    // Voice rules by permission where a role class can say it: when no seat of the class writes
    // in any thread of the game (secret chats and personal threads alike), the class may not post
    // in threads at all. Role memberships are public and, in every built-in ruleset, this holds or
    // fails for the whole game, so the overwrite reveals nothing. Elsewhere the bot removes the
    // post (src/discord/activity.ts; docs/secrecy.md).
    const state = input.state;
    const threadChats = layoutChats.filter((c) => c.kind === "secret" && c.purpose !== "gm");
    const writesInThreads = new Set<RoleKey>();
    for (const p of state.players) {
      const personal = threadChats.some((c) => c.purpose === "personal" && c.readers[0] === p.id);
      if (!personal || threadChats.some((c) => c.writers.includes(p.id))) writesInThreads.add(classOf(p));
    }
    const parent = channels.find((c) => c.key === THREADS_PARENT);
    if (parent) {
      parent.overwrites = parent.overwrites.map((o) =>
        (o.target === "dead" || o.target === "silenced") && !writesInThreads.has(o.target)
          ? ow(o.target, READ, WRITE | P.CreatePrivateThreads | P.SendMessagesInThreads)
          : o,
      );
    }
  }
  if (input.masked) {
    // Players read their threads but post only through the bot (webhooks ignore these). With no
    // player roles, everyone may view the (empty) parent: a private thread still shows only to
    // its members, and its one member is the reader.
    const parent = channels.find((c) => c.key === THREADS_PARENT);
    if (parent) {
      const readOnly = bits(WRITE, NO_THREADS, P.SendMessagesInThreads);
      parent.overwrites = parent.overwrites.map((o) =>
        o.target === "everyone" || o.target === "alive" || o.target === "silenced" || o.target === "dead"
          ? ow(o.target, READ, readOnly)
          : o,
      );
    }
  }
  for (const seat of input.seats) {
    // A seat whose own chat the rules close (the dead in mayor, reichstag) reads its thread only:
    // the lock is seen by the thread's one member and the GMs, so it tells nobody anything.
    const own = layoutChats.find(
      (c) => c.purpose === "personal" && c.readers.length === 1 && c.readers[0] === seat.seatId,
    );
    threads.push({
      key: `personal:${seat.seatId}`,
      name: `🔒 ${safeName(seat.displayName, "plain")}`.slice(0, 100),
      members: [seat.userId],
      locked: own !== undefined && !own.writers.includes(seat.seatId),
      ...PRIVATE,
    });
  }
  // The rules name some chats by seat ("Contact: p6"): players read the seat's shown name.
  const shown = new Map(input.seats.map((s) => [s.seatId, safeName(s.displayName, "plain")]));
  const title = (chat: ChatSpec) =>
    chat.name[input.lang].replace(/(?<![\w-])p\d+(?![\w-])/g, (id) => shown.get(id) ?? id);

  if (input.state) {
    for (const chat of layoutChats) addChat(chat, input.state);
  }

  function addChat(chat: ChatSpec, state: AnyGameState) {
    if (chat.purpose === "newspaper" || chat.purpose === "gm" || chat.purpose === "personal") return;
    const read = chat.kind === "public" ? audienceOf(chat.readAudience, chat.readers, state) : "none";
    const locked = ended || chat.writers.length === 0;
    // A public chat read by one class of seats (the living, the dead) needs roles that follow
    // the statuses: where those are secret, its readers read it as a private thread instead.
    const byClass = chat.kind === "public" && read !== "all" && hidden && !input.masked;
    if (input.masked && read !== "all") {
      const name = title(chat).slice(0, 100);
      threads.push({ key: `chat:${chat.id}`, name, members: [], locked, ...PRIVATE });
      const readers = new Set(chat.readers);
      for (const seat of chat.readers) {
        const user = userOf.get(seat);
        if (user) threads.push({ key: mirrorKey(chat.id, seat), name, members: [user], locked, ...PRIVATE });
      }
      for (const key of input.knownMirrors ?? []) {
        const mirror = parseMirrorKey(key);
        if (mirror?.chatId === chat.id && !readers.has(mirror.seatId))
          threads.push({ key, name, members: [], locked: true, ...PRIVATE });
      }
      return;
    }
    if (chat.kind === "public" && !byClass) {
      const write = ended ? "none" : audienceOf(chat.writeAudience, chat.writers, state);
      const threaded = talksInPhaseThreads(chat, state, input.ruleset, input.masked === true);
      channels.push({
        key: `chat:${chat.id}`,
        name: channelName(title(chat)),
        type: "text",
        parent: CATEGORY,
        overwrites: publicOverwrites(read, write, input.masked ? "masked" : threaded ? "threads" : "channel"),
      });
      // The phase's thread while the chat has writers; one that left the layout (its phase or the
      // game is over, the chat fell silent) is locked and archived by the reconcile.
      if (threaded && !locked)
        threads.push({
          key: phaseThreadKey(chat.id, state.phase),
          name: phaseName(input.lang, phaseLabel(state.phase)).slice(0, 100),
          members: [],
          locked: false,
          parent: `chat:${chat.id}`,
          type: "public",
        });
      return;
    }
    // Read-only copies (docs/secrecy.md, "Voices"): a reader who may not write in a chat that has
    // writers (classic's dead and removed who keep reading their clan's chat, clans' muted dead)
    // leaves the live thread and reads a mirror only the bot writes in (locked; the relay keeps it
    // in step with posts, edits and deletions). A seat that had a mirror keeps it, so a chat that
    // loses its last writer does not bring its readers back into the live thread.
    const name = title(chat).slice(0, 100);
    const known = new Set(input.knownMirrors ?? []);
    const writers = new Set(chat.writers);
    const readOnly = (seat: PlayerId) =>
      !writers.has(seat) && (chat.writers.length > 0 || known.has(mirrorKey(chat.id, seat)));
    const members = chat.readers
      .filter((id) => !readOnly(id))
      .map((id) => userOf.get(id))
      .filter((u): u is string => u !== undefined);
    threads.push({ key: `chat:${chat.id}`, name, members, locked, ...PRIVATE });
    const readers = new Set(chat.readers);
    for (const seat of chat.readers.filter(readOnly)) {
      const user = userOf.get(seat);
      if (user)
        threads.push({ key: mirrorKey(chat.id, seat), name, members: [user], locked: true, ...PRIVATE });
    }
    for (const key of known) {
      const mirror = parseMirrorKey(key);
      if (mirror?.chatId === chat.id && !readers.has(mirror.seatId))
        threads.push({ key, name, members: [], locked: true, ...PRIVATE });
    }
  }
  return { roles, memberRoles, channels, threads };
}

/** Discord's overwrite type: 0 = role, 1 = member. */
export function overwriteType(target: OverwriteTarget): 0 | 1 {
  return target === "bot" ? 1 : 0;
}

import type { REST } from "@discordjs/rest";
import { PermissionFlagsBits as P, Routes } from "discord.js";
import { and, asc, eq, inArray, like } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { withAdvisoryLock } from "../db/locks.js";
import { chats, discordIntents, gameMasters, games, players } from "../db/schema/index.js";
import { hasStarted, loadState, rulesetOrThrow } from "../games/state.js";
import { GameService } from "../games/service.js";
import type { Logger } from "../log.js";
import { masksAfterReconcile } from "./masks/gm-room.js";
import { maskModeOf } from "../games/masks.js";
import { syncMirrors } from "./masks/relay.js";
import {
  CATEGORY,
  THREADS_PARENT,
  desiredLayout,
  overwriteType,
  type DesiredChannel,
  type DesiredLayout,
  type DesiredThread,
  type Overwrite,
  type OverwriteTarget,
  type RoleKey,
} from "./layout.js";

/**
 * Turns the desired layout (pure) into Discord state with the fewest calls: the diff between
 * the desired layout and what the bot last applied (the `chats` table). A full reconcile (at
 * start-up, and after Discord refused an effect for something a reconcile can mend: a missing
 * role, a lost permission, a deleted channel) reads Discord first, so a moderator's manual change
 * or a failed call is healed.
 *
 * Safe under concurrency (games of one server reconciled at once, in several workers): a game's
 * own objects are changed under its drain lock only, and what games share is changed one item at
 * a time — one role of a member (PUT/DELETE .../members/{u}/roles/{r}), one overwrite, one thread
 * member — never by writing back a whole list read earlier. Creating an object that a lost answer
 * may make a later reconcile adopt by name is serialized per server (`creates:<guild>`).
 */

export interface ReconcileDeps {
  db: Db;
  rest: REST;
  log: Logger;
  /** The pool, when `db` is the one connection a drain holds. */
  pool?: Db;
}

type ChatRow = typeof chats.$inferSelect;

interface AppliedChannel {
  name: string;
  overwrites: Overwrite[];
}
interface AppliedThread {
  name: string;
  locked: boolean;
  /** Closed after leaving the layout. */
  archived?: boolean;
}

/** Creating threads is already denied to @everyone on every game channel, and never allowed to a class. */
const SENDING = P.SendMessages | P.SendMessagesInThreads | P.AddReactions;

/** A player class's overwrite with posting denied (@everyone already may not; the GMs and the bot keep theirs). */
function readOnly(o: Overwrite): Overwrite {
  if (o.target !== "alive" && o.target !== "silenced" && o.target !== "dead") return o;
  return {
    ...o,
    allow: (BigInt(o.allow) & ~SENDING).toString(),
    deny: (BigInt(o.deny) | SENDING).toString(),
  };
}

const botIds = new WeakMap<REST, Promise<string>>();

/** The bot's own user id (one call per REST client). */
export function botUserId(rest: REST): Promise<string> {
  let id = botIds.get(rest);
  if (!id) {
    id = (rest.get(Routes.user("@me")) as Promise<{ id: string }>).then((u) => u.id);
    botIds.set(rest, id);
  }
  return id;
}

export async function desiredFor(
  db: Db,
  gameId: string,
): Promise<{ guildId: string; layout: DesiredLayout; ended: boolean; started: boolean }> {
  const [game] = await db.select().from(games).where(eq(games.id, gameId));
  if (!game) throw new Error(`no game ${gameId}`);
  const ruleset = rulesetOrThrow(game.ruleset);
  const seats = await db.select().from(players).where(eq(players.gameId, gameId)).orderBy(asc(players.seat));
  const gms = await db.select().from(gameMasters).where(eq(gameMasters.gameId, gameId));
  const service = new GameService(db);
  const lang = await service.language(game.guildId);
  const state =
    game.status === "lobby" || !(await hasStarted(db, gameId))
      ? null
      : (await loadState(db, gameId, ruleset)).state;
  const masked = (await maskModeOf(db, gameId, game.ruleset)) !== "off";
  // Mirrors: masked play's, and the read-only copies of readers without a voice (layout.ts).
  const knownMirrors = (
    await db
      .select({ key: chats.chatKey })
      .from(chats)
      .where(and(eq(chats.gameId, gameId), like(chats.chatKey, "mirror:%")))
  ).map((r) => r.key);
  const layout = desiredLayout({
    gameName: game.name,
    lang,
    ruleset,
    state,
    ended: game.status === "ended",
    seats: seats.map((s) => ({ seatId: s.seatId, userId: s.userId, displayName: s.displayName })),
    gmUserIds: gms.map((g) => g.userId),
    masked,
    knownMirrors,
  });
  return { guildId: game.guildId, layout, ended: game.status === "ended", started: state !== null };
}

export async function reconcileGame(
  deps: ReconcileDeps,
  gameId: string,
  mode: "incremental" | "full" = "incremental",
): Promise<{ calls: number }> {
  const { db, rest } = deps;
  const { guildId, layout, ended, started } = await desiredFor(db, gameId);
  const botId = await botUserId(rest);
  let calls = 0;
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    calls++;
    return work();
  };

  const rows = await db.select().from(chats).where(eq(chats.gameId, gameId));
  // A game closed from its lobby never had a chat: nothing to build or lock. (A game that ended
  // by its rules before its first delivery still gets its chats: the reveal goes to them.)
  if (ended && !started && rows.length === 0) return { calls: 0 };
  const byKey = new Map(rows.map((r) => [r.chatKey, r]));
  const save = async (
    key: string,
    discordId: string,
    kind: ChatRow["discordKind"],
    patch: Partial<ChatRow>,
    on: Db = db,
  ) => {
    const values = { gameId, chatKey: key, discordId, discordKind: kind, ...patch, updatedAt: new Date() };
    const [row] = await on
      .insert(chats)
      .values(values)
      .onConflictDoUpdate({
        target: [chats.gameId, chats.chatKey],
        set: { ...patch, discordId, updatedAt: new Date() },
      })
      .returning();
    if (row) byKey.set(key, row);
  };

  // Creates are idempotent: the intent is recorded before the call, and a later reconcile that
  // finds an intent (the answer was lost) adopts the object Discord made, removing duplicates.
  const intents = new Set(
    (
      await db
        .select({ key: discordIntents.chatKey })
        .from(discordIntents)
        .where(eq(discordIntents.gameId, gameId))
    ).map((r) => r.key),
  );
  // Serialized per server across processes: another game's reconcile must not adopt (by name)
  // an object this one has made and not recorded yet. `record` runs under the same lock.
  const createOnce = async (
    key: string,
    candidates: () => Promise<string[]>,
    create: () => Promise<{ id: string }>,
    remove: (id: string) => Promise<unknown>,
    record: (locked: Db, id: string) => Promise<void>,
  ): Promise<string> =>
    withAdvisoryLock(db, `creates:${guildId}`, async (locked) => {
      let id: string | undefined;
      if (intents.has(key)) {
        const [adopt, ...duplicates] = await unrecorded(locked, await candidates());
        if (adopt) {
          for (const duplicate of duplicates) await call(() => remove(duplicate));
          deps.log.warn(
            { gameId, chat: key, adopted: adopt, removed: duplicates.length },
            "adopted a lost create",
          );
          id = adopt;
        }
      } else {
        await locked.insert(discordIntents).values({ gameId, chatKey: key }).onConflictDoNothing();
        intents.add(key);
      }
      id ??= (await call(create)).id;
      await record(locked, id);
      return id;
    });
  const created = async (key: string) => {
    if (!intents.delete(key)) return;
    await db
      .delete(discordIntents)
      .where(and(eq(discordIntents.gameId, gameId), eq(discordIntents.chatKey, key)));
  };

  // 1. Roles of the game (alive / dead / GM). A full reconcile makes again a role deleted by hand
  // (its members get it back in step 3, which then reads each member).
  const roleIds = new Map<RoleKey, string>();
  const guildRoles =
    mode === "full"
      ? new Set(
          ((await call(() => rest.get(Routes.guildRoles(guildId)))) as { id: string }[]).map((r) => r.id),
        )
      : null;
  for (const role of layout.roles) {
    const key = `role:${role.key}`;
    let row = byKey.get(key);
    if (row && guildRoles && !guildRoles.has(row.discordId)) {
      deps.log.warn({ gameId, role: role.key, lost: row.discordId }, "a game role was deleted: made again");
      await db.delete(chats).where(eq(chats.id, row.id));
      byKey.delete(key);
      row = undefined;
    }
    if (!row) {
      await createOnce(
        key,
        async () =>
          ((await call(() => rest.get(Routes.guildRoles(guildId)))) as { id: string; name: string }[])
            .filter((r) => r.name === role.name)
            .map((r) => r.id),
        () =>
          rest.post(Routes.guildRoles(guildId), {
            body: { name: role.name, permissions: "0", mentionable: false, hoist: false },
            reason: "game role",
          }) as Promise<{ id: string }>,
        (id) => rest.delete(Routes.guildRole(guildId, id), { reason: "duplicate game role" }),
        (locked, id) => save(key, id, "role", { appliedMembers: [] }, locked),
      );
      await created(key);
      row = byKey.get(key);
    }
    if (row) roleIds.set(role.key, row.discordId);
  }
  const targetId = (target: OverwriteTarget): string => {
    if (target === "everyone") return guildId;
    if (target === "bot") return botId;
    const id = roleIds.get(target);
    if (!id) throw new Error(`role ${target} missing`);
    return id;
  };
  const resolved = (list: Overwrite[]) =>
    list.map((o) => ({
      id: targetId(o.target),
      type: overwriteType(o.target),
      allow: o.allow,
      deny: o.deny,
    }));

  // 2. Channels (the category first). A full reconcile compares with what Discord has.
  for (const channel of layout.channels) {
    let row = byKey.get(channel.key);
    let applied = row ? (row.appliedState as AppliedChannel) : null;
    if (row && mode === "full") {
      applied = await readChannel(rest, row.discordId, channel, targetId, call);
      if (applied === null) {
        await db.delete(chats).where(eq(chats.id, row.id));
        byKey.delete(channel.key);
        row = undefined;
      }
    }
    if (!row || !applied) {
      const parentId = channel.parent ? byKey.get(channel.parent)?.discordId : undefined;
      const type = channel.type === "category" ? 4 : 0;
      await createOnce(
        channel.key,
        async () =>
          (
            (await call(() => rest.get(Routes.guildChannels(guildId)))) as {
              id: string;
              name: string;
              type: number;
              parent_id?: string | null;
            }[]
          )
            .filter(
              (c) =>
                c.type === type &&
                (c.parent_id ?? null) === (parentId ?? null) &&
                sameChannelName(c.name, channel.name),
            )
            .map((c) => c.id),
        () =>
          rest.post(Routes.guildChannels(guildId), {
            body: {
              name: channel.name,
              type,
              ...(parentId ? { parent_id: parentId } : {}),
              permission_overwrites: resolved(channel.overwrites),
            },
          }) as Promise<{ id: string }>,
        (id) => rest.delete(Routes.channel(id), { reason: "duplicate game channel" }),
        // Discord applies the overwrites with the create itself, so an adopted channel has them.
        (locked, id) =>
          save(
            channel.key,
            id,
            channel.type === "category" ? "category" : "channel",
            {
              appliedState: {
                name: channel.name,
                overwrites: channel.overwrites,
              } satisfies AppliedChannel,
            },
            locked,
          ),
      );
      await created(channel.key);
      continue;
    }
    const changed = await applyOverwrites(row.discordId, channel, applied, targetId, call, rest);
    if (changed || mode === "full") {
      await save(channel.key, row.discordId, row.discordKind, {
        appliedState: { name: channel.name, overwrites: channel.overwrites } satisfies AppliedChannel,
      });
    }
  }

  // 3. Game roles of each member, one role at a time (PUT/DELETE of that role of that member):
  // roles that other games or moderators give the member at the same moment are never touched.
  // The role a member gains is given before the one he loses, so he never loses sight of the
  // threads' parent. A full reconcile reads the member; a member who left is skipped.
  const holders = new Map<RoleKey, Set<string>>(
    layout.roles.map((r) => [r.key, new Set(byKey.get(`role:${r.key}`)?.appliedMembers ?? [])]),
  );
  const users = new Set<string>([
    ...Object.keys(layout.memberRoles),
    ...[...holders.values()].flatMap((set) => [...set]),
  ]);
  for (const user of [...users].sort()) {
    const want = new Set(layout.memberRoles[user] ?? []);
    let have = new Set([...holders.entries()].filter(([, set]) => set.has(user)).map(([k]) => k));
    if (mode === "full") {
      const held = await memberRoleIds(rest, guildId, user, call);
      if (held === null) {
        for (const set of holders.values()) set.delete(user); // left the server: holds nothing
        continue;
      }
      have = new Set([...roleIds].filter(([, id]) => held.has(id)).map(([k]) => k));
    }
    const changes = [
      ...[...want].filter((k) => !have.has(k)).map((k) => ({ key: k, add: true })),
      ...[...have].filter((k) => !want.has(k)).map((k) => ({ key: k, add: false })),
    ];
    let left = false;
    for (const { key, add } of changes) {
      const route = Routes.guildMemberRole(guildId, user, roleIds.get(key) ?? "");
      try {
        await call(() =>
          add ? rest.put(route, { reason: "game status" }) : rest.delete(route, { reason: "game status" }),
        );
      } catch (error) {
        if (codeOf(error) !== UNKNOWN_MEMBER) throw error;
        left = true; // left the server: nothing to give or take
        break;
      }
    }
    for (const [key, set] of holders) {
      if (want.has(key) && !left) set.add(user);
      else set.delete(user);
    }
  }
  for (const [key, set] of holders) {
    const row = byKey.get(`role:${key}`);
    const before = row?.appliedMembers ?? [];
    const after = [...set].sort();
    if (row && (mode === "full" || before.length !== after.length || before.some((u, i) => u !== after[i])))
      await save(`role:${key}`, row.discordId, "role", { appliedMembers: after });
  }

  // 4. Threads: create, then lock and membership as a diff. Every member a thread loses
  // leaves it before anyone joins any thread, so an account that gave up its seat (`/gm replace`)
  // is out of the seat's threads before its successor is added, and no thread-member event it
  // still receives names the successor (docs/secrecy.md). A public chat's phase thread (public,
  // under the chat's channel) has no member list to keep: whoever views the channel sees it.
  if (!byKey.get(THREADS_PARENT)) throw new Error("threads parent missing");
  const joins: { row: ChatRow; thread: DesiredThread; members: Set<string> }[] = [];
  for (const thread of layout.threads) {
    const parent = byKey.get(thread.parent);
    if (!parent) throw new Error(`parent ${thread.parent} of thread ${thread.key} missing`);
    const isPublic = thread.type === "public";
    let row = byKey.get(thread.key);
    let actual: Set<string> | null = null;
    if (row && mode === "full") {
      actual = await threadMemberIds(rest, row.discordId, botId, call);
      if (actual === null) {
        // Deleted by hand: made again, with its members.
        deps.log.warn(
          { gameId, chat: thread.key, lost: row.discordId },
          "a game thread was deleted: made again",
        );
        await db.delete(chats).where(eq(chats.id, row.id));
        byKey.delete(thread.key);
        row = undefined;
      }
    }
    if (!row) {
      await createOnce(
        thread.key,
        async () =>
          (
            (await call(() => rest.get(Routes.guildActiveThreads(guildId)))) as {
              threads: { id: string; name: string; parent_id?: string | null }[];
            }
          ).threads
            .filter((c) => c.parent_id === parent.discordId && c.name === thread.name)
            .map((c) => c.id),
        () =>
          rest.post(Routes.threads(parent.discordId), {
            body: isPublic
              ? { name: thread.name, type: 11, auto_archive_duration: 10080 }
              : { name: thread.name, type: 12, invitable: false, auto_archive_duration: 10080 },
          }) as Promise<{ id: string }>,
        (id) => rest.delete(Routes.channel(id), { reason: "duplicate game thread" }),
        (locked, id) =>
          save(
            thread.key,
            id,
            "thread",
            { appliedMembers: [], appliedState: { name: thread.name, locked: false } },
            locked,
          ),
      );
      await created(thread.key);
      row = byKey.get(thread.key);
      if (!row) continue;
      actual = null;
    }
    const current = row;
    const applied = current.appliedState as AppliedThread;
    // A chat back in the layout after it was closed is opened again (before members change:
    // an archived thread takes no new members).
    if (applied.locked !== thread.locked || applied.archived) {
      await call(() =>
        rest.patch(Routes.channel(current.discordId), { body: { locked: thread.locked, archived: false } }),
      );
    }
    if (isPublic) {
      await save(thread.key, current.discordId, "thread", {
        appliedMembers: [],
        appliedState: { name: thread.name, locked: thread.locked } satisfies AppliedThread,
      });
      continue;
    }
    const members = actual ?? new Set(current.appliedMembers);
    const want = new Set(thread.members);
    for (const user of [...members].filter((u) => !want.has(u)).sort()) {
      await call(() => rest.delete(Routes.threadMembers(current.discordId, user))).catch((error: unknown) => {
        if (codeOf(error) !== UNKNOWN_MEMBER) throw error; // gone already
      });
      members.delete(user);
    }
    joins.push({ row: current, thread, members });
  }
  for (const { row, thread, members } of joins) {
    const want = new Set(thread.members);
    for (const user of [...want].filter((u) => !members.has(u)).sort()) {
      try {
        await call(() => rest.put(Routes.threadMembers(row.discordId, user)));
        members.add(user);
      } catch (error) {
        // Left the server: nobody to add (a later reconcile adds him if he comes back).
        if (codeOf(error) !== UNKNOWN_MEMBER) throw error;
      }
    }
    await save(thread.key, row.discordId, "thread", {
      appliedMembers: [...members].sort(),
      appliedState: { name: thread.name, locked: thread.locked } satisfies AppliedThread,
    });
  }
  // 5. Chats that left the layout (a day's thread after its day, clans' prologue, a contact whose
  // holder died) become read-only in the same pass: threads locked and archived, channels deny
  // sending to every player class. Their readers keep what they could read.
  const desiredKeys = new Set([...layout.channels.map((c) => c.key), ...layout.threads.map((t) => t.key)]);
  for (const row of [...byKey.values()]) {
    if (!row.chatKey.startsWith("chat:") || desiredKeys.has(row.chatKey)) continue;
    if (row.discordKind === "thread") {
      const applied = row.appliedState as AppliedThread;
      if (applied.locked && applied.archived && mode === "incremental") continue;
      await call(() =>
        rest.patch(Routes.channel(row.discordId), { body: { locked: true, archived: true } }),
      ).catch((error: unknown) => {
        if ((error as { code?: number }).code !== 10003) throw error; // deleted by hand: nothing to close
      });
      await save(row.chatKey, row.discordId, "thread", {
        appliedState: { name: applied.name, locked: true, archived: true } satisfies AppliedThread,
      });
    } else if (row.discordKind === "channel") {
      const applied = row.appliedState as AppliedChannel;
      const closed: DesiredChannel = {
        key: row.chatKey,
        name: applied.name,
        type: "text",
        parent: CATEGORY,
        overwrites: applied.overwrites.map(readOnly),
      };
      const changed = await applyOverwrites(row.discordId, closed, applied, targetId, call, rest);
      if (changed) {
        await save(row.chatKey, row.discordId, "channel", {
          appliedState: { name: applied.name, overwrites: closed.overwrites } satisfies AppliedChannel,
        });
      }
    }
  }
  // Masked play: deal the masks, tell the GMs, reveal at the end; a reader new to a mirrored chat
  // gets what was said there before (docs/masks.md).
  await masksAfterReconcile(deps, gameId);
  await syncMirrors(deps, gameId);
  deps.log.debug({ gameId, calls, mode }, "reconciled");
  return { calls };
}

/** Discord's form of a text channel name (lower case, dashes for spaces) compared with ours. */
function sameChannelName(actual: string, desired: string): boolean {
  const norm = (name: string) => name.toLowerCase().replace(/\s+/g, "-");
  return actual === desired || norm(actual) === norm(desired);
}

/** The ids no game has recorded as a chat, oldest first (snowflakes grow with time). */
async function unrecorded(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const known = new Set(
    (await db.select({ id: chats.discordId }).from(chats).where(inArray(chats.discordId, ids))).map(
      (r) => r.id,
    ),
  );
  return ids
    .filter((id) => !known.has(id))
    .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0));
}

/** What Discord has for a channel, in the layout's terms; null when the channel is gone. */
async function readChannel(
  rest: REST,
  channelId: string,
  desired: DesiredChannel,
  targetId: (t: OverwriteTarget) => string,
  call: <T>(work: () => Promise<T>) => Promise<T>,
): Promise<AppliedChannel | null> {
  try {
    const actual = (await call(() => rest.get(Routes.channel(channelId)))) as {
      name: string;
      permission_overwrites?: { id: string; allow: string; deny: string }[];
    };
    const byId = new Map((actual.permission_overwrites ?? []).map((o) => [o.id, o]));
    const overwrites: Overwrite[] = [];
    for (const o of desired.overwrites) {
      const found = byId.get(targetId(o.target));
      if (found) overwrites.push({ target: o.target, allow: found.allow, deny: found.deny });
    }
    return { name: actual.name, overwrites };
  } catch (error) {
    if ((error as { code?: number }).code === 10003) return null; // Unknown Channel: deleted by hand
    throw error;
  }
}

async function applyOverwrites(
  channelId: string,
  channel: DesiredChannel,
  applied: AppliedChannel,
  targetId: (t: OverwriteTarget) => string,
  call: <T>(work: () => Promise<T>) => Promise<T>,
  rest: REST,
): Promise<boolean> {
  const before = new Map(applied.overwrites.map((o) => [o.target, o]));
  let changed = false;
  for (const o of channel.overwrites) {
    const was = before.get(o.target);
    if (was && was.allow === o.allow && was.deny === o.deny) continue;
    await call(() =>
      rest.put(Routes.channelPermission(channelId, targetId(o.target)), {
        body: { type: overwriteType(o.target), allow: o.allow, deny: o.deny },
      }),
    );
    changed = true;
  }
  return changed;
}

const UNKNOWN_MEMBER = 10007;
const UNKNOWN_CHANNEL = 10003;

function codeOf(error: unknown): number | undefined {
  return (error as { code?: number }).code;
}

/** The roles a member holds now; null when he left the server. */
async function memberRoleIds(
  rest: REST,
  guildId: string,
  userId: string,
  call: <T>(work: () => Promise<T>) => Promise<T>,
): Promise<Set<string> | null> {
  try {
    const member = (await call(() => rest.get(Routes.guildMember(guildId, userId)))) as { roles: string[] };
    return new Set(member.roles);
  } catch (error) {
    if (codeOf(error) === UNKNOWN_MEMBER) return null;
    throw error;
  }
}

/** A thread's members now (the bot left out); null when the thread is gone. */
async function threadMemberIds(
  rest: REST,
  threadId: string,
  botId: string,
  call: <T>(work: () => Promise<T>) => Promise<T>,
): Promise<Set<string> | null> {
  try {
    const list = (await call(() => rest.get(Routes.threadMembers(threadId)))) as { user_id: string }[];
    return new Set(list.map((m) => m.user_id).filter((id) => id !== botId));
  } catch (error) {
    if (codeOf(error) === UNKNOWN_CHANNEL) return null;
    throw error;
  }
}

export { CATEGORY };

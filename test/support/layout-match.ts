import { eq } from "drizzle-orm";
import type { Db } from "../../src/db/client.js";
import { chats } from "../../src/db/schema/index.js";
import { overwriteType, type OverwriteTarget, type RoleKey } from "../../src/discord/layout.js";
import { desiredFor } from "../../src/discord/reconcile.js";
import type { Emulator } from "../../src/emulator/index.js";

/**
 * How the emulator's state differs from a game's layout (src/discord/layout.ts) now, member by
 * member: each member's roles of the game, each thread's members and lock, each channel's
 * overwrites. Empty when Discord is exactly what the layout says. The bot's own thread
 * membership and the roles other games or moderators gave are not the layout's business.
 */
export async function layoutMismatches(db: Db, emu: Emulator, gameId: string): Promise<string[]> {
  const { guildId, layout } = await desiredFor(db, gameId);
  const rows = await db.select().from(chats).where(eq(chats.gameId, gameId));
  const idOf = new Map(rows.map((r) => [r.chatKey, r.discordId]));
  const guild = emu.state.guilds.get(guildId);
  const problems: string[] = [];
  const roleId = new Map<RoleKey, string>();
  for (const role of layout.roles) {
    const id = idOf.get(`role:${role.key}`);
    if (!id || !guild.roles.has(id)) problems.push(`role ${role.key}: missing`);
    else roleId.set(role.key, id);
  }
  const gameRoles = new Map([...roleId].map(([key, id]) => [id, key]));
  for (const [userId, member] of guild.members) {
    const held = member.roles
      .map((id) => gameRoles.get(id))
      .filter((k): k is RoleKey => k !== undefined)
      .sort();
    const want = [...(layout.memberRoles[userId] ?? [])].sort();
    if (held.join() !== want.join())
      problems.push(`member ${userId}: holds [${held.join()}], layout [${want.join()}]`);
  }
  for (const thread of layout.threads) {
    const id = idOf.get(thread.key);
    const channel = id ? emu.state.channels.byId.get(id) : undefined;
    if (!id || !channel?.thread) {
      problems.push(`${thread.key}: no thread`);
      continue;
    }
    const members = emu
      .threadMembers(id)
      .filter((u) => u !== emu.botUserId)
      .sort();
    const want = [...thread.members].sort();
    if (members.join() !== want.join())
      problems.push(`${thread.key}: members [${members.join()}], layout [${want.join()}]`);
    if (channel.thread.locked !== thread.locked)
      problems.push(`${thread.key}: locked ${channel.thread.locked}, layout ${thread.locked}`);
  }
  const targetId = (target: OverwriteTarget) =>
    target === "everyone" ? guildId : target === "bot" ? emu.botUserId : (roleId.get(target) ?? "?");
  for (const channel of layout.channels) {
    const id = idOf.get(channel.key);
    const actual = id ? emu.state.channels.byId.get(id) : undefined;
    if (!actual) {
      problems.push(`${channel.key}: no channel`);
      continue;
    }
    const byId = new Map(actual.overwrites.map((o) => [o.id, o]));
    for (const o of channel.overwrites) {
      const found = byId.get(targetId(o.target));
      const same =
        found !== undefined &&
        found.type === overwriteType(o.target) &&
        found.allow === BigInt(o.allow) &&
        found.deny === BigInt(o.deny);
      if (!same) problems.push(`${channel.key}: overwrite of ${o.target} differs`);
    }
  }
  return problems;
}

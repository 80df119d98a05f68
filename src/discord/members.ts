import { sql } from "drizzle-orm";
import type { Interaction } from "discord.js";
import type { Db } from "../db/client.js";
import { discordMembers } from "../db/schema/index.js";
import { safeName } from "../render/names.js";

/**
 * The member's whole role list as the gateway reports it (@everyone excluded), so that the
 * reconciler changes a game role with one PATCH and never strips a role given by hand.
 */
export async function rememberMemberRoles(
  db: Db,
  guildId: string,
  userId: string,
  roleIds: string[],
): Promise<void> {
  const roles = roleIds.filter((id) => id !== guildId).sort();
  await db
    .insert(discordMembers)
    .values({ guildId, userId, roles })
    .onConflictDoUpdate({
      target: [discordMembers.guildId, discordMembers.userId],
      set: { roles, updatedAt: sql`now()` },
    });
}

/**
 * The interacting member's shown name as the game stores it: the server nickname, else the
 * global name, else the username; cleaned of invisible and bidi characters, capped.
 */
export function shownNameOf(interaction: Interaction): string {
  const member = interaction.member;
  return safeName(
    (member && "displayName" in member ? member.displayName : null) ??
      interaction.user.globalName ??
      interaction.user.username,
    "plain",
  );
}

import { PermissionFlagsBits } from "discord.js";

/**
 * The bot's permissions, exactly the table of docs/deployment.md ("Running it on Discord") and
 * never Administrator. This one list is the source of the invite link and of the integer the
 * README and docs/deployment.md give (test/config.test.ts holds them together).
 */
export const BOT_PERMISSION_FLAGS = [
  "ViewChannel",
  "ReadMessageHistory",
  "ManageChannels",
  "ManageRoles",
  "CreatePrivateThreads",
  "CreatePublicThreads",
  "ManageThreads",
  "SendMessages",
  "SendMessagesInThreads",
  "EmbedLinks",
  "AttachFiles",
  "ManageMessages",
  "ManageWebhooks",
  "AddReactions",
] as const satisfies readonly (keyof typeof PermissionFlagsBits)[];

export const BOT_PERMISSIONS: bigint = BOT_PERMISSION_FLAGS.reduce(
  (all, flag) => all | PermissionFlagsBits[flag],
  0n,
);

/** The OAuth2 link that adds the bot to a server with its slash commands and these permissions. */
export function inviteUrl(applicationId: string): string {
  const query = new URLSearchParams({
    client_id: applicationId,
    scope: "bot applications.commands",
    permissions: BOT_PERMISSIONS.toString(),
  });
  return `https://discord.com/oauth2/authorize?${query.toString()}`;
}

/** How many servers the first-run summary names before it counts the rest. */
const NAMED_SERVERS = 10;

/**
 * What a person reads when the bot comes up: who it is, where it is, how to invite it.
 * Plain lines (the JSON log has the same facts for machines).
 */
export function welcomeLines(bot: { tag: string; applicationId: string; servers: string[] }): string[] {
  const named = bot.servers.slice(0, NAMED_SERVERS).join(", ");
  const more = bot.servers.length > NAMED_SERVERS ? ` and ${bot.servers.length - NAMED_SERVERS} more` : "";
  return [
    `Logged in to Discord as ${bot.tag}.`,
    bot.servers.length === 0
      ? "It is in no server yet."
      : `It is in ${bot.servers.length} server${bot.servers.length === 1 ? "" : "s"}: ${named}${more}.`,
    `Invite it to a server: ${inviteUrl(bot.applicationId)}`,
  ];
}

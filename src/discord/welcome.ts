import { ChannelType, PermissionFlagsBits, type Guild, type GuildTextBasedChannel } from "discord.js";
import type { Db } from "../db/client.js";
import type { Lang } from "../engine/types.js";
import { adoptGuildLanguage } from "../games/queries.js";
import { t } from "../i18n/index.js";
import type { Logger } from "../log.js";

/**
 * A server that has just added the bot (Discord's GUILD_CREATE while the bot runs): its language
 * is the server's preferred locale (Russian for `ru`, English otherwise) until `/settings`
 * changes it, and whoever invited the bot is greeted in the server with the first-run line.
 * A server the bot knew before (a settings row exists) keeps its settings and is not greeted.
 */
export function languageOfLocale(locale: string | null | undefined): Lang {
  return locale?.toLowerCase().startsWith("ru") ? "ru" : "en";
}

/** Where the greeting goes: the server's system channel, else its first text channel the bot may post in. */
function greetingChannel(guild: Guild): GuildTextBasedChannel | undefined {
  const me = guild.members.me;
  const mayPost = (channel: GuildTextBasedChannel) =>
    !me ||
    (channel.permissionsFor(me)?.has([PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages]) ??
      false);
  const system = guild.systemChannel;
  if (system && mayPost(system)) return system;
  return [...guild.channels.cache.values()]
    .filter((c): c is GuildTextBasedChannel & { position: number } => c.type === ChannelType.GuildText)
    .sort((a, b) => a.position - b.position)
    .find(mayPost);
}

/**
 * The bot joined `guild`: adopt its locale's language (only for a server new to the bot), then
 * post the first-run line there. The greeting belongs to no game, so it is not an outbox row: it
 * is the bot process's one post of its own, once per server (the settings row marks it done).
 */
export async function welcomeGuild(db: Db, log: Logger, guild: Guild): Promise<void> {
  const lang = languageOfLocale(guild.preferredLocale);
  const isNew = await adoptGuildLanguage(db, guild.id, lang);
  if (!isNew) return;
  const channel = greetingChannel(guild);
  if (!channel) {
    log.warn({ guild: guild.id }, "no channel to greet the server in");
    return;
  }
  try {
    await channel.send({ content: t(lang, "welcome.first_run"), allowedMentions: { parse: [] } });
  } catch (error) {
    log.warn({ guild: guild.id, err: (error as Error).message }, "the first-run greeting failed");
  }
}

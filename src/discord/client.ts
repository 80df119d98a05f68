import { REST } from "@discordjs/rest";
import { Client, GatewayIntentBits, Options, Partials } from "discord.js";

/**
 * The gateway client of the bot process. `apiUrl` points discord.js at a local emulator
 * (sandbox, tests); without it discord.js talks to Discord itself.
 */
export function createGatewayClient(apiUrl?: string): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.GuildMembers],
    partials: [Partials.Channel, Partials.GuildMember],
    // The bot needs no message history in memory: the database is the truth.
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 50 }),
    allowedMentions: { parse: [] },
    ...(apiUrl ? { rest: { api: apiUrl } } : {}),
  });
}

/** REST only, for the worker: it needs no gateway connection. */
export function createRestClient(token: string, apiUrl?: string): REST {
  return new REST(apiUrl ? { api: apiUrl } : {}).setToken(token);
}

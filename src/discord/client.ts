import { DefaultRestOptions, REST, type RESTOptions } from "@discordjs/rest";
import { Client, GatewayIntentBits, Options, Partials } from "discord.js";
import { exemptFromGlobalLimit, type GlobalLimiter } from "./global-limit.js";

/**
 * The gateway client of the bot process. `apiUrl` points discord.js at a local emulator
 * (sandbox, tests); without it discord.js talks to Discord itself.
 */
export function createGatewayClient(apiUrl?: string, shared?: SharedLimit, shards?: ShardRange): Client {
  return new Client({
    // Discord gives each shard the guilds with (guild_id >> 22) % count = its id (docs/scaling.md).
    ...(shards ? { shards: shards.ids, shardCount: shards.count } : {}),
    // Message Content: the read-only copies of a chat (src/discord/masks/direct.ts) carry what
    // its writers wrote, which Discord strips from a bot's events without it.
    intents: [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMessages,
      GatewayIntentBits.GuildMembers,
      GatewayIntentBits.MessageContent,
    ],
    // Partial messages: an edit reaches the bot (edit_post) whatever message it edits, though
    // no message is kept in memory.
    partials: [Partials.Channel, Partials.GuildMember, Partials.Message],
    // The bot needs no message history in memory (the database is the truth), nor what it never
    // uses: with a hundred running games these caches would hold much of its memory.
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      MessageManager: 0,
      ReactionManager: 0,
      ReactionUserManager: 0,
      GuildEmojiManager: 0,
      BaseGuildEmojiManager: 0,
      GuildStickerManager: 0,
      GuildScheduledEventManager: 0,
      GuildInviteManager: 0,
      GuildBanManager: 0,
      PresenceManager: 0,
      VoiceStateManager: 0,
      StageInstanceManager: 0,
      AutoModerationRuleManager: 0,
      ApplicationCommandManager: 0,
      ThreadMemberManager: 0,
      // Members and users arrive with every interaction and message (partials otherwise); only
      // the bot's own member (its permissions) and user are kept. A hundred guilds of players
      // were most of what the gateway process held.
      GuildMemberManager: { maxSize: 0, keepOverLimit: (member) => member.id === member.client.user.id },
      UserManager: { maxSize: 0, keepOverLimit: (user) => user.id === user.client.user.id },
    }),
    allowedMentions: { parse: [] },
    rest: restOptions(apiUrl, shared),
  });
}

/** The gateway shards one bot process runs, of `count` in all. */
export interface ShardRange {
  ids: number[];
  count: number;
}

/** The process's shards from its environment: SHARD_IDS (default: all) of SHARD_COUNT (default 1). */
export function shardRangeOf(env: { SHARD_COUNT: number; SHARD_IDS?: number[] | undefined }): ShardRange {
  const ids = env.SHARD_IDS ?? Array.from({ length: env.SHARD_COUNT }, (_, id) => id);
  return { ids, count: env.SHARD_COUNT };
}

/** REST only, for the worker: it needs no gateway connection. */
export function createRestClient(token: string, apiUrl?: string, shared?: SharedLimit): REST {
  return new REST(restOptions(apiUrl, shared)).setToken(token);
}

/** The token's global limit shared by all processes (src/discord/global-limit.ts). */
export interface SharedLimit {
  limiter: GlobalLimiter;
  /** Follow-ups to interactions (webhooks of the application) are exempt from the global limit. */
  applicationId?: string;
}

/** The options of every REST client of the project (the bot's and the worker's). */
export function restOptions(apiUrl?: string, shared?: SharedLimit): Partial<RESTOptions> {
  const guarded = guardCreates(DefaultRestOptions.makeRequest);
  const makeRequest: RESTOptions["makeRequest"] = shared
    ? async (url, init) => {
        if (!exemptFromGlobalLimit(url, shared.applicationId)) await shared.limiter.acquire();
        return guarded(url, init);
      }
    : guarded;
  return {
    ...(apiUrl ? { api: apiUrl } : {}),
    makeRequest,
    // discord.js counts every request against its own 50 a second, interaction answers too,
    // which Discord does not: at 50 commands a second (a callback and a reply edit each) half
    // the replies waited up to a second for its window. With the shared limit (which exempts
    // them), discord.js' own is lifted; a 429 from Discord is still honoured by discord.js.
    ...(shared ? { globalRequestsPerSecond: 1_000_000 } : {}),
  };
}

/** Requests that make a new Discord object each time they are sent (no nonce protects them). */
const CREATE_ROUTES = [
  /\/guilds\/\d+\/channels$/,
  /\/guilds\/\d+\/roles$/,
  /\/channels\/\d+\/threads$/,
  /\/channels\/\d+\/messages\/\d+\/threads$/,
  /\/channels\/\d+\/webhooks$/,
];

export function isCreateRequest(method: string | undefined, url: string): boolean {
  if ((method ?? "GET").toUpperCase() !== "POST") return false;
  const path = new URL(url).pathname;
  return CREATE_ROUTES.some((route) => route.test(path));
}

/**
 * A create whose answer was lost: Discord may or may not have made the object. Not retried by
 * the REST client (its own retry would make a second object); the caller looks for the object
 * first (src/discord/reconcile.ts).
 */
export class CreateOutcomeUnknown extends Error {
  override readonly name = "CreateOutcomeUnknown";
  constructor(
    readonly url: string,
    readonly status: number | null,
  ) {
    super(
      `create at ${new URL(url).pathname} got no answer (${status === null ? "no response" : `HTTP ${status}`})`,
    );
  }
}

/**
 * Wraps the REST client's request function: a create answered 5xx, timed out or cut throws
 * CreateOutcomeUnknown, which discord.js's REST does not retry; everything else is unchanged
 * (its retries of idempotent requests stay).
 */
export function guardCreates(makeRequest: RESTOptions["makeRequest"]): RESTOptions["makeRequest"] {
  return async (url, init) => {
    if (!isCreateRequest(init.method, url)) return makeRequest(url, init);
    let response;
    try {
      response = await makeRequest(url, init);
    } catch {
      throw new CreateOutcomeUnknown(url, null);
    }
    if (response.status >= 500) throw new CreateOutcomeUnknown(url, response.status);
    return response;
  };
}

export const P = {
  CREATE_INSTANT_INVITE: 1n << 0n,
  KICK_MEMBERS: 1n << 1n,
  BAN_MEMBERS: 1n << 2n,
  ADMINISTRATOR: 1n << 3n,
  MANAGE_CHANNELS: 1n << 4n,
  MANAGE_GUILD: 1n << 5n,
  ADD_REACTIONS: 1n << 6n,
  VIEW_AUDIT_LOG: 1n << 7n,
  VIEW_CHANNEL: 1n << 10n,
  SEND_MESSAGES: 1n << 11n,
  SEND_TTS_MESSAGES: 1n << 12n,
  MANAGE_MESSAGES: 1n << 13n,
  EMBED_LINKS: 1n << 14n,
  ATTACH_FILES: 1n << 15n,
  READ_MESSAGE_HISTORY: 1n << 16n,
  MENTION_EVERYONE: 1n << 17n,
  USE_EXTERNAL_EMOJIS: 1n << 18n,
  CONNECT: 1n << 20n,
  SPEAK: 1n << 21n,
  CHANGE_NICKNAME: 1n << 26n,
  MANAGE_NICKNAMES: 1n << 27n,
  MANAGE_ROLES: 1n << 28n,
  MANAGE_WEBHOOKS: 1n << 29n,
  USE_APPLICATION_COMMANDS: 1n << 31n,
  MANAGE_THREADS: 1n << 34n,
  CREATE_PUBLIC_THREADS: 1n << 35n,
  CREATE_PRIVATE_THREADS: 1n << 36n,
  SEND_MESSAGES_IN_THREADS: 1n << 38n,
  MODERATE_MEMBERS: 1n << 40n,
  PIN_MESSAGES: 1n << 51n,
  BYPASS_SLOWMODE: 1n << 52n,
} as const;

/**
 * Every bit of the permission table in https://discord.com/developers/docs/topics/permissions
 * (bit 47 is not documented and stays off): what the owner and ADMINISTRATOR have.
 */
export const DOCUMENTED_BITS = [
  ...Array.from({ length: 47 }, (_, i) => i),
  48, // SET_VOICE_CHANNEL_STATUS
  49, // SEND_POLLS
  50, // USE_EXTERNAL_APPS
  51, // PIN_MESSAGES
  52, // BYPASS_SLOWMODE
];

export const ALL_PERMISSIONS = DOCUMENTED_BITS.reduce((all, bit) => all | (1n << BigInt(bit)), 0n);

/**
 * What a timed-out member keeps (https://discord.com/developers/docs/topics/permissions#permissions-for-timed-out-members):
 * "all permissions except VIEW_CHANNEL and READ_MESSAGE_HISTORY" are lost; owners and
 * ADMINISTRATOR are exempt.
 */
export const TIMED_OUT_KEEPS = (1n << 10n) | (1n << 16n);

/** What a new guild's @everyone gets (Discord's default set, minus voice extras). */
export const DEFAULT_EVERYONE =
  P.CREATE_INSTANT_INVITE |
  P.ADD_REACTIONS |
  P.VIEW_CHANNEL |
  P.SEND_MESSAGES |
  P.EMBED_LINKS |
  P.ATTACH_FILES |
  P.READ_MESSAGE_HISTORY |
  P.MENTION_EVERYONE |
  P.USE_EXTERNAL_EMOJIS |
  P.CONNECT |
  P.SPEAK |
  P.CHANGE_NICKNAME |
  P.USE_APPLICATION_COMMANDS |
  P.CREATE_PUBLIC_THREADS |
  P.CREATE_PRIVATE_THREADS |
  P.SEND_MESSAGES_IN_THREADS;

/** What the bot's managed role gets unless the emulator is told otherwise. */
export const DEFAULT_BOT =
  DEFAULT_EVERYONE |
  P.MANAGE_CHANNELS |
  P.MANAGE_ROLES |
  P.MANAGE_MESSAGES |
  P.MANAGE_THREADS |
  P.MANAGE_WEBHOOKS |
  P.MANAGE_NICKNAMES |
  P.MODERATE_MEMBERS;

export function parsePermissions(v: unknown): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "number" && Number.isFinite(v)) return BigInt(Math.trunc(v));
  if (typeof v === "string" && /^\d+$/.test(v)) return BigInt(v);
  return 0n;
}

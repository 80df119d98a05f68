/** What every resource store of the emulated Discord shares: JSON records, dispatch scopes, helpers. */

export type Json = Record<string, unknown>;

export const Intents = {
  GUILDS: 1 << 0,
  GUILD_MEMBERS: 1 << 1,
  GUILD_MESSAGES: 1 << 9,
  DIRECT_MESSAGES: 1 << 12,
  MESSAGE_CONTENT: 1 << 15,
} as const;

/** Who may receive a gateway dispatch; the gateway applies it per session. */
export interface DispatchScope {
  guildId: string | null;
  /** Intent bit the receiving session must have (0: always sent). */
  intent: number;
  /** Only these users receive it. */
  recipients?: string[];
  /** Per-recipient visibility (e.g. canView on the channel). */
  visibleTo?: (userId: string) => boolean;
  /** Per-recipient rewriting (MESSAGE_CONTENT stripping). */
  transform?: (data: Json, userId: string, intents: number) => Json;
}

export type DispatchListener = (event: string, data: Json, scope: DispatchScope) => void;

export interface FileUpload {
  name: string;
  filename: string;
  contentType: string | undefined;
  data: Buffer;
}

export interface StateOptions {
  botName?: string;
  botPermissions?: bigint;
  everyonePermissions?: bigint;
  baseUrl: () => string;
}

export const iso = (ms: number = Date.now()): string => new Date(ms).toISOString();

export function str(v: unknown, fallback = ""): string {
  return typeof v === "string" ? v : v === undefined || v === null ? fallback : String(v);
}

/** A token in Discord's shape (base64 id, a part, a hash), unique per id and kind. */
export function mintToken(id: string, salt: string): string {
  const head = Buffer.from(id).toString("base64url");
  let h = 2166136261;
  for (const ch of id + salt) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return `${head}.emu${salt}.${h.toString(36)}${(h ^ 0x5bd1e995).toString(36)}`;
}

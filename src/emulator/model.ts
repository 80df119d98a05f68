/** In-memory records of the emulated Discord. Their JSON shapes are produced by the stores in state/. */
export interface UserRec {
  id: string;
  username: string;
  global_name: string | null;
  bot: boolean;
  token: string;
  locale: string;
}

export interface RoleRec {
  id: string;
  guild_id: string;
  name: string;
  permissions: bigint;
  position: number;
  color: number;
  hoist: boolean;
  mentionable: boolean;
  managed: boolean;
  botId?: string;
}

export interface MemberRec {
  user_id: string;
  roles: string[];
  nick: string | null;
  joined_at: string;
  /** ISO time a timeout ends; null (or a past time) when the member is not timed out. */
  communication_disabled_until: string | null;
}

export interface GuildRec {
  id: string;
  name: string;
  owner_id: string;
  preferred_locale: string;
  roles: Map<string, RoleRec>;
  members: Map<string, MemberRec>;
}

export interface OverwriteRec {
  id: string;
  type: 0 | 1;
  allow: bigint;
  deny: bigint;
}

export interface ThreadMeta {
  archived: boolean;
  locked: boolean;
  invitable: boolean;
  auto_archive_duration: number;
  archive_timestamp: string;
  create_timestamp: string;
}

export interface ThreadMemberRec {
  user_id: string;
  join_timestamp: string;
}

export const ChannelType = {
  GuildText: 0,
  DM: 1,
  GuildVoice: 2,
  GuildCategory: 4,
  GuildAnnouncement: 5,
  AnnouncementThread: 10,
  PublicThread: 11,
  PrivateThread: 12,
  GuildForum: 15,
} as const;

export interface ChannelRec {
  id: string;
  type: number;
  guild_id: string;
  name: string;
  parent_id: string | null;
  position: number;
  topic: string | null;
  nsfw: boolean;
  rate_limit_per_user: number;
  overwrites: OverwriteRec[];
  last_message_id: string | null;
  owner_id?: string;
  thread?: ThreadMeta;
  threadMembers?: Map<string, ThreadMemberRec>;
  message_count: number;
  total_message_sent: number;
}

export interface AttachmentRec {
  id: string;
  filename: string;
  size: number;
  url: string;
  proxy_url: string;
  content_type?: string;
  description?: string;
  data: Buffer;
}

export interface MessageRec {
  id: string;
  channel_id: string;
  guild_id: string | null;
  author_id: string;
  /** Set for webhook messages (masked play): the name and avatar shown. */
  webhook?: { id: string; username: string; avatar_url: string | null };
  application_id?: string;
  content: string;
  embeds: unknown[];
  components: unknown[];
  attachments: AttachmentRec[];
  flags: number;
  type: number;
  timestamp: string;
  edited_timestamp: string | null;
  mentions: string[];
  mention_roles: string[];
  mention_everyone: boolean;
  nonce?: string | number;
  tts: boolean;
  pinned: boolean;
  /** Ephemeral messages are visible only to this user and never listed. */
  ephemeralFor?: string;
  interaction?: {
    id: string;
    type: number;
    name: string;
    user_id: string;
    source_message_id?: string;
    trigger?: { id: string; type: number; source_message_id?: string };
  };
  message_reference?: { type?: number; message_id: string; channel_id: string; guild_id?: string };
  /** A forward's copy of its source (https://discord.com/developers/docs/resources/message#message-snapshot-object). */
  message_snapshots?: { message: Record<string, unknown> }[];
  deleted?: boolean;
}

export interface CommandRec {
  id: string;
  application_id: string;
  guild_id: string | null;
  version: string;
  type: number;
  name: string;
  name_localizations: Record<string, string> | null;
  description: string;
  description_localizations: Record<string, string> | null;
  options: CommandOption[];
  default_member_permissions: string | null;
  nsfw: boolean;
  contexts: number[] | null;
  integration_types: number[];
}

export interface CommandOption {
  type: number;
  name: string;
  description?: string;
  name_localizations?: Record<string, string> | null;
  description_localizations?: Record<string, string> | null;
  required?: boolean;
  choices?: { name: string; value: string | number; name_localizations?: Record<string, string> | null }[];
  options?: CommandOption[];
  autocomplete?: boolean;
  channel_types?: number[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
}

export interface WebhookRec {
  id: string;
  token: string;
  channel_id: string;
  guild_id: string;
  name: string;
  avatar: string | null;
  creator_id: string;
  application_id: string | null;
}

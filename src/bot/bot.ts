import {
  Events,
  type Client,
  type Guild,
  type Interaction,
  type Message,
  type PartialMessage,
} from "discord.js";
import { ActivityQueue, onMessageCreate, onMessageDelete, onMessageUpdate } from "../discord/activity.js";
import type { Redis } from "ioredis";
import type { Env } from "../config/env.js";
import type { Database } from "../db/client.js";
import { commands } from "../discord/commands/index.js";
import type { Scheduling } from "../discord/context.js";
import { contextFor, handleInteraction } from "../discord/router.js";
import { welcomeGuild } from "../discord/welcome.js";
import type { Clock } from "../games/service.js";
import { interactionDone, interactionReceived } from "../http/metrics.js";
import type { Logger } from "../log.js";
import { pool } from "../runtime/pool.js";

/**
 * Messages handled at once (each holds a database connection for its transaction): under the
 * pool's 10, so commands keep connections of their own during a flood of posts.
 */
const ACTIVITY_CONCURRENCY = 6;

export interface BotDeps {
  env: Env;
  log: Logger;
  database: Database;
  redis: Redis;
  client: Client;
  /** Enqueues deadlines and drain requests after commits (the process's BullMQ scheduler). */
  scheduler: Scheduling;
  /** The service's clock (tests move it by hand). */
  clock?: Clock;
  /** The GM console's base URL for `/gm console` links; unset: the console is off. */
  consoleUrl?: string;
}

let payloads: unknown[] | undefined;

/** The application commands as Discord receives them (built once: they never change while running). */
export function commandPayloads(): unknown[] {
  payloads ??= commands.map((c) => c.data.toJSON());
  return payloads;
}

/** Bulk-overwrites the guild's commands (instant, unlike global ones); ids of same-named commands stay. */
export async function registerCommands(client: Client, guildId: string): Promise<void> {
  if (!client.application) throw new Error("client is not ready");
  await client.application.commands.set(commandPayloads() as never, guildId);
}

/** Guilds whose commands are registered at once when the bot starts. */
const COMMAND_REGISTRATION_WIDTH = 4;

/** Wires the gateway client to the interaction router; returns how to stop taking new work. */
export async function startBot(deps: BotDeps): Promise<{ stop(): Promise<void> }> {
  const register = async (guild: Guild) => {
    try {
      await registerCommands(deps.client, guild.id);
    } catch (error) {
      deps.log.error({ guild: guild.id, err: (error as Error).message }, "command registration failed");
    }
  };
  // A few guilds at a time: a hundred bodies of every command in flight at once were the bot's
  // largest moment of memory, and Discord answers them in its own time anyway.
  await pool([...deps.client.guilds.cache.values()], COMMAND_REGISTRATION_WIDTH, register);
  // A server that adds the bot while it runs: its commands, its language, the first-run line.
  const onGuild = (guild: Guild) => {
    void register(guild);
    void welcomeGuild(deps.database.db, deps.log, guild).catch((error: unknown) =>
      deps.log.error({ guild: guild.id, err: (error as Error).message }, "welcoming a server failed"),
    );
  };
  deps.client.on(Events.GuildCreate, onGuild);

  const inFlight = new Set<Promise<void>>();
  let accepting = true;
  const onInteraction = (interaction: Interaction) => {
    if (!accepting) return;
    interactionReceived(interaction.id);
    const work = handleInteraction(deps, interaction).finally(() => {
      interactionDone(interaction.id);
      inFlight.delete(work);
    });
    inFlight.add(work);
  };
  deps.client.on(Events.InteractionCreate, onInteraction);

  // Messages in game chats are posts for the rules.
  const activity = contextFor(deps, "ru");
  const posts = new ActivityQueue(deps.log, { concurrency: ACTIVITY_CONCURRENCY });
  const onMessage = (message: Message) => {
    if (accepting) posts.push(() => onMessageCreate(activity, message));
  };
  const onEdit = (_old: Message | PartialMessage, message: Message | PartialMessage) => {
    if (accepting) posts.push(() => onMessageUpdate(activity, message));
  };
  const onDelete = (message: Message | PartialMessage) => {
    if (accepting) posts.push(() => onMessageDelete(activity, message));
  };
  deps.client.on(Events.MessageCreate, onMessage);
  deps.client.on(Events.MessageUpdate, onEdit);
  deps.client.on(Events.MessageDelete, onDelete);
  return {
    async stop() {
      accepting = false;
      deps.client.off(Events.InteractionCreate, onInteraction);
      deps.client.off(Events.MessageCreate, onMessage);
      deps.client.off(Events.MessageUpdate, onEdit);
      deps.client.off(Events.MessageDelete, onDelete);
      deps.client.off(Events.GuildCreate, onGuild);
      await Promise.allSettled([...inFlight, posts.drained()]);
    },
  };
}

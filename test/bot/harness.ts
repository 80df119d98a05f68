import { REST } from "@discordjs/rest";
import { Events, type Client } from "discord.js";
import { Redis } from "ioredis";
import { pino } from "pino";
import { startBot } from "../../src/bot/bot.js";
import { parseEnv } from "../../src/config/env.js";
import { createGatewayClient } from "../../src/discord/client.js";
import { drainOutbox } from "../../src/discord/outbox.js";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { GameService } from "../../src/games/service.js";
import { createQueue, Scheduler } from "../../src/jobs/scheduler.js";
import { consoleRoutesFor } from "../../src/console/routes.js";
import { createHttpServer } from "../../src/http/server.js";
import { createMigratedDatabase } from "../support/db.js";
import { and, eq } from "drizzle-orm";
import { chats } from "../../src/db/schema/index.js";
import { phaseThreadKey } from "../../src/discord/layout.js";
import { TEST_REDIS_URL } from "../support/env.js";
import { ManualClock } from "../support/factories.js";

export const silentLog = pino({ level: process.env["TEST_LOG"] ?? "silent" });

export type Json = Record<string, unknown>;

/**
 * The bot's log for one harness: its warnings and errors kept (the last 200), so that a failed
 * assertion can show why the bot answered as it did; printed too when TEST_LOG is set.
 */
function capturingLog() {
  const lines: string[] = [];
  const log = pino(
    { level: process.env["TEST_LOG"] ?? "warn" },
    {
      write(line: string) {
        lines.push(line.trim());
        if (lines.length > 200) lines.shift();
        if (process.env["TEST_LOG"]) process.stdout.write(line);
      },
    },
  );
  return { log, lines };
}

/**
 * The real stack of the bot process for a test file: the Discord emulator, an unmodified
 * discord.js Client logged into it, a migrated Postgres database of its own, Redis with a
 * BullMQ queue of its own prefix, and the worker's path (resolveDue + drainOutbox over REST).
 */
export async function startHarness(
  members: number,
  options: { env?: Record<string, string>; console?: boolean } = {},
) {
  const emu: Emulator = await startEmulator({ port: 0, strict: true });
  const guild = emu.createGuild({ name: "Forum", members });
  const lobby = emu.createChannel(guild.id, { name: "lobby" });
  const database = await createMigratedDatabase();
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  const prefix = `t-bot-${Math.random().toString(36).slice(2, 10)}`;
  const queue = createQueue(redis, prefix);
  const clock = new ManualClock();
  const scheduler = new Scheduler({ queue, db: database.db, clock });
  const client: Client = createGatewayClient(emu.apiBase);
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(emu.botToken);
  await ready;
  const env = parseEnv({
    DISCORD_TOKEN: emu.botToken,
    DISCORD_APPLICATION_ID: emu.applicationId,
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    DISCORD_API_URL: emu.apiBase,
    ...options.env,
  });
  // The GM web console, served like the bot process serves it (src/bot/main.ts), on a free port.
  const consoleServer = options.console
    ? await createHttpServer({
        host: "127.0.0.1",
        port: 0,
        log: silentLog,
        plugins: [
          consoleRoutesFor({ env, log: silentLog, database, redis, client, scheduler, clock }, undefined),
        ],
      })
    : undefined;
  const consoleUrl = consoleServer?.url;
  const botLog = capturingLog();
  const botDeps = {
    env,
    log: botLog.log,
    database,
    redis,
    client,
    scheduler,
    clock,
    ...(consoleUrl ? { consoleUrl } : {}),
  };
  let bot = await startBot(botDeps);
  /** The bot process stops (gracefully) and a new one takes over the same gateway session. */
  const restartBot = async () => {
    await bot.stop();
    bot = await startBot(botDeps);
  };
  const rest = new REST({ api: emu.apiBase, retries: 1 }).setToken(emu.botToken);
  const service = new GameService(database.db, clock);

  /** A user's slash command; resolves to the bot's (first) answer. */
  const slash = async (userId: string, line: string, options: Json = {}, channel = lobby): Promise<Json> => {
    const handle = emu.user(userId).slash(channel, line, options);
    return (await handle.reply()) as Json;
  };
  const choices = async (userId: string, line: string, options: Json, focused: string, channel = lobby) => {
    const handle = emu.user(userId).autocomplete(channel, line, options, focused);
    return (await handle.choices()) as { name: string; value: string }[];
  };
  /** The worker's path: resolve the open phase now, then perform the Discord side effects. */
  const resolvePhase = async (gameId: string) => {
    const phase = await service.currentPhase(gameId);
    if (!phase) throw new Error("no open phase");
    clock.advance(60_000);
    const committed = await service.resolveDue(gameId, phase.index, null);
    await drain(gameId);
    return committed;
  };
  /**
   * Delivers the game's effects as the worker would, waiting out a row's transient failure (a
   * 429 or a timeout on a loaded machine) as the worker's delayed job does, so what a test
   * reads next is there.
   */
  const drain = async (gameId: string) => {
    for (let attempt = 0; ; attempt++) {
      const result = await drainOutbox({ db: database.db, rest, log: silentLog }, gameId);
      if (!result.retryAt || attempt >= 20) return result;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, (result.retryAt?.getTime() ?? 0) - Date.now())),
      );
    }
  };

  /**
   * Drains the game as the worker would until `settled()` holds: a command whose effect is
   * delivered by the worker (/say) commits a moment after its first answer, and asks for a drain
   * after that commit. As in the worker, a request while a drain runs is handed over to it, which
   * takes up the new rows at once beside the game's output that may be waiting for Discord's rate
   * limits; a drain still running when `settled()` holds goes on in the background (`close` waits).
   */
  const running = new Set<Promise<unknown>>();
  const drainUntil = async (
    gameId: string,
    settled: () => boolean | Promise<boolean>,
    timeoutMs = 15_000,
  ) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const pass = drainOutbox({ db: database.db, rest, log: silentLog }, gameId, { wait: false }).finally(
        () => running.delete(pass),
      );
      running.add(pass);
      if (await settled()) return;
      if (Date.now() > until) throw new Error(`the game's outbox did not settle in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  /**
   * Where players talk in a chat now: the current phase's thread of an unmasked game's public chat
   * (src/discord/layout.ts, `phaseThreadKey`) when it exists, else the chat's own channel or thread.
   */
  const talkChannel = async (gameId: string, chatId: string): Promise<string> => {
    const state = await service.state(gameId);
    const idOf = async (key: string) =>
      (
        await database.db
          .select({ id: chats.discordId })
          .from(chats)
          .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, key)))
      )[0]?.id;
    const id = (await idOf(phaseThreadKey(chatId, state.phase))) ?? (await idOf(`chat:${chatId}`));
    if (!id) throw new Error(`no chat ${chatId} in game ${gameId}`);
    return id;
  };

  const close = async () => {
    await Promise.allSettled(running);
    await consoleServer?.close();
    await bot.stop();
    await client.destroy();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await scheduler.outboxQueue.obliterate({ force: true }).catch(() => undefined);
    await scheduler.close();
    await queue.close();
    await redis.quit();
    await emu.close();
    await database.drop();
  };
  return {
    emu,
    guild,
    lobby,
    database,
    redis,
    queue,
    /** The outbox drains' queue (beside `queue`). */
    outboxQueue: scheduler.outboxQueue,
    clock,
    client,
    rest,
    service,
    slash,
    choices,
    resolvePhase,
    drain,
    drainUntil,
    restartBot,
    talkChannel,
    consoleUrl,
    /** The bot's recent warnings and errors, one JSON line each (for a failing assertion's message). */
    botWarnings: botLog.lines,
    close,
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

export function contentOf(reply: Json): string {
  return typeof reply["content"] === "string" ? reply["content"] : "";
}

/** Everything a reply shows: content, embed titles, descriptions and fields. */
export function textOf(reply: Json): string {
  const parts = [contentOf(reply)];
  const embeds = Array.isArray(reply["embeds"]) ? (reply["embeds"] as Json[]) : [];
  for (const e of embeds) {
    parts.push(String(e["title"] ?? ""), String(e["description"] ?? ""));
    const fields = Array.isArray(e["fields"]) ? (e["fields"] as Json[]) : [];
    for (const f of fields) parts.push(`${String(f["name"])}: ${String(f["value"])}`);
  }
  return parts.join("\n");
}

export function isEphemeral(reply: Json): boolean {
  return (Number(reply["flags"] ?? 0) & 64) === 64;
}

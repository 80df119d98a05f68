import { and, eq } from "drizzle-orm";
import type { Db } from "../../src/db/client.js";
import { chats } from "../../src/db/schema/index.js";
import { drainOutbox } from "../../src/discord/outbox.js";
import { relayById, type RelayRow } from "../../src/discord/masks/relay.js";
import { say, type Speaker } from "../../src/discord/masks/speak.js";
import { setMaskMode, type MaskMode } from "../../src/games/masks.js";
import { GameService } from "../../src/games/service.js";
import { emulatedGuild, silentLog } from "../support/discord.js";
import { ManualClock } from "../support/factories.js";

/** A started game in an emulated guild: `size` players (accounts named `acct-<id>`), a GM, a spectator. */
export async function maskedGame(
  db: Db,
  options: { ruleset: string; size: number; mode?: MaskMode; seed?: number },
) {
  const env = await emulatedGuild(options.size + 2);
  const clock = new ManualClock();
  const service = new GameService(db, clock);
  const gm = env.users[options.size] ?? "";
  const spectator = env.users[options.size + 1] ?? "";
  const game = await service.create({
    guildId: env.guild.id,
    name: `${options.ruleset} masked`,
    ruleset: options.ruleset,
    createdBy: gm,
    seed: options.seed ?? 7,
  });
  if (options.mode) await setMaskMode(db, game.id, gm, options.mode);
  const joined = env.users.slice(0, options.size);
  const accountName = new Map(env.guild.members.map((m) => [m.id, m.username]));
  for (const user of joined) await service.join(game.id, user, `acct-${user}`);
  if (options.ruleset === "classic") {
    const roles: Record<string, unknown>[] = [
      { role: "mafia", faction: "italians", don: true },
      { role: "mafia", faction: "italians" },
      { role: "commissar" },
      { role: "doctor" },
    ];
    for (const [i, user] of joined.entries())
      await service.assign(game.id, gm, user, roles[i] ?? { role: "citizen" });
  }
  await service.start(game.id, gm);
  // Masked games seat players in a secret order at the start: `players[i]` sits at seat i + 1.
  const players = (await service.players(game.id)).map((seat) => seat.userId);
  const deps = { db, rest: env.rest, log: silentLog, retry: { baseMs: 5, capMs: 20 } };
  await drain(deps, game.id);
  const channelOf = async (key: string): Promise<string> => {
    const [row] = await db
      .select()
      .from(chats)
      .where(and(eq(chats.gameId, game.id), eq(chats.chatKey, key)));
    if (!row) throw new Error(`no chat ${key}`);
    return row.discordId;
  };
  return { ...env, clock, service, game, gm, spectator, players, accountName, deps, channelOf };
}

/** Every message `viewer` can read in the game's channels and threads, as the API shows it. */
export async function readableMessages(
  db: Db,
  env: Awaited<ReturnType<typeof maskedGame>>,
  viewer: string,
): Promise<{ chatKey: string; message: Record<string, unknown> }[]> {
  const rows = await db.select().from(chats).where(eq(chats.gameId, env.game.id));
  const out: { chatKey: string; message: Record<string, unknown> }[] = [];
  for (const row of rows) {
    if (row.discordKind !== "channel" && row.discordKind !== "thread") continue;
    if (!env.emu.canView(viewer, row.discordId)) continue;
    for (const message of env.emu.user(viewer).read(row.discordId, { limit: 100 }))
      out.push({ chatKey: row.chatKey, message: message as Record<string, unknown> });
  }
  return out;
}

/**
 * Delivers the game's outbox as the worker would, waiting out a row's transient failure as the
 * worker's delayed drain job does, so what a test reads next is there.
 */
export async function drain(deps: Parameters<typeof drainOutbox>[0], gameId: string) {
  for (let attempt = 0; ; attempt++) {
    const result = await drainOutbox(deps, gameId);
    if (!result.retryAt || attempt >= 20) return result;
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, (result.retryAt?.getTime() ?? 0) - Date.now())),
    );
  }
}

/** `say` as the bot and the worker do it together: persisted, drained, and read back delivered. */
export async function sayAndDeliver(
  deps: Parameters<typeof drainOutbox>[0],
  speaker: Speaker,
  input: Parameters<typeof say>[2],
): Promise<RelayRow> {
  const said = await say(deps, speaker, input);
  await drain(deps, speaker.game.id);
  const row = await relayById(deps, said.value.id);
  if (!row) throw new Error("relay row missing");
  return row;
}

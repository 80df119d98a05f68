import { REST } from "@discordjs/rest";
import { pino } from "pino";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";
import { drainOutbox, type DrainDeps } from "../../src/discord/outbox.js";

export const silentLog = pino({ level: "silent" });

/** An emulator with one guild of `members` users, and a REST client of the bot pointed at it. */
export async function emulatedGuild(members: number) {
  const emu: Emulator = await startEmulator({ port: 0, strict: true });
  const guild = emu.createGuild({ name: "Forum", members });
  const rest = new REST({ api: emu.apiBase, retries: 1 }).setToken(emu.botToken);
  return { emu, guild, rest, users: guild.members.map((m) => m.id) };
}

/**
 * Drains a game's outbox as the worker does: when a row waits after a transient failure (a 429
 * from Discord's rate limits, a 5xx), waits until its retry time and drains again.
 */
export async function drainUntilDelivered(deps: DrainDeps, gameId: string, rounds = 60): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    const { retryAt } = await drainOutbox(deps, gameId);
    if (!retryAt) return;
    await new Promise((resolve) => setTimeout(resolve, Math.max(10, retryAt.getTime() - Date.now())));
  }
  throw new Error(`the outbox of game ${gameId} still waits after ${rounds} rounds`);
}

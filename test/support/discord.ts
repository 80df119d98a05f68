import { REST } from "@discordjs/rest";
import { pino } from "pino";
import { startEmulator, type Emulator } from "../../src/emulator/index.js";

export const silentLog = pino({ level: "silent" });

/** An emulator with one guild of `members` users, and a REST client of the bot pointed at it. */
export async function emulatedGuild(members: number) {
  const emu: Emulator = await startEmulator({ port: 0, strict: true });
  const guild = emu.createGuild({ name: "Forum", members });
  const rest = new REST({ api: emu.apiBase, retries: 1 }).setToken(emu.botToken);
  return { emu, guild, rest, users: guild.members.map((m) => m.id) };
}

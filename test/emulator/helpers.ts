import { Client, GatewayIntentBits, type ClientOptions } from "discord.js";
import type { Emulator } from "../../src/emulator/index.js";

export const ALL_INTENTS = [
  GatewayIntentBits.Guilds,
  GatewayIntentBits.GuildMembers,
  GatewayIntentBits.GuildMessages,
  GatewayIntentBits.MessageContent,
];

/** An unmodified discord.js Client pointed at the emulator; resolves once it is ready. */
export async function loginBot(emu: Emulator, extra: Partial<ClientOptions> = {}): Promise<Client<true>> {
  const client = new Client({ intents: ALL_INTENTS, rest: { api: emu.apiBase }, ...extra });
  const ready = new Promise<Client<true>>((resolve) => client.once("clientReady", (c) => resolve(c)));
  await client.login(emu.botToken);
  return ready;
}

export function until<T>(fn: () => T | undefined | null | false, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const start = Date.now();
    const tick = (): void => {
      const v = fn();
      if (v) return resolve(v);
      if (Date.now() - start > timeoutMs) return reject(new Error("until: timed out"));
      setTimeout(tick, 10);
    };
    tick();
  });
}

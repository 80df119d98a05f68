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

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/**
 * One raw HTTP request to the emulator, as a bot (`Bot <token>`) or a person (bare token), so a
 * test sees Discord's exact status, error body and headers.
 */
export async function api(
  emu: Emulator,
  auth: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const init: RequestInit = { method, headers: { Authorization: auth } };
  if (body !== undefined) {
    init.headers = { Authorization: auth, "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(`${emu.apiBase}/v10${path}`, init);
  const text = await res.text();
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: res.headers,
  };
}

/** The first `{code, message}` of a 50035 error at `path` ("embeds.0.title"). */
export function formError(
  body: Record<string, unknown>,
  path: string,
): { code: string; message: string } | undefined {
  let node: unknown = body["errors"];
  for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  const list = (node as { _errors?: { code: string; message: string }[] } | undefined)?._errors;
  return list?.[0];
}

import { ChannelType } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../src/emulator/index.js";
import { loginBot } from "./helpers.js";

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

describe("login", () => {
  it("an unmodified discord.js client logs in, gets READY and the guild with channels, roles and members", async () => {
    emu = await startEmulator({ port: 0, strict: true });
    const g = emu.createGuild({ name: "Mafia", members: 3 });
    const cat = emu.createChannel(g.id, { name: "Game", type: 4 });
    const text = emu.createChannel(g.id, { name: "town square", parent_id: cat });
    const client = await loginBot(emu);
    try {
      expect(client.user.id).toBe(emu.botUserId);
      expect(client.application.id).toBe(emu.applicationId);
      const guild = client.guilds.cache.get(g.id);
      expect(guild?.name).toBe("Mafia");
      expect(guild?.channels.cache.get(text)?.type).toBe(ChannelType.GuildText);
      expect(guild?.channels.cache.get(text)?.name).toBe("town-square");
      expect(guild?.members.cache.size).toBe(5); // owner, bot, 3 players
      expect(guild?.roles.everyone.id).toBe(g.id);
      expect(guild?.members.me?.roles.cache.has(g.botRoleId)).toBe(true);
      expect(emu.requestCount("GET /gateway/bot")).toBe(1);
      expect(emu.violations()).toEqual([]);
    } finally {
      await client.destroy();
    }
  });

  it("refuses a wrong token with 401 in Discord's JSON form", async () => {
    emu = await startEmulator({ port: 0 });
    const res = await fetch(`${emu.apiBase}/v10/users/@me`, { headers: { Authorization: "Bot nope" } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "401: Unauthorized", code: 0 });
  });
});

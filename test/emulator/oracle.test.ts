import { spawn } from "node:child_process";
import { Routes } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../src/emulator/index.js";
import { loginBot } from "./helpers.js";

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

describe("OpenAPI oracle", () => {
  it("strict mode refuses a request Discord's spec does not allow, with the validation path", async () => {
    emu = await startEmulator({ port: 0, strict: true });
    expect(emu.oracleLoaded).toBe(true);
    const g = emu.createGuild({});
    const day = emu.createChannel(g.id, { name: "day" });
    const client = await loginBot(emu);
    try {
      await expect(
        client.rest.post(Routes.channelMessages(day), { body: { content: "x", embeds: [{ title: 42 }] } }),
      ).rejects.toThrow(/body\.embeds\.0\.title/);
      expect(emu.messages(day)).toHaveLength(0);
      const v = emu.violations();
      expect(v).toHaveLength(1);
      expect(v[0]).toMatchObject({
        kind: "request",
        method: "POST",
        route: "/channels/{channel_id}/messages",
      });
      expect(v[0]?.issues[0]?.path).toBe("body.embeds.0.title");
      // Unknown query parameters are violations too.
      emu.clearViolations();
      await expect(
        client.rest.get(Routes.channelMessages(day), {
          query: new URLSearchParams({ limit: "10", sort: "asc" }),
        }),
      ).rejects.toThrow(/query\.sort/);
    } finally {
      await client.destroy();
    }
  });

  it("non-strict mode records the violation and serves the request", async () => {
    emu = await startEmulator({ port: 0 });
    const g = emu.createGuild({});
    const day = emu.createChannel(g.id, { name: "day" });
    const res = await fetch(`${emu.apiBase}/v10/channels/${day}/messages`, {
      method: "POST",
      headers: { Authorization: `Bot ${emu.botToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ content: "x", tts: "yes" }),
    });
    expect(res.status).toBe(200);
    expect(emu.violations().map((v) => v.issues.map((i) => i.path))).toEqual([["body.tts"]]);
  });

  it("runs without the oracle when asked (as in production without dev dependencies)", async () => {
    emu = await startEmulator({ port: 0, oracle: false, strict: true });
    expect(emu.oracleLoaded).toBe(false);
    const g = emu.createGuild({});
    const day = emu.createChannel(g.id, { name: "day" });
    const res = await fetch(`${emu.apiBase}/v10/channels/${day}/messages`, {
      method: "POST",
      headers: { Authorization: `Bot ${emu.botToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ content: "x", tts: "yes" }),
    });
    expect(res.status).toBe(200);
    expect(emu.violations()).toEqual([]);
  });

  it("`npm run emulator` prints one JSON line with the API base, tokens and members", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/emulator/main.ts", "--members", "3"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let buf = "";
        child.stdout.on("data", (d: Buffer) => {
          buf += d.toString();
          if (buf.includes("\n")) resolve(buf.split("\n")[0] ?? "");
        });
        child.on("exit", (c) => reject(new Error(`exited ${c}`)));
      });
      const info = JSON.parse(line) as {
        apiBase: string;
        botToken: string;
        applicationId: string;
        guildId: string;
        channelId: string;
        members: { id: string; token: string }[];
      };
      expect(info.members).toHaveLength(3);
      const me = await fetch(`${info.apiBase}/v10/users/@me`, {
        headers: { Authorization: info.members[0]?.token ?? "" },
      });
      expect(((await me.json()) as { id: string }).id).toBe(info.members[0]?.id);
      const post = await fetch(`${info.apiBase}/v10/channels/${info.channelId}/messages`, {
        method: "POST",
        headers: { Authorization: info.members[1]?.token ?? "", "Content-Type": "application/json" },
        body: JSON.stringify({ content: "hello from a script" }),
      });
      expect(post.status).toBe(200);
    } finally {
      child.kill("SIGTERM");
    }
  });
});

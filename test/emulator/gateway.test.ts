import { type Client, Events } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../src/emulator/index.js";
import { shardOf } from "../../src/emulator/snowflake.js";
import { loginBot, until } from "./helpers.js";

let emu: Emulator | undefined;
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.destroy();
  await emu?.close();
  emu = undefined;
});

describe("gateway and realism", () => {
  it("RESUME after a dropped socket replays the events missed meanwhile", async () => {
    emu = await startEmulator({ port: 0 });
    const g = emu.createGuild({ members: 1 });
    const [p1] = g.members;
    if (!p1) throw new Error("member");
    const day = emu.createChannel(g.id, { name: "day" });
    const client = await loginBot(emu);
    clients.push(client);
    const seen: string[] = [];
    client.on(Events.MessageCreate, (m) => void seen.push(m.content));
    let resumed = 0;
    client.on(Events.ShardResume, () => void resumed++);
    emu.user(p1.id).send(day, "before");
    await until(() => seen.includes("before"));
    const sessionsBefore = emu.gatewaySessions().map((s) => s.id);
    emu.dropConnections();
    await until(() => emu?.gatewaySessions().every((s) => !s.connected));
    emu.user(p1.id).send(day, "while away");
    await until(() => resumed === 1, 8000);
    await until(() => seen.includes("while away"));
    emu.user(p1.id).send(day, "after");
    await until(() => seen.includes("after"));
    expect(seen).toEqual(["before", "while away", "after"]);
    // Same session, resumed (no second IDENTIFY).
    expect(emu.gatewaySessions().map((s) => s.id)).toEqual(sessionsBefore);
    expect(emu.gateway.log.filter((e) => e.dir === "in" && e.op === 6)).toHaveLength(1);
    expect(emu.gateway.log.filter((e) => e.dir === "in" && e.op === 2)).toHaveLength(1);
  });

  it("two shards: each guild is delivered on shard (guild_id >> 22) % 2", async () => {
    emu = await startEmulator({ port: 0, shardCount: 2 });
    const guilds = [
      emu.createGuild({ name: "A" }),
      emu.createGuild({ name: "B" }),
      emu.createGuild({ name: "C" }),
    ];
    expect(new Set(guilds.map((g) => shardOf(g.id, 2))).size).toBe(2);
    const client = await loginBot(emu, { shards: [0, 1], shardCount: 2 });
    clients.push(client);
    for (const g of guilds) expect(client.guilds.cache.get(g.id)?.shardId).toBe(shardOf(g.id, 2));
    const sessions = emu.gatewaySessions();
    expect(sessions.map((s) => s.shard).sort()).toEqual([
      [0, 2],
      [1, 2],
    ]);
    // An event in a guild reaches only that guild's shard.
    const day = emu.createChannel(guilds[0]?.id ?? "", { name: "day" });
    const shardOfEvent: number[] = [];
    client.on(Events.ChannelCreate, (c) => void shardOfEvent.push(c.guild.shardId));
    await until(() => client.channels.cache.has(day));
    expect(emu.gateway.log.filter((e) => e.t === "CHANNEL_CREATE")).toHaveLength(1);
  });

  it("two shards: a guild the bot joins while connected is announced (GUILD_CREATE) on its own shard only", async () => {
    emu = await startEmulator({ port: 0, shardCount: 2 });
    const client = await loginBot(emu, { shards: [0, 1], shardCount: 2 });
    clients.push(client);
    const announcedOn: number[] = [];
    client.on(Events.GuildCreate, (g) => void announcedOn.push(g.shardId));
    const joined = [emu.createGuild({ name: "late A" }), emu.createGuild({ name: "late B" })];
    expect(new Set(joined.map((g) => shardOf(g.id, 2))).size).toBe(2);
    await until(() => joined.every((g) => client.guilds.cache.has(g.id)));
    expect(announcedOn.sort()).toEqual([0, 1]);
    for (const g of joined) expect(client.guilds.cache.get(g.id)?.shardId).toBe(shardOf(g.id, 2));
    expect(emu.gateway.log.filter((e) => e.t === "GUILD_CREATE")).toHaveLength(2);
  });

  it("a 429 is honoured by discord.js and retried after retry_after", async () => {
    emu = await startEmulator({ port: 0 });
    const g = emu.createGuild({});
    const day = emu.createChannel(g.id, { name: "day" });
    const client = await loginBot(emu);
    clients.push(client);
    const ch = await client.channels.fetch(day);
    if (!ch?.isSendable()) throw new Error("channel");
    emu.resetRequestCounts();
    emu.forceRateLimit("POST /channels/{channel_id}/messages", 400);
    const t0 = Date.now();
    await ch.send("hello");
    expect(Date.now() - t0).toBeGreaterThanOrEqual(380);
    expect(emu.requestCount("POST /channels/{channel_id}/messages")).toBe(2);
    expect(emu.requests().map((r) => r.status)).toEqual([429, 200]);
    expect(emu.messages(day)).toHaveLength(1);
  });

  it("per-route buckets send X-RateLimit headers; discord.js waits instead of exceeding them", async () => {
    emu = await startEmulator({
      port: 0,
      rateLimit: {
        enabled: true,
        // Long enough that three requests fit in one window on a loaded machine.
        routes: { "POST /channels/{channel_id}/messages": { limit: 2, windowMs: 2000 } },
      },
    });
    const g = emu.createGuild({ members: 1 });
    const [p1] = g.members;
    if (!p1) throw new Error("member");
    const day = emu.createChannel(g.id, { name: "day" });
    const res = await fetch(`${emu.apiBase}/v10/channels/${day}/messages`, {
      method: "POST",
      headers: { Authorization: p1.token, "Content-Type": "application/json" },
      body: JSON.stringify({ content: "x" }),
    });
    expect(res.headers.get("x-ratelimit-limit")).toBe("2");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("1");
    expect(res.headers.get("x-ratelimit-bucket")).toMatch(/^[0-9a-f]{16}$/);
    expect(Number(res.headers.get("x-ratelimit-reset-after"))).toBeLessThanOrEqual(2);
    const again = async () =>
      fetch(`${emu?.apiBase}/v10/channels/${day}/messages`, {
        method: "POST",
        headers: { Authorization: p1.token, "Content-Type": "application/json" },
        body: JSON.stringify({ content: "y" }),
      });
    await again();
    const third = await again();
    expect(third.status).toBe(429);
    expect(((await third.json()) as { retry_after: number; global: boolean }).global).toBe(false);

    const client = await loginBot(emu);
    clients.push(client);
    const ch = await client.channels.fetch(day);
    if (!ch?.isSendable()) throw new Error("channel");
    emu.resetRequestCounts();
    await Promise.all([1, 2, 3, 4, 5].map((i) => ch.send(`m${i}`)));
    expect(emu.requests().filter((r) => r.status === 429)).toHaveLength(0);
    expect(emu.requestCount("POST /channels/{channel_id}/messages")).toBe(5);
  });

  it("the global limit answers 429 with X-RateLimit-Global; counters count by route", async () => {
    emu = await startEmulator({ port: 0, rateLimit: { enabled: true, globalPerSecond: 5 } });
    emu.createGuild({});
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await fetch(`${emu.apiBase}/v10/users/@me`, {
        headers: { Authorization: `Bot ${emu.botToken}` },
      });
      statuses.push(r.status);
      if (r.status === 429) expect(r.headers.get("x-ratelimit-global")).toBe("true");
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(emu.requestCounts()).toEqual({ "GET /users/@me": 7 });
    emu.resetRequestCounts();
    expect(emu.requestCount()).toBe(0);
  });

  it("latency is added to each request", async () => {
    emu = await startEmulator({ port: 0, latencyMs: 60 });
    const t0 = Date.now();
    await fetch(`${emu.apiBase}/v10/gateway`);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(55);
  });
});

import { ChannelType, type Client, PermissionFlagsBits, ThreadAutoArchiveDuration } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { type Emulator, startEmulator } from "../../src/emulator/index.js";
import { loginBot, until } from "./helpers.js";

let emu: Emulator | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.destroy();
  await emu?.close();
  emu = client = undefined;
});

const code = (fn: () => unknown): number | undefined => {
  try {
    fn();
  } catch (e) {
    return (e as { code?: number }).code;
  }
  return undefined;
};

describe("permissions and threads", () => {
  it("a private thread: a non-member can neither read it nor learn it exists; a mention adds a member", async () => {
    emu = await startEmulator({ port: 0, strict: true });
    const g = emu.createGuild({ members: 3 });
    const [mafia1, mafia2, town] = g.members;
    if (!mafia1 || !mafia2 || !town) throw new Error("members");
    const day = emu.createChannel(g.id, { name: "day" });
    client = await loginBot(emu);
    const ch = await client.channels.fetch(day);
    if (ch?.type !== ChannelType.GuildText) throw new Error("text");
    const thread = await ch.threads.create({
      name: "mafia",
      type: ChannelType.PrivateThread,
      invitable: false,
      autoArchiveDuration: ThreadAutoArchiveDuration.OneWeek,
    });
    await thread.members.add(mafia1.id);
    expect(emu.threadMembers(thread.id).sort()).toEqual([emu.botUserId, mafia1.id].sort());
    // The bot mentions mafia2 but forbids the mention: not added.
    await thread.send({ content: `<@${mafia2.id}> shh`, allowedMentions: { parse: [] } });
    expect(emu.canView(mafia2.id, thread.id)).toBe(false);
    // An allowed mention adds them.
    await thread.send({ content: `<@${mafia2.id}> welcome` });
    expect(emu.canView(mafia2.id, thread.id)).toBe(true);
    emu.user(mafia2.id).send(thread.id, "hi partner");

    const outsider = emu.user(town.id);
    expect(outsider.canView(thread.id)).toBe(false);
    expect(code(() => outsider.read(thread.id))).toBe(10003);
    expect(code(() => outsider.channel(thread.id))).toBe(10003);
    expect(code(() => outsider.send(thread.id, "let me in"))).toBe(10003);
    expect(outsider.activeThreads(g.id).map((t) => t["id"])).not.toContain(thread.id);
    // Over HTTP with the user's token: same answers, and no trace in the active-threads list.
    const get = await fetch(`${emu.apiBase}/v10/channels/${thread.id}/messages`, {
      headers: { Authorization: town.token },
    });
    expect(get.status).toBe(404);
    expect(await get.json()).toEqual({ message: "Unknown Channel", code: 10003 });
    const active = (await (
      await fetch(`${emu.apiBase}/v10/guilds/${g.id}/threads/active`, {
        headers: { Authorization: town.token },
      })
    ).json()) as { threads: { id: string }[] };
    expect(active.threads.map((t) => t.id)).not.toContain(thread.id);
    // discord.js lists the thread's members; removing one hides the thread from them again.
    const listed = await thread.members.fetch();
    expect([...listed.keys()].sort()).toEqual([emu.botUserId, mafia1.id, mafia2.id].sort());
    await thread.members.remove(mafia2.id);
    expect(emu.canView(mafia2.id, thread.id)).toBe(false);
    // A user token cannot use bot-only routes.
    const put = await fetch(`${emu.apiBase}/v10/applications/${emu.applicationId}/commands`, {
      method: "PUT",
      headers: { Authorization: town.token, "Content-Type": "application/json" },
      body: "[]",
    });
    expect(put.status).toBe(403);
    // Members do see it, with the messages.
    expect(
      emu
        .user(mafia1.id)
        .read(thread.id)
        .map((m) => m["content"]),
    ).toEqual(["hi partner", `<@${mafia2.id}> welcome`, `<@${mafia2.id}> shh`]);
    expect(emu.violations()).toEqual([]);
  });

  it("no THREAD_CREATE reaches a user client that cannot see the private thread", async () => {
    emu = await startEmulator({ port: 0 });
    const g = emu.createGuild({ members: 2 });
    const [member, outsider] = g.members;
    if (!member || !outsider) throw new Error("members");
    const day = emu.createChannel(g.id, { name: "day" });
    const events: Record<string, string[]> = { [member.id]: [], [outsider.id]: [] };
    const sockets = await Promise.all(
      [member, outsider].map(
        (u) =>
          new Promise<WebSocket>((resolve) => {
            const ws = new WebSocket(`${emu?.gatewayUrl}?v=10&encoding=json`);
            ws.on("message", (data) => {
              const p = JSON.parse(String(data)) as { op: number; t?: string };
              if (p.op === 10) ws.send(JSON.stringify({ op: 2, d: { token: u.token, properties: {} } }));
              if (p.t) events[u.id]?.push(p.t);
              if (p.t === "READY") resolve(ws);
            });
          }),
      ),
    );
    const t = emu.user(member.id).createThread(day, "secret", 12);
    emu.user(member.id).send(String(t["id"]), "psst");
    emu.user(member.id).send(day, "public");
    await until(() => events[outsider.id]?.includes("MESSAGE_CREATE"));
    await until(() => (events[member.id]?.filter((e) => e === "MESSAGE_CREATE").length ?? 0) >= 2);
    expect(events[member.id]).toContain("THREAD_CREATE");
    expect(events[outsider.id]).not.toContain("THREAD_CREATE");
    expect(events[outsider.id]?.filter((e) => e === "MESSAGE_CREATE")).toHaveLength(1);
    for (const ws of sockets) ws.close();
  });

  it("a locked thread refuses a member's post; the bot (MANAGE_THREADS) still posts", async () => {
    emu = await startEmulator({ port: 0, strict: true });
    const g = emu.createGuild({ members: 1 });
    const [p1] = g.members;
    if (!p1) throw new Error("member");
    const day = emu.createChannel(g.id, { name: "day" });
    client = await loginBot(emu);
    const ch = await client.channels.fetch(day);
    if (ch?.type !== ChannelType.GuildText) throw new Error("text");
    const thread = await ch.threads.create({ name: "trial", type: ChannelType.PublicThread });
    emu.user(p1.id).send(thread.id, "I am innocent");
    await thread.setLocked(true);
    expect(emu.canSend(p1.id, thread.id)).toBe(false);
    expect(code(() => emu?.user(p1.id).send(thread.id, "but wait"))).toBe(160005);
    const res = await fetch(`${emu.apiBase}/v10/channels/${thread.id}/messages`, {
      method: "POST",
      headers: { Authorization: p1.token, "Content-Type": "application/json" },
      body: JSON.stringify({ content: "over http" }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(160005);
    await thread.send("The trial is closed.");
    expect(emu.messages(thread.id).map((m) => m["content"])).toEqual([
      "I am innocent",
      "The trial is closed.",
    ]);
    expect(emu.violations()).toEqual([]);
  });

  it("member overwrites and role changes made by the bot are reflected in canView/canSend", async () => {
    emu = await startEmulator({ port: 0, strict: true });
    const g = emu.createGuild({ members: 2 });
    const [alive, dead] = g.members;
    if (!alive || !dead) throw new Error("members");
    client = await loginBot(emu);
    const guild = client.guilds.cache.get(g.id);
    if (!guild) throw new Error("guild");
    const deadRole = await guild.roles.create({ name: "Dead", permissions: [] });
    const day = await guild.channels.create({
      name: "day",
      permissionOverwrites: [{ id: deadRole.id, deny: [PermissionFlagsBits.SendMessages] }],
    });
    const graveyard = await guild.channels.create({
      name: "graveyard",
      permissionOverwrites: [
        { id: g.id, deny: [PermissionFlagsBits.ViewChannel] },
        { id: deadRole.id, allow: [PermissionFlagsBits.ViewChannel] },
      ],
    });
    expect(emu.canSend(dead.id, day.id)).toBe(true);
    expect(emu.canView(dead.id, graveyard.id)).toBe(false);
    await guild.members.cache.get(dead.id)?.roles.add(deadRole);
    expect(emu.canSend(dead.id, day.id)).toBe(false);
    expect(emu.canView(dead.id, day.id)).toBe(true);
    expect(emu.canView(dead.id, graveyard.id)).toBe(true);
    expect(code(() => emu?.user(dead.id).send(day.id, "boo"))).toBe(50013);
    expect(code(() => emu?.user(alive.id).read(graveyard.id))).toBe(50001);
    // A member overwrite beats the role overwrite.
    await day.permissionOverwrites.edit(dead.id, { SendMessages: true });
    expect(emu.canSend(dead.id, day.id)).toBe(true);
    await day.permissionOverwrites.delete(dead.id);
    expect(emu.canSend(dead.id, day.id)).toBe(false);
    // PATCH with a roles list replaces them.
    await guild.members.cache.get(dead.id)?.roles.set([]);
    expect(emu.canSend(dead.id, day.id)).toBe(true);
    // discord.js saw the role update through the gateway.
    await until(() => guild.members.cache.get(dead.id)?.roles.cache.size === 1);
    // The bot cannot grant what it does not have, nor touch roles above its own.
    await expect(
      guild.roles.create({ name: "Boss", permissions: [PermissionFlagsBits.Administrator] }),
    ).rejects.toMatchObject({ code: 50013 });
    expect(emu.violations()).toEqual([]);
  });

  it("messages: nonce + enforce_nonce de-duplicates, attachments go through multipart, webhooks post with a mask into threads", async () => {
    emu = await startEmulator({ port: 0, strict: true });
    const g = emu.createGuild({ members: 1 });
    const day = emu.createChannel(g.id, { name: "day" });
    client = await loginBot(emu);
    const ch = await client.channels.fetch(day);
    if (ch?.type !== ChannelType.GuildText) throw new Error("text");
    const a = await ch.send({ content: "once", nonce: "n1", enforceNonce: true });
    const b = await ch.send({ content: "once", nonce: "n1", enforceNonce: true });
    expect(b.id).toBe(a.id);
    const f = await ch.send({
      content: "file",
      files: [{ attachment: Buffer.from("hello"), name: "hello.txt" }],
    });
    const url = f.attachments.first()?.url ?? "";
    expect(await (await fetch(url)).text()).toBe("hello");
    const edited = await f.edit("file (edited)");
    expect(edited.content).toBe("file (edited)");
    const thread = await ch.threads.create({ name: "masked", type: ChannelType.PublicThread });
    const hook = await ch.createWebhook({ name: "Narrator" });
    const m = await hook.send({
      content: "A voice from the dark",
      username: "Player 7",
      avatarURL: "https://example.com/a.png",
      threadId: thread.id,
    });
    expect(m.author.username).toBe("Player 7");
    expect(emu.messages(thread.id).map((x) => x["content"])).toEqual(["A voice from the dark"]);
    await a.delete();
    await expect(ch.messages.fetch(a.id)).rejects.toMatchObject({ code: 10008 });
    expect(emu.violations()).toEqual([]);
  });
});

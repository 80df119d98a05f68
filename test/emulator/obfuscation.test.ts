import type { Client, GuildChannel } from "discord.js";
import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, Permissions, startEmulator } from "../../src/emulator/index.js";
import { api, loginBot, until } from "./helpers.js";

// https://discord.com/developers/docs/resources/channel#channel-object-obfuscated-channels and
// https://discord.com/developers/docs/resources/guild#get-guild-channels (Channel Obfuscation for
// Users and Bots, mandatory for bots in late 2026).
let emu: Emulator | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.destroy();
  await emu?.close();
  emu = client = undefined;
});

const OBFUSCATED = 1 << 17;
const hidden = (everyone: string) => [{ id: everyone, type: 0, deny: Permissions.VIEW_CHANNEL.toString() }];

async function world() {
  emu = await startEmulator({ port: 0, strict: true });
  const g = emu.createGuild({ members: 1 });
  const day = emu.createChannel(g.id, { name: "day" });
  // A category whose only channel the bot cannot see: both hidden.
  const secret = emu.createChannel(g.id, { name: "secret", type: 4, permission_overwrites: hidden(g.id) });
  const gmRoom = emu.createChannel(g.id, {
    name: "gm-room",
    parent_id: secret,
    topic: "who is the wolf",
    permission_overwrites: hidden(g.id),
  });
  // A hidden category with one visible channel: the category is listed.
  const mixed = emu.createChannel(g.id, { name: "mixed", type: 4, permission_overwrites: hidden(g.id) });
  const open = emu.createChannel(g.id, { name: "open", parent_id: mixed });
  return { emu, g, day, secret, gmRoom, mixed, open };
}

describe("channel obfuscation for bots", () => {
  it("GET /guilds/{id}/channels omits what the bot cannot view; a category is viewable through any viewable child", async () => {
    const { emu, g, day, mixed, open } = await world();
    const res = await api(emu, `Bot ${emu.botToken}`, "GET", `/guilds/${g.id}/channels`);
    expect((res.body as unknown as { id: string }[]).map((c) => c.id).sort()).toEqual(
      [day, mixed, open].sort(),
    );
    // A person's list follows the same rule.
    const [player] = g.members;
    if (!player) throw new Error("member");
    const theirs = await api(emu, player.token, "GET", `/guilds/${g.id}/channels`);
    expect((theirs.body as unknown as { id: string }[]).map((c) => c.id).sort()).toEqual(
      [day, mixed, open].sort(),
    );
    expect(emu.violations()).toEqual([]);
  });

  it("the gateway gives hidden channels with only id, type, position and parent_id true, the flag set and one @everyone deny", async () => {
    const { emu, g, secret, gmRoom, mixed } = await world();
    client = await loginBot(emu);
    const room = client.channels.cache.get(gmRoom) as GuildChannel | undefined;
    if (!room) throw new Error("the bot should still receive the channel");
    expect(room.name).toBe("___hidden___");
    expect(room.flags.bitfield & OBFUSCATED).toBe(OBFUSCATED);
    expect(room.parentId).toBe(secret);
    expect(room.rawPosition).toBe(emu.channel(gmRoom)?.["position"]);
    expect("topic" in room ? room.topic : null).toBeNull();
    expect(room.permissionOverwrites.cache.map((o) => [o.id, o.deny.bitfield, o.allow.bitfield])).toEqual([
      [g.id, Permissions.VIEW_CHANNEL, 0n],
    ]);
    expect((client.channels.cache.get(secret) as GuildChannel).name).toBe("___hidden___");
    expect((client.channels.cache.get(mixed) as GuildChannel).name).toBe("mixed");
  });

  it("gaining sight of a channel brings a full CHANNEL_UPDATE for it and its category; losing it, an obfuscated one", async () => {
    const { emu, g, secret, gmRoom } = await world();
    client = await loginBot(emu);
    const botRole = emu.state.guilds.get(g.id).members.get(emu.botUserId)?.roles[0] ?? "";
    emu.setOverwrite(gmRoom, botRole, { type: 0, allow: Permissions.VIEW_CHANNEL });
    const c = client;
    await until(() => (c.channels.cache.get(gmRoom) as GuildChannel | undefined)?.name === "gm-room");
    await until(() => (c.channels.cache.get(secret) as GuildChannel | undefined)?.name === "secret");
    const room = c.channels.cache.get(gmRoom) as GuildChannel & { topic: string | null };
    expect(room.topic).toBe("who is the wolf");
    expect(room.flags.bitfield & OBFUSCATED).toBe(0);

    const rest = await api(
      emu,
      `Bot ${emu.botToken}`,
      "DELETE",
      `/channels/${gmRoom}/permissions/${botRole}`,
    );
    expect(rest.status).toBe(204);
    await until(() => (c.channels.cache.get(gmRoom) as GuildChannel | undefined)?.name === "___hidden___");
    await until(() => (c.channels.cache.get(secret) as GuildChannel | undefined)?.name === "___hidden___");
  });

  it("CHANNEL_CREATE of a hidden channel is obfuscated; a role's new permissions reveal it, losing the role hides it", async () => {
    const { emu, g } = await world();
    client = await loginBot(emu);
    const watchers = emu.createRole(g.id, { name: "watchers", permissions: 0n });
    const botRoles = emu.state.guilds.get(g.id).members.get(emu.botUserId)?.roles ?? [];
    emu.setMemberRoles(g.id, emu.botUserId, [...botRoles, watchers]);
    const vault = emu.createChannel(g.id, { name: "vault", permission_overwrites: hidden(g.id) });
    const c = client;
    await until(() => c.channels.cache.get(vault));
    expect((c.channels.cache.get(vault) as GuildChannel).name).toBe("___hidden___");
    // The owner makes "watchers" administrators: the bot now sees every channel.
    emu.state.guilds.modifyRole(g.ownerId, g.id, watchers, {
      permissions: Permissions.ADMINISTRATOR.toString(),
    });
    await until(() => (c.channels.cache.get(vault) as GuildChannel | undefined)?.name === "vault");
    // Taking the role from the bot hides the channel again.
    emu.setMemberRoles(g.id, emu.botUserId, botRoles);
    await until(() => (c.channels.cache.get(vault) as GuildChannel | undefined)?.name === "___hidden___");
  });

  it("a channel the bot creates for itself (its own allow) arrives in full", async () => {
    const { emu, g } = await world();
    client = await loginBot(emu);
    const guild = await client.guilds.fetch(g.id);
    const botRole = guild.members.me?.roles.botRole?.id ?? "";
    const created = await guild.channels.create({
      name: "wolves",
      permissionOverwrites: [
        { id: g.id, deny: Permissions.VIEW_CHANNEL },
        { id: botRole, allow: Permissions.VIEW_CHANNEL | Permissions.SEND_MESSAGES },
      ],
    });
    expect(created.name).toBe("wolves");
    const c = client;
    await until(() => (c.channels.cache.get(created.id) as GuildChannel | undefined)?.name === "wolves");
    expect(emu.violations()).toEqual([]);
  });
});

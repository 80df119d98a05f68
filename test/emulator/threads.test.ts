import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, Permissions, startEmulator } from "../../src/emulator/index.js";
import { api } from "./helpers.js";

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

async function world() {
  emu = await startEmulator({ port: 0, strict: true });
  const g = emu.createGuild({ members: 4 });
  const [creator, friend, other, mod] = g.members;
  if (!creator || !friend || !other || !mod) throw new Error("members");
  const day = emu.createChannel(g.id, { name: "day" });
  const moderators = emu.createRole(g.id, {
    name: "mods",
    permissions: Permissions.MANAGE_THREADS | Permissions.VIEW_CHANNEL,
  });
  emu.setMemberRoles(g.id, mod.id, [moderators]);
  return { emu, g, day, creator, friend, other, mod, bot: `Bot ${emu.botToken}` };
}

describe("thread members (https://discord.com/developers/docs/resources/channel#add-thread-member)", () => {
  it("in an invitable:false private thread only MANAGE_THREADS adds others; the creator is no exception (https://discord.com/developers/docs/resources/channel#thread-metadata-object)", async () => {
    const { emu, day, creator, friend, other, mod } = await world();
    const thread = String(emu.user(creator.id).createThread(day, "secret", 12, false)["id"]);
    const byCreator = await api(emu, creator.token, "PUT", `/channels/${thread}/thread-members/${friend.id}`);
    expect(byCreator.status).toBe(403);
    expect(byCreator.body).toEqual({ message: "Missing Permissions", code: 50013 });
    expect(emu.threadMembers(thread)).toEqual([creator.id]);
    const byMod = await api(emu, mod.token, "PUT", `/channels/${thread}/thread-members/${friend.id}`);
    expect(byMod.status).toBe(204);
    expect(emu.threadMembers(thread).sort()).toEqual([creator.id, friend.id].sort());
    // invitable:true lets any member add others.
    const open = String(emu.user(creator.id).createThread(day, "open", 12, true)["id"]);
    expect(
      (await api(emu, creator.token, "PUT", `/channels/${open}/thread-members/${other.id}`)).status,
    ).toBe(204);
  });

  it("the creator of a private thread may remove members; elsewhere removing another needs MANAGE_THREADS (https://discord.com/developers/docs/resources/channel#remove-thread-member)", async () => {
    const { emu, day, creator, friend, other } = await world();
    const secret = String(emu.user(creator.id).createThread(day, "secret", 12, true)["id"]);
    await api(emu, creator.token, "PUT", `/channels/${secret}/thread-members/${friend.id}`);
    await api(emu, creator.token, "PUT", `/channels/${secret}/thread-members/${other.id}`);
    const byMember = await api(emu, friend.token, "DELETE", `/channels/${secret}/thread-members/${other.id}`);
    expect(byMember.body).toEqual({ message: "Missing Permissions", code: 50013 });
    const byCreator = await api(
      emu,
      creator.token,
      "DELETE",
      `/channels/${secret}/thread-members/${other.id}`,
    );
    expect(byCreator.status).toBe(204);
    expect(emu.canView(other.id, secret)).toBe(false);
    // A public thread's creator has no such right.
    const square = String(emu.user(creator.id).createThread(day, "square", 11)["id"]);
    emu.user(friend.id).joinThread(square);
    const publicRemove = await api(
      emu,
      creator.token,
      "DELETE",
      `/channels/${square}/thread-members/${friend.id}`,
    );
    expect(publicRemove.body).toEqual({ message: "Missing Permissions", code: 50013 });
    expect(emu.threadMembers(square)).toContain(friend.id);
  });

  it("archived private threads are listed only with MANAGE_THREADS; members find theirs in the joined list (https://discord.com/developers/docs/resources/channel#list-private-archived-threads)", async () => {
    const { emu, day, creator, other, mod } = await world();
    const secret = String(emu.user(creator.id).createThread(day, "secret", 12, true)["id"]);
    expect((await api(emu, creator.token, "PATCH", `/channels/${secret}`, { archived: true })).status).toBe(
      200,
    );
    const asCreator = await api(emu, creator.token, "GET", `/channels/${day}/threads/archived/private`);
    expect(asCreator.body).toEqual({ message: "Missing Permissions", code: 50013 });
    const asMod = await api(emu, mod.token, "GET", `/channels/${day}/threads/archived/private`);
    expect((asMod.body["threads"] as { id: string }[]).map((t) => t.id)).toEqual([secret]);
    const joined = await api(
      emu,
      creator.token,
      "GET",
      `/channels/${day}/users/@me/threads/archived/private`,
    );
    expect((joined.body["threads"] as { id: string }[]).map((t) => t.id)).toEqual([secret]);
    const notJoined = await api(
      emu,
      other.token,
      "GET",
      `/channels/${day}/users/@me/threads/archived/private`,
    );
    expect(notJoined.body["threads"]).toEqual([]);
  });

  it("a person's role mention in a thread adds the role's members; a bot's does not (client behaviour, https://github.com/openabdev/openab/issues/806)", async () => {
    const { emu, g, day, creator, friend, other, bot } = await world();
    const wolves = emu.createRole(g.id, { name: "wolves" });
    emu.setMemberRoles(g.id, friend.id, [wolves]);
    emu.setMemberRoles(g.id, other.id, [wolves]);
    const byBot = await api(emu, bot, "POST", `/channels/${day}/threads`, { name: "bot thread", type: 11 });
    const botThread = String(byBot.body["id"]);
    await api(emu, bot, "POST", `/channels/${botThread}/messages`, {
      content: `<@&${wolves}> gather`,
      allowed_mentions: { roles: [wolves] },
    });
    expect(emu.threadMembers(botThread)).toEqual([emu.botUserId]);
    // Not mentionable, and the author may not ping every role: the mention adds nobody.
    emu.setOverwrite(day, g.id, { type: 0, deny: Permissions.MENTION_EVERYONE });
    const square = String(emu.user(creator.id).createThread(day, "square", 11)["id"]);
    emu.user(creator.id).send(square, `<@&${wolves}> here?`);
    expect(emu.threadMembers(square)).toEqual([creator.id]);
    // Mentionable: the people it pings join the thread.
    await api(emu, bot, "PATCH", `/guilds/${g.id}/roles/${wolves}`, { mentionable: true });
    emu.user(creator.id).send(square, `<@&${wolves}> come`);
    expect(emu.threadMembers(square).sort()).toEqual([creator.id, friend.id, other.id].sort());
  });
});

describe("announcement threads (https://discord.com/developers/docs/resources/channel#start-thread-from-message)", () => {
  it("a thread started from a message in an announcement channel is an ANNOUNCEMENT_THREAD (10)", async () => {
    const { emu, g, bot } = await world();
    const news = emu.createChannel(g.id, { name: "news", type: 5 });
    const text = emu.createChannel(g.id, { name: "talk" });
    const post = await api(emu, bot, "POST", `/channels/${news}/messages`, { content: "Day 1" });
    const thread = await api(
      emu,
      bot,
      "POST",
      `/channels/${news}/messages/${String(post.body["id"])}/threads`,
      {
        name: "day 1",
      },
    );
    expect(thread.status).toBe(201);
    expect(thread.body["type"]).toBe(10);
    expect(thread.body["id"]).toBe(post.body["id"]);
    const again = await api(
      emu,
      bot,
      "POST",
      `/channels/${news}/messages/${String(post.body["id"])}/threads`,
      {
        name: "twice",
      },
    );
    expect(again.body["code"]).toBe(160004);
    const plain = await api(emu, bot, "POST", `/channels/${text}/messages`, { content: "hi" });
    const publicThread = await api(
      emu,
      bot,
      "POST",
      `/channels/${text}/messages/${String(plain.body["id"])}/threads`,
      {
        name: "talk",
      },
    );
    expect(publicThread.body["type"]).toBe(11);
    // It is listed with the public archived threads once archived.
    await api(emu, bot, "PATCH", `/channels/${String(thread.body["id"])}`, { archived: true });
    const archived = await api(emu, bot, "GET", `/channels/${news}/threads/archived/public`);
    expect((archived.body["threads"] as { id: string }[]).map((t) => t.id)).toEqual([thread.body["id"]]);
    expect(emu.violations()).toEqual([]);
  });
});

describe("public threads under a text channel (https://discord.com/developers/docs/topics/threads#permissions)", () => {
  it("take the parent's permissions: viewing the parent shows the thread, Send Messages in Threads speaks in it, Send Messages alone does not", async () => {
    const { emu, g, creator, friend, other, bot } = await world();
    const square = emu.createChannel(g.id, { name: "square" });
    const talkers = emu.createRole(g.id, { name: "talkers" });
    emu.setMemberRoles(g.id, creator.id, [talkers]);
    emu.setMemberRoles(g.id, friend.id, [talkers]);
    emu.setOverwrite(square, g.id, {
      type: 0,
      deny:
        Permissions.SEND_MESSAGES |
        Permissions.SEND_MESSAGES_IN_THREADS |
        Permissions.CREATE_PUBLIC_THREADS |
        Permissions.CREATE_PRIVATE_THREADS,
    });
    emu.setOverwrite(square, talkers, { type: 0, allow: Permissions.SEND_MESSAGES_IN_THREADS });
    // The bot makes the threads: its own overwrite gives back what @everyone's takes.
    emu.setOverwrite(square, emu.botUserId, { type: 1, allow: Permissions.CREATE_PUBLIC_THREADS });
    const made = await api(emu, bot, "POST", `/channels/${square}/threads`, { name: "Day 2", type: 11 });
    expect(made.status).toBe(201);
    const day = String(made.body["id"]);
    // Nobody but the bot is a member; everyone who views the parent views the thread.
    expect(emu.threadMembers(day)).toEqual([emu.botUserId]);
    expect(emu.canView(other.id, day)).toBe(true);
    expect(emu.canSend(creator.id, day)).toBe(true);
    expect(emu.canSend(creator.id, square)).toBe(false);
    expect(emu.canSend(other.id, day)).toBe(false);
    const said = await api(emu, creator.token, "POST", `/channels/${day}/messages`, { content: "hello" });
    expect(said.status).toBe(200);
    expect(emu.threadMembers(day)).toContain(creator.id); // posting joins a public thread
    const refused = await api(emu, other.token, "POST", `/channels/${day}/messages`, { content: "me too" });
    expect(refused.body).toEqual({ message: "Missing Permissions", code: 50013 });
    // A member without Create Public Threads starts none, in the channel or from a message.
    const started = await api(emu, creator.token, "POST", `/channels/${square}/threads`, {
      name: "aside",
      type: 11,
    });
    expect(started.body).toEqual({ message: "Missing Permissions", code: 50013 });
  });

  it("locked and archived, a public thread refuses its author's post, edit and reaction (https://discord.com/developers/docs/topics/threads#archiving-and-locking-threads)", async () => {
    const { emu, g, creator, bot } = await world();
    const square = emu.createChannel(g.id, { name: "square" });
    const day = String(
      (await api(emu, bot, "POST", `/channels/${square}/threads`, { name: "Day 1", type: 11 })).body["id"],
    );
    const said = await api(emu, creator.token, "POST", `/channels/${day}/messages`, { content: "before" });
    const id = String(said.body["id"]);
    const closed = await api(emu, bot, "PATCH", `/channels/${day}`, { locked: true, archived: true });
    expect(closed.status).toBe(200);
    const edit = await api(emu, creator.token, "PATCH", `/channels/${day}/messages/${id}`, {
      content: "after",
    });
    // Refused by the lock or by the archive (Discord names either; both refuse before delivery).
    expect([50083, 160005]).toContain(edit.body["code"]);
    const react = await api(
      emu,
      creator.token,
      "PUT",
      `/channels/${day}/messages/${id}/reactions/%F0%9F%91%8D/@me`,
    );
    expect(react.body).toMatchObject({ code: 50083 });
    const post = await api(emu, creator.token, "POST", `/channels/${day}/messages`, { content: "again" });
    expect(post.body).toMatchObject({ code: 160005 });
    expect(emu.messages(day).map((m) => m["content"])).toEqual(["before"]);
    expect(emu.channel(day)?.["thread_metadata"]).toMatchObject({ archived: true, locked: true });
  });
});

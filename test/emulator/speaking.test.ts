import { afterEach, describe, expect, it } from "vitest";
import { type Emulator, Permissions as P, startEmulator } from "../../src/emulator/index.js";
import { api } from "./helpers.js";

/**
 * Every way a member speaks, refused exactly where Discord refuses it: editing one's own message,
 * reactions, replies, forwards, pins, threads from a message, archived and locked threads.
 */

let emu: Emulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

async function world() {
  emu = await startEmulator({ port: 0, strict: true });
  const g = emu.createGuild({ members: 3 });
  const [author, reader, mod] = g.members;
  if (!author || !reader || !mod) throw new Error("members");
  const day = emu.createChannel(g.id, { name: "day" });
  const mods = emu.createRole(g.id, { name: "mods", permissions: P.MANAGE_THREADS | P.VIEW_CHANNEL });
  emu.setMemberRoles(g.id, mod.id, [mods]);
  return { emu, g, day, author, reader, mod };
}

const refusal = (work: () => unknown): unknown => {
  try {
    work();
  } catch (error) {
    return { code: (error as { code: number }).code };
  }
  return "accepted";
};

describe("speaking without Send Messages (https://discord.com/developers/docs/resources/message)", () => {
  it("an author edits his own earlier message after losing Send Messages; a reply, a forward and a new message are refused", async () => {
    const { emu, g, day, author, reader } = await world();
    const said = emu.user(author.id).send(day, "day post");
    const elsewhere = emu.createChannel(g.id, { name: "elsewhere" });
    emu.setOverwrite(day, g.id, { type: 0, deny: P.SEND_MESSAGES });
    expect(emu.user(author.id).edit(day, String(said["id"]), { content: "night edit" })["content"]).toBe(
      "night edit",
    );
    expect(refusal(() => emu.user(author.id).send(day, "new"))).toEqual({ code: 50013 });
    expect(refusal(() => emu.user(author.id).reply(day, String(said["id"]), "re"))).toEqual({ code: 50013 });
    // A forward needs Send Messages where it goes and a read of its source.
    expect(refusal(() => emu.user(author.id).forward(day, elsewhere, String(said["id"])))).toEqual({
      code: 50013,
    });
    const forwarded = emu.user(reader.id).forward(elsewhere, day, String(said["id"]));
    expect((forwarded["message_snapshots"] as { message: { content: string } }[])[0]?.message.content).toBe(
      "night edit",
    );
    // Another user cannot edit the content at all.
    expect(refusal(() => emu.user(reader.id).edit(day, String(said["id"]), { content: "x" }))).toEqual({
      code: 50005,
    });
    emu.setOverwrite(day, reader.id, { type: 1, deny: P.READ_MESSAGE_HISTORY });
    expect(refusal(() => emu.user(reader.id).forward(elsewhere, day, String(said["id"])))).toEqual({
      code: 50001,
    });
  });

  it("a new emoji needs Add Reactions, an existing one only Read Message History (https://discord.com/developers/docs/resources/message#create-reaction)", async () => {
    const { emu, g, day, author, reader } = await world();
    const said = String(emu.user(author.id).send(day, "vote for me")["id"]);
    emu.setOverwrite(day, reader.id, { type: 1, deny: P.ADD_REACTIONS | P.SEND_MESSAGES });
    expect(refusal(() => emu.user(reader.id).react(day, said, "👍"))).toEqual({ code: 50013 });
    emu.user(author.id).react(day, said, "👍");
    expect(refusal(() => emu.user(reader.id).react(day, said, "👍"))).toBe("accepted");
    const message = emu.messages(day).find((m) => m["id"] === said);
    expect((message?.["reactions"] as { count: number }[])[0]?.count).toBe(2);
    emu.setOverwrite(day, g.id, { type: 0, deny: P.READ_MESSAGE_HISTORY });
    expect(refusal(() => emu.user(author.id).react(day, said, "🔥"))).toEqual({ code: 50001 });
    // Over REST, as a client does it.
    const rest = await api(
      emu,
      reader.token,
      "PUT",
      `/channels/${day}/messages/${said}/reactions/${encodeURIComponent("🔥")}/@me`,
    );
    expect(rest.status).toBe(403);
  });

  it("pins need Pin Messages (https://discord.com/developers/docs/resources/message#pin-message); a thread from a message needs Create Public Threads", async () => {
    const { emu, g, day, author } = await world();
    const said = String(emu.user(author.id).send(day, "pin me")["id"]);
    expect(refusal(() => emu.user(author.id).pin(day, said))).toEqual({ code: 50013 });
    const pinners = emu.createRole(g.id, { name: "pinners", permissions: P.PIN_MESSAGES });
    emu.setMemberRoles(g.id, author.id, [pinners]);
    expect(refusal(() => emu.user(author.id).pin(day, said))).toBe("accepted");
    emu.setOverwrite(day, g.id, { type: 0, deny: P.CREATE_PUBLIC_THREADS });
    expect(refusal(() => emu.user(author.id).threadFrom(day, said, "side talk"))).toEqual({ code: 50013 });
  });
});

describe("archived and locked threads (https://discord.com/developers/docs/topics/threads)", () => {
  it("an archived thread refuses edits, reactions and pins (50083), and deletions once it is locked too; a post by a member unarchives it unless it is locked; a locked active thread keeps only reactions (https://discord.com/developers/docs/change-log#update-to-locked-threads)", async () => {
    const { emu, day, author, reader, mod } = await world();
    const thread = String(emu.user(author.id).createThread(day, "square", 11)["id"]);
    emu.user(reader.id).joinThread(thread);
    const said = String(emu.user(author.id).send(thread, "day post")["id"]);
    emu.user(reader.id).react(thread, said, "👍");
    emu.user(mod.id).modifyThread(thread, { archived: true });
    expect(refusal(() => emu.user(author.id).edit(thread, said, { content: "edited" }))).toEqual({
      code: 50083,
    });
    expect(refusal(() => emu.user(reader.id).react(thread, said, "👍"))).toEqual({ code: 50083 });
    expect(refusal(() => emu.user(author.id).react(thread, said, "👍"))).toEqual({ code: 50083 });
    expect(refusal(() => emu.user(author.id).addThreadMember(thread, mod.id))).toEqual({ code: 50083 });
    // Unlocked: a member's post unarchives it.
    emu.user(author.id).send(thread, "back");
    expect(emu.channel(thread)?.["thread_metadata"]).toMatchObject({ archived: false });
    // Locked and archived: members can neither unarchive it nor post, edit or react; moderators can.
    emu.user(mod.id).modifyThread(thread, { locked: true, archived: true });
    expect(refusal(() => emu.user(author.id).send(thread, "again"))).toEqual({ code: 160005 });
    expect(refusal(() => emu.user(author.id).modifyThread(thread, { archived: false }))).toEqual({
      code: 160005,
    });
    expect(refusal(() => emu.user(author.id).edit(thread, said, { content: "edited" }))).toEqual({
      code: 160005,
    });
    expect(refusal(() => emu.user(author.id).reply(thread, said, "re"))).toEqual({ code: 160005 });
    expect(emu.messages(thread).find((m) => m["id"] === said)?.["content"]).toBe("day post");
    expect(refusal(() => emu.user(author.id).delete(thread, said))).toEqual({ code: 50083 });
    expect(refusal(() => emu.user(reader.id).react(thread, said, "🙂"))).toEqual({ code: 50083 });
    // Locked but active: no post, no edit, but a reaction and a deletion of one's own message.
    emu.user(mod.id).modifyThread(thread, { archived: false });
    expect(refusal(() => emu.user(author.id).send(thread, "again"))).toEqual({ code: 160005 });
    expect(refusal(() => emu.user(author.id).edit(thread, said, { content: "edited" }))).toEqual({
      code: 160005,
    });
    expect(refusal(() => emu.user(reader.id).react(thread, said, "🙂"))).toBe("accepted");
    expect(refusal(() => emu.user(author.id).delete(thread, said))).toBe("accepted");
  });
});

import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { chats } from "../../src/db/schema/index.js";
import { Permissions } from "../../src/emulator/index.js";
import type { Json } from "../../src/engine/types.js";
import { t } from "../../src/i18n/index.js";
import { changeGame, writeOutbox } from "../../src/games/changes.js";
import { startHarness, textOf, type Harness } from "./harness.js";
import { safetyNetCount } from "./voice-matrix.js";

/**
 * Voice rules (docs/secrecy.md): whoever may read a chat but not write in it cannot post there —
 * by a Discord permission where one can say it without revealing a secret, otherwise the bot
 * removes the post at once and tells the poster privately. A chat that leaves the layout is
 * read-only from the same reconcile on.
 */

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function discordId(harness: Harness, gameId: string, key: string): Promise<string> {
  const [row] = await harness.database.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, key)));
  if (!row) throw new Error(`no Discord object for ${key}`);
  return row.discordId;
}

async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function classicGame(roles: [string, string?][], options: Json) {
  const harness = await startHarness(roles.length);
  h = harness;
  const gm = harness.guild.ownerId;
  const users = harness.guild.members.map((m) => m.id);
  await harness.slash(gm, "settings", { language: "en" });
  await harness.slash(gm, "game create", {
    ruleset: "classic",
    name: "Voices",
    options: JSON.stringify(options),
  });
  const [game] = await harness.service.db.query.games.findMany();
  const gameId = game?.id ?? "";
  for (const [i, [role, faction]] of roles.entries()) {
    await harness.slash(users[i] ?? "", "game join");
    await harness.slash(gm, "game assign", { user: users[i], role, ...(faction ? { faction } : {}) });
  }
  const started = await harness.slash(gm, "game start");
  expect((await harness.service.game(gameId)).status, textOf(started)).toBe("running");
  await harness.drain(gameId);
  return { harness, gm, users, gameId };
}

describe("voice rules", () => {
  it("classic with deadKeepRead: the dead and the removed leave the Italians' chat and read a copy only the bot writes, kept in step with posts, edits and deletions", async () => {
    const { harness, gm, users, gameId } = await classicGame(
      [
        ["mafia", "italians"],
        ["mafia", "italians"],
        ["mafia", "italians"],
        ["mafia", "russians"],
        ["maniac"],
        ["doctor"],
        ["citizen"],
        ["citizen"],
      ],
      { deadKeepRead: true },
    );
    const italians = await discordId(harness, gameId, "chat:italians");
    const [p1, p2, p3] = [users[0] ?? "", users[1] ?? "", users[2] ?? ""];
    // While all three write there, p1 says something the copies must carry later.
    const before = harness.emu.user(p1).send(italians, "before the night");
    await new Promise((r) => setTimeout(r, 500));
    // Night 0: the GM modkills p1 (dead at the resolution) and marks p3 removed (alive, out of the talk).
    const modkill = await harness.slash(gm, "gm modkill", { player: p1 });
    expect(textOf(modkill)).not.toBe("");
    const removed = await harness.service.gm(gameId, gm, {
      action: "set_status",
      targets: ["p3"],
      params: { status: "removed" },
    });
    expect(removed.value.accepted).toBe(true);
    await harness.resolvePhase(gameId);
    await harness.drain(gameId);
    const state = await harness.service.state(gameId);
    expect(state.players.find((p) => p.id === "p1")?.alive).toBe(false);
    expect(state.players.find((p) => p.id === "p3")?.statuses).toContain("removed");
    // Neither is in the live thread any more: nothing they could post or edit there reaches anyone.
    expect(harness.emu.canView(p1, italians)).toBe(false);
    expect(harness.emu.canView(p3, italians)).toBe(false);
    expect(() => harness.emu.user(p1).edit(italians, String(before["id"]), { content: "edited" })).toThrow();
    // Each reads his own copy, locked, which only the bot writes in; it has what was said before.
    const copies = [
      { user: p1, thread: await discordId(harness, gameId, "mirror:italians:p1") },
      { user: p3, thread: await discordId(harness, gameId, "mirror:italians:p3") },
    ];
    const says = (thread: string, text: string) =>
      harness.emu.messages(thread).some((m) => String(m["content"] ?? "").endsWith(text));
    for (const copy of copies) {
      expect(harness.emu.canView(copy.user, copy.thread)).toBe(true);
      expect(harness.emu.canSend(copy.user, copy.thread)).toBe(false);
      expect(() => harness.emu.user(copy.user).send(copy.thread, "let me in")).toThrow();
      expect(harness.emu.canView(p2, copy.thread)).toBe(false);
      await until(async () => {
        await harness.drain(gameId);
        return says(copy.thread, "before the night");
      }, "the earlier message in the copy");
    }
    // The living member's post, its edit and its deletion reach every copy, as the bot's posts.
    const safety = await safetyNetCount();
    const kept = harness.emu.user(p2).send(italians, "the family is still here");
    for (const copy of copies)
      await until(async () => {
        await harness.drain(gameId);
        return says(copy.thread, "the family is still here");
      }, "the post in the copy");
    for (const copy of copies)
      for (const m of harness.emu.messages(copy.thread))
        expect(m["author"] && (m["author"] as { bot?: boolean }).bot).toBe(true);
    harness.emu.user(p2).edit(italians, String(kept["id"]), { content: "the family is gone" });
    for (const copy of copies)
      await until(async () => {
        await harness.drain(gameId);
        return says(copy.thread, "the family is gone") && !says(copy.thread, "the family is still here");
      }, "the edit in the copy");
    harness.emu.user(p2).delete(italians, String(kept["id"]));
    for (const copy of copies)
      await until(async () => {
        await harness.drain(gameId);
        return !says(copy.thread, "the family is gone");
      }, "the deletion in the copy");
    // The bot's own posts in the chat reach the live thread and every copy.
    await changeGame(harness.database.db, gameId, async (tx) => {
      await writeOutbox(
        tx,
        gameId,
        "test:bot-post",
        [{ type: "post", chat: "italians", content: "a word from the GM" }],
        null,
      );
      return { value: null, deadlines: [], outbox: true };
    });
    await harness.drain(gameId);
    for (const thread of [italians, ...copies.map((c) => c.thread)])
      await until(async () => {
        await harness.drain(gameId);
        return says(thread, "a word from the GM");
      }, "the bot's post in every copy");
    expect(await safetyNetCount()).toBe(safety);
  }, 120_000);

  it("a wrong permission: the safety net removes the post, tells the GM room and counts it", async () => {
    const { harness, users, gameId } = await classicGame(
      [["mafia", "italians"], ["mafia", "russians"], ["doctor"], ["citizen"], ["citizen"]],
      {},
    );
    // Night 0: the town square is closed. A moderator's manual change lets one citizen post anyway.
    const town = await discordId(harness, gameId, "chat:town");
    const citizen = users[3] ?? "";
    expect(harness.emu.canSend(citizen, town)).toBe(false);
    harness.emu.setOverwrite(town, citizen, { type: 1, allow: Permissions.SEND_MESSAGES });
    const safety = await safetyNetCount();
    const posted = harness.emu.user(citizen).send(town, "the door was open");
    await until(() => !harness.emu.messages(town).some((m) => m["id"] === posted["id"]), "the removal");
    const room = await discordId(harness, gameId, "gm");
    const told = t("en", "activity.safety_net", { seat: "", chat: "Town square" }).split(" in ")[0] ?? "";
    await until(async () => {
      await harness.drain(gameId);
      return harness.emu.messages(room).some((m) => String(m["content"] ?? "").startsWith(told.slice(0, 30)));
    }, "the GM room's notice");
    expect(
      harness.emu
        .messages(room)
        .map((m) => String(m["content"]))
        .join("\n"),
    ).toContain("Town square"); // the chat's name as the GMs read it, not its id
    expect(await safetyNetCount()).toBe(safety + 1);
  }, 120_000);
});

describe("clans: the dead's voice and the prologue", () => {
  it("a dead clan member writes in his clan's chat until muted, then reads it without a voice; the prologue closes when day 1 opens", async () => {
    const harness = await startHarness(12);
    h = harness;
    const gm = harness.guild.ownerId;
    const users = harness.guild.members.map((m) => m.id);
    await harness.slash(gm, "settings", { language: "en" });
    await harness.slash(gm, "game create", { ruleset: "clans", name: "Clans voices" });
    const [game] = await harness.service.db.query.games.findMany();
    const gameId = game?.id ?? "";
    for (const user of users) await harness.slash(user, "game join");
    await harness.slash(gm, "game start");
    await harness.drain(gameId);
    const seats = await harness.service.players(gameId);
    const userOf = new Map(seats.map((s) => [s.seatId, s.userId]));
    let state = await harness.service.state(gameId);
    const boss = state.players.find((p) => p.role === "boss");
    const living = state.players.find((p) => p.role !== "boss");
    if (!boss || !living) throw new Error("no boss dealt");
    const bossUser = userOf.get(boss.id) ?? "";
    const clanChat = (state.data as { chats: { id: string; members: string[] }[] }).chats.find((c) =>
      c.members.includes(boss.id),
    );
    const clan = await discordId(harness, gameId, `chat:${clanChat?.id ?? ""}`);
    // Players talk in the chat's thread of the phase (docs/secrecy.md, "Voices").
    const prologue = await harness.talkChannel(gameId, "game-prologue");
    expect(harness.emu.canSend(userOf.get(living.id) ?? "", prologue)).toBe(true);

    // The GM modkills the boss: dead, he still reads his clan's chat and may write there (§10.3).
    await harness.slash(gm, "gm modkill", { player: bossUser });
    await harness.drain(gameId);
    expect(harness.emu.canView(bossUser, clan)).toBe(true);
    const last = harness.emu.user(bossUser).send(clan, "avenge me");
    await new Promise((r) => setTimeout(r, 500));
    expect(harness.emu.messages(clan).some((m) => m["id"] === last["id"])).toBe(true);

    // Muted, he keeps reading but loses his voice: he was the chat's only member, so no writer is
    // left and the thread itself is locked (a permission; with living members it would be a removal).
    const muted = await harness.service.gm(gameId, gm, {
      action: "set_status",
      targets: [boss.id],
      params: { status: "dead_muted" },
    });
    expect(muted.value.accepted).toBe(true);
    await harness.drain(gameId);
    expect(harness.emu.canView(bossUser, clan)).toBe(true);
    expect(harness.emu.canSend(bossUser, clan)).toBe(false);
    expect(() => harness.emu.user(bossUser).send(clan, "one more word")).toThrow(/locked/);

    // Day 1 opens its own game thread: the prologue's thread is locked and archived in the same
    // reconcile, so nothing in it can be posted, edited or reacted to any more.
    await harness.resolvePhase(gameId);
    state = await harness.service.state(gameId);
    expect(state.phase).toMatchObject({ kind: "day", n: 1 });
    const reader = userOf.get(state.players.find((p) => p.alive)?.id ?? "") ?? "";
    expect(harness.emu.canView(reader, prologue)).toBe(true);
    expect(harness.emu.canSend(reader, prologue)).toBe(false);
    expect(harness.emu.canSend(reader, await harness.talkChannel(gameId, "game-day-1"))).toBe(true);
    expect(harness.emu.channel(prologue)?.["thread_metadata"]).toMatchObject({
      archived: true,
      locked: true,
    });
    expect(() => harness.emu.user(reader).send(prologue, "still here?")).toThrow();
  }, 180_000);
});

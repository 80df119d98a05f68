import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { chats } from "../../src/db/schema/index.js";
import { Permissions } from "../../src/emulator/index.js";
import type { Json } from "../../src/engine/types.js";
import { t } from "../../src/i18n/index.js";
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

/** A member posts; resolves once the bot has removed the post and the notice is in their thread. */
async function expectRemoved(harness: Harness, gameId: string, user: string, seat: string, channel: string) {
  const posted = harness.emu.user(user).send(channel, "I still have something to say");
  const gone = () => !harness.emu.messages(channel).some((m) => m["id"] === posted["id"]);
  await until(gone, "the post's removal");
  const personal = await discordId(harness, gameId, `personal:${seat}`);
  const notice = t("en", "activity.voiceless");
  await until(async () => {
    await harness.drain(gameId);
    return harness.emu.messages(personal).some((m) => String(m["content"] ?? "").includes(notice));
  }, "the private notice");
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
  it("classic with deadKeepRead: the dead and the removed read the Italians' chat, and their posts there are removed with a private notice", async () => {
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
    // Night 0: the GM modkills p1 (dead at the resolution) and marks p3 removed (alive, out of the talk).
    const modkill = await harness.slash(gm, "gm modkill", { player: users[0] });
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
    // Both still read the chat (deadKeepRead; the removed are alive)...
    expect(harness.emu.canView(users[0] ?? "", italians)).toBe(true);
    expect(harness.emu.canView(users[2] ?? "", italians)).toBe(true);
    // ...but neither keeps a voice there; the living member does. Removal is still the rule
    // there (docs/secrecy.md): the safety net, which means a wrong permission, does not fire.
    const safety = await safetyNetCount();
    await expectRemoved(harness, gameId, users[0] ?? "", "p1", italians);
    await expectRemoved(harness, gameId, users[2] ?? "", "p3", italians);
    expect(await safetyNetCount()).toBe(safety);
    const kept = harness.emu.user(users[1] ?? "").send(italians, "the family is still here");
    await new Promise((r) => setTimeout(r, 500));
    expect(harness.emu.messages(italians).some((m) => m["id"] === kept["id"])).toBe(true);
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
    const told = t("en", "activity.safety_net", { seat: "", chat: "town" }).split(" in ")[0] ?? "";
    await until(async () => {
      await harness.drain(gameId);
      return harness.emu.messages(room).some((m) => String(m["content"] ?? "").startsWith(told.slice(0, 30)));
    }, "the GM room's notice");
    expect(
      harness.emu
        .messages(room)
        .map((m) => String(m["content"]))
        .join("\n"),
    ).toContain("town");
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
    const prologue = await discordId(harness, gameId, "chat:game-prologue");
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

    // Day 1 opens its own game thread: the prologue becomes read-only in the same reconcile.
    await harness.resolvePhase(gameId);
    state = await harness.service.state(gameId);
    expect(state.phase).toMatchObject({ kind: "day", n: 1 });
    const reader = userOf.get(state.players.find((p) => p.alive)?.id ?? "") ?? "";
    expect(harness.emu.canView(reader, prologue)).toBe(true);
    expect(harness.emu.canSend(reader, prologue)).toBe(false);
    expect(harness.emu.canSend(reader, await discordId(harness, gameId, "chat:game-day-1"))).toBe(true);
    expect(() => harness.emu.user(reader).send(prologue, "still here?")).toThrow();
  }, 180_000);
});

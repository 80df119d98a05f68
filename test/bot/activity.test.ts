import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats, inputs } from "../../src/db/schema/index.js";
import { t } from "../../src/i18n/index.js";
import { startHarness, type Harness } from "./harness.js";
import { safetyNetCount } from "./voice-matrix.js";

/** Forum conventions: a player's message in a game chat is a `post` for the rules. */

let h: Harness;
let gm: string;
let users: string[];
let gameId: string;
const u = (i: number) => users[i - 1] ?? "";

async function channelOf(key: string): Promise<string> {
  const [row] = await h.database.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, key)));
  return row?.discordId ?? "";
}

async function postsBy(seatId: string): Promise<number> {
  const rows = await h.database.db
    .select()
    .from(inputs)
    .where(and(eq(inputs.gameId, gameId), eq(inputs.seatId, seatId), eq(inputs.accepted, true)));
  return rows.filter((r) => (r.payload as { action?: string }).action === "post").length;
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  h = await startHarness(5);
  gm = h.guild.ownerId;
  users = h.guild.members.map((m) => m.id);
  await h.slash(gm, "game create", { ruleset: "classic", name: "Форум" });
  const [game] = await h.service.db.query.games.findMany();
  gameId = game?.id ?? "";
  const roles = ["maniac", "doctor", "citizen", "citizen"];
  for (const [i, role] of roles.entries()) {
    await h.slash(u(i + 1), "game join");
    await h.slash(gm, "game assign", { user: u(i + 1), role });
  }
  await h.slash(gm, "game start");
  await h.drain(gameId);
  await h.resolvePhase(gameId); // night 0 → day 1
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe("messages in game chats", () => {
  it("a player's message in the town square counts as a post for the activity rules", async () => {
    const town = await h.talkChannel(gameId, "town");
    expect(town).not.toBe("");
    await h.emu.user(u(3)).send(town, "Доброе утро, город.");
    await until(async () => (await postsBy("p3")) === 1);
    // The newspaper, the GM room and personal threads are not game talk.
    await h.emu.user(u(3)).send(await channelOf("personal:p3"), "вопрос ведущему");
    await new Promise((r) => setTimeout(r, 300));
    expect(await postsBy("p3")).toBe(1);
  });

  it("a beaten player loses his voice in Discord itself: the town square refuses his post", async () => {
    const town = await h.talkChannel(gameId, "town");
    const committed = await h.service.gm(gameId, gm, {
      action: "set_status",
      targets: ["p4"],
      params: { status: "beaten" },
    });
    expect(committed.value.accepted).toBe(true);
    await h.drain(gameId);
    let refused: unknown;
    try {
      await h.emu.user(u(4)).send(town, "Меня избили!");
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ code: 50013 });
    expect(h.emu.canSend(u(3), town)).toBe(true);
    expect(await postsBy("p4")).toBe(0);
  });
  it("a post in the day's thread after the day ended, before the thread is archived, is removed and its author told where to write; the GMs are not alarmed", async () => {
    const day = await h.talkChannel(gameId, "town");
    const alarmsBefore = await safetyNetCount();
    const phase = await h.service.currentPhase(gameId);
    h.clock.advance(60_000);
    await h.service.resolveDue(gameId, phase?.index ?? 0, null); // day 1 → night 1, not yet reconciled
    const late = (await h.emu.user(u(3)).send(day, "Успел?")) as { id: string };
    await until(async () => !h.emu.messages(day).some((m) => m["id"] === late.id));
    await h.drain(gameId);
    const own = h.emu.messages(await channelOf("personal:p3")).map((m) => String(m["content"]));
    expect(own.some((text) => text.includes(t("ru", "activity.phase_closed")))).toBe(true);
    expect(await safetyNetCount()).toBe(alarmsBefore);
    expect(await postsBy("p3")).toBe(1);
  });
});

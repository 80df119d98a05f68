import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats, deadlines, games, inputs, resolutions } from "../../src/db/schema/index.js";
import { verifyGameLog } from "../../src/games/verify.js";
import { t } from "../../src/i18n/index.js";
import { contentOf, startHarness, textOf, type Harness, type Json } from "./harness.js";

/**
 * Review mode through Discord (a Russian server): until a GM publishes, a player's every view is
 * the one before the resolution; the draft waits in the GM room with its buttons; a GM's order
 * for a seat and a Re-run change the outcome. Phases resolve by the worker's path.
 */

let h: Harness;
let gm: string;
let users: string[];
const ru = (key: string, params: Record<string, string | number> = {}) => t("ru", key, params);
const u = (i: number) => users[i - 1] ?? "";

beforeAll(async () => {
  h = await startHarness(5);
  gm = h.guild.ownerId;
  users = h.guild.members.map((m) => m.id);
  await h.slash(gm, "settings", { language: "ru" });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** A classic game in review mode: maniac, doctor and two citizens (seats p1–p4). */
async function reviewGame(name: string): Promise<string> {
  await h.slash(gm, "game create", { ruleset: "classic", name, publish: "review" });
  const [game] = await h.database.db.select().from(games).where(eq(games.name, name));
  const gameId = game?.id ?? "";
  for (const [i, role] of ["maniac", "doctor", "citizen", "citizen"].entries()) {
    await h.slash(u(i + 1), "game join", { game: name });
    await h.slash(gm, "game assign", { user: u(i + 1), role, game: name });
  }
  await h.slash(gm, "game start", { game: name });
  await h.drain(gameId);
  return gameId;
}

async function chatsOf(gameId: string) {
  return h.database.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.discordKind, "channel")))
    .then(async (channels) => [
      ...channels,
      ...(await h.database.db
        .select()
        .from(chats)
        .where(and(eq(chats.gameId, gameId), eq(chats.discordKind, "thread")))),
    ]);
}

async function chatId(gameId: string, key: string): Promise<string> {
  const row = (await chatsOf(gameId)).find((c) => c.chatKey === key);
  if (!row) throw new Error(`no chat ${key}`);
  return row.discordId;
}

/** Everything a player can see of the game: status, role card, orders, and where they may read and write. */
async function views(gameId: string, name: string, userId: string) {
  const access = (await chatsOf(gameId))
    .map((c) => `${c.chatKey}:${h.emu.canView(userId, c.discordId)}:${h.emu.canSend(userId, c.discordId)}`)
    .sort();
  return {
    status: textOf(await h.slash(userId, "game status", { game: name })),
    role: textOf(await h.slash(userId, "role", { game: name })),
    orders: contentOf(await h.slash(userId, "orders", { game: name })),
    access,
  };
}

async function newspaper(gameId: string): Promise<string[]> {
  return h.emu.messages(await chatId(gameId, "newspaper")).map((m) => String(m["content"]));
}

/** The draft's card in the GM room (one message per phase, found by its Publish button or its id). */
async function draftCard(gameId: string, phaseIndex: number): Promise<Json> {
  const messages = h.emu.messages(await chatId(gameId, "gm"));
  const card = messages.find((m) =>
    JSON.stringify(m["components"] ?? []).includes(`review:publish:${gameId}:${phaseIndex}`),
  );
  if (!card) throw new Error("no draft card");
  return card;
}

function buttonsOf(message: Json): string[] {
  const rows = (message["components"] ?? []) as { components: { custom_id: string; label: string }[] }[];
  return rows.flatMap((r) => r.components.map((c) => c.label));
}

const press = async (userId: string, message: Json, action: string, gameId: string, phaseIndex: number) =>
  (await h.emu
    .user(userId)
    .click(String(message["id"]), `review:${action}:${gameId}:${phaseIndex}`)
    .reply()) as Json;

describe("review mode holds the resolution until a GM publishes it", () => {
  it("a player's every view during review is the one before the resolution; publication changes them and opens the next phase then", async () => {
    const name = "Ревью";
    const gameId = await reviewGame(name);
    expect(contentOf(await h.slash(u(1), "order", { action: "kill", target: "p4", game: name }))).toContain(
      "player4",
    );
    await h.drain(gameId);
    const before = { victim: await views(gameId, name, u(4)), other: await views(gameId, name, u(3)) };
    const paperBefore = await newspaper(gameId);

    await h.resolvePhase(gameId);
    const [draft] = await h.database.db.select().from(resolutions).where(eq(resolutions.gameId, gameId));
    expect(draft?.status).toBe("draft");
    // Nothing of it reaches the players: state, role card, status, orders, chat access, newspaper.
    expect({ victim: await views(gameId, name, u(4)), other: await views(gameId, name, u(3)) }).toEqual(
      before,
    );
    expect(await newspaper(gameId)).toEqual(paperBefore);
    expect((await h.service.currentPhase(gameId))?.index).toBe(0);
    // The phase is closed to players while its draft waits.
    expect(contentOf(await h.slash(u(2), "order", { action: "heal", target: "p3", game: name }))).toBe(
      ru("phase.in_review"),
    );

    // The draft is in the GM room with its four buttons; only a GM may press them.
    const card = await draftCard(gameId, 0);
    expect(String(card["content"])).toContain("player4");
    expect(buttonsOf(card)).toEqual([
      ru("review.publish"),
      ru("review.edit"),
      ru("review.hold"),
      ru("review.rerun_button"),
    ]);
    // A member who is no GM but was let into the GM room by hand (a moderator) is refused.
    h.emu.setOverwrite(await chatId(gameId, "gm"), u(5), { type: 1, allow: 1024n | 65536n });
    expect(contentOf(await press(u(5), card, "publish", gameId, 0))).toBe(ru("game.gm_only"));
    expect(contentOf(await press(u(5), card, "rerun", gameId, 0))).toBe(ru("game.gm_only"));
    expect(
      (await h.database.db.select().from(resolutions).where(eq(resolutions.gameId, gameId)))[0]?.status,
    ).toBe("draft");

    // /gm rerun resolves it again from the unchanged log: the same draft, on the same card.
    expect(contentOf(await h.slash(gm, "gm rerun", { game: name }))).toBe(
      ru("gm.rerun_done", { phase: "Ночь 0" }),
    );
    await h.drain(gameId);
    const again = await draftCard(gameId, 0);
    expect(again["id"]).toBe(card["id"]);
    expect(String(again["content"])).toContain("player4");

    // The GM publishes ten minutes later: the next phase opens, and its clock starts, then.
    h.clock.advance(10 * 60_000);
    const publishedAt = h.clock.now();
    expect(contentOf(await press(gm, card, "publish", gameId, 0))).toBe(
      ru("gm.published", { phase: "Ночь 0" }),
    );
    await h.drain(gameId);
    const day = await h.service.currentPhase(gameId);
    expect(day?.index).toBe(1);
    expect(day?.startedAt.getTime()).toBe(publishedAt.getTime());
    const after = { victim: await views(gameId, name, u(4)), other: await views(gameId, name, u(3)) };
    expect(after.victim.role).not.toEqual(before.victim.role);
    expect(after.victim.role).toContain(ru("role.dead", { gender: "" }));
    expect(after.other.status).toContain(`${ru("status.dead")} (1)`);
    expect(before.other.status).not.toContain(ru("status.dead"));
    expect(after.victim.access).not.toEqual(before.victim.access);
    expect((await newspaper(gameId)).slice(paperBefore.length).join("\n")).toContain("player4");
    // The card is the same message, edited: published, without buttons.
    const messages = h.emu.messages(await chatId(gameId, "gm"));
    const edited = messages.find((m) => m["id"] === card["id"]);
    expect(String(edited?.["content"])).toContain("✅");
    expect(buttonsOf(edited ?? {})).toEqual([]);
    await h.slash(gm, "game end", { game: name });
  });

  it("a GM's order for a seat holds the draft; Re-run resolves again from the log and the outcome changes", async () => {
    const name = "Пересчёт";
    const gameId = await reviewGame(name);
    await h.slash(u(1), "order", { action: "kill", target: "p4", game: name });
    await h.resolvePhase(gameId);
    expect(String((await draftCard(gameId, 0))["content"])).toContain("player4");

    // A GM reads any seat; a player may read only his own.
    expect(textOf(await h.slash(gm, "role", { player: u(1), game: name }))).toContain(
      ru("gm.viewing", { player: "player1" }),
    );
    expect(contentOf(await h.slash(u(2), "role", { player: u(1), game: name }))).toBe(
      ru("gm.player_option_gm_only"),
    );
    expect(contentOf(await h.slash(u(2), "orders", { player: u(1), game: name }))).toBe(
      ru("gm.player_option_gm_only"),
    );

    // Any GM correction while the draft waits holds it (a status here), and says so.
    expect(
      contentOf(await h.slash(gm, "gm status set", { player: u(3), status: "vest_broken", game: name })),
    ).toContain(ru("gm.correction_note", { phase: "Ночь 0" }));
    expect(
      (await h.database.db.select().from(resolutions).where(eq(resolutions.gameId, gameId)))[0]?.status,
    ).toBe("held");
    // The GM overrides the maniac's order while the draft waits: recorded, and the draft is held.
    const override = contentOf(
      await h.slash(gm, "gm order", { player: u(1), action: "kill", target: "p3", game: name }),
    );
    expect(override).toContain(ru("gm.order_done", { player: "player1", action: "Убить → player3" }));
    expect(override).toContain(ru("gm.correction_note", { phase: "Ночь 0" }));
    expect(contentOf(await h.slash(gm, "orders", { player: u(1), game: name }))).toContain("player3");
    await h.drain(gameId);
    const held = await draftCard(gameId, 0);
    expect(String(held["content"])).toContain("player4");
    expect(contentOf(await h.slash(gm, "gm publish", { game: name }))).toBe(ru("game.draft_stale"));

    expect(contentOf(await press(gm, held, "rerun", gameId, 0))).toBe(
      ru("gm.rerun_done", { phase: "Ночь 0" }),
    );
    await h.drain(gameId);
    const rerun = await draftCard(gameId, 0);
    expect(rerun["id"]).toBe(held["id"]);
    expect(String(rerun["content"])).toContain("player3");
    expect(String(rerun["content"])).not.toContain("player4");
    // Edit from the card: the modal holds the newspaper as drafted; publication posts the new text.
    const modal = (await h.emu
      .user(gm)
      .click(String(rerun["id"]), `review:edit:${gameId}:0`)
      .modal()) as Json;
    const fields = modal["components"] as { components: { value?: string }[] }[];
    expect(fields[0]?.components[0]?.value).toContain("player3");
    const submitted = (await h.emu.user(gm).submitModal({ text: "Утром нашли player3." }).reply()) as Json;
    expect(contentOf(submitted)).toBe(ru("gm.edited", { phase: "Ночь 0" }));
    expect(contentOf(await h.slash(gm, "gm publish", { game: name }))).toBe(
      ru("gm.published", { phase: "Ночь 0" }),
    );
    await h.drain(gameId);
    expect(await newspaper(gameId)).toContain("Утром нашли player3.");
    const state = await h.service.state(gameId);
    expect(state.players.find((p) => p.id === "p3")?.alive).toBe(false);
    expect(state.players.find((p) => p.id === "p4")?.alive).toBe(true);

    // Every step is in the log with who did it.
    const log = await h.database.db
      .select()
      .from(inputs)
      .where(eq(inputs.gameId, gameId))
      .orderBy(asc(inputs.seq));
    const gmOrder = log.find((r) => r.type === "action" && r.userId === gm);
    expect(gmOrder?.seatId).toBe("p1");
    const controls = log
      .filter((r) => r.type === "control")
      .map((r) => `${(r.payload as { action: string }).action}:${r.userId === gm ? "gm" : r.userId}`);
    expect(controls).toEqual(expect.arrayContaining(["rerun:gm", "publish:gm"]));
    const pending = await h.database.db
      .select()
      .from(deadlines)
      .where(
        and(eq(deadlines.gameId, gameId), eq(deadlines.kind, "publish"), eq(deadlines.status, "pending")),
      );
    expect(pending).toEqual([]);

    // The log replays: the draft, the override, the re-run and the publication verify.
    await h.slash(gm, "game end", { game: name });
    await h.drain(gameId);
    const reveal = h.emu
      .messages(await chatId(gameId, "newspaper"))
      .find((m) => JSON.stringify(m["attachments"] ?? []).includes("game-log.json"));
    const secret = /`([0-9a-f]{32})`/.exec(String(reveal?.["content"]))?.[1] ?? "";
    const attachment = (reveal?.["attachments"] as { filename: string; url: string }[]).find(
      (a) => a.filename === "game-log.json",
    );
    const record = (await (await fetch(attachment?.url ?? "")).json()) as unknown;
    expect(verifyGameLog(record, { secret })).toMatchObject({ ok: true });
  });
});

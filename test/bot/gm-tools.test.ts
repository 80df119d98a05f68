import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats } from "../../src/db/schema/index.js";
import { t } from "../../src/i18n/index.js";
import { contentOf, startHarness, type Harness, type Json } from "./harness.js";

/** The GM's tools on a classic game in review mode: deadline, pause, statuses, review, edit modal, announce. */

let h: Harness;
let gm: string;
let users: string[];
let gameId: string;
const ru = (key: string, params: Record<string, string | number> = {}) => t("ru", key, params);
const u = (i: number) => users[i - 1] ?? "";

beforeAll(async () => {
  h = await startHarness(5);
  gm = h.guild.ownerId;
  users = h.guild.members.map((m) => m.id);
  await h.slash(gm, "game create", { ruleset: "classic", name: "Проверка", publish: "review" });
  const [game] = await h.service.db.query.games.findMany();
  gameId = game?.id ?? "";
  const roles = ["maniac", "doctor", "citizen", "citizen"];
  for (const [i, role] of roles.entries()) {
    await h.slash(u(i + 1), "game join");
    await h.slash(gm, "game assign", { user: u(i + 1), role });
  }
  await h.slash(gm, "game start");
  await h.drain(gameId);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

async function newspaper(): Promise<string> {
  const [row] = await h.database.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, "newspaper")));
  return h.emu
    .messages(row?.discordId ?? "")
    .map((m) => String(m["content"]))
    .join("\n");
}

describe("GM tools", () => {
  it("extend, pause and resume move and freeze the deadline", async () => {
    const before = (await h.service.currentPhase(gameId))?.deadlineAt?.getTime() ?? 0;
    const extended = contentOf(await h.slash(gm, "gm extend", { minutes: 21 }));
    const unix = Math.floor((before + 21 * 60_000) / 1000);
    expect(extended).toBe(
      `Срок сдвинут на 21 минуту. Ночь 0 теперь заканчивается <t:${unix}:F> (<t:${unix}:R>).`,
    );
    expect((await h.service.currentPhase(gameId))?.deadlineAt?.getTime()).toBe(before + 21 * 60_000);
    await h.drain(gameId);
    expect(await newspaper()).toContain(`⏰ Ведущий перенёс срок: Ночь 0 заканчивается <t:${unix}:F>`);
    expect(contentOf(await h.slash(gm, "gm pause"))).toBe(ru("gm.paused"));
    expect((await h.service.game(gameId)).status).toBe("paused");
    expect(contentOf(await h.slash(gm, "gm pause"))).toBe(ru("game.not_running"));
    expect(contentOf(await h.slash(gm, "gm resume"))).toBe(ru("gm.resumed"));
    expect((await h.service.game(gameId)).status).toBe("running");
  });

  it("statuses and revive go through the ruleset, which refuses what its rules forbid", async () => {
    // One of the rules' statuses (a citizen's broken vest changes nothing); any other is refused.
    expect(contentOf(await h.slash(gm, "gm status set", { player: u(3), status: "vest_broken" }))).toBe(
      ru("gm.done", { action: "статус поставить" }),
    );
    const state = await h.service.state(gameId);
    expect(state.players.find((p) => p.id === "p3")?.statuses).toContain("vest_broken");
    // p3 is alive: the GM's revive is refused with the rule's reason, in Russian.
    const revive = await h.slash(gm, "gm revive", { player: u(3) });
    expect(contentOf(revive)).toBe(ru("gm.rejected", { reason: "игрок жив" }));
    const stranger = await h.slash(gm, "gm modkill", { player: u(5) });
    expect(contentOf(stranger)).toBe(ru("game.not_player"));
    expect(contentOf(await h.slash(u(1), "extension"))).toBe(ru("extension.unavailable"));
  });

  it("announce posts to the newspaper through the outbox", async () => {
    expect(contentOf(await h.slash(gm, "gm announce", { text: "Ночь будет длинной." }))).toBe(
      ru("gm.announced"),
    );
    await h.drain(gameId);
    expect(await newspaper()).toContain("Ночь будет длинной.");
  });

  it("review: the draft waits; the GM holds it, edits it in a modal, and publishes it", async () => {
    await h.slash(u(1), "order", { action: "kill", target: "p4" });
    expect(contentOf(await h.slash(gm, "gm force"))).toBe(ru("gm.forced"));
    await h.resolvePhase(gameId);
    const paperBefore = await newspaper();
    expect(paperBefore).not.toContain("player4");
    expect(contentOf(await h.slash(gm, "gm hold"))).toBe(ru("gm.held", { phase: "Ночь 0" }));
    const handle = h.emu.user(gm).slash(h.lobby, "gm edit");
    const modal = (await handle.modal()) as Json;
    const rows = modal["components"] as { components: { value?: string }[] }[];
    expect(rows[0]?.components[0]?.value).toContain("player4");
    const submitted = await h.emu
      .user(gm)
      .submitModal({ text: "Правленая газета: player4 найден утром." })
      .reply();
    expect(contentOf(submitted as Json)).toBe(ru("gm.edited", { phase: "Ночь 0" }));
    expect(contentOf(await h.slash(gm, "gm publish"))).toBe(ru("gm.published", { phase: "Ночь 0" }));
    await h.drain(gameId);
    expect(await newspaper()).toContain("Правленая газета: player4 найден утром.");
    expect(contentOf(await h.slash(gm, "gm publish"))).toBe(ru("game.no_draft"));
  });

  it("replace gives a seat to a new account, who then sees the seat's own thread", async () => {
    const reply = await h.slash(gm, "gm replace", { player: u(3), with: u(5) });
    expect(contentOf(reply)).toBe(ru("gm.replaced", { to: "player5", from: "player3" }));
    await h.drain(gameId);
    const [row] = await h.database.db
      .select()
      .from(chats)
      .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, "personal:p3")));
    expect(h.emu.canView(u(5), row?.discordId ?? "")).toBe(true);
    expect(h.emu.canView(u(3), row?.discordId ?? "")).toBe(false);
    expect(contentOf(await h.slash(u(3), "role"))).toBe(ru("game.not_player"));
  });
});

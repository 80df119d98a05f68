import { Routes } from "discord.js";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats } from "../../src/db/schema/index.js";
import { buildOrdersPanel } from "../../src/discord/panels.js";
import { t } from "../../src/i18n/index.js";
import { contentOf, startHarness, textOf, type Harness, type Json } from "./harness.js";
import { seatNamesOf } from "../../src/discord/masks/seat-names.js";

/**
 * Two games on one server (reichstag and classic): the `game` option and its autocomplete
 * choose between them; the reichstag steps (nominate, Ja/Nein, discard, enact, powers) are
 * played only through the orders panel in each player's own thread; /game end reveals all.
 */

let h: Harness;
let gm: string;
let users: string[];
let reich: string;
let classic: string;
const ru = (key: string, params: Record<string, string | number> = {}) => t("ru", key, params);
const u = (i: number) => users[i - 1] ?? "";

beforeAll(async () => {
  h = await startHarness(8);
  gm = h.guild.ownerId;
  users = h.guild.members.map((m) => m.id);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

async function thread(gameId: string, seat: string): Promise<string> {
  const [row] = await h.database.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, `personal:${seat}`)));
  if (!row) throw new Error(`no thread for ${seat}`);
  return row.discordId;
}

describe("several games per server; reichstag through the panel", () => {
  it("the guild's commands are registered in bulk with Russian localizations", async () => {
    const fetched = await h.client.application?.commands.fetch({
      guildId: h.guild.id,
      withLocalizations: true,
    });
    const names = [...(fetched?.values() ?? [])].map((c) => c.name).sort();
    expect(names).toEqual([
      "extension",
      "game",
      "gm",
      "help",
      "order",
      "orders",
      "role",
      "rules",
      "say",
      "settings",
      "stats",
      "vote",
    ]);
    const game = fetched?.find((c) => c.name === "game");
    expect(game?.nameLocalizations).toEqual({ ru: "игра" });
    expect(game?.descriptionLocalizations?.ru).toBe("Создание игр, запись и управление");
    expect(h.emu.violations()).toEqual([]);
  });

  it("two lobbies: joining needs the game named; autocomplete lists both", async () => {
    await h.slash(gm, "game create", { ruleset: "reichstag", name: "Рейхстаг" });
    await h.slash(gm, "game create", { ruleset: "classic", name: "Город" });
    const dup = await h.slash(gm, "game create", { ruleset: "classic", name: "город" });
    expect(contentOf(dup)).toBe(ru("game.name_taken", { name: "город" }));
    const games = await h.service.db.query.games.findMany();
    reich = games.find((g) => g.name === "Рейхстаг")?.id ?? "";
    classic = games.find((g) => g.name === "Город")?.id ?? "";
    // Two lobbies open: /game join asks which (a menu; test/bot/help-and-order.test.ts picks from it).
    expect(contentOf(await h.slash(u(1), "game join"))).toBe(ru("join.pick"));
    const offered = await h.choices(u(1), "game join", { game: "" }, "game");
    expect(offered.map((c) => c.value).sort()).toEqual([reich, classic].sort());
    for (let i = 1; i <= 5; i++) {
      expect(contentOf(await h.slash(u(i), "game join", { game: reich }))).toBe(
        ru("game.joined", { name: "Рейхстаг", seat: i }),
      );
    }
    // By name, too; and one player sits in both games.
    expect(contentOf(await h.slash(u(6), "game join", { game: "Город" }))).toContain("Город");
    expect(contentOf(await h.slash(u(1), "game join", { game: "Город" }))).toContain("Город");
    // u(6) takes part in one game only: it needs no name.
    expect(contentOf(await h.slash(u(6), "game leave"))).toBe(ru("game.left", { name: "Город" }));
    const roles = ["liberal", "liberal", "liberal", "fascist", "hitler"];
    for (const [i, role] of roles.entries()) {
      await h.slash(gm, "game assign", { user: u(i + 1), role, game: reich });
    }
    const start = await h.slash(gm, "game start", { game: reich });
    expect(contentOf(start)).toContain("Рейхстаг");
    await h.drain(reich);
  });

  it("each step goes through the panel: select menus and buttons in the player's own thread", async () => {
    const seats = await h.service.players(reich);
    const names = new Map(seats.map((s) => [s.seatId, s.displayName]));
    const used = new Set<string>();
    for (let step = 0; step < 4; step++) {
      const state = await h.service.state(reich);
      if (state.ended) break;
      for (const seat of seats) {
        const { actions } = await h.service.available(reich, seat.userId);
        const index = actions.findIndex(
          (a) => !["request_extension", "agree_close", "object_close"].includes(a.action),
        );
        const offer = actions[index];
        if (!offer) continue;
        const panel = buildOrdersPanel(
          "ru",
          actions,
          seatNamesOf(names, "off"),
          reich,
          `${state.phase.kind} ${state.phase.n}`,
        );
        const where = await thread(reich, seat.seatId);
        const posted = (await h.rest.post(Routes.channelMessages(where), { body: panel })) as { id: string };
        const ids = (panel.components as { components: { custom_id: string }[] }[]).flatMap((r) =>
          r.components.map((c) => c.custom_id),
        );
        const id = ids.find((x) => x.endsWith(`:${index}:${offer.action}`));
        expect(id, `${offer.action} on the panel`).toBeDefined();
        const choice = offer.action === "vote" ? ["ja"] : offer.targets.slice(0, offer.minTargets);
        const handle =
          offer.targets.length === 0
            ? h.emu.user(seat.userId).click(posted.id, id ?? "")
            : h.emu.user(seat.userId).select(posted.id, id ?? "", choice);
        const receipt = contentOf((await handle.reply()) as Json);
        expect(receipt, `${state.phase.kind}: ${offer.action}`).toMatch(/^Принято: /);
        used.add(offer.action);
      }
      await h.resolvePhase(reich);
    }
    expect(used.has("nominate")).toBe(true);
    expect(used.has("vote")).toBe(true);
    expect(used.has("discard")).toBe(true);
  });

  it("a player's /order in the other game needs that game; commands in a game's thread find it", async () => {
    const where = await thread(reich, "p1");
    const status = textOf(await h.slash(u(1), "game status", {}, where));
    expect(status).toContain("Рейхстаг");
    const other = textOf(await h.slash(u(1), "game status", { game: classic }));
    expect(other).toContain("Город");
  });

  it("/game end reveals every role in the newspaper and ends only that game", async () => {
    const end = await h.slash(gm, "game end", { game: reich });
    expect(contentOf(end)).toBe(ru("game.ended_done", { name: "Рейхстаг" }));
    await h.drain(reich);
    const [paper] = await h.database.db
      .select()
      .from(chats)
      .where(and(eq(chats.gameId, reich), eq(chats.chatKey, "newspaper")));
    const text = h.emu
      .messages(paper?.discordId ?? "")
      .map((m) => String(m["content"]))
      .join("\n");
    expect(text).toContain(ru("reveal.title", { name: "Рейхстаг" }));
    expect(text).toMatch(/player5 — Гитлер/);
    expect((await h.service.game(classic)).status).toBe("lobby");
    expect(contentOf(await h.slash(gm, "game end", { game: reich }))).toBe(ru("game.ended"));
  });
});

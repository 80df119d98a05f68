import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games, players } from "../../src/db/schema/index.js";
import { t } from "../../src/i18n/index.js";
import { gameWorld, refusedSlash } from "./refusals.js";
import { contentOf, startHarness, textOf, type Harness, type Json } from "./harness.js";

/**
 * Help and order on a server, through slash commands on the emulator: /help shows what a member
 * may use now (Russian and English), /game list, /game join asking which lobby, the rules'
 * table minimum at the start, and the server's cap on running games. Each refusal changes nothing.
 */

let h: Harness;
let owner: string;
let users: string[];
const ru = (key: string, params: Record<string, string | number> = {}) => t("ru", key, params);
const en = (key: string, params: Record<string, string | number> = {}) => t("en", key, params);
const u = (i: number) => users[i - 1] ?? "";

beforeAll(async () => {
  h = await startHarness(8);
  owner = h.guild.ownerId;
  users = h.guild.members.map((m) => m.id);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** A refusal's answer, checking that the command changed nothing. */
const refused = (user: string, line: string, options: Json = {}) => refusedSlash(h, user, line, options);

const help = async (user: string) => textOf(await h.slash(user, "help"));

async function gameNamed(name: string) {
  const [game] = await h.database.db.select().from(games).where(eq(games.name, name));
  if (!game) throw new Error(`no game ${name}`);
  return game;
}

describe("/help", () => {
  it("shows a member only what is open to them now, in the server's language", async () => {
    const member = await help(u(1));
    expect(member).toContain(ru("help.title"));
    expect(member).toContain("`/помощь` — Команды, доступные вам сейчас");
    expect(member).toContain("`/игра список`");
    expect(member).toContain("`/игра статус`");
    expect(member).not.toContain("`/игра создать`");
    expect(member).not.toContain("`/ведущий");
    expect(member).not.toContain("`/настройки`");
    const manager = await help(owner);
    expect(manager).toContain(ru("help.create"));
    expect(manager).toContain("`/игра создать` — Создать игру на этом сервере");
    expect(manager).toContain("`/настройки`");
  });
});

describe("joining and listing", () => {
  it("with several lobbies open, /game join asks which one and joins the one chosen", async () => {
    await h.slash(owner, "game create", { ruleset: "classic", name: "Альфа" });
    expect(await help(u(1))).toContain(
      `**${ru("help.join", { games: "«Альфа»" })}**\n\`/игра войти\` — Записаться в игру`,
    );
    await h.slash(owner, "game create", { ruleset: "classic", name: "Бета" });
    const beta = await gameNamed("Бета");
    const before = await gameWorld(h);
    const asked = await h.slash(u(1), "game join");
    expect(await gameWorld(h)).toBe(before);
    expect(contentOf(asked)).toBe(ru("join.pick"));
    const menu = (asked["components"] as { components: { custom_id: string; options: Json[] }[] }[])[0]
      ?.components[0];
    expect(menu?.options.map((o) => o["label"])).toEqual(["Бета", "Альфа"]);
    const joined = await h.emu
      .user(u(1))
      .select(String(asked["id"]), menu?.custom_id ?? "", [beta.id])
      .reply();
    expect(contentOf(joined)).toBe(ru("game.joined", { name: "Бета", seat: 1 }));
    const seats = await h.database.db
      .select()
      .from(players)
      .where(eq(players.userId, u(1)));
    expect(seats.map((s) => s.gameId)).toEqual([beta.id]);
    // Autocomplete of `game` offers only the lobbies; a named game joins directly.
    const offered = await h.choices(u(2), "game join", { game: "" }, "game");
    expect(offered.map((c) => c.name.split(" · ")[0]).sort()).toEqual(["Альфа", "Бета"]);
    expect(contentOf(await h.slash(u(2), "game join", { game: "Альфа" }))).toBe(
      ru("game.joined", { name: "Альфа", seat: 1 }),
    );
    expect(await help(u(1))).toContain(`**${ru("help.lobby", { games: "«Бета»" })}**\n\`/игра выйти\``);
    // Seated in one of the two, /game join offers no menu: the other lobby is the only one left.
    expect(contentOf(await h.slash(u(1), "game join"))).toBe(ru("game.joined", { name: "Альфа", seat: 2 }));
    expect(await refused(u(1), "game join")).toBe(ru("game.already_joined"));
    await h.slash(u(1), "game leave", { game: "Альфа" });
  });

  it("/game list names the server's games with their state, seats and the member's part", async () => {
    const list = textOf(await h.slash(u(1), "game list"));
    expect(list).toContain(ru("list.title"));
    expect(list).toContain("**Бета** · Классическая мафия: два клана · набор · 1 игрок · вы играете");
    expect(list).toContain("**Альфа** · Классическая мафия: два клана · набор · 1 игрок");
    expect(list).toContain(ru("list.running", { count: 0, max: 5 }));
    expect(textOf(await h.slash(owner, "game list"))).toContain(
      "**Альфа** · Классическая мафия: два клана · набор · 1 игрок · вы ведущий",
    );
  });
});

describe("starting", () => {
  it("is refused below the rules' table minimum: regnum deals to twelve, classic needs three", async () => {
    await h.slash(owner, "game create", { ruleset: "regnum", name: "Королевство" });
    for (let i = 3; i <= 5; i++) await h.slash(u(i), "game join", { game: "Королевство" });
    expect(await refused(owner, "game start", { game: "Королевство" })).toBe(
      ru("game.too_few_dealt", { ruleset: "Регнум", count: 3, min: 12, assigned: 1 }),
    );
    expect(await refused(owner, "game start", { game: "Альфа" })).toBe(
      ru("game.too_few_players", { ruleset: "Классическая мафия: два клана", count: 1, min: 3 }),
    );
    await h.slash(owner, "game end", { game: "Королевство" });
  });

  it("is refused over the server's cap on running games, which /settings max_games sets", async () => {
    expect(contentOf(await h.slash(owner, "settings", { max_games: 1 }))).toContain(
      "не больше 1 идущей игры",
    );
    await h.slash(u(3), "game join", { game: "Альфа" });
    await h.slash(u(4), "game join", { game: "Альфа" });
    await h.slash(u(5), "game join", { game: "Бета" });
    await h.slash(u(6), "game join", { game: "Бета" });
    for (const [game, seats] of [
      ["Альфа", [u(2), u(3), u(4)]],
      ["Бета", [u(1), u(5), u(6)]],
    ] as const) {
      for (const [i, role] of ["maniac", "doctor", "citizen"].entries())
        await h.slash(owner, "game assign", { game, user: seats[i], role });
    }
    expect(contentOf(await h.slash(owner, "game start", { game: "Альфа" }))).toContain("«Альфа»");
    expect(await refused(owner, "game start", { game: "Бета" })).toBe(
      ru("game.too_many_running", { max: 1 }),
    );
    await h.slash(owner, "settings", { max_games: 2 });
    expect(contentOf(await h.slash(owner, "game start", { game: "Бета" }))).toContain("«Бета»");
  });
});

describe("/help in English, in running games", () => {
  it("a player sees the player's commands of their game's rules, a GM the GM's, and refusals are English", async () => {
    await h.slash(owner, "settings", { language: "en" });
    const player = await help(u(2));
    expect(player).toContain(`**${en("help.player", { games: "«Альфа»" })}**\n`);
    expect(player).toContain("`/order` — Give or change an order");
    expect(player).toContain("`/vote`");
    expect(player).not.toContain("`/extension`");
    expect(player).not.toContain("`/say`");
    expect(player).not.toContain("`/gm ");
    const gm = await help(owner);
    expect(gm).toContain(en("help.gm_server"));
    expect(gm).toContain("`/gm add` — Make a member a co-GM of the game");
    expect(gm).toContain("`/gm remove`");
    expect(gm).toContain("`/game create`");
    expect(await refused(u(7), "game create", { ruleset: "classic", name: "Gamma" })).toBe(
      en("game.create_forbidden"),
    );
    expect(await refused(u(7), "gm pause", { game: "Альфа" })).toBe(en("game.gm_only"));
    expect(await refused(u(7), "game join")).toBe(en("game.no_lobby"));
    expect(await refused(owner, "gm add", { game: "Альфа", user: u(3) })).toBe(en("gm.add_player"));
  });

  it("/game create takes a preset or a phase length (the README's options)", async () => {
    await h.slash(owner, "game create", { ruleset: "classic", name: "Blitz", preset: "blitz" });
    await h.slash(owner, "game create", { ruleset: "classic", name: "Half hour", phase_minutes: 30 });
    expect((await gameNamed("Blitz")).phaseDurationMs).toBe(15 * 60_000);
    expect((await gameNamed("Half hour")).phaseDurationMs).toBe(30 * 60_000);
    for (const game of ["Blitz", "Half hour"]) await h.slash(owner, "game end", { game });
  });
});

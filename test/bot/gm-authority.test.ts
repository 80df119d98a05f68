import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats, games } from "../../src/db/schema/index.js";
import type { Lang } from "../../src/engine/types.js";
import { t } from "../../src/i18n/index.js";
import { refusedSlash } from "./refusals.js";
import { contentOf, startHarness, textOf, type Harness, type Json } from "./harness.js";

/**
 * Who is a GM (src/games/authority.ts, docs/gm.md), driven as members would through slash
 * commands on the emulator, in Russian and in English: a member seated in a game is never its GM,
 * whatever his server standing (the GM role, Manage Server): no /gm command, no console link, no
 * GM room, no role reveal. A GM of the game cannot take a seat of it; a seated player cannot be
 * added as a GM; the server's owner and Administrators cannot sit (Discord shows them every
 * channel); and two names that read alike ("Anna" and "Аnna") cannot sit in the same game. Every
 * refusal changes nothing.
 */

let h: Harness;
let owner: string;
let users: string[];
let gmRole: string;
let adminRole: string;
const u = (i: number) => users[i - 1] ?? "";
// player7 holds the GM role and creates each game; player8 holds the GM role and joins as a
// player; player9 has Manage Server and joins as a player; player6 is an Administrator.
const creator = () => u(7);
const roleGm = () => u(8);
const manager = () => u(9);
const admin = () => u(6);
const lookalikes: Record<Lang, { anna: string; cyrillic: string }> = {
  ru: { anna: "", cyrillic: "" },
  en: { anna: "", cyrillic: "" },
};

beforeAll(async () => {
  h = await startHarness(9);
  owner = h.guild.ownerId;
  users = h.guild.members.map((m) => m.id);
  gmRole = h.emu.createRole(h.guild.id, { name: "Ведущие" });
  const managers = h.emu.createRole(h.guild.id, { name: "Управляющие", permissions: String(1n << 5n) });
  adminRole = h.emu.createRole(h.guild.id, { name: "Админы", permissions: String(1n << 3n) });
  h.emu.setMemberRoles(h.guild.id, creator(), [gmRole]);
  h.emu.setMemberRoles(h.guild.id, roleGm(), [gmRole]);
  h.emu.setMemberRoles(h.guild.id, manager(), [managers]);
  h.emu.setMemberRoles(h.guild.id, admin(), [adminRole]);
  await h.slash(owner, "settings", { gm_role: gmRole });
  for (const lang of ["ru", "en"] as const) {
    // "Anna" in Latin letters, and "Аnna" whose first letter is the Cyrillic А.
    const anna = h.emu.createUser(`anna-${lang}`, { globalName: "Anna" });
    const cyrillic = h.emu.createUser(`anna2-${lang}`, { globalName: "\u0410nna" });
    h.emu.addMember(h.guild.id, anna.id);
    h.emu.addMember(h.guild.id, cyrillic.id);
    lookalikes[lang] = { anna: anna.id, cyrillic: cyrillic.id };
  }
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** A refusal's answer, checking that the command changed nothing. */
const refused = (user: string, line: string, options: Json = {}) => refusedSlash(h, user, line, options);

describe.each(["ru", "en"] as const)("who is a GM of a game (%s)", (lang) => {
  const say = (key: string, params: Record<string, string | number> = {}) => t(lang, key, params);
  const name = lang === "ru" ? "Осень" : "Autumn";
  const other = lang === "ru" ? "Зима" : "Winter";
  let gameId = "";

  async function gmRoom(): Promise<string> {
    const [row] = await h.database.db
      .select()
      .from(chats)
      .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, "gm")));
    return row?.discordId ?? "";
  }

  it("members with the GM role or Manage Server join as players; the game's own GM, the owner and an Administrator cannot sit", async () => {
    await h.slash(owner, "settings", { language: lang });
    await h.slash(creator(), "game create", { ruleset: "classic", name });
    const [game] = await h.database.db.select().from(games).where(eq(games.name, name));
    gameId = game?.id ?? "";
    for (const member of [roleGm(), manager(), u(1), u(2)])
      expect(contentOf(await h.slash(member, "game join", { game: name }))).toContain(name);
    expect(await refused(creator(), "game join", { game: name })).toBe(say("game.gm_cannot_join"));
    expect(await refused(owner, "game join", { game: name })).toBe(say("game.admin_cannot_join"));
    expect(await refused(admin(), "game join", { game: name })).toBe(say("game.admin_cannot_join"));
  });

  it("a co-GM cannot join, be assigned a seat or replace into it; a seated player cannot be added as a GM", async () => {
    expect(contentOf(await h.slash(creator(), "gm add", { user: u(3), game: name }))).toBe(
      say("gm.added", { user: "player3", name }),
    );
    expect(await refused(u(3), "game join", { game: name })).toBe(say("game.gm_cannot_join"));
    expect(await refused(creator(), "game assign", { user: u(3), role: "citizen", game: name })).toBe(
      say("game.gm_cannot_sit"),
    );
    expect(await refused(creator(), "gm replace", { player: u(1), with: u(3), game: name })).toBe(
      say("game.gm_cannot_sit"),
    );
    expect(await refused(creator(), "gm replace", { player: u(1), with: owner, game: name })).toBe(
      say("game.admin_cannot_sit"),
    );
    for (const seated of [roleGm(), manager(), u(1)])
      expect(await refused(creator(), "gm add", { user: seated, game: name })).toBe(say("gm.add_player"));
  });

  it("a second name that reads like a seated one (Anna, Аnna with a Cyrillic А) is refused", async () => {
    const { anna, cyrillic } = lookalikes[lang];
    expect(contentOf(await h.slash(anna, "game join", { game: name }))).toContain(name);
    expect(await refused(cyrillic, "game join", { game: name })).toBe(say("game.confusable_name"));
    expect(await refused(creator(), "gm replace", { player: u(2), with: cyrillic, game: name })).toBe(
      say("gm.replace_confusable", { name: "Anna" }),
    );
  });

  it("in the lobby and once started, a seated server GM gets no /gm command, no console link and no role", async () => {
    for (const seated of [roleGm(), manager()]) {
      expect(await refused(seated, "game assign", { user: u(1), role: "citizen", game: name })).toBe(
        say("game.gm_seated"),
      );
      expect(await refused(seated, "game start", { game: name })).toBe(say("game.gm_seated"));
    }
    expect(contentOf(await h.slash(creator(), "game start", { game: name }))).toContain(name);
    await h.drain(gameId);
    await h.slash(creator(), "game create", { ruleset: "classic", name: other });
    for (const seated of [roleGm(), manager()]) {
      for (const [line, options] of [
        ["gm console", {}],
        ["gm pause", {}],
        ["gm extend", { minutes: 30 }],
        ["gm modkill", { player: u(1) }],
        ["gm announce", { text: "…" }],
      ] as const) {
        const answer = await refused(seated, line, { ...options, game: name });
        expect(answer).toBe(say("game.gm_seated"));
        expect(answer).not.toContain("/console/enter");
      }
      expect(await refused(seated, "role", { player: u(1), game: name })).toBe(say("game.gm_seated"));
      expect(h.emu.canView(seated, await gmRoom())).toBe(false);
      // /help names the games he runs (another lobby), not "every game": he plays this one.
      const help = textOf(await h.slash(seated, "help"));
      expect(help).toContain(say("help.player", { games: `«${name}»` }));
      expect(help).toContain(say("help.gm", { games: `«${other}»` }));
      expect(help).not.toContain(say("help.gm_server"));
    }
    // The game's own GM still runs it, and sits in the GM room.
    expect(contentOf(await h.slash(creator(), "gm pause", { game: name }))).toBe(say("gm.paused"));
    expect(h.emu.canView(creator(), await gmRoom())).toBe(true);
    await h.slash(creator(), "game end", { game: name });
    await h.drain(gameId);
    await h.slash(creator(), "game end", { game: other });
  });
});

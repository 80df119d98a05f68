import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../src/engine/types.js";
import { rejectionText, t } from "../../src/i18n/index.js";
import { reject } from "../../src/rulesets/classic/rejections.js";
import { contentOf, startHarness, type Harness } from "./harness.js";

/**
 * `/game options` in the lobby, as a GM does it in both languages: a classic table of five starts
 * with the default deal of its size; roles that do not add up refuse the start with a message
 * that names the fix; `{"roles": null}` goes back to the default; a misspelled key, a player and
 * a started game are refused.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness(12);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** classic's options keep the game's zone (the rules' Moscow time here). */
const ZONE = "Europe/Moscow";

const slash = async (userId: string, line: string, options: Record<string, unknown> = {}) =>
  contentOf(
    (await h.emu.user(userId).slash(h.lobby, line, options).reply(60_000)) as Record<string, unknown>,
  );

describe.each<Lang>(["en", "ru"])("/game options (%s)", (lang) => {
  it("lets the GM fix the roles of a small classic table before the start, and names the fix when they do not add up", async () => {
    const gm = h.guild.ownerId;
    const name = `Options ${lang}`;
    const members = h.guild.members.slice(lang === "en" ? 0 : 5, lang === "en" ? 5 : 10).map((m) => m.id);
    await slash(gm, "settings", { language: lang });
    await slash(gm, "game create", { ruleset: "classic", name });
    for (const m of members) await slash(m, "game join", { game: name });

    // Four roles for five seats: the start is refused with what to do about it.
    const four = { roles: { citizen: 2, maniac: 1, italians: { mafia: 1 } } };
    expect(await slash(gm, "game options", { game: name, options: JSON.stringify(four) })).toBe(
      t(lang, "game.options_set", { name, options: `\`${JSON.stringify({ timezone: ZONE, ...four })}\`` }),
    );
    const refused = await slash(gm, "game start", { game: name });
    const reason = rejectionText(lang, reject("bad_setup", "dealCount", { roles: 4, players: 5 }));
    expect(refused).toBe(t(lang, "game.bad_deal", { reason }));
    expect(refused).toContain(lang === "en" ? "/game options" : "/игра настройки");

    // A misspelled key names the known ones; a player may not change the options.
    const misspelled = await slash(gm, "game options", { game: name, options: '{"rols": null}' });
    expect(misspelled).toContain("roles");
    expect(misspelled).toContain("(roles?)");
    expect(await slash(members[0] ?? "", "game options", { game: name, options: '{"duel": "gm"}' })).toBe(
      t(lang, "game.gm_only"),
    );

    // Back to the default deal: the table of five starts, every seat dealt a role.
    expect(await slash(gm, "game options", { game: name, options: '{"roles": null}' })).toBe(
      t(lang, "game.options_set", { name, options: `\`${JSON.stringify({ timezone: ZONE })}\`` }),
    );
    expect(await slash(gm, "game start", { game: name })).toContain(name);
    const game = (await h.service.db.query.games.findMany()).find((g) => g.name === name);
    const state = await h.service.state(game?.id ?? "");
    expect(state.players.map((p) => p.role).sort()).toEqual(
      ["citizen", "citizen", "mafia", "mafia", "maniac"].sort(),
    );
    // Once started, the options hold.
    expect(await slash(gm, "game options", { game: name, options: '{"duel": "gm"}' })).toBe(
      t(lang, "game.already_started"),
    );
    await h.drain(game?.id ?? "");
  }, 120_000);
});

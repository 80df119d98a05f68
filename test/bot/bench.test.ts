import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { t } from "../../src/i18n/index.js";
import { contentOf, startHarness, textOf, type Harness } from "./harness.js";

/**
 * The bench of substitutes (docs/community.md) through the emulator: `/game create max_players`,
 * joins beyond the table go on the bench in order, a substitute may leave it, the GM's
 * `/gm replace` without `with` seats the first substitute (who then reads the seat's role), and
 * an empty bench is refused with the way out; in Russian and in English.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness(6);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe.each(["ru", "en"] as const)("the bench in %s", (lang) => {
  it("seats up to max_players, benches the rest in order; /gm replace calls the first in", async () => {
    const gm = h.guild.ownerId;
    const u = (n: number) => h.guild.members[n - 1]?.id ?? "";
    const name = lang === "ru" ? "Запас" : "Bench";
    const slash = async (user: string, line: string, options = {}) =>
      (await h.emu
        .user(user)
        .slash(h.lobby, line, { ...options })
        .reply(60_000)) as Record<string, unknown>;
    await slash(gm, "settings", { language: lang });
    const refused = await slash(gm, "game create", { ruleset: "classic", name, max_players: 2 });
    expect(contentOf(refused)).toBe(t(lang, "bench.bad_max", { min: 3, max: 64 }));
    await slash(gm, "game create", { ruleset: "classic", name, max_players: 3 });
    for (const n of [1, 2, 3])
      expect(contentOf(await slash(u(n), "game join", { game: name }))).toContain(name);
    expect(contentOf(await slash(u(4), "game join", { game: name }))).toBe(
      t(lang, "bench.joined", { name, max: 3, place: 1 }),
    );
    expect(contentOf(await slash(u(5), "game join", { game: name }))).toBe(
      t(lang, "bench.joined", { name, max: 3, place: 2 }),
    );
    expect(contentOf(await slash(u(6), "game join", { game: name }))).toBe(
      t(lang, "bench.joined", { name, max: 3, place: 3 }),
    );
    // The fourth leaves the bench: the fifth is next in.
    expect(contentOf(await slash(u(4), "game leave", { game: name }))).toBe(t(lang, "bench.left", { name }));
    for (const [n, role] of [
      [1, "maniac"],
      [2, "doctor"],
      [3, "citizen"],
    ] as const)
      await slash(gm, "game assign", { game: name, user: u(n), role });
    expect(contentOf(await slash(gm, "game start", { game: name }))).toContain(name);
    const game = (await h.service.db.query.games.findMany()).find((g) => g.name === name);
    await h.drain(game?.id ?? "");
    // A substitute has no seat until called in.
    expect(contentOf(await slash(u(5), "role", { game: name }))).toBe(t(lang, "game.not_player"));

    const replaced = await slash(gm, "gm replace", { game: name, player: u(3) });
    expect(contentOf(replaced)).toBe(t(lang, "gm.replaced", { to: "player5", from: "player3" }));
    await h.drain(game?.id ?? "");
    expect(textOf(await slash(u(5), "role", { game: name }))).toContain(
      lang === "ru" ? "Мирный житель" : "Citizen",
    );
    // Then the sixth; then nobody is left.
    await slash(gm, "gm replace", { game: name, player: u(2) });
    expect(textOf(await slash(u(6), "role", { game: name }))).toContain(lang === "ru" ? "Врач" : "Doctor");
    expect(contentOf(await slash(gm, "gm replace", { game: name, player: u(1) }))).toBe(
      t(lang, "bench.empty"),
    );
    await slash(gm, "game end", { game: name });
    await h.drain(game?.id ?? "");
  });
});

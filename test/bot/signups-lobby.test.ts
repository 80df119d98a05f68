import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deadlines, games } from "../../src/db/schema/index.js";
import { t } from "../../src/i18n/index.js";
import { rulesetOrThrow } from "../../src/games/state.js";
import { discordTime } from "../../src/games/time.js";
import { startHarness, textOf, type Harness, type Json } from "./harness.js";

/**
 * A lobby with timed sign-ups (docs/community.md) as `/game status` shows it — its bench of
 * substitutes in order and the sign-ups' close — and ended by a path other than `/game end` (the
 * games layer's `end`, as the sandbox ends a game): the post still says the game was cancelled and
 * loses its buttons, and no close or reminder stays pending; in Russian and in English.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness(5);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const classic = rulesetOrThrow("classic");
const slash = async (user: string, line: string, options: Json = {}) =>
  (await h.emu.user(user).slash(h.lobby, line, options).reply(60_000)) as Json;

describe.each(["ru", "en"] as const)("a lobby with sign-ups in %s", (lang) => {
  it("/game status shows the bench in order and the close; an end outside /game end cancels the post", async () => {
    const gm = h.guild.ownerId;
    const u = (n: number) => h.guild.members[n - 1]?.id ?? "";
    const name = lang === "ru" ? "Лобби" : "Lobby";
    await slash(gm, "settings", { language: lang });
    const closeAt = new Date(h.clock.now().getTime() + 3 * 3_600_000);
    const typed = DateTime.fromJSDate(closeAt, { zone: "Europe/Moscow" }).toFormat("yyyy-MM-dd HH:mm");
    await slash(gm, "game create", {
      ruleset: "classic",
      name,
      signup_until: typed,
      min_players: 3,
      max_players: 3,
    });
    const [game] = await h.database.db.select().from(games).where(eq(games.name, name));
    if (!game) throw new Error("no game");
    for (const n of [1, 2, 3, 4, 5]) await slash(u(n), "game join", { game: name });
    // Member 4 came before member 5: the bench's order.
    const status = textOf(await slash(u(1), "game status", { game: name }));
    expect(status).toContain(
      `${t(lang, "status.signups")}: ${t(lang, "status.signups_open", { when: discordTime(closeAt), min: 3, max: 3 })}`,
    );
    expect(status).toContain(`${t(lang, "status.bench", { count: 2 })}: 1. player4\n2. player5`);
    // The first substitute leaves: the second is now first.
    await slash(u(4), "game leave", { game: name });
    expect(textOf(await slash(gm, "game status", { game: name }))).toContain(
      `${t(lang, "status.bench", { count: 1 })}: 1. player5`,
    );

    // Ended by the games layer itself, not by /game end.
    await h.service.end(game.id, gm);
    await h.drain(game.id);
    const post = h.emu.messages(h.lobby).find((m) => String(m["content"]).includes(`**${name}`));
    expect(String(post?.["content"])).toBe(
      t(lang, "signup.post_cancelled", { name, ruleset: classic.name[lang] }),
    );
    expect(post?.["components"] ?? []).toEqual([]);
    const pending = await h.database.db
      .select()
      .from(deadlines)
      .where(and(eq(deadlines.gameId, game.id), eq(deadlines.status, "pending")));
    expect(pending).toEqual([]);
  }, 240_000);
});

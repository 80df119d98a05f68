import { and, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deadlines, games, outbox } from "../../src/db/schema/index.js";
import { t } from "../../src/i18n/index.js";
import { rulesetOrThrow } from "../../src/games/state.js";
import { discordTime } from "../../src/games/time.js";
import { closeSignups } from "../../src/games/signups.js";
import type { RunningWorker } from "../../src/worker/worker.js";
import { until } from "../worker/support.js";
import { contentOf, startHarness, type Harness, type Json } from "./harness.js";
import { startHarnessWorker } from "./harness-worker.js";

/**
 * Timed sign-ups (docs/community.md) with the real bot and the real worker on one manual clock:
 * `/game create signup_until min_players max_players` posts a sign-up message in the lobby whose
 * count follows joins and leaves through its buttons (and `/game join`), a reminder an hour before
 * the close, a close with too few that tells the GM and whose extend button moves the close, and
 * the next close that starts the game; in Russian and in English.
 */

let h: Harness;
let worker: RunningWorker;
beforeAll(async () => {
  h = await startHarness(7);
  worker = await startHarnessWorker(h);
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await h?.close();
});

async function gameNamed(name: string) {
  const [game] = await h.database.db.select().from(games).where(eq(games.name, name));
  if (!game) throw new Error(`no game ${name}`);
  return game;
}

/** Waits until the worker has performed every pending effect of the game. */
async function settled(gameId: string): Promise<void> {
  await until(async () => {
    const rows = await h.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.gameId, gameId), eq(outbox.status, "pending")));
    return rows.length === 0;
  });
}

/** Moves the clock to `at` and lets the worker run every job of the game now due. */
async function fireAt(gameId: string, at: Date): Promise<void> {
  h.clock.set(at);
  const now = at.getTime();
  const pending = () =>
    h.database.db
      .select()
      .from(deadlines)
      .where(and(eq(deadlines.gameId, gameId), eq(deadlines.status, "pending")));
  for (const row of (await pending()).filter((r) => r.dueAt.getTime() <= now)) {
    const job = await h.queue.getJob(row.jobId);
    if (job && (await job.isDelayed())) await job.promote();
  }
  await until(async () => (await pending()).every((r) => r.dueAt.getTime() > now));
  await settled(gameId);
}

const lobbyMessages = () => h.emu.messages(h.lobby);
const classic = rulesetOrThrow("classic");

describe.each(["ru", "en"] as const)("timed sign-ups in %s", (lang) => {
  it("post, buttons, reminder, a close with too few, the GM's extension, and the start", async () => {
    const gm = h.guild.ownerId;
    const u = (n: number) => h.guild.members[n - 1]?.id ?? "";
    const name = lang === "ru" ? "Запись" : "Signups";
    await h.slash(gm, "settings", { language: lang });
    const opened = h.clock.now();
    // Two hours from now on the game's clock (the server's zone), as a GM writes it.
    const zone = "Europe/Moscow";
    const closeAt = new Date(opened.getTime() + 2 * 3_600_000);
    const typed = DateTime.fromJSDate(closeAt, { zone }).toFormat("dd.MM HH:mm");

    const bad = await h.slash(gm, "game create", { ruleset: "classic", name, signup_until: "soon" });
    expect(contentOf(bad)).toBe(t(lang, "signup.bad_time", { text: "soon", zone }));
    const created = await h.slash(gm, "game create", {
      ruleset: "classic",
      name,
      signup_until: typed,
      min_players: 4,
      max_players: 5,
    });
    expect(contentOf(created)).toContain(t(lang, "signup.created", { when: discordTime(closeAt) }));
    const game = await gameNamed(name);
    expect(game.timezone).toBe(zone);
    expect(game.signupUntil?.getTime()).toBe(closeAt.getTime());
    await settled(game.id);

    const post = () => {
      const found = lobbyMessages().find(
        (m) => String(m["content"]).includes(name) && String(m["content"]).startsWith("📋"),
      );
      if (!found) throw new Error("no sign-up post");
      return found;
    };
    const buttonsOf = (message: Json) =>
      ((message["components"] ?? []) as { components: Json[] }[])
        .flatMap((r) => r.components)
        .map((c) => String(c["custom_id"]));
    const counted = (count: number, bench = 0) =>
      t(lang, "signup.post", {
        name,
        ruleset: classic.name[lang],
        count,
        max: 5,
        min: 4,
        bench,
        has_bench: bench > 0 ? "yes" : "no",
        when: discordTime(closeAt),
      });
    const shown = () => String(post()["content"]);
    expect(shown()).toBe(counted(0));
    expect(buttonsOf(post())).toEqual([`signup:join:${game.id}`, `signup:leave:${game.id}`]);
    const press = async (user: string, customId: string, message: Json = post()) =>
      (await h.emu.user(user).click(String(message["id"]), customId).reply(60_000)) as Json;

    // Join by the button, as /game join: a seat, said privately in the server's language.
    for (const n of [1, 2, 3]) {
      const joined = await press(u(n), `signup:join:${game.id}`);
      expect(contentOf(joined)).toBe(t(lang, "game.joined", { name, seat: n }));
      expect(joined["flags"]).toBe(64);
    }
    await settled(game.id);
    expect(shown()).toBe(counted(3));
    // The same refusals as the commands.
    expect(contentOf(await press(u(1), `signup:join:${game.id}`))).toBe(t(lang, "game.already_joined"));
    expect(contentOf(await press(u(3), `signup:leave:${game.id}`))).toBe(t(lang, "game.left", { name }));
    expect(contentOf(await press(u(3), `signup:leave:${game.id}`))).toBe(t(lang, "game.not_player"));
    await settled(game.id);
    expect(shown()).toBe(counted(2));
    // /game join moves the count too.
    await h.slash(u(3), "game join", { game: name });
    await settled(game.id);
    expect(shown()).toBe(counted(3));

    // The reminder an hour before the close.
    await fireAt(game.id, new Date(closeAt.getTime() - 3_600_000));
    expect(lobbyMessages().map((m) => String(m["content"]))).toContain(
      t(lang, "signup.reminder", { name, when: discordTime(closeAt), count: 3, min: 4, max: 5 }),
    );

    // The close with 3 of the 4 needed: the GM is told, with the extend buttons; no start.
    await fireAt(game.id, closeAt);
    expect((await gameNamed(name)).status).toBe("lobby");
    const toGm = lobbyMessages().find(
      (m) => String(m["content"]).startsWith(`<@${gm}>`) && String(m["content"]).includes(name),
    );
    expect(String(toGm?.["content"])).toBe(t(lang, "signup.too_few", { gm, name, count: 3, min: 4 }));
    // The GM alone is pinged.
    const pinged = (m: Json | undefined) => ((m?.["mentions"] ?? []) as Json[]).map((u) => String(u["id"]));
    expect(pinged(toGm)).toEqual([gm]);
    expect(pinged(post())).toEqual([]);
    expect(buttonsOf(toGm ?? {})).toEqual([
      `signup:extend:${game.id}:60`,
      `signup:extend:${game.id}:1440`,
      `signup:start:${game.id}`,
    ]);
    expect(shown()).toContain(
      t(lang, "signup.post_waiting", { name, ruleset: "", count: 3, max: 5, min: 4, has_bench: "no" }).split(
        "\n",
      )[2],
    );
    // Only a GM extends; the GM's hour moves the close.
    expect(contentOf(await press(u(7), `signup:extend:${game.id}:60`, toGm))).toBe(t(lang, "game.gm_only"));
    const later = new Date(closeAt.getTime() + 3_600_000);
    expect(contentOf(await press(gm, `signup:extend:${game.id}:60`, toGm))).toBe(
      t(lang, "signup.extended", { name, when: discordTime(later) }),
    );
    expect((await gameNamed(name)).signupUntil?.getTime()).toBe(later.getTime());
    await settled(game.id);
    // The GM's message now says so, without its buttons.
    const answered = lobbyMessages().find((m) => m["id"] === toGm?.["id"]) ?? {};
    expect(String(answered["content"])).toBe(t(lang, "signup.extended", { name, when: discordTime(later) }));
    expect(buttonsOf(answered)).toEqual([]);

    // Two more join; beyond the table of 5 the next goes on the bench.
    for (const n of [4, 5]) await press(u(n), `signup:join:${game.id}`);
    expect(contentOf(await press(u(6), `signup:join:${game.id}`))).toBe(
      t(lang, "bench.joined", { name, max: 5, place: 1 }),
    );
    await settled(game.id);
    expect(shown().split("\n")[1]).toBe(
      t(lang, "signup.post", {
        name,
        ruleset: "",
        count: 5,
        max: 5,
        min: 4,
        bench: 1,
        has_bench: "yes",
        when: "",
      }).split("\n")[1],
    );

    // The new close starts the game, dealt from the secret; the post says so and loses its buttons.
    await fireAt(game.id, later);
    const started = await gameNamed(name);
    expect(started.status).toBe("running");
    expect(shown()).toBe(
      t(lang, "signup.post_started", {
        name,
        ruleset: classic.name[lang],
        count: 5,
      }),
    );
    expect(buttonsOf(post())).toEqual([]);
    expect(contentOf(await h.slash(u(7), "game join", { game: name }))).toBe(t(lang, "game.already_started"));
    // The close's job run again (a retry, a duplicate) changes nothing.
    const [close] = await h.database.db
      .select()
      .from(deadlines)
      .where(and(eq(deadlines.gameId, game.id), eq(deadlines.kind, "signup_close")));
    expect(close?.status).toBe("done");
    const again = await closeSignups(h.database.db, h.clock, game.id, {
      deadlineId: close?.id ?? 0,
      jobId: close?.jobId ?? "",
    });
    expect(again.value).toBe("nothing");
    await h.slash(gm, "game end", { game: name });
    await settled(game.id);
  }, 240_000);

  it("a minimum without a close is refused and creates nothing", async () => {
    const gm = h.guild.ownerId;
    await h.slash(gm, "settings", { language: lang });
    const name = lang === "ru" ? "Без срока" : "No close";
    const reply = await h.slash(gm, "game create", { ruleset: "classic", name, min_players: 4 });
    expect(contentOf(reply)).toBe(t(lang, "signup.min_without_until"));
    const created = await h.database.db.select().from(games).where(eq(games.name, name));
    expect(created).toEqual([]);
  }, 120_000);

  it("a lobby with sign-ups ended by its GM: the post says so, loses its buttons, and no close comes", async () => {
    const gm = h.guild.ownerId;
    const name = lang === "ru" ? "Отмена" : "Cancelled";
    await h.slash(gm, "settings", { language: lang });
    const typed = DateTime.fromJSDate(new Date(h.clock.now().getTime() + 3 * 3_600_000), {
      zone: "Europe/Moscow",
    }).toFormat("yyyy-MM-dd HH:mm");
    await h.slash(gm, "game create", { ruleset: "classic", name, signup_until: typed });
    const game = await gameNamed(name);
    await settled(game.id);
    await h.slash(gm, "game end", { game: name });
    await settled(game.id);
    const post = lobbyMessages().find((m) => String(m["content"]).includes(`**${name}`));
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

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameLogFiles } from "../../src/games/game-log.js";
import { t } from "../../src/i18n/index.js";
import { contentOf, isEphemeral, startHarness, type Harness, type Json } from "./harness.js";
import { openTable, type Table } from "./tables.js";

/**
 * The server's records (/stats, docs/community.md) through the emulator: classic games played to
 * their end count, a running game does not until it ends, an unranked game never does, a hidden
 * record is refused to others and still shown to its member; in English and in Russian.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness(6);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** Seat 1 the maniac, seat 2 the doctor, seat 3 a citizen: the town hangs the maniac on day 1. */
const TOWN_WINS = { 1: { role: "maniac" }, 2: { role: "doctor" }, 3: { role: "citizen" } };

/** A game played to the town's win: night 0 passes, seats 2 and 3 vote the maniac, the day resolves. */
async function playToTheEnd(g: Table): Promise<void> {
  await g.force();
  await g.as(2, "vote", { choice: "vote>p1" });
  await g.as(3, "vote", { choice: "vote>p1" });
  await g.force();
  const state = await g.state();
  expect(state.ended).toBe(true);
  expect(state.winners).toEqual(["town"]);
}

const attachments = (reply: Json) => (reply["attachments"] ?? []) as { filename: string }[];

describe("/stats", () => {
  let ranked: Table;
  let running: Table;

  it("counts a finished ranked game: wins by side and role, survival, activity, in English", async () => {
    ranked = await openTable(h, {
      lang: "en",
      ruleset: "classic",
      name: "Spring",
      seats: 3,
      assign: TOWN_WINS,
    });
    await playToTheEnd(ranked);
    const doctor = await ranked.slash(ranked.user(2), "stats member");
    expect(isEphemeral(doctor)).toBe(true);
    const text = contentOf(doctor);
    expect(text).toContain(t("en", "stats.member_title", { name: "player2" }));
    expect(text).toContain("Games: 1 · wins 1 (100%) · survived to the end 1 (100%)");
    expect(text).toContain("Activity: 1 order or vote (1 a game)");
    expect(text).toContain("Town (Classic mafia: two clans): 1 game, 1 win (100%)");
    expect(text).toContain("Doctor (Classic mafia: two clans): 1 game, 1 win (100%)");
    expect(attachments(doctor).map((a) => a.filename)).toEqual(["stats.png"]);
    // The maniac, as another member reads him: hanged, lost.
    const maniac = contentOf(await ranked.slash(ranked.user(3), "stats member", { user: ranked.user(1) }));
    expect(maniac).toContain("Games: 1 · wins 0 (0%) · survived to the end 0 (0%)");
  });

  it("leaves out an unranked game, one its GM stopped, and a running one, which counts once it ends", async () => {
    const unranked = await openTable(h, {
      lang: "en",
      ruleset: "classic",
      name: "Practice",
      seats: 3,
      assign: TOWN_WINS,
      create: { ranked: false },
    });
    await playToTheEnd(unranked);
    // Stopped by its GM before its rules decided it: no outcome, no count.
    const aborted = await openTable(h, {
      lang: "en",
      ruleset: "classic",
      name: "Aborted",
      seats: 3,
      assign: TOWN_WINS,
    });
    await aborted.force();
    await aborted.gmDoes("game end");
    await aborted.drain();
    running = await openTable(h, {
      lang: "en",
      ruleset: "classic",
      name: "Summer",
      seats: 3,
      assign: TOWN_WINS,
    });
    await running.force();
    const now = contentOf(await running.slash(running.user(2), "stats member"));
    expect(now).toContain("Games: 1 · wins 1");
    const server = await running.slash(running.user(2), "stats server");
    expect(contentOf(server)).toContain("1 finished ranked game, 3 players");
    expect(contentOf(server)).toContain("Town (Classic mafia: two clans): won 1 of 1 game (100%)");
    expect(attachments(server).map((a) => a.filename)).toEqual(["stats.png"]);

    // Seat 3 goes to a substitute, member 4, who votes in his place.
    await running.gmDoes("gm replace", { player: running.user(3), with: running.user(4) });
    await running.as(2, "vote", { choice: "vote>p1" });
    await running.slash(running.user(4), "vote", { game: "Summer", choice: "vote>p1" });
    await running.force();
    expect((await running.state()).ended).toBe(true);
    expect(contentOf(await running.slash(running.user(2), "stats member"))).toContain("Games: 2 · wins 2");
    const substitute = contentOf(await running.slash(running.user(4), "stats member"));
    expect(substitute).toContain("Games: 1 · wins 1");
    expect(substitute).toContain("Came in as a substitute: 1 time · left a seat to a substitute: 0 times");
    const replaced = contentOf(await running.slash(running.user(3), "stats member"));
    expect(replaced).toContain("Games: 1 · wins 1");
    expect(replaced).toContain("Came in as a substitute: 0 times · left a seat to a substitute: 1 time");

    // The game log the archive offers names the substitute by a label, never by the account.
    const files = await gameLogFiles(h.database.db, running.id);
    const log = files.find((f) => f.name === "game-log.json")?.data.toString("utf8") ?? "";
    expect(log).toContain('"sub1"');
    expect(log).not.toContain(running.user(4));
  });

  it("a hidden record is refused to others and shown to its member; /stats show opens it again", async () => {
    const [one, two] = [running.user(1), running.user(2)];
    expect(contentOf(await running.slash(two, "stats hide"))).toBe(t("en", "stats.hide_done"));
    const refused = await running.slash(one, "stats member", { user: two });
    expect(isEphemeral(refused)).toBe(true);
    expect(contentOf(refused)).toBe(t("en", "stats.hidden", { name: "player2" }));
    const own = contentOf(await running.slash(two, "stats member"));
    expect(own).toContain(t("en", "stats.member_hidden_note"));
    expect(own).toContain("Games: 2");
    // The server's record stays whole: a hidden member's seats count there, anonymously.
    expect(contentOf(await running.slash(one, "stats server"))).toContain(
      "2 finished ranked games, 4 players",
    );
    expect(contentOf(await running.slash(two, "stats show"))).toBe(t("en", "stats.show_done"));
    expect(contentOf(await running.slash(one, "stats member", { user: two }))).toContain("Games: 2");
  });

  it("speaks Russian on a Russian server, with the plural forms", async () => {
    await running.slash(running.gm, "settings", { language: "ru" });
    const doctor = contentOf(await running.slash(running.user(2), "stats member"));
    expect(doctor).toContain(t("ru", "stats.member_title", { name: "player2" }));
    expect(doctor).toContain("Игр: 2 · побед 2 (100\u00a0%) · в живых к концу 2 (100\u00a0%)");
    expect(doctor).toContain("Активность: 2 приказа или голоса (1 за игру)");
    expect(doctor).toContain("Мирные жители (Классическая мафия: два клана): 2 игры, 2 победы (100\u00a0%)");
    const server = contentOf(await running.slash(running.user(1), "stats server"));
    expect(server).toContain("2 завершённые рейтинговые игры, 4 игрока");
    expect(server).toContain("из 2 игр (100\u00a0%)");
    expect(contentOf(await running.slash(running.user(4), "stats member"))).toContain(
      "Вход на замену: 1 раз · уход с места на замену: 0 раз",
    );
    const refused = await running.slash(running.user(4), "stats member", { user: running.user(5) });
    expect(contentOf(refused)).toBe(t("ru", "stats.member_empty", { name: "player5" }));
  });
});

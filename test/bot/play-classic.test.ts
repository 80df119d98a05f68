import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../src/engine/types.js";
import { t } from "../../src/i18n/index.js";
import { contentOf, isEphemeral, startHarness, textOf, type Harness, type Json } from "./harness.js";
import { openTable, type Table } from "./tables.js";

/**
 * Classic mafia as its players play it, in English and in Russian: five seats (a maniac, an
 * Italian don, a doctor, two citizens), the lobby commands, /rules and /role, night 0's kill from
 * the orders panel, day 1's open lynch with /vote (each vote posted in the vote thread, one tally
 * edited in place), the town's win in the newspaper, and every text the bot showed, GM room
 * included, in the game's language.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness(7);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const WORDS = {
  en: {
    name: "Night town",
    maniac: "Maniac",
    citizen: "Citizen",
    kill: "Kill",
    vote: "Vote to hang",
    against: "against",
    votes3: "3 votes",
    over: "Game over. No mafia and no maniac are left alive. Winners: Town.",
    notMasked: "This game is not played under masks: write in the chat directly.",
    talk: "Morning. I saw the maniac's knife.",
  },
  ru: {
    name: "Ночной город",
    maniac: "Маньяк",
    citizen: "Мирный житель",
    kill: "Убить",
    vote: "Голос за повешение",
    against: "против",
    votes3: "3 голоса",
    over: "Игра окончена. В живых не осталось ни мафии, ни маньяка. Победители: Мирные жители.",
    notMasked: "Эта игра идёт без масок: пишите в чат напрямую.",
    talk: "Доброе утро. Я видел нож маньяка.",
  },
} as const;

describe.each(["en", "ru"] as const)("classic played in %s", (lang: Lang) => {
  const w = WORDS[lang];
  let g: Table;

  it("the lobby: /game list, /help and /rules before the start; a seat joins and leaves; the GM assigns and starts", async () => {
    g = await openTable(h, {
      lang,
      ruleset: "classic",
      name: w.name,
      seats: 5,
      assign: {
        1: { role: "maniac" },
        2: { role: "mafia", faction: "italians", options: '{"don": true}' },
        3: { role: "doctor" },
        4: { role: "citizen" },
        5: { role: "citizen" },
      },
      inLobby: async (slash) => {
        // A seventh member joins and leaves again before the start.
        const joined = await slash(h.guild.members[6]?.id ?? "", "game join", { game: w.name });
        expect(contentOf(joined)).toBe(t(lang, "game.joined", { name: w.name, seat: 6 }));
        const left = await slash(h.guild.members[6]?.id ?? "", "game leave", { game: w.name });
        expect(contentOf(left)).toBe(t(lang, "game.left", { name: w.name }));
      },
    });
    const list = textOf(await g.slash(g.user(1), "game list"));
    expect(list).toContain(w.name);
    expect(list).toContain(g.tr("list.you_play").replace(/^ · /, ""));
    const help = textOf(await g.slash(g.user(1), "help"));
    expect(help).toContain(g.tr("help.player", { games: `«${w.name}»` }));
    const rules = await g.slash(g.user(1), "rules", { ruleset: "classic", role: "maniac" });
    expect(isEphemeral(rules)).toBe(true);
    expect(textOf(rules)).toContain(w.maniac);
    // The seventh member left before the start: he has no seat.
    expect(contentOf(await g.slash(g.user(7), "role"))).toBe(g.tr("game.not_player"));
    expect((await g.state()).phase).toEqual({ kind: "night", n: 0 });
  });

  it("each player reads his own role card, in the thread and with /role; /say is for masked games only", async () => {
    const card = g.posts(await g.personal(1)).join("\n");
    expect(card).toContain(w.maniac);
    expect(textOf(await g.as(1, "role"))).toContain(w.maniac);
    const citizen = textOf(await g.as(4, "role"));
    expect(citizen).toContain(w.citizen);
    expect(citizen).not.toContain(w.maniac);
    const town = await g.channel("town");
    const say = await h.emu.user(g.user(4)).slash(town, "say", { text: "hi" }).reply(60_000);
    expect(contentOf(say as Json)).toBe(w.notMasked);
  });

  it("night 0: the maniac kills the don from his orders panel; /orders lists it; the GM room shows it", async () => {
    const receipt = await g.panel(1, "kill", ["p2"]);
    expect(contentOf(receipt).split("\n")[0]).toBe(
      g.tr("order.accepted", { action: `${w.kill} → player2`, targets: "" }),
    );
    const phase = lang === "en" ? "Night 0" : "Ночь 0";
    expect(contentOf(await g.as(1, "orders"))).toBe(
      [
        g.tr("orders.header", { phase }),
        g.tr("orders.line", { n: 1, action: `${w.kill} → player2`, targets: "" }),
      ].join("\n"),
    );
    expect(contentOf(await g.as(4, "orders"))).toBe(g.tr("orders.none", { phase }));
    await g.drain();
    const room = await g.gmRoom();
    expect(room).toContain(`${w.kill} → player2`);
    expect(room).toContain(w.maniac);
  });

  it("the GM forces the night: the don dies, the newspaper says so in the game's language", async () => {
    await g.force();
    const state = await g.state();
    expect(state.phase).toEqual({ kind: "day", n: 1 });
    expect(state.players.find((p) => p.id === "p2")?.alive).toBe(false);
    expect(await g.newspaper()).toContain("player2");
    // The GM room's status of night 0, as it stood at the deadline: the order given, and resolved.
    const resolved = g.tr("gmroom.status_resolved", { outcome: g.tr("gmroom.status_published") });
    const closed = g.posts(await g.channel("gm")).find((m) => m.includes(resolved));
    expect(closed).toContain(`${w.kill} → player2`);
    // /game status: the day, the dead don's name among the dead, no living player's role.
    const status = textOf(await g.as(4, "game status"));
    expect(status).toContain(lang === "en" ? "Day 1" : "День 1");
    expect(status).toContain("player2");
    expect(status).not.toContain(w.maniac);
  });

  it("day 1: players talk in the town chat; three /votes hang the maniac, each posted in the vote thread with one live tally", async () => {
    const town = await h.talkChannel(g.id, "town");
    const said = h.emu.user(g.user(3)).send(town, w.talk);
    await g.drain();
    expect(g.posts(town)).toContain(w.talk);
    expect(h.emu.messages(town).some((m) => m["id"] === said["id"])).toBe(true);

    const offered = await h.choices(g.user(3), "vote", { game: w.name, choice: "" }, "choice");
    expect(offered.map((c) => c.value).sort()).toEqual(["vote>p1", "vote>p4", "vote>p5"]);
    expect(offered.find((c) => c.value === "vote>p1")?.name).toBe(`${w.vote} → player1`);
    const first = await g.as(3, "vote", { choice: "vote>p1" });
    expect(contentOf(first).split("\n")[0]).toBe(
      g.tr("order.accepted", { action: `${w.vote} → player1`, targets: "" }),
    );
    await g.as(4, "vote", { choice: "player1" });
    // The dead may not vote, and the refusal says why.
    expect(contentOf(await g.as(2, "vote", { choice: "p1" }))).toMatch(
      lang === "en" ? /^Not accepted: / : /^Не принято: /,
    );
    const third = await g.as(5, "vote", { choice: "vote>p1" }, await g.personal(5));
    expect(textOf(third)).toContain(`player1: ${w.votes3}`);
    await g.drain();
    const thread = g.posts(await g.channel("votes"));
    expect(thread.filter((c) => c.startsWith("🗳"))).toEqual(
      [3, 4, 5].map((n) => g.tr("ballot.cast", { voter: `player${n}`, vote: `${w.against} → player1` })),
    );
    const tallies = thread.filter((c) => c.startsWith("📊"));
    expect(tallies).toHaveLength(1);
    expect(tallies[0]).toContain(`${w.against} → player1: ${w.votes3} (player3, player4, player5) · L-0`);
    expect(await g.gmRoom()).toContain(`${w.vote} → player1`);
  });

  it("the day resolves: the maniac hangs, the town wins, and nobody may vote any more", async () => {
    await g.force();
    const state = await g.state();
    expect(state.ended).toBe(true);
    expect(state.winners).toEqual(["town"]);
    expect(state.players.find((p) => p.id === "p1")?.alive).toBe(false);
    await g.drain();
    expect(await g.newspaper()).toContain(w.over);
    expect(contentOf(await g.as(3, "vote", { choice: "p4" }))).toBe(g.tr("game.ended"));
  });

  it("nothing the bot showed, the GM room included, has a raw id, a key, the other language or an empty field", async () => {
    expect(await g.textProblems()).toEqual([]);
  });
});

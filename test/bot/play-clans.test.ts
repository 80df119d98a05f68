import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../src/engine/types.js";
import { rulesets } from "../../src/rulesets/index.js";
import { contentOf, startHarness, textOf } from "./harness.js";
import type { Harness } from "./harness.js";
import { openTable, type Table } from "./tables.js";
import { until } from "../worker/support.js";
import { inputs } from "../../src/db/schema/index.js";
import { and, eq } from "drizzle-orm";

/**
 * Clans as its players play it, in English and in Russian: twelve seats dealt by the GM (a boss,
 * a doctor, a scout and a shooter of each clan). Night 1: a boss kills with the right clan guess
 * and recruits with the right guesses (orders picked from /order's autocomplete), a scout checks
 * from his panel; the morning report, the private results and the new clan chat. Day 1: every
 * player but one posts in the day thread and votes «против» (and some «за») with /vote, each vote
 * posted in the vote thread with one tally (L-n); the lynch, the protection and the removal for
 * inactivity; every text checked, GM room included.
 */

let h: Harness;

/** The seat's accepted inputs, by action, oldest first. */
async function actionsOf(g: Table, seatId: string): Promise<string[]> {
  const rows = await h.database.db
    .select({ payload: inputs.payload })
    .from(inputs)
    .where(and(eq(inputs.gameId, g.id), eq(inputs.seatId, seatId), eq(inputs.accepted, true)));
  return rows.map((r) => String((r.payload as { action?: unknown }).action));
}

beforeAll(async () => {
  h = await startHarness(12);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const DEAL = ["yakuza", "cosa_nostra", "russian_mafia"].flatMap((clan) =>
  ["boss", "doctor", "scout", "shooter"].map((role) => ({ role, faction: clan })),
);
// Seats by the deal's order: 1 boss yakuza, 2 doctor yakuza, 3 scout yakuza, 4 shooter yakuza,
// 5–8 Cosa Nostra, 9–12 Russian Mafia.

const WORDS = {
  en: {
    name: "Three clans",
    kill: "Kill (guess the clan): Russian Mafia",
    recruit: "Recruit: Doctor, Yakuza",
    check: "clan and role",
    killed: "Killed tonight: player12.",
    sizes: "Yakuza — 2, Cosa Nostra — 1, Russian Mafia — 1.",
    recruitments: "Successful recruitments: 1.",
    newMember: "player2 joined your clan by recruitment.",
    joined: "You joined Yakuza (boss player1).",
    checked: "Check of player5: clan Cosa Nostra, role Boss.",
    talk: "Morning. Who lost a shooter?",
    against: "against",
    forWord: "for",
    voteAgainst: "Vote against",
    lynched: "Lynched: player8.",
    protectedLine: "Protected: player6.",
    inactive: "Removed for inactivity: player11.",
  },
  ru: {
    name: "Три клана",
    kill: "Убить (назвать клан): Русская Мафия",
    recruit: "Завербовать: Доктор, Якудза",
    check: "клан и роль",
    killed: "Жертва этой ночи: player12.",
    sizes: "Якудза — 2, Коза Ностра — 1, Русская Мафия — 1.",
    recruitments: "Прошедших вербовок: 1.",
    newMember: "player2 вступает в ваш клан (вербовка).",
    joined: "Вы вступили в клан Якудза (Босс — player1).",
    checked: "Проверка: player5 — клан Коза Ностра, роль Босс.",
    talk: "Доброе утро. Кто потерял бойца?",
    against: "против",
    forWord: "за",
    voteAgainst: "Голосовать «против»",
    lynched: "Казнь дня: player8.",
    protectedLine: "Под защитой: player6.",
    inactive: "Выбывает за неактивность: player11.",
  },
} as const;

describe.each(["en", "ru"] as const)("clans played in %s", (lang: Lang) => {
  const w = WORDS[lang];
  let g: Table;

  it("the GM deals a boss, a doctor, a scout and a shooter to each clan; each reads his own card", async () => {
    g = await openTable(h, {
      lang,
      ruleset: "clans",
      name: w.name,
      seats: 12,
      assign: Object.fromEntries(DEAL.map((d, i) => [i + 1, d])),
    });
    expect((await g.state()).phase).toEqual({ kind: "night", n: 1 });
    const boss = rulesets["clans"]?.roles["boss"]?.name[lang] ?? "";
    expect(textOf(await g.as(1, "role"))).toContain(boss);
    expect(textOf(await g.as(2, "role"))).not.toContain(boss);
  });

  it("night 1: the boss kills and recruits with orders from /order's autocomplete; the scout checks from his panel", async () => {
    const offered = await h.choices(g.user(1), "order", { game: w.name, action: "" }, "action");
    const kill = offered.find((c) => c.name === w.kill);
    const recruit = offered.find((c) => c.name === w.recruit);
    expect(kill && recruit).toBeTruthy();
    const killed = await g.as(1, "order", { action: kill?.value, target: "p12" });
    expect(contentOf(killed).split("\n")[0]).toBe(
      g.tr("order.accepted", { action: `${w.kill} → player12`, targets: "" }),
    );
    const recruited = await g.as(1, "order", { action: recruit?.value, target: "p2" });
    expect(contentOf(recruited).split("\n")[0]).toBe(
      g.tr("order.accepted", { action: `${w.recruit} → player2`, targets: "" }),
    );
    // Orders are final (R3): a second kill is refused with the rules' reason.
    expect(contentOf(await g.as(1, "order", { action: kill?.value, target: "p11" }))).toMatch(
      lang === "en" ? /^Not accepted: / : /^Не принято: /,
    );
    const checked = await g.panel(3, "check", ["p5"], w.check);
    expect(contentOf(checked)).toMatch(lang === "en" ? /^Accepted: / : /^Принято: /);
    // The boss's orders, named as given though no kill is open to him any more.
    expect(contentOf(await g.as(1, "orders"))).toContain(`${w.kill} → player12`);
    await g.drain();
    expect(await g.gmRoom()).toContain(`${w.recruit} → player2`);
  });

  it("night 1 resolves: the morning report, the private results and the recruit in his clan's chat", async () => {
    await g.force();
    const state = await g.state();
    expect(state.phase).toEqual({ kind: "day", n: 1 });
    expect(state.players.find((p) => p.id === "p12")?.alive).toBe(false);
    await g.drain();
    const news = await g.newspaper();
    for (const line of [w.killed, w.sizes, w.recruitments]) expect(news).toContain(line);
    expect(g.posts(await g.personal(1)).join("\n")).toContain(w.newMember);
    expect(g.posts(await g.personal(2)).join("\n")).toContain(w.joined);
    expect(g.posts(await g.personal(3)).join("\n")).toContain(w.checked);
    const clan = await g.channel("clan-yakuza-1");
    expect(h.emu.canView(g.user(2), clan)).toBe(true);
    expect(h.emu.canView(g.user(5), clan)).toBe(false);
  });

  it("day 1: players post in the day thread and vote with /vote; each vote is posted with one tally that counts L-n", async () => {
    const thread = await h.talkChannel(g.id, "game-day-1");
    const living = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    for (const n of living) h.emu.user(g.user(n)).send(thread, `${w.talk} (${n})`);
    // An edit counts for the rules too (edit_post), though the bot keeps no message in memory.
    const mine = h.emu.user(g.user(1)).send(thread, `${w.talk} (1)`) as { id: string };
    h.emu.user(g.user(1)).edit(thread, mine.id, { content: `${w.talk} (1, edited)` });
    await until(async () => (await actionsOf(g, "p1")).includes("edit_post"));
    // Seat 11 neither posts nor votes.
    const against: Record<number, number> = { 1: 8, 2: 8, 3: 8, 4: 8, 5: 1, 6: 1, 7: 8, 8: 1, 9: 8, 10: 8 };
    for (const [voter, target] of Object.entries(against)) {
      const cast = await g.as(Number(voter), "vote", { choice: `vote|side=against>p${target}` });
      expect(contentOf(cast)).toMatch(lang === "en" ? /^Accepted: / : /^Принято: /);
    }
    for (const voter of [1, 2]) await g.as(voter, "vote", { choice: "vote|side=for>p6" });
    await g.drain();
    const votes = g.posts(await g.channel("vote-day-1"));
    const cast = votes.filter((c) => c.startsWith("🗳"));
    expect(cast).toHaveLength(12);
    expect(cast[0]).toBe(g.tr("ballot.cast", { voter: "player1", vote: `${w.against} → player8` }));
    expect(cast.at(-1)).toBe(g.tr("ballot.cast", { voter: "player2", vote: `${w.forWord} → player6` }));
    const tallies = votes.filter((c) => c.startsWith("📊"));
    expect(tallies).toHaveLength(1);
    expect(tallies[0]).toMatch(new RegExp(`${w.against} → player8: 7 .* · L-0`));
    expect(tallies[0]).toMatch(new RegExp(`${w.against} → player1: 3 .* · L-5`));
    expect(tallies[0]).toMatch(new RegExp(`${w.forWord} → player6: 2 `));
    // The GMs' status names each vote as cast, though only «for» is still open to its voter.
    expect(await g.gmRoom()).toContain(`• player3: ${w.voteAgainst} → player8\n`);
    expect(contentOf(await g.as(3, "orders"))).toContain(`${w.voteAgainst} → player8`);
  });

  it("day 1 resolves: the most voted dies, the most «for» is protected, the silent one is removed", async () => {
    await g.force();
    const state = await g.state();
    expect(state.phase).toEqual({ kind: "night", n: 2 });
    expect(state.players.find((p) => p.id === "p8")?.alive).toBe(false);
    expect(state.players.find((p) => p.id === "p11")?.alive).toBe(false);
    await g.drain();
    const news = await g.newspaper();
    for (const line of [w.lynched, w.protectedLine, w.inactive]) expect(news).toContain(line);
    await g.gmDoes("game end");
  });

  it("nothing the bot showed, the GM room included, has a raw id, a key, the other language or an empty field", async () => {
    expect(await g.textProblems()).toEqual([]);
  });
});

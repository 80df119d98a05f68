import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../src/engine/types.js";
import { contentOf, isEphemeral, startHarness, textOf } from "./harness.js";
import type { Harness } from "./harness.js";
import { openTable, type Table } from "./tables.js";

/**
 * The Mayor's blind game as its players play it, in English and in Russian: five seats dealt by
 * the GM (mafia, maniac, doctor, agent, lawyer); nobody learns his role. Night 1 (nobody dies:
 * attempts only, a visit to the Mayor sends one home, the agent's check), session 1's public
 * verdicts with /vote (each posted in the town hall, one tally), night 2 where the mafia and the
 * maniac kill each other, and the town's win. The GM reviews each newspaper (`publish: review`)
 * and publishes the drafts from their cards' button; every text the bot showed, GM room included.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness(5);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const WORDS = {
  en: {
    name: "Blind town",
    night1: "Night 1",
    choice: "Choice",
    mayor: "the Mayor",
    rest: "Rest",
    isolate: "Verdict: isolate",
    abstain: "Verdict: abstain",
    isolateWord: "isolate",
    abstainWord: "abstain",
    mafia: "Mafia",
    attempts: "Attempts: player1, player3.",
    visit: "player5 visited the Mayor and was sent home.",
    check: "Check: player1 is evil.",
    noIsolation: "No isolation.",
    killed: ["player1 was killed by the Maniac.", "player2 was killed by the Mafia."],
    over: "Game over. No mafia and no maniac are left alive. Winners: Town.",
    votes2: "2 votes",
  },
  ru: {
    name: "Слепой город",
    night1: "Ночь 1",
    choice: "ВЫБОР",
    mayor: "МЭР",
    rest: "ОТДЫХ",
    isolate: "ВЕРДИКТ: ИЗО",
    abstain: "ВЕРДИКТ: ВОЗДЕРЖАЛСЯ",
    isolateWord: "ИЗО",
    abstainWord: "ВОЗДЕРЖАЛСЯ",
    mafia: "Мафия",
    attempts: "Покушения: player1 и player3.",
    visit: "player5 идёт к МЭРУ, но охрана отправляет гостя домой.",
    check: "Проверка: player1 — характер злой.",
    noIsolation: "Никто не отправляется в ИЗО.",
    killed: ["player1: жертва МАНЬЯКА.", "player2: жертва МАФИИ."],
    over: "Игра окончена. В живых не осталось ни мафии, ни маньяка. Победитель: Город.",
    votes2: "2 голоса",
  },
} as const;

describe.each(["en", "ru"] as const)("mayor played in %s", (lang: Lang) => {
  const w = WORDS[lang];
  let g: Table;

  it("the GM deals five roles; nobody is told his role, not even by /role", async () => {
    g = await openTable(h, {
      lang,
      ruleset: "mayor",
      name: w.name,
      seats: 5,
      create: { publish: "review" },
      assign: {
        1: { role: "mafia" },
        2: { role: "maniac" },
        3: { role: "doctor" },
        4: { role: "agent" },
        5: { role: "lawyer" },
      },
    });
    expect((await g.state()).phase).toEqual({ kind: "night", n: 1 });
    const role = await g.as(1, "role");
    expect(isEphemeral(role)).toBe(true);
    expect(textOf(role)).not.toContain(w.mafia);
    expect(g.posts(await g.personal(1)).join("\n")).not.toContain(w.mafia);
    // The rules are open to all, roles included.
    expect(textOf(await g.slash(g.user(1), "rules", { ruleset: "mayor" }))).toContain(w.mafia);
  });

  it("night 1: choices by /order and by the panel, a rest by its button; every receipt is the same neutral one", async () => {
    const mafia = await g.as(1, "order", { action: "choose", target: "p3" });
    expect(contentOf(mafia).split("\n")[0]).toBe(
      g.tr("order.accepted", { action: `${w.choice} → player3`, targets: "" }),
    );
    // The maniac changes his mind: the last choice counts (§4).
    await g.as(2, "order", { action: "choose", target: "p3" });
    expect(contentOf(await g.panel(2, "choose", ["p1"])).split("\n")[0]).toBe(
      g.tr("order.accepted", { action: `${w.choice} → player1`, targets: "" }),
    );
    await g.panel(3, "choose", ["p1"]);
    await g.as(4, "order", { action: "choose", target: "p1" });
    const rest = await g.panel(5, "rest");
    expect(contentOf(rest).split("\n")[0]).toBe(g.tr("order.accepted", { action: w.rest, targets: "" }));
    const visit = await g.as(5, "order", { action: "choose", target: "mayor" });
    expect(contentOf(visit).split("\n")[0]).toBe(
      g.tr("order.accepted", { action: `${w.choice} → ${w.mayor}`, targets: "" }),
    );
    expect(contentOf(await g.as(5, "orders"))).toContain(w.choice);
    // The GM room counts as the rules do: player5's visit replaced the Rest (one night choice).
    // Its status is rendered when the outbox delivers it (the worker's drain).
    await g.drain();
    const status = (await g.gmRoom()).split("\n");
    expect(status).toContain(`• player5: ${w.choice} → ${w.mayor}`);
    expect(status).toContain(`• player2: ${w.choice} → player1`);
  });

  it("night 1 resolves: nobody dies, the attempt and the visit are in the news, the agent learns his check", async () => {
    await g.force();
    // The draft waits for the GM: players see nothing of it yet.
    expect((await g.state()).phase).toEqual({ kind: "night", n: 1 });
    expect(await g.newspaper()).not.toContain(w.attempts);
    expect(await g.gmRoom()).toContain(w.attempts);
    expect(contentOf(await g.publish())).toBe(g.tr("gm.published", { phase: w.night1 }));
    const state = await g.state();
    expect(state.phase).toEqual({ kind: "day", n: 1 });
    expect(state.players.every((p) => p.alive)).toBe(true);
    const news = await g.newspaper();
    expect(news).toContain(w.attempts);
    expect(news).toContain(w.visit);
    expect(g.posts(await g.personal(4)).join("\n")).toContain(w.check);
    expect(g.posts(await g.personal(3)).join("\n")).not.toContain(w.check);
  });

  it("session 1: verdicts by /vote, each posted in the town hall with one tally; no second verdict", async () => {
    const offered = await h.choices(g.user(3), "vote", { game: w.name, choice: "" }, "choice");
    expect(offered.map((c) => c.value)).toContain("verdict|choice=isolate>p1");
    expect(offered.some((c) => c.value.includes("execute"))).toBe(false);
    const first = await g.as(3, "vote", { choice: "verdict|choice=isolate>p1" });
    expect(contentOf(first).split("\n")[0]).toBe(
      g.tr("order.accepted", { action: `${w.isolate} → player1`, targets: "" }),
    );
    await g.as(4, "vote", { choice: "verdict|choice=isolate>p1" });
    const abstain = await g.as(5, "vote", { choice: "abstain" });
    expect(contentOf(abstain).split("\n")[0]).toBe(
      g.tr("order.accepted", { action: w.abstain, targets: "" }),
    );
    await g.as(1, "vote", { choice: "verdict|choice=isolate>p3" });
    await g.as(2, "vote", { choice: "verdict|choice=abstain>p4" });
    expect(contentOf(await g.as(3, "vote", { choice: "abstain" }))).toBe(g.tr("vote.not_open"));
    // The seat's own orders name its verdict, though no verdict is open to it any more.
    expect(contentOf(await g.as(3, "orders"))).toContain(`${w.isolate} → player1`);
    await g.drain();
    const hall = g.posts(await g.channel("town_hall"));
    expect(hall.filter((c) => c.startsWith("🗳"))).toEqual([
      g.tr("ballot.cast", { voter: "player3", vote: `${w.isolateWord} → player1` }),
      g.tr("ballot.cast", { voter: "player4", vote: `${w.isolateWord} → player1` }),
      g.tr("ballot.cast", { voter: "player5", vote: w.abstainWord }),
      g.tr("ballot.cast", { voter: "player1", vote: `${w.isolateWord} → player3` }),
      g.tr("ballot.cast", { voter: "player2", vote: `${w.abstainWord} → player4` }),
    ]);
    const tallies = hall.filter((c) => c.startsWith("📊"));
    expect(tallies).toHaveLength(1);
    expect(tallies[0]).toContain(`${w.isolateWord} → player1: ${w.votes2} (player3, player4)`);
    expect(await g.gmRoom()).toContain(`${w.isolate} → player1`);
  });

  it("the session closes: two isolate verdicts do not outweigh one other and two abstentions, so nobody goes to isolation", async () => {
    await g.force();
    await g.publish();
    expect((await g.state()).phase).toEqual({ kind: "night", n: 2 });
    expect(await g.newspaper()).toContain(w.noIsolation);
  });

  it("night 2: the mafia and the maniac kill each other; the town wins", async () => {
    await g.as(1, "order", { action: "choose", target: "p2" });
    await g.as(2, "order", { action: "choose", target: "p1" });
    await g.as(3, "order", { action: "choose", target: "p4" });
    await g.force();
    await g.publish();
    const state = await g.state();
    expect(state.ended).toBe(true);
    expect(state.winners).toEqual(["town"]);
    await g.drain();
    const news = await g.newspaper();
    for (const line of w.killed) expect(news).toContain(line);
    expect(news).toContain(w.over);
  });

  it("nothing the bot showed, the GM room included, has a raw id, a key, the other language or an empty field", async () => {
    expect(await g.textProblems()).toEqual([]);
  });
});

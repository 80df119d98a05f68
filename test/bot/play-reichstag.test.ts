import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../src/engine/types.js";
import { contentOf, isEphemeral, startHarness, textOf } from "./harness.js";
import type { Harness } from "./harness.js";
import { openTable, type Table } from "./tables.js";

/**
 * Reichstag as its players play it, in English and in Russian, with secret ballots (option
 * `openVoting: false`) and three fascist policies already on the track: the President nominates
 * from the panel, the electors vote Ja/Nein with /vote (receipts name the choice, nothing is
 * posted until the close, then only the result the rules publish), /extension moves the real
 * deadline, the President discards and the Chancellor enacts from the panel, and Hitler elected
 * Chancellor wins the game for the fascists; every text checked, GM room included.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness(5);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const OPTIONS = {
  openVoting: false,
  enacted: { liberal: 0, fascist: 3 },
  // Top first: round 1's President draws L, F, F.
  deck: ["L", "F", "F", "L", "L", "L", "L", "L", "F", "F", "F", "F", "F", "F"],
};

const WORDS = {
  en: {
    name: "Weimar",
    ja: "Vote Ja / Nein: Ja",
    nein: "Vote Ja / Nein: Nein",
    role5: "Your role: Hitler (Fascists).",
    votesCast: ["player3 votes Ja.", "player4 votes Nein."],
    result: "Votes: player3 Ja, player4 Nein, player5 Ja.",
    elected: "Government elected: President player1, Chancellor player2 (Ja 2, Nein 1).",
    notHitler: "player2 is not Hitler.",
    extended: "Deadline extended by 12 h.",
    drawn: "You drew:",
    liberal: "liberal",
    enacted: "A liberal policy is enacted.",
    over: "Game over. Hitler was elected Chancellor with at least three fascist policies enacted. Winners: Fascists.",
    hitler: "player5 is Hitler.",
  },
  ru: {
    name: "Веймар",
    ja: "Голосовать Ja / Nein: Ja (за)",
    nein: "Голосовать Ja / Nein: Nein (против)",
    role5: "Ваша роль: Гитлер (Фашисты).",
    votesCast: ["player3 голосует «Ja».", "player4 голосует «Nein»."],
    result: "Голоса: player3 Ja, player4 Nein, player5 Ja.",
    elected: "Правительство избрано: Президент player1, Канцлер player2 (Ja 2, Nein 1).",
    notHitler: "player2 — не Гитлер.",
    extended: "Дедлайн продлён на 12 часов.",
    drawn: "",
    liberal: "либеральный",
    enacted: "Принят либеральный закон.",
    over: "Игра окончена: Гитлер избран канцлером, когда действуют не меньше трёх фашистских законов. Победители: Фашисты.",
    hitler: "player5 — Гитлер.",
  },
} as const;

describe.each(["en", "ru"] as const)("reichstag played in %s", (lang: Lang) => {
  const w = WORDS[lang];
  let g: Table;

  it("the GM deals liberals, a fascist and Hitler; each reads his own role", async () => {
    g = await openTable(h, {
      lang,
      ruleset: "reichstag",
      name: w.name,
      seats: 5,
      create: { options: JSON.stringify(OPTIONS) },
      assign: {
        1: { role: "liberal" },
        2: { role: "liberal" },
        3: { role: "liberal" },
        4: { role: "fascist" },
        5: { role: "hitler" },
      },
    });
    expect((await g.state()).phase).toEqual({ kind: "nomination", n: 1 });
    expect(g.posts(await g.personal(5)).join("\n")).toContain(w.role5);
    const role = await g.as(3, "role");
    expect(isEphemeral(role)).toBe(true);
    expect(textOf(role)).not.toMatch(/Hitler|Гитлер/);
  });

  it("nomination: the President names the Chancellor from his panel", async () => {
    const nominated = await g.panel(1, "nominate", ["p2"]);
    expect(contentOf(nominated)).toMatch(lang === "en" ? /^Accepted: / : /^Принято: /);
    await g.resolveUntil("election");
  });

  it("election: secret Ja/Nein by /vote; the receipts name the choice and nothing is published before the close", async () => {
    const offered = await h.choices(g.user(3), "vote", { game: w.name, choice: "" }, "choice");
    expect(offered.map((c) => c.name)).toEqual([w.ja, w.nein]);
    const ja = await g.as(3, "vote", { choice: "ja" });
    expect(contentOf(ja).split("\n")[0]).toBe(g.tr("order.accepted", { action: w.ja, targets: "" }));
    const nein = await g.as(4, "vote", { choice: "nein" });
    expect(contentOf(nein).split("\n")[0]).toBe(g.tr("order.accepted", { action: w.nein, targets: "" }));
    await g.as(5, "vote", { choice: "vote|vote=ja" });
    // The candidates do not vote.
    expect(contentOf(await g.as(1, "vote", { choice: "ja" }))).not.toMatch(/^(Accepted|Принято)/);
    // A player's own orders show his vote; the GM room shows every vote to the GMs only.
    expect(contentOf(await g.as(4, "orders"))).toContain(w.nein);
    await g.drain();
    const news = await g.newspaper();
    for (const line of w.votesCast) expect(news).not.toContain(line);
    const everywhere = [await g.channel("game"), await g.channel("newspaper")].flatMap((c) => g.posts(c));
    expect(everywhere.some((c) => c.startsWith("🗳") || c.startsWith("📊"))).toBe(false);
    expect(await g.gmRoom()).toContain(`player4: ${w.nein}`);
  });

  it("/extension moves the real deadline by the rules' twelve hours and the newspaper says so", async () => {
    const before = (await h.service.currentPhase(g.id))?.deadlineAt?.getTime() ?? 0;
    const asked = await g.as(3, "extension");
    expect(contentOf(asked)).toMatch(lang === "en" ? /^Accepted: / : /^Принято: /);
    const after = (await h.service.currentPhase(g.id))?.deadlineAt?.getTime() ?? 0;
    expect(after - before).toBe(12 * 3_600_000);
    await g.drain();
    expect(await g.newspaper()).toContain(w.extended);
  });

  it("the election closes: only the result is published, and the government is elected", async () => {
    await g.force();
    expect((await g.state()).phase).toEqual({ kind: "legislative", n: 1 });
    await g.drain();
    const news = await g.newspaper();
    expect(news).toContain(w.result);
    expect(news).toContain(w.elected);
    expect(news).toContain(w.notHitler);
    for (const line of w.votesCast) expect(news).not.toContain(line);
  });

  it("legislation: the President discards a fascist policy from the panel /order shows; the Chancellor enacts the liberal one from the panel posted to him", async () => {
    const drawn = g.posts(await g.personal(1)).join("\n");
    if (w.drawn) expect(drawn).toContain(w.drawn);
    const fascist = lang === "en" ? "fascist" : "фашист";
    // The President opens his panel with /order.
    const discarded = await g.panel(1, "discard", [], fascist, true);
    expect(contentOf(discarded)).toMatch(lang === "en" ? /^Accepted: / : /^Принято: /);
    await g.drain();
    // The Chancellor's step opens within the phase: his thread gets a panel of it.
    const enacted = await g.panel(2, "enact", [], w.liberal);
    expect(contentOf(enacted)).toMatch(lang === "en" ? /^Accepted: / : /^Принято: /);
    await g.resolveUntil("nomination");
    expect((await g.state()).phase).toEqual({ kind: "nomination", n: 2 });
    expect(await g.newspaper()).toContain(w.enacted);
  });

  it("round 2: Hitler is elected Chancellor after three fascist policies, and the fascists win", async () => {
    await g.as(2, "order", { action: "nominate", target: "p5" });
    await g.resolveUntil("election");
    for (const n of [1, 4]) await g.as(n, "vote", { choice: "ja" });
    await g.as(3, "vote", { choice: "nein" });
    await g.force();
    const state = await g.state();
    expect(state.ended).toBe(true);
    expect(state.winners).toEqual(["fascists"]);
    await g.drain();
    const news = await g.newspaper();
    expect(news).toContain(w.hitler);
    expect(news).toContain(w.over);
  });

  it("nothing the bot showed, the GM room included, has a raw id, a key, the other language or an empty field", async () => {
    expect(await g.textProblems()).toEqual([]);
  });
});

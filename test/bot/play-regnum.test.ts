import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats } from "../../src/db/schema/index.js";
import type { Lang } from "../../src/engine/types.js";
import { contentOf, isEphemeral, startHarness, textOf } from "./harness.js";
import type { Harness, Json } from "./harness.js";
import { openTable, type Table } from "./tables.js";

/**
 * Regnum as its players play it, in English and in Russian, under appearances (its default): the
 * twelve-character roster, each player's card by /role, the elder adepts speaking in the Order's
 * chat with /say (relayed under their appearance), the Magister elected by /vote in night 1 (the
 * receipt names the elder chosen), the detective's check by /order with its private result, and
 * the GM's end with the reveal; every text checked, GM room included.
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness(12);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const WORDS = {
  en: {
    name: "Regnum",
    elder: "Elder adept",
    voteLabel: "Vote for the Magister",
    check: "Check for suspicion",
    talk: "Brothers, the Order elects its Magister tonight.",
    magister: "Magister",
  },
  ru: {
    name: "Регнум",
    elder: "Старший адепт ОЗД",
    voteLabel: "Голосовать за Магистра",
    check: "Проверка на подозрительность",
    talk: "Братья, сегодня ночью Орден избирает Магистра.",
    magister: "Магистр",
  },
} as const;

interface Seat {
  n: number;
  id: string;
  /** The seat's account: the deal seats the joined members in its own order. */
  userId: string;
  name: string;
  roles: string[];
  posts: string[];
}

describe.each(["en", "ru"] as const)("regnum played in %s", (lang: Lang) => {
  const w = WORDS[lang];
  let g: Table;
  let seats: Seat[];
  const holding = (role: string) => seats.filter((s) => s.roles.includes(role));
  /** A seat's command in the lobby, naming the game. */
  const play = (seat: Seat | undefined, line: string, options: Json = {}) =>
    g.slash(seat?.userId ?? "", line, { game: w.name, ...options });

  it("twelve join; the roster is dealt and each reads his own card, under his appearance", async () => {
    g = await openTable(h, { lang, ruleset: "regnum", name: w.name, seats: 12 });
    expect((await g.state()).phase).toEqual({ kind: "night", n: 1 });
    const rows = await h.service.players(g.id);
    const shown = new Map(rows.map((p) => [p.seatId, p.displayName]));
    const account = new Map(rows.map((p) => [p.seatId, p.userId]));
    const state = (await g.state()) as unknown as {
      players: { id: string; role: string; roles: string[]; posts: string[] }[];
    };
    seats = state.players.map((p) => ({
      n: Number(p.id.slice(1)),
      id: p.id,
      userId: account.get(p.id) ?? "",
      name: shown.get(p.id) ?? "",
      roles: [p.role, ...p.roles],
      posts: p.posts,
    }));
    expect(holding("elder_adept")).toHaveLength(2);
    expect(holding("detective")).toHaveLength(1);
    const [elder] = holding("elder_adept");
    const card = await play(elder, "role");
    expect(isEphemeral(card)).toBe(true);
    expect(textOf(card)).toContain(w.elder);
  });

  it("the elder adepts speak in the Order's chat with /say; the other elder reads it under the speaker's appearance", async () => {
    const [a, b] = holding("elder_adept");
    const mirror = async (seat: Seat) => {
      const [row] = await h.database.db
        .select()
        .from(chats)
        .where(and(eq(chats.gameId, g.id), like(chats.chatKey, `mirror:ozd:${seat.id}`)));
      if (!row) throw new Error(`no Order mirror for ${seat.id}`);
      return row.discordId;
    };
    const handle = h.emu.user(a?.userId ?? "").slash(await mirror(a as Seat), "say", { text: w.talk });
    const said = await handle.reply(60_000);
    expect(isEphemeral(said as Json)).toBe(true);
    expect(contentOf(said as Json)).toBe(g.tr("mask.sending.post", { name: a?.name ?? "" }));
    // The worker delivers it and edits the answer to the outcome.
    const sent = g.tr("mask.sent.post", { name: a?.name ?? "" });
    await h.drainUntil(g.id, () => contentOf(handle.original() ?? {}) === sent);
    const heard = h.emu.messages(await mirror(b as Seat)).find((m) => m["content"] === w.talk);
    expect(heard, "relayed to the other elder").toBeDefined();
    expect((heard?.["author"] as Json | undefined)?.["username"]).toBe(a?.name);
  });

  it("night 1: an elder votes for the other with /vote; the receipt names the elder chosen", async () => {
    const [a, b] = holding("elder_adept");
    const offered = await h.choices(a?.userId ?? "", "vote", { game: w.name, choice: "" }, "choice");
    const pick = offered.find((c) => c.name === `${w.voteLabel} → ${b?.name ?? ""}`);
    expect(pick, JSON.stringify(offered)).toBeDefined();
    const vote = await play(a, "vote", { choice: pick?.value });
    expect(contentOf(vote).split("\n")[0]).toBe(
      g.tr("order.accepted", { action: `${w.voteLabel} → ${b?.name ?? ""}`, targets: "" }),
    );
    // Nobody else has a vote open.
    const other = seats.find((s) => !s.roles.includes("elder_adept"));
    expect(await h.choices(other?.userId ?? "", "vote", { game: w.name, choice: "" }, "choice")).toEqual([]);
  });

  it("night 1: the detective checks a character with /order; the night resolves, the Magister is elected and the check answered privately", async () => {
    const [detective] = holding("detective");
    const [, b] = holding("elder_adept");
    const target = seats.find((s) => s.roles.includes("assassin"));
    const choices = await h.choices(
      detective?.userId ?? "",
      "order",
      { game: w.name, action: "det_check", target: target?.name ?? "" },
      "target",
    );
    const value = choices[0]?.value ?? "";
    const ordered = await play(detective, "order", { action: "det_check", target: value });
    expect(contentOf(ordered).split("\n")[0]).toBe(
      g.tr("order.accepted", { action: `${w.check} → ${target?.name ?? ""}`, targets: "" }),
    );
    await g.force();
    const state = (await g.state()) as unknown as { phase: Json; players: { id: string; posts: string[] }[] };
    expect(state.phase).toEqual({ kind: "day", n: 1 });
    expect(state.players.find((p) => p.id === b?.id)?.posts).toContain("magister");
    await g.drain();
    expect(g.posts(await g.personal(detective?.n ?? 0)).join("\n")).toContain(w.check);
    expect(textOf(await play(b, "role"))).toContain(w.magister);
  });

  it("the GM ends the game: the reveal names every character in the game's language", async () => {
    expect(contentOf(await g.gmDoes("game end"))).toBe(g.tr("game.ended_done", { name: w.name }));
    await g.drain();
    const news = await g.newspaper();
    expect(news).toContain(g.tr("reveal.title", { name: w.name }));
    for (const s of seats) expect(news).toContain(s.name);
  });

  it("nothing the bot showed, the GM room included, has a raw id, a key, the other language or an empty field", async () => {
    expect(await g.textProblems()).toEqual([]);
  });
});

import { mkdirSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Board } from "../rulesets/reichstag/index.js";
import {
  boardWords,
  COLORS,
  drawBoard,
  renderReichstagBoard,
  slotRect,
  trackerCenter,
} from "./reichstag-board.js";

const board: Board = {
  phase: "nomination 7",
  liberal: 2,
  fascist: 4,
  tracker: 1,
  deckSize: 8,
  discardSize: 3,
  vetoUnlocked: false,
  ended: false,
  winners: [],
  players: [
    { id: "ann", seat: 1, alive: true, statuses: ["former_president"] },
    { id: "bob", seat: 2, alive: true, statuses: ["candidate_president", "not_hitler"] },
    { id: "cid", seat: 3, alive: false, statuses: ["executed", "investigated"] },
    { id: "dan", seat: 4, alive: true, statuses: ["former_chancellor"] },
    { id: "eve", seat: 5, alive: true, statuses: [] },
    { id: "fay", seat: 6, alive: true, statuses: ["investigated"] },
    { id: "gus", seat: 7, alive: true, statuses: [] },
  ],
};

const hex = (rgba: Uint8ClampedArray) =>
  `#${[rgba[0], rgba[1], rgba[2]].map((v) => (v ?? 0).toString(16).padStart(2, "0")).join("")}`;

describe("reichstag board image", () => {
  it("the same board renders to identical bytes", async () => {
    const a = await renderReichstagBoard(board);
    const b = await renderReichstagBoard(structuredClone(board));
    expect(a.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(Buffer.compare(a, b)).toBe(0);
    if (process.env["UPDATE_IMAGES"] === "1") {
      mkdirSync("docs/images", { recursive: true });
      writeFileSync("docs/images/reichstag-board.png", a);
    }
  });

  it("track slots are filled up to the enacted count and the tracker shows its position", async () => {
    const ctx = drawBoard(board).getContext("2d");
    const at = (x: number, y: number) => hex(ctx.getImageData(x, y, 1, 1).data);
    const corner = (track: "liberal" | "fascist", i: number) => {
      const r = slotRect(track, i);
      return at(r.x + 6, r.y + 6);
    };
    expect(corner("liberal", 0)).toBe(COLORS.liberal);
    expect(corner("liberal", 1)).toBe(COLORS.liberal);
    expect(corner("liberal", 2)).toBe(COLORS.liberalEmpty);
    expect(corner("liberal", 4)).toBe(COLORS.liberalEmpty);
    expect(corner("fascist", 3)).toBe(COLORS.fascist);
    expect(corner("fascist", 4)).toBe(COLORS.fascistEmpty);
    expect(corner("fascist", 5)).toBe(COLORS.fascistEmpty);
    const t0 = trackerCenter(0);
    const t1 = trackerCenter(1);
    expect(at(t0.x, t0.y)).toBe(COLORS.tracker);
    expect(at(t1.x, t1.y)).toBe(COLORS.trackerEmpty);
  });

  it("a different board gives different bytes", async () => {
    expect(
      Buffer.compare(await renderReichstagBoard(board), await renderReichstagBoard({ ...board, liberal: 3 })),
    ).not.toBe(0);
  });
});

describe("boardOf → image", () => {
  it("renders the board of a real game state", async () => {
    const { boardOf } = await import("../rulesets/reichstag/index.js");
    const { newGame } = await import("../../test/support/rulesets/reichstag.js");
    const png = await renderReichstagBoard(boardOf(newGame()));
    expect(png.length).toBeGreaterThan(1000);
  });
});

describe("the board's words", () => {
  it("a Russian game's board is all Russian, with the seats' shown names, the public role and the winners' side", () => {
    const names = new Map(
      board.players.map((p, i) => [
        p.id,
        ["Анна", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жанна"][i] ?? p.id,
      ]),
    );
    const ended: Board = {
      ...board,
      ended: true,
      winners: ["liberals"],
      players: board.players.map((p) => (p.id === "cid" ? { ...p, role: "hitler" } : p)),
    };
    const words = boardWords(ended, "ru", names);
    expect(words.title).toBe("Рейхстаг: Выдвижение 7");
    expect(words.liberal).toBe("Либеральные законы: 2 из 5");
    expect(words.players.map((p) => p.name)).toEqual([
      "Анна",
      "Борис",
      "Вера (Гитлер)",
      "Глеб",
      "Дина",
      "Егор",
      "Жанна",
    ]);
    expect(words.over).toMatch(/^Игра окончена\. Победители: /);
    const all = [
      words.title,
      words.info,
      words.liberal,
      words.fascist,
      words.liberalLetter,
      words.fascistLetter,
      words.tracker,
      words.over ?? "",
      ...words.players.flatMap((p) => [p.name, p.statuses]),
    ].join(" ");
    expect(all).not.toMatch(/[A-Za-z]/);
  });

  it("an English board keeps the English words and shows names, not seat ids", () => {
    const words = boardWords(board, "en", new Map([["ann", "Ann"]]));
    expect(words.title).toBe("Reichstag: Nomination 7");
    expect(words.players[0]?.name).toBe("Ann");
    expect(words.over).toBeNull();
    expect(boardWords({ ...board, ended: true, winners: [] }, "en").over).toBe("Game over. No winners.");
  });
});

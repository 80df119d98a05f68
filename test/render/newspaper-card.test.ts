import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import {
  COLORS,
  LAYOUT,
  type NewspaperCard,
  cardHeight,
  drawNewspaper,
  newspaperOf,
  renderNewspaperCard,
  wrap,
} from "../../src/render/newspaper-card.js";
import { hex, publicCase } from "./support.js";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ninjaGame() {
  const played = publicCase("classic/02-example-b-hanging-the-ninja.json");
  expect(played.rejected).toEqual([]);
  const names = new Map(
    played.state.players.map((p, i) => [p.id, ["Антон", "Борис", "Виктор", "Глеб", "Денис"][i] ?? p.id]),
  );
  return { ...played, names };
}

describe("newspaperOf: a phase of a real classic game", () => {
  it("renders the phase's public lines with shown names, in Russian and in English", async () => {
    const g = ninjaGame();
    const day = g.reports[1];
    if (!day) throw new Error("no day");
    const ru = newspaperOf(g.ruleset, day, g.names, "ru");
    expect(ru.game).toBe(g.ruleset.name.ru);
    expect(ru.phase).toBe("day 1");
    expect(ru.lines).toEqual(["Антон повешен. Роль: Ниндзя."]);
    const en = newspaperOf(g.ruleset, day, g.names, "en", "Friday game");
    expect(en.game).toBe("Friday game");
    expect(en.lines[0]).toContain("Антон was hanged");
  });
});

describe("newspaper card image", () => {
  it("the same card renders to identical bytes; language and lines change them", async () => {
    const g = ninjaGame();
    for (const report of g.reports) {
      const card = newspaperOf(g.ruleset, report, g.names, "ru");
      const a = await renderNewspaperCard(card);
      expect(a.subarray(0, 8)).toEqual(PNG);
      expect(Buffer.compare(a, await renderNewspaperCard(structuredClone(card)))).toBe(0);
    }
    const card = newspaperOf(
      g.ruleset,
      g.reports[0] ?? { phase: "night 0", deaths: [], events: [], public: [], private: [] },
      g.names,
      "ru",
    );
    expect(
      Buffer.compare(await renderNewspaperCard(card), await renderNewspaperCard({ ...card, lang: "en" })),
    ).not.toBe(0);
    expect(
      Buffer.compare(await renderNewspaperCard(card), await renderNewspaperCard({ ...card, lines: ["x"] })),
    ).not.toBe(0);
  });

  it("paper, the masthead rule, the phase label and the first line's bullet are where the layout says", async () => {
    const card: NewspaperCard = { game: "Мафия", phase: "night 1", lines: ["Одна строка."], lang: "ru" };
    const ctx = drawNewspaper(card).getContext("2d");
    const at = (x: number, y: number) => hex(ctx.getImageData(x, y, 1, 1).data);
    expect(at(5, 5)).toBe(COLORS.paper);
    expect(at(LAYOUT.width / 2, LAYOUT.ruleY + 1)).toBe(COLORS.rule);
    expect(at(LAYOUT.margin + 5, LAYOUT.bodyY - 8)).toBe(COLORS.accent);
    // The phase label is drawn in the accent colour somewhere on its line.
    const label = ctx.getImageData(LAYOUT.margin, LAYOUT.phaseY - 20, 120, 22).data;
    let accent = 0;
    for (let i = 0; i < label.length; i += 4) if (hex(label.subarray(i, i + 4)) === COLORS.accent) accent++;
    expect(accent).toBeGreaterThan(20);
  });

  it("long lines wrap and the card grows; no public line still gives a card", async () => {
    const long = "Слово ".repeat(60).trim();
    const one: NewspaperCard = { game: "Мафия", phase: "day 2", lines: ["коротко"], lang: "ru" };
    const many: NewspaperCard = { ...one, lines: [long, long] };
    expect(cardHeight(many)).toBeGreaterThan(cardHeight(one) + 4 * LAYOUT.lineH);
    const empty = await renderNewspaperCard({ ...one, lines: [] });
    expect(empty.subarray(0, 8)).toEqual(PNG);
    const ctx = createCanvas(1, 1).getContext("2d");
    ctx.font = "20px sans-serif";
    const lines = wrap(ctx, long, 300);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join(" ")).toBe(long);
    expect(wrap(ctx, "x".repeat(200), 100).join("")).toBe("x".repeat(200));
  });
});

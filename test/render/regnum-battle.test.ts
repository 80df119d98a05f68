import { describe, expect, it } from "vitest";
import {
  type BattleReport,
  COLORS,
  advantageBadgeRect,
  battleReports,
  drawBattle,
  renderRegnumBattle,
  sideHeaderRect,
  strikePoint,
  unitRowRect,
} from "../../src/render/regnum-battle.js";
import { hex, play, publicCase } from "./support.js";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function example1(): BattleReport {
  const played = publicCase("regnum/01-example-battle-with-capture.json");
  expect(played.rejected).toEqual([]);
  const phase = played.phases[0];
  if (!phase) throw new Error("no phase");
  const reports = battleReports(phase.before, phase.after, phase.report);
  expect(reports).toHaveLength(1);
  return reports[0] as BattleReport;
}

const unit = (id: string, army: string, type: string, owner: string, location = "norsland") => ({
  id,
  army,
  type,
  owner,
  location,
});

/** regnum.md §6.9 Example 2 (winter, north front, advantages) with a squad in transit. */
const winterScenario = {
  ruleset: "regnum",
  seed: 7,
  options: {
    season: "winter",
    wars: [
      ["royal", "ozd"],
      ["ozd", "norsland"],
    ],
    units: [
      unit("a1", "royal", "snowmen", "cmd"),
      unit("a2", "royal", "mammoth", "cmd"),
      unit("a3", "royal", "squad", "cmd", "regnum"),
      unit("b1", "ozd", "fire_elemental", "mag"),
      unit("b2", "ozd", "flamethrower_robot", "mag"),
      unit("b3", "ozd", "electric_elemental", "mag"),
      unit("b4", "ozd", "multielemental", "mag"),
      unit("b5", "ozd", "squad", "mag"),
      unit("b6", "ozd", "fire_elemental", "mag"),
    ],
  },
  players: [
    { id: "kin", role: "citizen", posts: ["king"] },
    { id: "cmd", role: "citizen", posts: ["commander_royal"], serviceOf: ["royal"] },
    { id: "mag", role: "elder_adept", posts: ["magister"] },
  ],
  script: [
    {
      phase: "night",
      actions: [
        { actor: "cmd", action: "fight", army: "royal" },
        { actor: "cmd", action: "move_troops", units: ["a3"], to: "norsland" },
        { actor: "mag", action: "fight", army: "ozd" },
      ],
    },
  ],
};

function example2(): BattleReport {
  const played = play(winterScenario);
  expect(played.rejected).toEqual([]);
  const phase = played.phases[0];
  if (!phase) throw new Error("no phase");
  return battleReports(phase.before, phase.after, phase.report)[0] as BattleReport;
}

describe("battleReports: the battle event of a real game", () => {
  it("§14.1: both sides with their units weakest first, losses, the winner and the capture", async () => {
    const r = example1();
    expect(r.country).toBe("regnum");
    expect(r.phase).toBe("night 1");
    const [royal, ozd] = r.sides;
    expect(royal.armies).toEqual(["royal"]);
    expect(royal.strength).toBe(4);
    expect(royal.loss).toBe(9);
    expect(royal.units.map((u) => [u.id, u.type, u.strength, u.destroyed])).toEqual([
      ["r2", "squad", 1, true],
      ["r1", "squad", 1, true],
      ["r3", "modified_robot", 2, true],
    ]);
    expect(ozd.units.map((u) => [u.id, u.strength, u.destroyed])).toEqual([
      ["o2", 1, true],
      ["o1", 1, true],
      ["o3", 2, true],
      ["o4", 5, false],
    ]);
    expect(ozd.units.reduce((s, u) => s + u.strength, 0)).toBe(ozd.strength);
    expect(r.result).toBe("second");
    expect(r.capture).toEqual({ army: "ozd", commander: "mag" });
    expect(r.inTransit).toEqual([]);
  });

  it("§6.9 Example 2: doubled strengths are marked and units in transit are listed apart", async () => {
    const r = example2();
    expect(r.winterNorth).toBe(true);
    const [royal, ozd] = r.sides;
    expect(royal.strength).toBe(8);
    expect(royal.units.map((u) => [u.id, u.base, u.strength, u.advantage])).toEqual([
      ["a1", 1, 2, true],
      ["a2", 3, 6, true],
    ]);
    expect(ozd.strength).toBe(13);
    expect(ozd.units.map((u) => u.id)).toEqual(["b5", "b3", "b6", "b2", "b1", "b4"]);
    expect(ozd.units.filter((u) => u.advantage).map((u) => u.id)).toEqual(["b6", "b2", "b1"]);
    expect(ozd.units.filter((u) => !u.destroyed).map((u) => u.id)).toEqual(["b4"]);
    expect(r.inTransit).toEqual([{ id: "a3", army: "royal", type: "squad", from: "regnum", to: "norsland" }]);
    expect(r.capture?.army).toBe("ozd");
  });
});

describe("regnum battle image", () => {
  it("the same report renders to identical bytes, in both languages", async () => {
    const r = example1();
    for (const lang of ["en", "ru"] as const) {
      const a = await renderRegnumBattle(r, lang);
      const b = await renderRegnumBattle(structuredClone(r), lang);
      expect(a.subarray(0, 8)).toEqual(PNG);
      expect(Buffer.compare(a, b)).toBe(0);
    }
    expect(Buffer.compare(await renderRegnumBattle(r, "en"), await renderRegnumBattle(r, "ru"))).not.toBe(0);
  });

  it("a replay of the same game gives the same image", async () => {
    expect(
      Buffer.compare(await renderRegnumBattle(example2(), "ru"), await renderRegnumBattle(example2(), "ru")),
    ).toBe(0);
  });

  it("losses are crossed out, survivors are not; the winner's band is framed", async () => {
    const r = example1();
    const ctx = drawBattle(r, "ru").getContext("2d");
    const at = (p: { x: number; y: number }) => hex(ctx.getImageData(p.x, p.y, 1, 1).data);
    expect(at(strikePoint(0, 0))).toBe(COLORS.strike);
    expect(at(strikePoint(0, 2))).toBe(COLORS.strike);
    expect(at(strikePoint(1, 2))).toBe(COLORS.strike);
    expect(at(strikePoint(1, 3))).toBe(COLORS.rowAlt);
    const a = sideHeaderRect(0);
    const b = sideHeaderRect(1);
    expect(at({ x: a.x + 3, y: a.y + a.h / 2 })).toBe(COLORS.sideA);
    expect(at({ x: b.x + 3, y: b.y + b.h / 2 })).toBe(COLORS.winner);
    // No fifth row on either side: the background shows.
    const empty = unitRowRect(0, 3);
    expect(at({ x: empty.x + 5, y: empty.y + 5 })).toBe(COLORS.background);
  });

  it("an advantage shows the ×2 badge", async () => {
    const r = example2();
    const ctx = drawBattle(r, "en").getContext("2d");
    const at = (p: { x: number; y: number }) => hex(ctx.getImageData(p.x, p.y, 1, 1).data);
    const badge = advantageBadgeRect(0, 1);
    expect(at({ x: badge.x + 2, y: badge.y + 2 })).toBe(COLORS.advantage);
    const none = advantageBadgeRect(1, 0); // b5, a squad without advantage
    expect(at({ x: none.x + 2, y: none.y + 2 })).toBe(COLORS.panel);
  });

  it("a battle without a winner says so and an empty side renders", async () => {
    const r = example1();
    const both: BattleReport = {
      ...r,
      result: "both_destroyed",
      capture: null,
      sides: [r.sides[0], { ...r.sides[1], units: [] }],
    };
    const png = await renderRegnumBattle(both, "en");
    expect(png.subarray(0, 8)).toEqual(PNG);
    expect(Buffer.compare(png, await renderRegnumBattle(r, "en"))).not.toBe(0);
  });
});

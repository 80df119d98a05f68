import { mkdirSync, writeFileSync } from "node:fs";
import { newspaperOf, renderNewspaperCard } from "../src/render/newspaper-card.js";
import { playScenario } from "../src/render/play-scenario.js";
import { renderReichstagBoard } from "../src/render/reichstag-board.js";
import { battleReports, renderRegnumBattle } from "../src/render/regnum-battle.js";
import { getRuleset } from "../src/rulesets/index.js";
import { boardOf } from "../src/rulesets/reichstag/index.js";
import type { ReichstagState } from "../src/rulesets/reichstag/state.js";

/**
 * `npx tsx scripts/render-examples.ts`: the README's example images, each from a real game played
 * through the engine with a fixed seed (same run → same bytes): docs/images/reichstag-board.png,
 * docs/images/regnum-battle.png and docs/images/newspaper.png.
 */

const OUT = "docs/images";

/** reichstag.md Example B (a fascist policy, an execution, a failed election), then two more governments. */
const reichstagGame = {
  ruleset: "reichstag",
  seed: 2,
  options: { deck: ["F", "F", "F", "L", "F", "F", "L", "F", "F", "L", "F", "L", "F", "L", "F", "L", "F"] },
  players: [
    { id: "ann", role: "liberal" },
    { id: "bob", role: "liberal" },
    { id: "cid", role: "fascist" },
    { id: "dan", role: "liberal" },
    { id: "eve", role: "hitler" },
  ],
  script: [
    { phase: "nomination", actions: [{ actor: "ann", action: "nominate", targets: ["cid"] }] },
    {
      phase: "election",
      actions: [
        { actor: "bob", action: "vote", vote: "ja" },
        { actor: "dan", action: "vote", vote: "ja" },
        { actor: "eve", action: "vote", vote: "ja" },
      ],
    },
    {
      phase: "legislative",
      actions: [
        { actor: "ann", action: "discard", policy: "F" },
        { actor: "cid", action: "enact", policy: "F" },
      ],
    },
    {
      phase: "executive",
      actions: [
        { actor: "ann", action: "choose_powers", powers: ["execute"] },
        { actor: "ann", action: "execute", targets: ["dan"] },
      ],
    },
    { phase: "nomination", actions: [{ actor: "bob", action: "nominate", targets: ["ann"] }] },
    {
      phase: "election",
      actions: [
        { actor: "cid", action: "vote", vote: "nein" },
        { actor: "eve", action: "vote", vote: "nein" },
      ],
    },
    { phase: "nomination", actions: [{ actor: "cid", action: "nominate", targets: ["bob"] }] },
    {
      phase: "election",
      actions: [
        { actor: "ann", action: "vote", vote: "ja" },
        { actor: "eve", action: "vote", vote: "ja" },
      ],
    },
    {
      phase: "legislative",
      actions: [
        { actor: "cid", action: "discard", policy: "F" },
        { actor: "bob", action: "enact", policy: "L" },
      ],
    },
    { phase: "nomination", actions: [{ actor: "eve", action: "nominate", targets: ["ann"] }] },
    {
      phase: "election",
      actions: [
        { actor: "bob", action: "vote", vote: "ja" },
        { actor: "cid", action: "vote", vote: "ja" },
      ],
    },
    {
      phase: "legislative",
      actions: [
        { actor: "eve", action: "discard", policy: "L" },
        { actor: "ann", action: "enact", policy: "F" },
      ],
    },
  ],
};

const unit = (id: string, army: string, type: string, owner: string, location = "norsland") => ({
  id,
  army,
  type,
  owner,
  location,
});

/** regnum.md §6.9 Example 2 (winter on the north front: advantages), a squad in transit, and a capture. */
const regnumGame = {
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

/** A classic game with both clans and a maniac: a kill on night 0, a hanging, two kills on night 1. */
const classicGame = {
  ruleset: "classic",
  seed: 42,
  options: {},
  players: [
    { id: "ita", role: "mafia", faction: "italians", don: true },
    { id: "im", role: "mafia", faction: "italians" },
    { id: "rus", role: "mafia", faction: "russians", don: true },
    { id: "man", role: "maniac" },
    { id: "doc", role: "doctor" },
    { id: "com", role: "commissar" },
    { id: "c1", role: "citizen" },
    { id: "c2", role: "citizen" },
    { id: "c3", role: "citizen" },
    { id: "c4", role: "citizen" },
  ],
  script: [
    { phase: "night", actions: [{ actor: "man", action: "kill", targets: ["c1"] }] },
    {
      phase: "day",
      actions: [
        ...["ita", "im", "man", "doc", "com", "c2"].map((actor) => ({
          actor,
          action: "vote",
          targets: ["rus"],
          reason: "подозрительно молчит",
        })),
        { actor: "rus", action: "vote", targets: ["c2"], reason: "давит" },
        { actor: "c3", action: "post" },
        { actor: "c4", action: "post" },
      ],
    },
    {
      phase: "night",
      actions: [
        { actor: "ita", action: "kill", targets: ["c3"], executor: "im" },
        { actor: "man", action: "kill", targets: ["c4"] },
        { actor: "doc", action: "heal", targets: ["com"] },
        { actor: "com", action: "check", targets: ["im"] },
      ],
    },
  ],
};
const CLASSIC_NAMES = [
  "Антон",
  "Борис",
  "Виктор",
  "Глеб",
  "Денис",
  "Егор",
  "Жора",
  "Захар",
  "Иван",
  "Кирилл",
];

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });

  const reichstag = playScenario(reichstagGame, getRuleset);
  const board = await renderReichstagBoard(boardOf(reichstag.state as unknown as ReichstagState));
  writeFileSync(`${OUT}/reichstag-board.png`, board);

  const regnum = playScenario(regnumGame, getRuleset);
  const night = regnum.phases[0];
  if (!night) throw new Error("regnum: no phase played");
  const [battle] = battleReports(night.before, night.after, night.report);
  if (!battle) throw new Error("regnum: no battle");
  const regnumNames = new Map([
    ["kin", "Артур"],
    ["cmd", "Ланселот"],
    ["mag", "Мерлин"],
  ]);
  writeFileSync(`${OUT}/regnum-battle.png`, await renderRegnumBattle(battle, "ru", regnumNames));

  const classic = playScenario(classicGame, getRuleset);
  if (classic.rejected.length > 0) throw new Error(`classic: rejected ${classic.rejected.join("; ")}`);
  const names = new Map(classic.state.players.map((p, i) => [p.id, CLASSIC_NAMES[i] ?? p.id]));
  const night1 = classic.reports.find((r) => r.phase === "night 1");
  if (!night1) throw new Error("classic: no night 1");
  writeFileSync(
    `${OUT}/newspaper.png`,
    await renderNewspaperCard(newspaperOf(classic.ruleset, night1, names, "ru")),
  );

  for (const f of ["reichstag-board.png", "regnum-battle.png", "newspaper.png"]) console.log(`${OUT}/${f}`);
}

await main();

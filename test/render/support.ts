import { readFileSync } from "node:fs";
import { type PlayedScenario, playScenario } from "../../src/render/play-scenario.js";
import { getRuleset } from "../../src/rulesets/index.js";

/** The public scenario cases (test/fixtures/scenarios). */
export function publicCase(path: string): PlayedScenario {
  const file = new URL(`../fixtures/scenarios/${path}`, import.meta.url);
  const raw = JSON.parse(readFileSync(file, "utf8")) as { scenario: unknown };
  return playScenario(raw.scenario, getRuleset);
}

export function play(raw: unknown): PlayedScenario {
  return playScenario(raw, getRuleset);
}

/** "#rrggbb" of an RGBA pixel. */
export const hex = (rgba: Uint8ClampedArray) =>
  `#${[rgba[0], rgba[1], rgba[2]].map((v) => (v ?? 0).toString(16).padStart(2, "0")).join("")}`;

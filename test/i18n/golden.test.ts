import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Lang } from "../../src/engine/types.js";
import { rulesets } from "../../src/rulesets/index.js";
import { goldenText, paramsByKey, renderApp, renderRuleset } from "../support/golden.js";

/**
 * Golden files of every text players and GMs read (test/golden/<ruleset|app>.<lang>.txt): each
 * rendered with a masculine, a feminine and an unspecified seat and with numbers of every plural
 * class. A change of any text changes its file, which a reviewer reads in the diff; write the
 * files again with `UPDATE_GOLDEN=1 npx vitest run test/i18n/golden.test.ts` (docs/i18n.md).
 */

const DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "golden");
const TABLES: Record<string, number> = { classic: 24, clans: 12, mayor: 8, reichstag: 7, regnum: 12 };
const LANGS: readonly Lang[] = ["ru", "en"];

function compare(name: string, text: string): void {
  const file = join(DIR, name);
  if (process.env["UPDATE_GOLDEN"] === "1") {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(file, text);
  }
  expect(existsSync(file), `${name} is missing: write it with UPDATE_GOLDEN=1`).toBe(true);
  expect(text, `${name} differs: read the diff, then UPDATE_GOLDEN=1`).toBe(readFileSync(file, "utf8"));
}

describe("golden files of every text", () => {
  it("covers every registered ruleset", () => {
    expect(Object.keys(TABLES).sort()).toEqual(Object.keys(rulesets).sort());
  });

  for (const [id, seats] of Object.entries(TABLES)) {
    it(`${id}: every line, message and refusal in both languages, per seat gender and plural class`, () => {
      const ruleset = rulesets[id];
      if (!ruleset) throw new Error(`no ruleset ${id}`);
      const byKey = paramsByKey(ruleset, seats);
      for (const lang of LANGS) compare(`${id}.${lang}.txt`, goldenText(renderRuleset(ruleset, lang, byKey)));
    });
  }

  it("the app's catalogs in both languages, per seat gender and plural class", () => {
    for (const lang of LANGS) compare(`app.${lang}.txt`, goldenText(renderApp(lang)));
  });
});

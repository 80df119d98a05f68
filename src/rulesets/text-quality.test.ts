import { describe, expect, it } from "vitest";
import { createGame } from "../engine/game.js";
import { renderText } from "../engine/helpers.js";
import type { RenderContext } from "../engine/ruleset.js";
import type { Lang, TextRef } from "../engine/types.js";
import { has, t } from "../i18n/index.js";
import { rulesets } from "./index.js";
import { collectRefs } from "../../test/support/rulesets/textcheck.js";

/**
 * What players read, from seeded random games of every ruleset in both languages, rendered as
 * the bot renders it (seats by name): no raw ids (snake_case keys, seat ids), no other
 * language, no empty fields ("A4: ", "Article: ."), no raw mentions. English public lines are
 * the rules files' verbatim templates (the scenario contract) and are checked for the rest only.
 */
const NAMES = [
  ..."Anna Boris Vera Gleb Daria Egor Zoya Ivan Kira Lev Maria Nikita".split(" "),
  ..."Olga Pavel Rita Semyon Taisia Ulyana Fedor Khariton Tsvetana Chesnok Shura Yakov".split(" "),
];
const TABLES: Record<string, number> = { classic: 24, clans: 12, mayor: 8, reichstag: 7, regnum: 12 };
/** The games' own Latin words in Russian texts. */
const LATIN_WORDS = new Set(["Ja", "Nein", ...NAMES]);

function problems(text: string, lang: Lang, contract: boolean): string[] {
  const found: string[] = [];
  const snake = /\b[a-z]+_[a-z_]+\b/.exec(text);
  if (snake && !contract) found.push(`raw id ${snake[0]}`);
  if (/\bp\d+\b|\?\w/.test(text)) found.push("raw seat id");
  if (lang === "en" && /[А-Яа-яЁё]/.test(text)) found.push("Russian in English");
  if (lang === "ru") {
    const latin = (text.match(/[A-Za-z][A-Za-z'-]{2,}/g) ?? []).filter((w) => !LATIN_WORDS.has(w));
    if (latin.length > 0) found.push(`English in Russian: ${latin.join(" ")}`);
  }
  if (!contract && text.split("\n").some((l) => /:\s*\.?$/.test(l) || l.trim() === ""))
    found.push("empty field");
  if (/‹@|<@/.test(text)) found.push("raw mention");
  return found;
}

describe("the texts players read", () => {
  for (const [id, seats] of Object.entries(TABLES)) {
    it(`${id}: every public line and private message in English and Russian reads clean`, () => {
      const ruleset = rulesets[id];
      if (!ruleset) throw new Error(`no ruleset ${id}`);
      const refs: TextRef[] = [];
      for (const seed of [1, 2]) {
        const players = Array.from({ length: seats }, (_, i) => ({ id: `p${i + 1}` }));
        const created = createGame(ruleset, { seed, players });
        if (!created.ok) throw new Error(created.rejection.reason);
        refs.push(...collectRefs(ruleset, created.value, seed, 16));
      }
      const bad = new Set<string>();
      for (const lang of ["en", "ru"] as const) {
        const ctx: RenderContext = {
          lang,
          player: (p) => NAMES[Number(p.slice(1)) - 1] ?? `?${p}`,
          role: (r) => ruleset.roles[r]?.name[lang] ?? `?${r}`,
          faction: (f) => ruleset.factions[f]?.name[lang] ?? `?${f}`,
          // The rules' words (a post, a power), from the bot's catalogs as src/games/render.ts gives them.
          word: (id) => (has(`target.${id}`) ? t(lang, `target.${id}`) : id),
        };
        for (const ref of refs) {
          const isPrivate = ref.key.startsWith("private.");
          const render = ruleset.texts[lang][ref.key];
          const text = isPrivate && render ? render(ref.params, ctx) : renderText(ruleset, ref, ctx);
          for (const p of problems(text, lang, lang === "en" && !isPrivate))
            bad.add(`${lang} ${ref.key}: ${p} in «${text.slice(0, 120)}»`);
        }
      }
      expect([...bad]).toEqual([]);
    });
  }
});

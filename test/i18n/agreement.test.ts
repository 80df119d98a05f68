import { describe, expect, it } from "vitest";
import type { Lang } from "../../src/engine/types.js";
import { rulesets } from "../../src/rulesets/index.js";
import { paramsByKey, renderApp, renderRuleset, SEAT_NAMES, type Rendered } from "../support/golden.js";

/**
 * No Russian text puts a seat next to a word that agrees with it without a select on the seat's
 * gender: rendered for a seat of unknown gender (names that tell none), a text may not attach a
 * past-tense verb, a short participle or adjective to the name («Alex повешен», «Казнён: Alex»,
 * «Alex — злой»), nor hedge with «(а)»; and where the masculine rendering does, the feminine one
 * must differ (the text selects). Words that agree with a noun of the sentence instead («персонаж
 * … назначен», «Ведущий поставил») are not next to a seat, so they pass.
 */

const TABLES: Record<string, number> = { classic: 24, clans: 12, mayor: 8, reichstag: 7, regnum: 12 };

/** Past tense (-л, -ла, -лся, -лась) and short participles or adjectives (-н, -на, -т, -та, -ён). */
const GENDERED =
  /^(не\s+)?[а-яё]*(?:ал|ял|ил|ел|ёл|ыл|ул|ла|лся|лась|ан|ян|ен|ён|ана|яна|ена|бит|бита|ыт|ыта|ят|ята)$|^(жив|жива|мёртв|мертва|должен|должна|согласен|согласна|готов|готова|рад|рада|злой|злая|добрый|добрая)$/i;
/** Words that end like those but agree with nothing of a seat. */
const NOT_GENDERED = new Set([
  "клан",
  "план",
  "закон",
  "сезон",
  "жетон",
  "дон",
  "расстрел",
  "замена",
  "смена",
  "цена",
]);

/**
 * Bare words that are not said of a seat: nouns that end like participles («сила», «Журнал»,
 * «Правила», «охрана мэра», «Страна») and words that agree with a noun («игра окончена», «фаза
 * опубликована», «канал удалён», a regnum unit «призван»).
 */
const NOT_OF_A_SEAT = new Set([
  "battle_card.strength",
  "console.nav.log",
  "console.regnum.country",
  "console.cause.mayor_guard",
  "console.regnum.conscripted",
  "status.ruleset",
  "state.ended",
  "outbox.why.10003",
  "gmroom.status_published",
  "gmroom.status_resolved",
  // The archive listing's column heads: «Правила» is a noun, «Окончена» agrees with «игра».
  "archive.list_rules",
  "archive.list_ended",
]);

const names = (kind: "m" | "f" | "none") => SEAT_NAMES[kind].join("|");

/** The words that agree with a seat in `text` (its names of `kind`), where they stand next to it. */
export function agreeingWords(text: string, kind: "m" | "f" | "none"): string[] {
  const found: string[] = [];
  const who = names(kind);
  const after = new RegExp(`(?:^|[\\s(«])(?:${who})\\s+(?:—\\s+)?((?:не\\s+)?[а-яё]+)`, "giu");
  // «Казнён: Alex» — a heading word that opens its sentence and names the seat after the colon.
  const before = new RegExp(`(?:^|[.!?]\\s+|\\()([А-ЯЁа-яё]+):\\s+(?:${who})(?![\\wа-яё])`, "gu");
  for (const m of text.matchAll(after)) {
    const word = (m[1] ?? "").toLowerCase();
    if (GENDERED.test(word) && !NOT_GENDERED.has(word.replace(/^не\s+/, ""))) found.push(m[0].trim());
  }
  for (const m of text.matchAll(before)) {
    const word = (m[1] ?? "").toLowerCase();
    if (GENDERED.test(word) && !NOT_GENDERED.has(word)) found.push(m[0].trim());
  }
  if (/\p{L}\((?:а|ась|ла|на)\)/u.test(text)) found.push("«(а)»: a hedge instead of a select");
  return found;
}

function problemsOf(rendered: readonly Rendered[]): string[] {
  const problems: string[] = [];
  const byKey = new Map<string, Map<string, string[]>>();
  for (const r of rendered) {
    const variants = byKey.get(r.key) ?? new Map<string, string[]>();
    variants.set(r.variant, [...(variants.get(r.variant) ?? []), r.text]);
    byKey.set(r.key, variants);
  }
  for (const [key, variants] of byKey) {
    // A bare status word («Жив», «Мёртв») is said of a seat: it must select too.
    for (const text of NOT_OF_A_SEAT.has(key) ? [] : (variants.get("") ?? [])) {
      const words = text
        .toLowerCase()
        .replace(/[.,!?:;«»()]/g, "")
        .trim()
        .split(/\s+/);
      const [first] = words;
      if (words.length <= 2 && first !== undefined && GENDERED.test(first) && !NOT_GENDERED.has(first))
        problems.push(`${key}: «${text}» agrees with a seat and selects on nothing`);
    }
    for (const text of variants.get("none") ?? [])
      for (const word of agreeingWords(text, "none")) problems.push(`${key} [none]: ${word} — in «${text}»`);
    const ms = variants.get("m") ?? [];
    const fs = variants.get("f") ?? [];
    ms.forEach((m, i) => {
      const f = fs[i];
      // The same words for Глеб and Вера, though a word agrees with the seat: no select.
      const maskNames = (s: string, kind: "m" | "f") => s.replace(new RegExp(names(kind), "g"), "·");
      if (f !== undefined && maskNames(m, "m") === maskNames(f, "f") && agreeingWords(m, "m").length > 0)
        problems.push(`${key}: «${m}» and «${f}» agree alike for a man and a woman`);
    });
  }
  return problems;
}

describe("Russian agreement with a seat", () => {
  it("the checker finds a seat next to a gendered word, and passes the texts that select", () => {
    expect(agreeingWords("Alex повешен. Роль: Мафия.", "none")).toEqual(["Alex повешен"]);
    expect(agreeingWords("Казнён: Alex.", "none")).toEqual(["Казнён: Alex"]);
    expect(agreeingWords("Alex — злой.", "none")).toEqual(["Alex — злой"]);
    expect(agreeingWords("Alex: убит(а) МАФИЕЙ.", "none")).toEqual(["«(а)»: a hedge instead of a select"]);
    expect(agreeingWords("Alex отправляется на виселицу.", "none")).toEqual([]);
    expect(agreeingWords("Директором КСБ назначен персонаж в облике A7.", "none")).toEqual([]);
    expect(
      problemsOf([
        { key: "x", variant: "m", text: "Глеб выбрал: право." },
        { key: "x", variant: "f", text: "Вера выбрал: право." },
      ]),
    ).toHaveLength(1);
  });

  for (const [id, seats] of Object.entries(TABLES)) {
    it(`${id}: every Russian line, message and refusal agrees with its seats or needs no gender`, () => {
      const ruleset = rulesets[id];
      if (!ruleset) throw new Error(`no ruleset ${id}`);
      expect(problemsOf(renderRuleset(ruleset, "ru" satisfies Lang, paramsByKey(ruleset, seats)))).toEqual(
        [],
      );
    });
  }

  it("the app's Russian catalogs: every text about a seat selects on its gender", () => {
    expect(problemsOf(renderApp("ru"))).toEqual([]);
  });
});

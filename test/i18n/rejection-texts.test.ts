import { describe, expect, it } from "vitest";
import { createGame, submitAction } from "../../src/engine/game.js";
import { ENGINE_REJECTIONS, type Rejections } from "../../src/engine/rejections.js";
import type { RenderContext, TextCatalog } from "../../src/engine/ruleset.js";
import type { ActionInput, JsonObject, Lang, Rejection } from "../../src/engine/types.js";
import { rejectionText } from "../../src/i18n/index.js";
import { rulesets } from "../../src/rulesets/index.js";
import { latinWords } from "../support/rulesets/textcheck.js";

const CYRILLIC = /[\u0400-\u04FF]/;

/**
 * Latin words a Russian refusal may keep besides the paths of the GM's input (`options.roles`,
 * `players.3.faction`): ids a GM types, action ids (`travel`, `go_abroad`) and the game's own words.
 */
const ALLOWED = ["italians", "russians", "travel", "abroad", "agree", "true", "false", "Nein"];

/** A reader whose names are Cyrillic, so an id that reaches the text unrendered shows as Latin. */
const reader = (lang: Lang): RenderContext => ({
  lang,
  player: () => (lang === "ru" ? "Игрок" : "Player"),
  role: () => (lang === "ru" ? "роль" : "role"),
  faction: () => (lang === "ru" ? "фракция" : "faction"),
});

/** Renders a text with its example params, recording which params it reads. */
function render(
  text: TextCatalog[string],
  example: JsonObject,
  lang: Lang,
): { out: string; read: Set<string> } {
  const read = new Set<string>();
  const params = new Proxy(example, {
    get(target, key, receiver) {
      if (typeof key === "string") read.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { out: text(params, reader(lang)), read };
}

/** The example's values as they may appear in a text (they are data: ids, zod messages). */
const values = (example: JsonObject): string[] =>
  Object.values(example).flatMap((v) => (Array.isArray(v) ? v.map(String) : [String(v)]));

function problemsOf(table: Rejections<string>, catalogs: Record<Lang, TextCatalog>): string[] {
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(table.texts)) {
    const name = `${table.namespace} ${table.prefix}${key}`;
    const en = catalogs.en[`${table.prefix}${key}`];
    const ru = catalogs.ru[`${table.prefix}${key}`];
    if (!en || !ru) {
      problems.push(`${name}: not in the catalogs`);
      continue;
    }
    const example = entry.example ?? {};
    const english = render(en, example, "en");
    const russian = render(ru, example, "ru");
    const missing = [...english.read].filter((k) => !Object.hasOwn(example, k));
    if (missing.length > 0) problems.push(`${name}: the example lacks ${missing.join(", ")}`);
    const lost = [...english.read].filter((k) => !russian.read.has(k));
    if (lost.length > 0) problems.push(`${name}: the Russian drops ${lost.join(", ")}`);
    let bare = russian.out.replace(/\b\w+(\.\w*)+/g, " ");
    for (const v of values(example)) bare = bare.split(v).join(" ");
    const english_words = latinWords(bare, ALLOWED);
    if (!CYRILLIC.test(russian.out)) problems.push(`${name}: not Russian: ${russian.out}`);
    if (english_words.length > 0)
      problems.push(`${name}: English in the Russian: ${english_words.join(", ")}`);
    for (const out of [english.out, russian.out]) {
      if (/undefined|NaN|\[object|\{\w+\}/.test(out)) problems.push(`${name}: unfilled: ${out}`);
      if (!out.trim()) problems.push(`${name}: empty`);
    }
    if (russian.out === english.out) problems.push(`${name}: the Russian is the English`);
  }
  return problems;
}

describe("every rejection has its text in English and Russian", () => {
  it("the engine's own refusals render in both languages with their params", () => {
    expect(problemsOf(ENGINE_REJECTIONS, ENGINE_REJECTIONS.catalogs)).toEqual([]);
  });

  for (const [id, ruleset] of Object.entries(rulesets)) {
    it(`${id}: every refusal of its table is in its texts and renders in both languages`, () => {
      const table = ruleset.rejections;
      expect(table.namespace).toBe(id);
      expect(Object.keys(table.texts).length).toBeGreaterThan(5);
      expect(problemsOf(table, ruleset.texts)).toEqual([]);
      const inTexts = Object.keys(ruleset.texts.en).filter((k) => k.startsWith(table.prefix));
      expect(inTexts.sort()).toEqual(
        Object.keys(table.texts)
          .map((k) => `${table.prefix}${k}`)
          .sort(),
      );
    });
  }
});

describe("a real refusal is shown from its text", () => {
  const classic = rulesets["classic"];
  if (!classic) throw new Error("no classic");
  const game = () => {
    const created = createGame(classic, {
      seed: 1,
      players: Array.from({ length: 24 }, (_, i) => ({ id: `p${i + 1}` })),
    });
    if (!created.ok) throw new Error(created.rejection.reason);
    return created.value;
  };
  const refusal = (input: Omit<ActionInput, "targets" | "params"> & Partial<ActionInput>): Rejection => {
    const result = submitAction(classic, game(), { targets: [], params: {}, ...input });
    if (result.ok) throw new Error("accepted");
    return result.rejection;
  };

  it("the engine's unknown action keeps its run-time part in both languages", () => {
    const r = refusal({ actor: "p1", action: "fly" });
    expect(r.reason).toBe("unknown action: fly");
    expect(rejectionText("en", r)).toBe("unknown action: fly");
    expect(rejectionText("ru", r)).toBe("неизвестное действие: fly");
  });

  it("an unknown player is named as typed", () => {
    const r = refusal({ actor: "zed", action: "vote" });
    expect(r.reason).toBe("unknown player: zed");
    expect(rejectionText("ru", r)).toBe("неизвестный игрок: zed");
  });

  it("a malformed param names the param and keeps zod's message", () => {
    const r = refusal({ actor: "p1", action: "vote", targets: ["p2"], params: { reason: 5 } });
    expect(r.code).toBe("engine.bad_params");
    expect(r.reason).toMatch(/^reason: /);
    expect(rejectionText("ru", r)).toBe(`неверный параметр ${r.reason}`);
  });

  it("a refusal recorded without a text (an old log row) is shown with its English reason", () => {
    expect(rejectionText("ru", { code: "x.unknown", reason: "something new" })).toBe("something new");
  });
});

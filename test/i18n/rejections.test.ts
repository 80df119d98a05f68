import { describe, expect, it } from "vitest";
import { rejectionText } from "../../src/i18n/index.js";
import { ruRejection } from "../../src/i18n/rejections.js";
import { collectRejections, rejectionSourceFiles } from "./rejection-sources.js";

const CYRILLIC = /[\u0400-\u04FF]/;

/**
 * Reasons wholly computed by another function (not a literal anywhere on the way), so the
 * collector sees only a marker. All are setup diagnostics or zod messages shown to the GM who
 * wrote the roster, not player refusals. Listed by code so that a new one fails this test.
 */
const OPAQUE_CODES = ["regnum.setup"];

/** Rulesets whose rejections still go through the tables (the others carry texts: rejection-texts.test.ts). */
const TABLED = ["regnum"];
const all = collectRejections().filter((r) => TABLED.includes(r.code.split(".")[0] ?? ""));
const opaque = all.filter((r) => /^zq\d+$/.test(r.reason));
const translatable = all.filter((r) => !opaque.includes(r));

describe("every rejection the engine and the rulesets can produce has Russian", () => {
  it("the collector reads every ruleset and finds their rejections", () => {
    const files = rejectionSourceFiles();
    for (const id of TABLED) {
      expect(
        files.some((f) => f.startsWith(`src/rulesets/${id}/`)),
        id,
      ).toBe(true);
      expect(
        all.filter((r) => r.code.startsWith(`${id}.`)).length,
        `rejections found for ${id}`,
      ).toBeGreaterThanOrEqual(10);
    }
  });

  it("only the known setup diagnostics are opaque to the collector", () => {
    expect([...new Set(opaque.map((r) => r.code))].sort()).toEqual(OPAQUE_CODES);
  });

  it("each has a non-empty Cyrillic translation that differs from the English and keeps its variable parts", () => {
    const problems: string[] = [];
    for (const r of translatable) {
      const ru = rejectionText("ru", r);
      const where = `${r.code} "${r.reason}" (${r.at}) → "${ru}"`;
      if (ruRejection(r) === undefined) problems.push(`no translation: ${where}`);
      else if (!ru.trim() || ru === r.reason || !CYRILLIC.test(ru)) problems.push(`not Russian: ${where}`);
      else {
        const lost = r.markers.filter((m) => !ru.includes(m));
        if (lost.length > 0) problems.push(`drops ${lost.join(", ")}: ${where}`);
      }
      if (rejectionText("en", r) !== r.reason) problems.push(`English changed: ${where}`);
    }
    expect(problems).toEqual([]);
  });
});

describe("the Russian rejection table", () => {
  it("keeps the run-time parts and names the forum's terms", () => {
    expect(
      rejectionText("ru", {
        code: "regnum.no_warrant",
        reason: "this measure needs a granted warrant (mail_check) of the Supreme Judge",
      }),
    ).toBe("на это нужно разрешение Верховного судьи (проверка почтовых отправлений)");
  });

  it("answers unknown keys with undefined, never with Object.prototype members", () => {
    expect(ruRejection({ code: "toString", reason: "constructor" })).toBeUndefined();
    expect(ruRejection({ code: "x.unknown", reason: "something new" })).toBeUndefined();
    expect(rejectionText("ru", { code: "x.unknown", reason: "something new" })).toBe("something new");
  });
});

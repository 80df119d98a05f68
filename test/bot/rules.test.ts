import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { t } from "../../src/i18n/index.js";
import { rulebooks } from "../../src/i18n/rulebooks.js";
import { rulesets } from "../../src/rulesets/index.js";
import { contentOf, isEphemeral, startHarness, type Harness, type Json } from "./harness.js";

/**
 * /rules: the ruleset's summary and a role's description, in the server's language, privately;
 * the role autocompletes from the ruleset's roles by their names.
 */

let h: Harness;
let gm: string;
let player: string;

beforeAll(async () => {
  h = await startHarness(3);
  gm = h.guild.ownerId;
  player = h.guild.members[0]?.id ?? "";
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const embeds = (reply: Json) => (Array.isArray(reply["embeds"]) ? (reply["embeds"] as Json[]) : []);

describe("/rules", () => {
  it("every role of every ruleset has a description in both languages", () => {
    for (const ruleset of Object.values(rulesets)) {
      for (const lang of ["en", "ru"] as const) {
        const book = rulebooks[ruleset.id]?.[lang];
        expect(book?.summary, `${ruleset.id} ${lang}`).toBeTruthy();
        expect(Object.keys(book?.roles ?? {}).sort(), `${ruleset.id} ${lang}`).toEqual(
          Object.keys(ruleset.roles).sort(),
        );
      }
    }
  });

  it("shows a ruleset's summary and its roles privately, in English", async () => {
    await h.slash(gm, "settings", { language: "en" });
    const reply = await h.slash(player, "rules", { ruleset: "reichstag" });
    expect(isEphemeral(reply)).toBe(true);
    const [main] = embeds(reply);
    expect(main?.["title"]).toBe(t("en", "rules.title", { ruleset: rulesets["reichstag"]?.name.en ?? "" }));
    expect(String(main?.["description"])).toContain(rulebooks["reichstag"]?.en.summary.slice(0, 60));
    expect(String(main?.["description"])).toContain("docs/rulebooks/reichstag.en.md");
    const fields = (main?.["fields"] ?? []) as Json[];
    expect(fields[0]?.["value"]).toBe("liberal, fascist, Hitler");
  });

  it("describes a role picked from the autocomplete, in Russian", async () => {
    await h.slash(gm, "settings", { language: "ru" });
    const offered = await h.choices(player, "rules", { ruleset: "mayor", role: "док" }, "role");
    expect(offered).toEqual([{ name: "Доктор", value: "doctor" }]);
    const reply = await h.slash(player, "rules", { ruleset: "mayor", role: "doctor" });
    const [main, role] = embeds(reply);
    expect(main?.["title"]).toBe(t("ru", "rules.title", { ruleset: rulesets["mayor"]?.name.ru ?? "" }));
    expect(role?.["title"]).toBe("Доктор (Город)");
    expect(role?.["description"]).toBe(rulebooks["mayor"]?.ru.roles["doctor"]);
  });

  it("a role typed by its name is found; an unknown one is refused with the list", async () => {
    const byName = await h.slash(player, "rules", { ruleset: "clans", role: "Разведчик" });
    expect(embeds(byName)[1]?.["description"]).toBe(rulebooks["clans"]?.ru.roles["scout"]);
    const unknown = await h.slash(player, "rules", { ruleset: "clans", role: "шериф" });
    expect(contentOf(unknown)).toContain("«шериф»");
    expect(contentOf(unknown)).toContain("Босс");
  });

  it("without a ruleset: the rules of the game here, else it asks which", async () => {
    const none = await h.slash(player, "rules", {});
    expect(contentOf(none)).toBe(t("ru", "rules.which"));
    await h.slash(gm, "game create", { ruleset: "clans", name: "Кланы" });
    const reply = await h.slash(player, "rules", {});
    expect(embeds(reply)[0]?.["title"]).toBe(
      t("ru", "rules.title", { ruleset: rulesets["clans"]?.name.ru ?? "" }),
    );
    const roles = await h.choices(player, "rules", { role: "" }, "role");
    expect(roles.map((c) => c.value).sort()).toEqual(Object.keys(rulesets["clans"]?.roles ?? {}).sort());
  });
});

describe("the player rulebooks in docs/rulebooks", () => {
  // Prettier lays out the tables and the JSON: compare the words, not the layout.
  const flat = (s: string) =>
    s.replace(/\s+/g, " ").replace(/\\\|/g, "|").replace(/\[ /g, "[").replace(/ \]/g, "]");
  it("are the rulebook catalog as written by scripts/rulebooks.ts, for every ruleset in both languages", async () => {
    const { readFileSync } = await import("node:fs");
    const { rulebookMarkdown } = await import("../../src/i18n/rulebook-md.js");
    for (const id of Object.keys(rulesets)) {
      for (const lang of ["en", "ru"] as const) {
        const file = flat(
          readFileSync(new URL(`../../docs/rulebooks/${id}.${lang}.md`, import.meta.url), "utf8"),
        );
        const expected = flat(rulebookMarkdown(id, lang))
          .replace(/ ?\| ?/g, "|")
          .replace(/-{3,}/g, "---");
        expect(
          file.replace(/ ?\| ?/g, "|").replace(/-{3,}/g, "---"),
          `${id}.${lang}.md: run npx tsx scripts/rulebooks.ts`,
        ).toBe(expected);
      }
    }
  });
});

import { writeFileSync } from "node:fs";
import { rulebookMarkdown } from "../src/i18n/rulebook-md.js";
import { rulesets } from "../src/rulesets/index.js";

/** Writes docs/rulebooks/<ruleset>.<lang>.md (see src/i18n/rulebook-md.ts). */
for (const id of Object.keys(rulesets)) {
  for (const lang of ["en", "ru"] as const) {
    const path = new URL(`../docs/rulebooks/${id}.${lang}.md`, import.meta.url);
    writeFileSync(path, rulebookMarkdown(id, lang));
    process.stdout.write(`${path.pathname}\n`);
  }
}

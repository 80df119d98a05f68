import type { Rejection } from "../engine/types.js";
import { clans } from "./rejections/clans.js";
import { classic } from "./rejections/classic.js";
import { mayor } from "./rejections/mayor.js";
import { regnum } from "./rejections/regnum.js";
import { reichstag } from "./rejections/reichstag.js";
import { shared } from "./rejections/shared.js";
import type { RejectionPattern, RejectionTable } from "./rejections/types.js";

/**
 * Russian for the rules' refusals (the English reasons of ../shared/rules/*.md), one table per
 * ruleset under ./rejections/. Looked up by the exact English reason (several codes share one
 * reason, and one code may carry several reasons), then by pattern (reasons with run-time parts,
 * which the Russian keeps), then by the namespaced code. A reason missing here is shown in
 * English: better than a wrong translation.
 */
const TABLES: readonly RejectionTable[] = [shared, classic, reichstag, mayor, clans, regnum];

const byReason = new Map<string, string>();
const byCode = new Map<string, string>();
for (const table of TABLES) {
  for (const [en, ru] of Object.entries(table.byReason ?? {})) byReason.set(en, ru);
  for (const [code, ru] of Object.entries(table.byCode ?? {})) byCode.set(code, ru);
}
// The rulesets' patterns first: the engine's generic "<path>: <message>" comes last.
const PATTERNS: readonly RejectionPattern[] = [
  ...TABLES.filter((t) => t !== shared).flatMap((t) => t.patterns ?? []),
  ...(shared.patterns ?? []),
];

function byPattern(reason: string): string | undefined {
  for (const { en, ru } of PATTERNS) {
    const match = en.exec(reason);
    if (match) return typeof ru === "string" ? reason.replace(en, ru) : ru(match);
  }
  return undefined;
}

/** The Russian for a reason or a code, or undefined. */
function lookup(key: string): string | undefined {
  return byReason.get(key) ?? byPattern(key) ?? byCode.get(key);
}

/** The Russian for a rejection, or undefined when there is none. */
export function ruRejection(rejection: Pick<Rejection, "code" | "reason">): string | undefined {
  return lookup(rejection.reason) ?? lookup(rejection.code);
}

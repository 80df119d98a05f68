import { createGame } from "../../src/engine/game.js";
import type { RenderContext, RulesetDefinition } from "../../src/engine/ruleset.js";
import type { AnyGameState, JsonObject, Lang, TextRef } from "../../src/engine/types.js";
import { displayContext } from "../../src/games/render.js";
import { catalogs, t, type Params } from "../../src/i18n/index.js";
import { collectRefs } from "./rulesets/textcheck.js";

/**
 * Every text of every ruleset and of the app, rendered for the golden files (test/golden/) and
 * for the agreement check (test/i18n/agreement.test.ts): each with a masculine, a feminine and an
 * unspecified seat, and the texts with numbers once per plural class (1, 2, 5, 1.5).
 */

export type SeatKind = "m" | "f" | "none";
export const SEAT_KINDS: readonly SeatKind[] = ["m", "f", "none"];

/** Seat names of each kind: Russian first names lvovich knows, and names that tell no gender. */
export const SEAT_NAMES: Record<SeatKind, readonly string[]> = {
  m: ["Глеб", "Егор", "Иван", "Павел", "Фёдор", "Никита"],
  f: ["Вера", "Анна", "Зоя", "Кира", "Ольга", "Мария"],
  none: ["Alex", "Sam", "Kim", "Robin", "Charlie", "Jo"],
};

/** One number of each Russian plural class: one, few, many, other (a fraction). */
export const PLURAL_SAMPLES = [1, 2, 5, 1.5] as const;

/** Seat ids get names of one kind in the order a text asks for them, as a table would show them. */
class SeatNames extends Map<string, string> {
  constructor(private readonly pool: readonly string[]) {
    super();
  }
  override get(id: string): string {
    if (!super.has(id)) super.set(id, this.pool[this.size % this.pool.length] ?? id);
    return super.get(id) ?? id;
  }
}

/** The bot's reader (src/games/render.ts) of a table whose seats are all of one kind. */
export function seatReader(
  ruleset: RulesetDefinition<AnyGameState>,
  lang: Lang,
  kind: SeatKind,
): RenderContext {
  const names = new SeatNames(SEAT_NAMES[kind]);
  return displayContext(ruleset, lang, names, "plain");
}

/** Params with every number replaced by `n` (nested objects and lists too). */
function withNumbers(params: JsonObject, n: number): JsonObject {
  const swap = (value: unknown): unknown =>
    typeof value === "number"
      ? n
      : Array.isArray(value)
        ? value.map(swap)
        : value && typeof value === "object"
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)]))
          : value;
  return swap(params) as JsonObject;
}

const hasNumber = (params: JsonObject): boolean =>
  JSON.stringify(params) !== JSON.stringify(withNumbers(params, -1));

export interface Rendered {
  key: string;
  /** `m`, `f`, `none` (the seat kinds) or `n=<number>` (a masculine table, numbers of one class). */
  variant: string;
  text: string;
}

/** The params each key of a ruleset's catalog is rendered with: real ones from seeded games, else examples. */
export function paramsByKey(
  ruleset: RulesetDefinition<AnyGameState>,
  seats: number,
): Map<string, JsonObject[]> {
  const refs: TextRef[] = [];
  for (const seed of [1, 2, 3]) {
    const players = Array.from({ length: seats }, (_, i) => ({ id: `p${i + 1}` }));
    const created = createGame(ruleset, { seed, players });
    if (!created.ok) throw new Error(created.rejection.reason);
    refs.push(...collectRefs(ruleset, created.value, seed, 16));
  }
  const merged: JsonObject = {};
  for (const ref of refs) Object.assign(merged, ref.params);
  const byKey = new Map<string, JsonObject[]>();
  for (const ref of refs) {
    const list = byKey.get(ref.key) ?? [];
    const seen = new Set(list.map((p) => JSON.stringify(p)));
    // Two different real params per key at most: enough to see both sides of a select.
    if (list.length < 2 && !seen.has(JSON.stringify(ref.params))) list.push(ref.params);
    byKey.set(ref.key, list);
  }
  for (const [key, entry] of Object.entries(ruleset.rejections.texts))
    byKey.set(`${ruleset.rejections.prefix}${key}`, [entry.example ?? {}]);
  for (const key of Object.keys(ruleset.texts.en)) if (!byKey.has(key)) byKey.set(key, [merged]);
  return byKey;
}

/** Every text of a ruleset's catalog in `lang`, in every variant, keys sorted. */
export function renderRuleset(
  ruleset: RulesetDefinition<AnyGameState>,
  lang: Lang,
  byKey: Map<string, JsonObject[]>,
): Rendered[] {
  const out: Rendered[] = [];
  const catalog = ruleset.texts[lang];
  for (const key of Object.keys(ruleset.texts.en).sort()) {
    const template = catalog[key];
    if (!template) continue;
    for (const params of byKey.get(key) ?? [{}]) {
      for (const kind of SEAT_KINDS)
        out.push({ key, variant: kind, text: template(params, seatReader(ruleset, lang, kind)) });
      if (hasNumber(params))
        for (const n of PLURAL_SAMPLES)
          out.push({
            key,
            variant: `n=${n}`,
            text: template(withNumbers(params, n), seatReader(ruleset, lang, "m")),
          });
    }
  }
  return out;
}

/**
 * The app's params for any key: a seat's gender of the kind, numbers where a text counts, and
 * `«name»` for any other placeholder (so a text that forgets one shows `{name}`).
 */
function appParams(kind: SeatKind, n: number): Params {
  const values = new Map<string, string | number>();
  const value = (key: string): string | number => {
    if (key === "gender") return kind === "none" ? "" : kind;
    // A seat's name where a text names one, of the kind the gender says.
    if (/^(name|player|seat|who|target|by|member|speaker)$/.test(key)) return SEAT_NAMES[kind][0] ?? key;
    if (!values.has(key))
      values.set(
        key,
        /count|max|^n$|hours|minutes|seconds|amount|left|total|size|number/i.test(key) ? n : `«${key}»`,
      );
    return values.get(key) ?? key;
  };
  return new Proxy({} as Params, {
    get: (_target, key) => (typeof key === "string" ? value(key) : undefined),
    has: () => true,
    getOwnPropertyDescriptor: (_target, key) =>
      typeof key === "string"
        ? { value: value(key), enumerable: true, configurable: true, writable: false }
        : undefined,
  });
}

/** Every text of the app's catalogs (src/i18n) in `lang`: each seat kind, and each plural class where it counts. */
export function renderApp(lang: Lang): Rendered[] {
  const out: Rendered[] = [];
  for (const key of Object.keys(catalogs.en).sort()) {
    if (catalogs[lang][key] === undefined) continue;
    const texts = SEAT_KINDS.map((kind) => t(lang, key, appParams(kind, 5)));
    const bySeat = new Set(texts).size > 1;
    if (bySeat) SEAT_KINDS.forEach((kind, i) => out.push({ key, variant: kind, text: texts[i] ?? "" }));
    const numbers = PLURAL_SAMPLES.map((n) => t(lang, key, appParams("m", n)));
    if (new Set(numbers).size > 1)
      PLURAL_SAMPLES.forEach((n, i) => out.push({ key, variant: `n=${n}`, text: numbers[i] ?? "" }));
    else if (!bySeat) out.push({ key, variant: "", text: texts[0] ?? "" });
  }
  return out;
}

/** The golden file's text: one line per rendering, newlines shown as ⏎. */
export function goldenText(rendered: readonly Rendered[]): string {
  return `${rendered.map((r) => `${r.key}${r.variant ? ` [${r.variant}]` : ""}: ${r.text.replace(/\n/g, " ⏎ ")}`).join("\n")}\n`;
}

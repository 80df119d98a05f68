import { expect } from "vitest";
import { applyInput } from "../../../src/engine/game.js";
import type { RenderContext, RulesetDefinition } from "../../../src/engine/ruleset.js";
import { has, t } from "../../../src/i18n/index.js";
import type { AnyGameState, Input, JsonObject, PhaseReport, TextRef } from "../../../src/engine/types.js";

/**
 * Test helper shared by the five rulesets' text tests (not a test itself): plays random games
 * through availableActions to collect every public line and private message with real params,
 * then renders every key of `texts.en` with `texts.ru`.
 */

/**
 * A Russian reader: names from the ruleset's catalogs, players as Cyrillic names, and the rules'
 * words (a post, a power) from the bot's catalogs, as the bot's reader gives them
 * (src/games/render.ts `displayContext`).
 */
export function ruContext(ruleset: RulesetDefinition<AnyGameState>): RenderContext {
  return {
    lang: "ru",
    player: () => "Игрок",
    role: (id) => ruleset.roles[id]?.name.ru ?? "роль",
    faction: (id) => ruleset.factions[id]?.name.ru ?? "фракция",
    word: (id) => (has(`target.${id}`) ? t("ru", `target.${id}`) : id),
  };
}

function lcg(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n) => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return n <= 0 ? 0 : x % n;
  };
}

/**
 * A seeded game of random legal moves from `initial` (every offer taken as offered, a GM modkill
 * now and then), resolved phase by phase until it ends or `maxPhases`; each phase's report goes to
 * `onReport`. Returns the final state.
 */
export function playRandomly(
  ruleset: RulesetDefinition<AnyGameState>,
  initial: AnyGameState,
  seed: number,
  maxPhases: number,
  onReport: (report: PhaseReport) => void = () => undefined,
): AnyGameState {
  const pick = lcg(seed);
  let state = initial;
  for (let phase = 0; phase < maxPhases && !state.ended; phase++) {
    for (const p of state.players) {
      if (state.ended) break;
      const offers = ruleset.availableActions(state, p.id);
      if (offers.length === 0 || pick(4) === 0) continue;
      const offer = offers[pick(offers.length)];
      if (!offer) continue;
      const k = offer.minTargets + pick(offer.maxTargets - offer.minTargets + 1);
      const pool = [...offer.targets];
      const targets: string[] = [];
      for (let i = 0; i < k && pool.length > 0; i++)
        targets.push(pool.splice(pick(pool.length), 1)[0] as string);
      const input: Input = {
        type: "action",
        actor: p.id,
        action: offer.action,
        targets,
        params: offer.params ? { ...offer.params } : {},
      };
      state = applyInput(ruleset, state, input).state;
    }
    if (pick(8) === 0 && ruleset.gmActions["modkill"]) {
      const living = state.players.filter((p) => p.alive);
      const victim = living[pick(living.length)];
      if (victim)
        state = applyInput(ruleset, state, {
          type: "gm",
          action: "modkill",
          targets: [victim.id],
          params: {},
        }).state;
    }
    const resolved = applyInput(ruleset, state, { type: "resolve" });
    if (resolved.report) onReport(resolved.report);
    state = resolved.state;
  }
  return state;
}

/** Every TextRef (public lines and `private.<kind>` refs) emitted by random games from `initial`. */
export function collectRefs(
  ruleset: RulesetDefinition<AnyGameState>,
  initial: AnyGameState,
  seed: number,
  maxPhases = 30,
): TextRef[] {
  const refs: TextRef[] = [];
  const take = (out: AnyGameState["output"]) => {
    refs.push(...out.public);
    for (const { to: _to, kind, ...fields } of out.private)
      refs.push({ key: `private.${kind}`, params: fields });
  };
  take(initial.output);
  const final = playRandomly(ruleset, initial, seed, maxPhases, take);
  take(final.output);
  return refs;
}

/** Latin words of three letters or more: English left in a Russian text. */
export function latinWords(text: string, allowed: readonly string[]): string[] {
  return (text.match(/[A-Za-z][A-Za-z'-]{2,}/g) ?? []).filter((w) => !allowed.includes(w));
}

export interface TextCheck {
  /** Keys emitted by the games (the rest are rendered with sample params only). */
  seen: Set<string>;
  /** Keys of `texts.en` no game emitted. */
  unseen: string[];
}

/**
 * Asserts: `texts.ru` has exactly the keys of `texts.en`; every key renders in en and ru without
 * throwing, with every params it was emitted with and with the merged params of all keys;
 * public lines rendered in ru contain no Latin word outside `allowed` (ids and free texts that
 * are data, not English).
 */
export function checkTexts(
  ruleset: RulesetDefinition<AnyGameState>,
  refs: readonly TextRef[],
  allowed: readonly string[] = [],
  sample: JsonObject = {},
): TextCheck {
  const en = ruleset.texts.en;
  const ru = ruleset.texts.ru;
  expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
  const ctxEn: RenderContext = { lang: "en", player: (id) => id, role: (id) => id, faction: (id) => id };
  const ctxRu = ruContext(ruleset);
  const merged: JsonObject = {};
  for (const ref of refs) Object.assign(merged, ref.params);
  Object.assign(merged, sample);
  const byKey = new Map<string, JsonObject[]>();
  for (const ref of refs) {
    const list = byKey.get(ref.key) ?? [];
    if (list.length < 20) list.push(ref.params);
    byKey.set(ref.key, list);
  }
  const leaks: string[] = [];
  for (const key of Object.keys(en)) {
    // Refusals are rendered with their own examples (test/i18n/rejection-texts.test.ts): their
    // messages need the arguments the refusal carries, which another key's params need not have.
    if (key.startsWith("rejection.") && !byKey.has(key)) continue;
    const real = byKey.get(key) ?? [];
    // Keys no game emitted are rendered with the merged params of all keys: the types may not
    // fit that key (a number may print NaN), so there only a thrown error or English counts.
    for (const params of real.length > 0 ? [...real, merged] : [merged]) {
      const english = (en[key] as NonNullable<(typeof en)[string]>)(params, ctxEn);
      const russian = (ru[key] as NonNullable<(typeof ru)[string]>)(params, ctxRu);
      expect(typeof english, `${key} en`).toBe("string");
      expect(typeof russian, `${key} ru`).toBe("string");
      // Refusals are checked with their own examples (test/i18n/rejection-texts.test.ts).
      if (
        key.startsWith("private.") ||
        key.startsWith("rejection.") ||
        (params === merged && real.length > 0)
      )
        continue;
      const words = latinWords(russian, [...allowed, "NaN"]);
      if (words.length > 0) leaks.push(`${key}: ${words.join(" ")} in «${russian}»`);
    }
  }
  expect([...new Set(leaks)]).toEqual([]);
  const seen = new Set(refs.map((r) => r.key));
  return { seen, unseen: Object.keys(en).filter((k) => !seen.has(k)) };
}

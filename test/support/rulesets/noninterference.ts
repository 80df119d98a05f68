import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { createGame, resolvePhase, submitAction } from "../../../src/engine/game.js";
import type { HiddenVariation, VariationGenerator } from "../../../src/engine/variations.js";
import { renderRejection } from "../../../src/engine/rejections.js";
import type { AvailableAction, RenderContext, RulesetDefinition } from "../../../src/engine/ruleset.js";
import type { AnyGameState, JsonObject, Lang, PlayerId } from "../../../src/engine/types.js";

/**
 * Noninterference (issue 30, docs/secrecy.md): what a seat is told is a function of its own view
 * (`playerView`) and of public facts only. Given a state and a *hidden variation* of it — a state
 * that differs only in facts the viewer may not know — the viewer's whole surface must be the same
 * in both: the offers (actions, targets and their order, labels), and the outcome of every
 * submission the viewer could make (accepted, or the refusal's code and its text in English and
 * Russian, under plain and masked names), with what an accepted one tells the viewer at once (the
 * kinds of the private messages it emits to him: an investigation's answer rightly depends on the
 * hidden fact it asks about, but whether and what kind of answer comes must not). The view after
 * an accepted submission is not compared: an order can rightly teach its actor something (leaving
 * the underground puts him back in chats whose members he then sees).
 */

/** A submission: an action, its targets and its params (none: the schema's defaults). */
export interface Submission {
  action: string;
  targets: string[];
  params?: JsonObject;
}

/** Name readers of the two modes: the seat's account name (plain) and its mask (masked). */
const NAMINGS: Record<"plain" | "masked", (id: PlayerId) => string> = {
  plain: (id) => `@${id}`,
  masked: (id) => `Mask ${id}`,
};

function contextOf(lang: Lang, naming: (id: PlayerId) => string): RenderContext {
  return {
    lang,
    player: naming,
    role: (role) => `role:${role}`,
    faction: (faction) => `faction:${faction}`,
  };
}

/**
 * The submissions a viewer could make: each action with no target and with each single id (with
 * `pick`: two drawn ids, to keep the cost low over many states), each offer that carries params
 * (a don's executor, a ballot's side) with them and each of its targets (or two drawn), and each
 * ordered pair of targets of a two-target offer.
 */
export function submissionsOf<S extends AnyGameState>(
  ruleset: RulesetDefinition<S>,
  state: S,
  viewer: PlayerId,
  extraTargets: readonly string[] = [],
  pick?: (n: number) => number,
): Submission[] {
  const ids = [...state.players.map((p) => p.id), ...extraTargets];
  const offers = ruleset.availableActions(state, viewer);
  for (const offer of offers) for (const t of offer.targets) if (!ids.includes(t)) ids.push(t);
  const out: Submission[] = [];
  // Every action without a target and with every id; with `pick`, with two ids drawn by it.
  for (const action of Object.keys(ruleset.actions)) {
    out.push({ action, targets: [] });
    if (!pick) for (const id of ids) out.push({ action, targets: [id] });
    else for (let i = 0; i < 2; i++) out.push({ action, targets: [ids[pick(ids.length)] as string] });
  }
  for (const offer of offers) {
    if (!offer.params) continue;
    const params = offer.params;
    const targets = offer.targets.length === 0 ? [undefined] : offer.targets;
    const chosen = pick ? [targets[pick(targets.length)], targets[pick(targets.length)]] : targets;
    for (const t of chosen) out.push({ action: offer.action, targets: t === undefined ? [] : [t], params });
  }
  // Two-target offers: every ordered pair of their targets.
  for (const offer of offers)
    if (offer.maxTargets >= 2)
      for (const a of offer.targets)
        for (const b of offer.targets) if (a !== b) out.push({ action: offer.action, targets: [a, b] });
  return out;
}

/** The viewer's surface in a state: what the seat is shown and told. */
export function surfaceOf<S extends AnyGameState>(
  ruleset: RulesetDefinition<S>,
  state: S,
  viewer: PlayerId,
  submissions: readonly Submission[],
): { offers: AvailableAction[]; submissions: unknown[] } {
  const offers = ruleset.availableActions(state, viewer);
  const results: unknown[] = [];
  for (const submission of submissions) {
    const params = submission.params ?? {};
    const input = { actor: viewer, action: submission.action, targets: submission.targets, params };
    const result = submitAction(ruleset, state, input);
    const key = `${submission.action} ${submission.targets.join(",")} ${JSON.stringify(params)}`;
    if (!result.ok) {
      const texts: string[] = [];
      for (const lang of ["en", "ru"] as const)
        for (const naming of Object.values(NAMINGS))
          texts.push(renderRejection(result.rejection, ruleset, contextOf(lang, naming)));
      results.push({ key, code: result.rejection.code, texts });
      continue;
    }
    // What an accepted order tells the viewer at once: which messages (their kinds), not their
    // words, since some orders exist to learn a hidden fact (reichstag's investigation).
    const told = result.value.output.private
      .slice(state.output.private.length)
      .filter((m) => m.to === viewer)
      .map((m) => m.kind);
    results.push({ key, accepted: true, told });
  }
  return { offers, submissions: results };
}

/** Where two JSON values first differ, as a path and the two values there. */
function diffPath(a: unknown, b: unknown, path = ""): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object" && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const found = diffPath(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${path}.${key}`,
      );
      if (found) return found;
    }
  }
  return `${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
}

/** The first difference between two surfaces, as a readable line; null when they agree. */
export function firstDifference(
  a: { offers: unknown; submissions: unknown[] },
  b: { offers: unknown; submissions: unknown[] },
): string | null {
  const offers = diffPath(a.offers, b.offers, "offers");
  if (offers) {
    const index = Number(/^offers\.(\d+)/.exec(offers)?.[1] ?? -1);
    const action = (a.offers as { action: string }[])[index]?.action ?? "";
    return `${action} ${offers}`;
  }
  for (let i = 0; i < a.submissions.length; i++) {
    const found = diffPath(a.submissions[i], b.submissions[i], "");
    if (found) return `${(a.submissions[i] as { key: string }).key}${found}`;
  }
  return null;
}

/**
 * Checks one variation: it must be hidden from the viewer (the same `playerView`), and the
 * viewer's surface must then be the same. Returns a failure line, or null.
 */
export function checkVariation<S extends AnyGameState>(
  ruleset: RulesetDefinition<S>,
  state: S,
  variation: HiddenVariation<S>,
  viewer: PlayerId,
  extraTargets: readonly string[] = [],
  pick?: (n: number) => number,
  rulesTells: readonly string[] = [],
): string | null {
  state = variation.base ?? state;
  const viewA = ruleset.playerView(state, viewer);
  const viewB = ruleset.playerView(variation.state, viewer);
  if (!isDeepStrictEqual(viewA, viewB))
    return `variation "${variation.what}" is not hidden from ${viewer}:\n${JSON.stringify(viewA)}\n${JSON.stringify(viewB)}`;
  const submissions = submissionsOf(ruleset, state, viewer, extraTargets, pick).filter(
    (x) => !rulesTells.includes(x.action),
  );
  const told = (surface: { offers: AvailableAction[]; submissions: unknown[] }) => ({
    offers: surface.offers.filter((o) => !rulesTells.includes(o.action)),
    submissions: surface.submissions,
  });
  const difference = firstDifference(
    told(surfaceOf(ruleset, state, viewer, submissions)),
    told(surfaceOf(ruleset, variation.state, viewer, submissions)),
  );
  return difference === null
    ? null
    : `${viewer} can tell "${variation.what}" (phase ${state.phase.kind} ${state.phase.n}): ${difference}`;
}

/**
 * Reachable states of a random game: every seat picks among its offers with a seeded chooser
 * (about half the seats act each phase); a state is kept after every `every`-th action and at
 * each phase's start.
 */
export function reachableStates<S extends AnyGameState>(
  ruleset: RulesetDefinition<S>,
  initial: S,
  seed: number,
  phases: number,
  every = 3,
): S[] {
  const pick = chooser(seed);
  const out: S[] = [];
  let state = initial;
  let step = 0;
  for (let phase = 0; phase < phases && !state.ended; phase++) {
    for (const p of state.players) {
      const offers = ruleset.availableActions(state, p.id);
      if (offers.length === 0 || pick(2) === 0) continue;
      const offer = offers[pick(offers.length)];
      if (!offer) continue;
      const targets: string[] = [];
      const pool = [...offer.targets];
      const count = offer.minTargets + pick(offer.maxTargets - offer.minTargets + 1);
      for (let i = 0; i < count && pool.length > 0; i++)
        targets.push(pool.splice(pick(pool.length), 1)[0] as string);
      const result = submitAction(ruleset, state, {
        actor: p.id,
        action: offer.action,
        targets,
        params: offer.params ?? {},
      });
      if (!result.ok) continue;
      state = result.value;
      if (++step % every === 0) out.push(state);
    }
    state = resolvePhase(ruleset, state).state;
    out.push(state);
  }
  return out;
}

/** A seeded chooser for the generators (xorshift). */
export function chooser(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return n <= 0 ? 0 : x % n;
  };
}

/**
 * The property over random games: for `numRuns` seeds drawn by fast-check, a game of `players`
 * seats is played at random (`phases` phases); at each kept state a living seat drawn by the seed
 * is the viewer and every hidden variation `generate` finds is checked. Returns how many states
 * the games reached and how many variations were checked.
 */
export function assertNoninterference<S extends AnyGameState>(
  ruleset: RulesetDefinition<S>,
  options: {
    players: number;
    generate: VariationGenerator<S>;
    numRuns: number;
    phases: number;
    /** Game options by seed (e.g. armies at war in half the games). */
    gameOptions?: (seed: number) => JsonObject;
    /** Targets that are not seats (countries, armies). */
    extraTargets?: readonly string[];
    /** Keep every n-th state (default every one). */
    every?: number;
    /**
     * Actions whose offers and refusals the normative rules file itself makes depend on a hidden
     * fact (each listed with its rule where the ruleset exports it); left out of the comparison.
     */
    rulesTells?: readonly string[];
  },
): { states: number; checked: number } {
  let checked = 0;
  let visited = 0;
  const details = fc.check(
    fc.property(fc.integer({ min: 1, max: 2 ** 30 }), (seed) => {
      const created = createGame(ruleset, {
        seed,
        options: options.gameOptions?.(seed) ?? {},
        players: Array.from({ length: options.players }, (_, i) => ({ id: `p${i + 1}` })),
      });
      if (!created.ok) throw new Error(created.rejection.reason);
      const pick = chooser(seed);
      const states = reachableStates(ruleset, created.value, seed, options.phases, 3);
      visited += states.length;
      for (const state of states.filter((_, i) => i % (options.every ?? 1) === 0)) {
        const viewer = state.players[pick(state.players.length)];
        if (!viewer?.alive || state.ended) continue;
        for (const variation of options.generate(state, viewer.id, pick)) {
          const failure = checkVariation(
            ruleset,
            state,
            variation,
            viewer.id,
            options.extraTargets ?? [],
            pick,
            options.rulesTells ?? [],
          );
          if (failure !== null) throw new Error(failure);
          checked++;
        }
      }
    }),
    { numRuns: options.numRuns, seed: 30, endOnFailure: true },
  );
  if (details.failed) {
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : "failed";
    throw new Error(`${ruleset.id}, game seed ${JSON.stringify(details.counterexample)}: ${cause}`);
  }
  return { states: visited, checked };
}

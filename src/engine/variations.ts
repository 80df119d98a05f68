import type { ChatSpec } from "./ruleset.js";
import type { AnyGameState, Json, PlayerId } from "./types.js";

/**
 * Hidden variations (issue 30, docs/secrecy.md): states that differ from a given one only in facts
 * a viewer may not know. Each ruleset exports a generator of them (its `variations.ts`); the
 * noninterference property test checks that the viewer's view is the same in both states and that
 * so is everything the viewer is shown and told (offers, refusals, receipts).
 */

export interface HiddenVariation<S> {
  /** What was changed, for a failure message. */
  what: string;
  state: S;
  /**
   * The state to compare it with, when the generator had to normalize the given one first (the
   * same facts, e.g. its derived caches brought up to date); absent: the given state.
   */
  base?: S;
}

/** A deterministic chooser: an integer in [0, n). */
export type Pick = (n: number) => number;

export type VariationGenerator<S extends AnyGameState> = (
  state: S,
  viewer: PlayerId,
  pick: Pick,
) => HiddenVariation<S>[];

/** A deep copy of plain JSON state. */
export const cloneState = <S>(state: S): S => structuredClone(state);

/** Whether `id` appears as a string anywhere in `view` (the viewer can tell that seat apart). */
export function named(view: Json, id: string): boolean {
  if (typeof view === "string") return view === id;
  if (Array.isArray(view)) return view.some((x) => named(x, id));
  if (view && typeof view === "object") return Object.values(view).some((x) => named(x, id));
  return false;
}

/**
 * The secret chats the viewer reads have the same readers and writers in both layouts: who sits
 * in a thread with the viewer is something he sees, so a variation must keep it.
 */
export function sameRosters(a: ChatSpec[], b: ChatSpec[], viewer: PlayerId): boolean {
  const read = (layout: ChatSpec[]) =>
    layout
      .filter((c) => c.kind === "secret" && c.readers.includes(viewer))
      .map((c) => `${c.id}:${[...c.readers].sort().join(",")}:${[...c.writers].sort().join(",")}`)
      .sort()
      .join("|");
  return read(a) === read(b);
}

/** Deep equality of JSON values (key order ignored). */
export function isDeepStrictEqualJson(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a))
    return (
      Array.isArray(b) && a.length === b.length && a.every((x, i) => isDeepStrictEqualJson(x, b[i] as Json))
    );
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => k in b && isDeepStrictEqualJson(a[k] as Json, b[k] as Json));
  }
  return false;
}

/** What a generator needs of a ruleset: the viewer's view and the chat layout. */
export interface Viewable<S> {
  playerView(state: S, viewer: PlayerId): Json;
  chatLayout(state: S): ChatSpec[];
}

/** A proposed change of a copy of the state (the copy is the generator's own to mutate). */
export interface Edit<S> {
  what: string;
  edit(next: S): void;
}

/**
 * The proposed edits that are really hidden from the viewer: the same view and the same rosters
 * of the secret chats he reads. An edit that shows is not a hidden variation and is dropped (the
 * property test then checks the view again, and everything the viewer is told).
 */
export function keepHidden<S extends AnyGameState>(
  ruleset: Viewable<S>,
  state: S,
  viewer: PlayerId,
  edits: readonly Edit<S>[],
): HiddenVariation<S>[] {
  const view = ruleset.playerView(state, viewer);
  const layout = ruleset.chatLayout(state);
  const out: HiddenVariation<S>[] = [];
  for (const { what, edit } of edits) {
    const next = cloneState(state);
    edit(next);
    if (
      isDeepStrictEqualJson(ruleset.playerView(next, viewer), view) &&
      sameRosters(layout, ruleset.chatLayout(next), viewer)
    )
      out.push({ what, state: next });
  }
  return out;
}

/** Swaps the named fields of two players (hidden roles and teams). */
export function swapFields<S extends AnyGameState>(
  state: S,
  a: PlayerId,
  b: PlayerId,
  fields: readonly string[],
): void {
  const pa = state.players.find((p) => p.id === a) as unknown as Record<string, unknown> | undefined;
  const pb = state.players.find((p) => p.id === b) as unknown as Record<string, unknown> | undefined;
  if (!pa || !pb) return;
  for (const key of fields) {
    const held = pa[key];
    pa[key] = pb[key];
    pb[key] = held;
  }
}

/** Toggles a status of a player. */
export function toggleStatus<S extends AnyGameState>(state: S, id: PlayerId, status: string): void {
  const p = state.players.find((x) => x.id === id);
  if (!p) return;
  p.statuses = p.statuses.includes(status) ? p.statuses.filter((s) => s !== status) : [...p.statuses, status];
}

/**
 * Edits most rulesets share: `swaps` times, two other seats swap `fields` (their hidden identity);
 * each of `statuses` toggled on one other seat.
 */
export function identityEdits<S extends AnyGameState>(
  state: S,
  viewer: PlayerId,
  pick: Pick,
  fields: readonly string[],
  statuses: readonly string[] = [],
  swaps = 3,
): Edit<S>[] {
  const others = state.players.filter((p) => p.id !== viewer).map((p) => p.id);
  if (others.length < 2) return [];
  const one = () => others[pick(others.length)] as PlayerId;
  const out: Edit<S>[] = [];
  for (let i = 0; i < swaps; i++) {
    const a = one();
    const b = one();
    if (a !== b)
      out.push({
        what: `identities of ${a} and ${b} swapped`,
        edit: (next) => swapFields(next, a, b, fields),
      });
  }
  for (const status of statuses) {
    const p = one();
    out.push({ what: `${status} of ${p} toggled`, edit: (next) => toggleStatus(next, p, status) });
  }
  return out;
}

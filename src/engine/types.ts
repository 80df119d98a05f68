/**
 * The engine's data model. Everything here is plain JSON-serializable data: a game is
 * reproduced byte for byte by replaying its input log from its setup.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export type PlayerId = string;
export type Lang = "en" | "ru";
export interface Localized {
  en: string;
  ru: string;
}

/** A phase of the game: `night 0`, `day 1`, `nomination 3`, … */
export interface Phase {
  kind: string;
  n: number;
}

export function phaseLabel(phase: Phase): string {
  return `${phase.kind} ${phase.n}`;
}

/**
 * What every ruleset keeps about a seat. `id` is the seat's stable id for the whole game
 * (a replacement changes the account behind the seat, never the id); rulesets extend it.
 */
export interface BasePlayer {
  id: PlayerId;
  seat: number;
  role: string;
  faction: string;
  alive: boolean;
  statuses: string[];
  /** Accounts that took over this seat, oldest first (GM `replace`). */
  replacedBy: { by: string; phase: string }[];
}

/** A refusal of an input: a namespaced code (`classic.dead_actor`) and the reason the player sees. */
/**
 * A refusal: `code` is namespaced (`<ruleset>.<id>`, `engine.<id>`); `reason` is the rules file's
 * English with ids (the scenario output prints it); `text` is the same refusal as a text of the
 * catalogs (src/engine/rejections.ts), rendered for players in their language with names.
 */
export interface Rejection {
  code: string;
  reason: string;
  text: TextRef;
}

export interface Death {
  player: PlayerId;
  cause: string;
}

export interface GameEvent {
  type: string;
  [field: string]: Json;
}

export interface PrivateMessage {
  to: PlayerId;
  kind: string;
  [field: string]: Json;
}

/** A public line as data: a text key of the ruleset's catalog and its parameters. */
export interface TextRef {
  key: string;
  params: JsonObject;
}

/** What a phase produced so far (inputs may emit too, e.g. an immediate GM removal). */
export interface PhaseOutput {
  deaths: Death[];
  events: GameEvent[];
  public: TextRef[];
  private: PrivateMessage[];
}

/**
 * Where a game's randomness comes from: a public integer (scenario files, the sandbox, tests:
 * reproducibility is their point), or a secret of 128 bits (32 hex digits) that the service draws
 * from node:crypto and that becomes the PRNG's whole state (`initialRngState`, docs/fairness.md).
 */
export type Seed = number | string;

export interface GameState<P extends BasePlayer = BasePlayer, D = unknown, O = unknown> {
  ruleset: string;
  seed: Seed;
  /** The seeded PRNG's state (pure-rand xoroshiro128+); every random draw advances it. Secret until the game ends. */
  rng: number[];
  options: O;
  phase: Phase;
  /** Time as data: the `at` (ms since epoch) of the latest input, or null in pure simulations. */
  now: number | null;
  ended: boolean;
  winners: string[];
  players: P[];
  /** Output accumulated in the current phase, moved into the report when it resolves. */
  output: PhaseOutput;
  data: D;
}

export type AnyGameState = GameState<BasePlayer, unknown, unknown>;

/** A player's action (order, vote, post, …) as submitted. */
export interface ActionInput {
  actor: PlayerId;
  action: string;
  targets: PlayerId[];
  params: JsonObject;
}

/** A GM action. `as` lets a GM act in a player's name where the ruleset allows it. */
export interface GmInput {
  action: string;
  targets: PlayerId[];
  params: JsonObject;
}

/** One entry of the append-only input log. `at` is the wall-clock time, passed in as data. */
export type Input =
  | ({ type: "action"; at?: number } & ActionInput)
  | ({ type: "gm"; at?: number } & GmInput)
  | { type: "resolve"; at?: number };

export interface PhaseReport extends PhaseOutput {
  phase: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; rejection: Rejection };

export function emptyOutput(): PhaseOutput {
  return { deaths: [], events: [], public: [], private: [] };
}

import type { z } from "zod";
import type { Gender, NameCase } from "./grammar.js";
import type { Rejections } from "./rejections.js";
import type {
  ActionInput,
  AnyGameState,
  GmInput,
  Json,
  JsonObject,
  Lang,
  Localized,
  PlayerId,
  Rejection,
  Result,
  Seed,
} from "./types.js";

/** Renders ids for a reader: the simulator prints ids, Discord prints names in the server's language. */
export interface RenderContext {
  lang: Lang;
  player(id: PlayerId): string;
  role(roleId: string): string;
  faction(factionId: string): string;
  /**
   * A rules id the reader sees as a word (a presidential power, a policy, a verdict). Absent in
   * the simulator, which prints the ids as the rules files do (`word(ctx, id)` falls back to it).
   */
  word?(id: string): string;
  /** A rules id's word in a case («командующего Королевскими ВС»); undefined when not declined. */
  wordIn?(id: string, grammaticalCase: NameCase): string | undefined;
  /**
   * The seat's grammatical gender (src/engine/grammar.ts): said by its player, else recognised
   * in a Russian first name; undefined when unknown and in the simulator.
   */
  gender?(id: PlayerId): Gender | undefined;
  /** The seat's name in a case when it is a Russian first name; undefined otherwise. */
  declined?(id: PlayerId, grammaticalCase: NameCase): string | undefined;
}

/** One text of a catalog: public lines by key, private messages by `private.<kind>`. */
export type TextTemplate = (params: JsonObject, ctx: RenderContext) => string;
export type TextCatalog = Record<string, TextTemplate>;

/** The scenario's setup after zod validation (options have their defaults). */
export interface SetupInput<O> {
  seed: Seed;
  options: O;
  /** Scenario players in seating order: `id`, optional `role`, and the ruleset's extra keys. */
  players: (JsonObject & { id: PlayerId })[];
}

/** When a phase's deadline falls: data for the worker's scheduler (zone from options or game). */
export type DeadlineRule =
  /** A GM-set or default duration from the phase start. */
  | { type: "duration"; minutes: number }
  /** The first local time `at` ("HH:MM") at least `minMinutes` after the phase start. */
  | {
      type: "daily_at";
      at: string;
      minMinutes?: number;
      /** Minutes the deadline so found is then moved by (extensions granted during the phase). */
      shiftMinutes?: number;
    }
  /** No deadline: the phase ends by the players' actions or the GM. */
  | { type: "none" };

/** An action a player may use now, for the orders panel and autocomplete. */
export interface AvailableAction {
  action: string;
  /** Players (or other ids) valid as targets now; empty when the action takes none. */
  targets: string[];
  minTargets: number;
  maxTargets: number;
  label: Localized;
  /** Params this choice submits with (e.g. a vote's side); several entries may share an action. */
  params?: JsonObject;
}

export type Audience = "all" | "alive" | "dead" | "gm";

/**
 * A chat of the layout. Public chats are channels with role-level overwrites (`readAudience`,
 * `writeAudience`); secret chats are private threads whose members are listed. `readers` and
 * `writers` are always the explicit truth per player, so tests can compare Discord to it.
 */
export interface ChatSpec {
  id: string;
  name: Localized;
  kind: "public" | "secret";
  readers: PlayerId[];
  writers: PlayerId[];
  readAudience?: Audience;
  writeAudience?: Audience;
  /**
   * What the chat is for, where it is one of the bot's standard chats: the Discord layer then
   * uses its standard channel (the newspaper, the GM room, each player's own thread with the
   * GMs — `personal` chats have exactly one reader, the seat) instead of creating another.
   */
  purpose?: "newspaper" | "gm" | "personal";
}

export interface ActionDefinition<S extends AnyGameState> {
  /** zod schema of the action's params (everything but actor, action and targets). */
  params: z.ZodType<JsonObject>;
  /** Null when accepted; else the namespaced rejection. Must not mutate. */
  validate(state: S, input: ActionInput): Rejection | null;
  /** Applies an accepted input to a draft the engine has already copied. */
  apply(state: S, input: ActionInput): void;
}

export interface GmActionDefinition<S extends AnyGameState> {
  params: z.ZodType<JsonObject>;
  validate(state: S, input: GmInput): Rejection | null;
  apply(state: S, input: GmInput): void;
}

/** An input whose `params` are what its action's schema parsed (defaults filled in). */
export type ParsedInput<I extends { params: JsonObject }, Params> = Omit<I, "params"> & { params: Params };

/** An action written against its own schema: `validate` and `apply` see `z.output` of `params`. */
export interface TypedActionDefinition<S extends AnyGameState, Schema extends z.ZodType> {
  params: Schema;
  validate(state: S, input: ParsedInput<ActionInput, z.output<Schema>>): Rejection | null;
  apply(state: S, input: ParsedInput<ActionInput, z.output<Schema>>): void;
}

export interface TypedGmActionDefinition<S extends AnyGameState, Schema extends z.ZodType> {
  params: Schema;
  validate(state: S, input: ParsedInput<GmInput, z.output<Schema>>): Rejection | null;
  apply(state: S, input: ParsedInput<GmInput, z.output<Schema>>): void;
}

/**
 * An action whose params are typed by its zod schema (no `params["x"] as T`). Sound because the
 * engine parses `input.params` with exactly this schema before it calls `validate` or `apply`
 * (src/engine/game.ts), and hands them the parsed value.
 */
export function defineAction<S extends AnyGameState, Schema extends z.ZodType>(
  definition: TypedActionDefinition<S, Schema>,
): ActionDefinition<S> {
  return definition as unknown as ActionDefinition<S>;
}

/** A GM action whose params are typed by its zod schema (see defineAction). */
export function defineGmAction<S extends AnyGameState, Schema extends z.ZodType>(
  definition: TypedGmActionDefinition<S, Schema>,
): GmActionDefinition<S> {
  return definition as unknown as GmActionDefinition<S>;
}

/** One named step of the resolution pipeline, in the order of the rules file. */
export interface ResolutionStep<S extends AnyGameState> {
  name: string;
  run(state: S): void;
}

export interface RulesetDefinition<S extends AnyGameState = AnyGameState> {
  id: string;
  name: Localized;
  /** Seed document and rules file, for the README and the role cards. */
  source: { seed: string; rules: string };
  /**
   * Seats: `min`–`max` the engine plays (scenario files); `table`, when higher, the fewest a game
   * on the bot starts with when the bot deals the roles (the rules' own minimum), default `min`.
   */
  players: { min: number; max: number; table?: number };
  factions: Record<string, { name: Localized }>;
  roles: Record<string, { name: Localized; faction?: string }>;
  phaseKinds: readonly string[];
  /** Options with defaults (`parse({})` gives the defaults). */
  options: z.ZodType<S["options"]>;
  /** A scenario player: `id`, `role`, and the ruleset's extra keys. */
  player: z.ZodType<JsonObject & { id: PlayerId }>;
  /** Deals or accepts roles and builds the first phase; a malformed setup is a rejection. */
  setup(input: SetupInput<S["options"]>): Result<S>;
  actions: Record<string, ActionDefinition<S>>;
  gmActions: Record<string, GmActionDefinition<S>>;
  /**
   * GM actions the rules file applies at the phase's resolution, not when made (classic's and
   * mayor's `modkill`): the GM is told so when he makes one. Absent: every GM action acts at once.
   */
  deferredGmActions?: readonly string[];
  /** Runs at the phase's deadline, in order; the last steps detect the end and open the next phase. */
  resolution: readonly ResolutionStep<S>[];
  /**
   * An exact deep copy of a state (every object and array new, the same JSON), faster than the
   * engine's generic copy because it knows the shapes; the engine copies a state before each
   * input and resolution. Absent: `copyJson` (src/engine/copy.ts).
   */
  copyState?(state: S): S;
  /**
   * Runs when a phase opens (after a resolution, unless the game ended): what it emits belongs
   * to the new phase (e.g. the President's three drawn policies) and is delivered at once.
   */
  onPhaseOpen?(state: S): void;
  /**
   * Real-time windows that run across phases (regnum: 24 real hours to answer an interrogation
   * question): the worker fires each at `at` (ms) with the GM action `timer` {key}, which the
   * ruleset must define. Simulations have no wall clock and use the rules' phase-based fallback.
   */
  timers?(state: S): { key: string; at: number }[];
  /** Ruleset keys at the top level of the simulator's `final` (units, countries, …). */
  finalExtra?(state: S): JsonObject;
  deadline(state: S): DeadlineRule;
  /**
   * The zone the rules fix their hours in (the mayor's rule 14: Moscow time): a new game runs in
   * it unless its GM names another. Absent: the server's zone (docs/time.md).
   */
  rulesZone?: string;
  /**
   * True when the phase may resolve before its deadline because everyone required has acted
   * (and nobody objects, where the rules let players object). Absent: never early.
   */
  closesEarly?(state: S): boolean;
  availableActions(state: S, actor: PlayerId): AvailableAction[];
  /**
   * The label of an action with its choice params, as its offer names it, for an order that is
   * no longer offered (already given, or the phase is over): receipts, /orders, the GM room.
   */
  actionLabel?(action: string, params: JsonObject): Localized | undefined;
  /**
   * Orders of one slot replace each other (only the latest counts): the GM room's status shows the
   * latest of each slot. Null: orders of that action add up (regnum's moves). Absent: the action
   * id is its slot.
   */
  orderSlot?(state: S, actor: PlayerId, action: string): string | null;
  chatLayout(state: S): ChatSpec[];
  /**
   * Whether a seat's death and its loss of voice in the public chats are public facts the moment
   * the state says so (default true: classic, mayor, reichstag announce them). False where the
   * rules can keep them hidden (regnum: a body found unidentified, going underground or abroad):
   * then nothing public on Discord may follow them — every seat holds the same server role and
   * the bot removes the posts the rules refuse (docs/secrecy.md).
   */
  publicStatuses?: boolean;
  /** What `viewer` may know; the only way hidden information leaves the engine. */
  playerView(state: S, viewer: PlayerId): Json;
  /** Ruleset keys of `final.players[id]` beyond alive, role, faction and statuses. */
  finalPlayer?(state: S, player: S["players"][number]): JsonObject;
  texts: Record<Lang, TextCatalog>;
  /**
   * Every refusal the ruleset can produce, in English (the rules' reasons) and Russian; its
   * `catalogs` are spread into `texts` (keys `rejection.<key>`). src/engine/rejections.ts.
   */
  rejections: Rejections<string>;
  /** The rules' votes: what `/vote` offers and, where the rules make votes public, the open ballot. */
  votes?: VoteRules<S>;
}

/**
 * The votes of a ruleset. `actions` are the player actions that are votes (`/vote` offers exactly
 * their availableActions entries). `board` is the ballot the rules make public now (null when no
 * vote is open or the votes are secret): the Discord layer posts each cast, changed or withdrawn
 * vote in `chat` as it happens and keeps one tally message per `key` up to date.
 */
export interface VoteRules<S extends AnyGameState> {
  actions: readonly string[];
  board?(state: S): VoteBoard | null;
}

export interface VoteBoard {
  /** A chat id of the ruleset's layout (or `newspaper`). */
  chat: string;
  /** One tally per key (e.g. `day 2`): a new key starts a new tally message. */
  key: string;
  /** Each counted vote now, in casting order; `choice` names it as the rules do ("against"). */
  votes: { voter: PlayerId; choice: Localized; target?: PlayerId }[];
  /**
   * The choice whose votes decide a candidate's fate by plurality (classic's lynch, clans'
   * "against"): the tally shows, per candidate, how many more of them he needs to lead ("L-2").
   */
  decisive?: Localized;
}

/** Helps a ruleset keep its type parameters while being stored in the registry. */
export function defineRuleset<S extends AnyGameState>(
  definition: RulesetDefinition<S>,
): RulesetDefinition<S> {
  return definition;
}

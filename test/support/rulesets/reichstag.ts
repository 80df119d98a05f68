import { createGame, resolvePhase, submitAction, submitGmAction } from "../../../src/engine/game.js";
import { simulate } from "../../../src/engine/simulate.js";
import type { AnyGameState, Json, JsonObject } from "../../../src/engine/types.js";
import type { RulesetDefinition } from "../../../src/engine/ruleset.js";
import { reichstag } from "../../../src/rulesets/reichstag/index.js";
import type { ReichstagState } from "../../../src/rulesets/reichstag/state.js";

/** Small factories for the reichstag tests (not used by the bot). */

export const FIVE = [
  { id: "ann", role: "liberal" },
  { id: "bob", role: "liberal" },
  { id: "cid", role: "fascist" },
  { id: "dan", role: "liberal" },
  { id: "eve", role: "hitler" },
];

export const SEVEN = [
  { id: "ann", role: "liberal" },
  { id: "bob", role: "liberal" },
  { id: "cid", role: "fascist" },
  { id: "dan", role: "liberal" },
  { id: "eve", role: "hitler" },
  { id: "fay", role: "fascist" },
  { id: "gus", role: "liberal" },
];

/** A deck with 6 L and 11 F whose top is `top`. */
export function deckWith(top: string[], enacted = { liberal: 0, fascist: 0 }): string[] {
  let l = 6 - enacted.liberal - top.filter((x) => x === "L").length;
  let f = 11 - enacted.fascist - top.filter((x) => x === "F").length;
  const rest: string[] = [];
  while (l > 0 || f > 0) {
    if (f > 0) {
      rest.push("F");
      f--;
    }
    if (l > 0) {
      rest.push("L");
      l--;
    }
  }
  return [...top, ...rest];
}

export type Entry = { phase: string; actions?: JsonObject[]; gm?: JsonObject[] };

export interface PhaseOut {
  phase: string;
  rejected: { index: number; actor: string; action: string; reason: string }[];
  deaths: { player: string; cause: string }[];
  events: ({ type: string } & Record<string, Json>)[];
  public: string[];
  private: ({ to: string; kind: string } & Record<string, Json>)[];
}

export interface SimOut {
  phases: PhaseOut[];
  final: {
    ended: boolean;
    winners: string[];
    players: Record<string, { alive: boolean; role: string; faction: string; statuses: string[] }>;
  };
}

const lookup = (id: string) =>
  id === "reichstag" ? (reichstag as unknown as RulesetDefinition<AnyGameState>) : undefined;

export function run(
  script: Entry[],
  options: JsonObject = {},
  players: JsonObject[] = FIVE,
  seed = 1,
): SimOut {
  const result = simulate({ ruleset: "reichstag", seed, options, players, script }, lookup);
  if (!result.ok) throw new Error(result.error);
  return result.output as unknown as SimOut;
}

export function runRaw(scenario: JsonObject) {
  return simulate({ ruleset: "reichstag", seed: 1, ...scenario }, lookup);
}

export const act = (actor: string, action: string, extra: JsonObject = {}): JsonObject => ({
  actor,
  action,
  ...extra,
});
export const nominate = (p: string, c: string) => act(p, "nominate", { targets: [c] });
export const votes = (list: Record<string, "ja" | "nein">) =>
  Object.entries(list).map(([id, v]) => act(id, "vote", { vote: v }));

/** Everyone eligible votes ja. */
export function allJa(players: JsonObject[], except: string[]): JsonObject[] {
  return players
    .filter((p) => !except.includes(String(p["id"])))
    .map((p) => act(String(p["id"]), "vote", { vote: "ja" }));
}

/** One elected round: nominate, all ja, discard, enact. */
export function governs(pres: string, chan: string, discard: string, enact: string, players = FIVE): Entry[] {
  return [
    { phase: "nomination", actions: [nominate(pres, chan)] },
    { phase: "election", actions: allJa(players, [pres, chan]) },
    {
      phase: "legislative",
      actions: [act(pres, "discard", { policy: discard }), act(chan, "enact", { policy: enact })],
    },
  ];
}

/** The President's orders in an executive phase. */
export const executive = (president: string, actions: JsonObject[]): Entry => ({
  phase: "executive",
  actions: actions.map((a) => ({ actor: president, ...a })),
});
/** A round that fails: the President nominates the Chancellor and nobody votes. */
export const failedRound = (pres: string, chan: string): Entry[] => [
  { phase: "nomination", actions: [nominate(pres, chan)] },
  { phase: "election", actions: [] },
];
export const events = (out: SimOut, phase: string) => out.phases.find((p) => p.phase === phase)?.events ?? [];
export const allEvents = (out: SimOut) => out.phases.flatMap((p) => p.events);
export const allPublic = (out: SimOut) => out.phases.flatMap((p) => p.public);
export const rejections = (out: SimOut) => out.phases.flatMap((p) => p.rejected.map((r) => r.reason));

// ── Direct engine driving ─────────────────────────────────────────────────────────────

export function newGame(players: JsonObject[] = FIVE, options: JsonObject = {}, seed = 1): ReichstagState {
  const created = createGame(reichstag, {
    seed,
    options,
    players: players as (JsonObject & { id: string })[],
  });
  if (!created.ok) throw new Error(created.rejection.reason);
  return created.value;
}

export function doAct(
  state: ReichstagState,
  actor: string,
  action: string,
  targets: string[] = [],
  params: JsonObject = {},
) {
  return submitAction(reichstag, state, { actor, action, targets, params });
}

export function mustAct(
  state: ReichstagState,
  actor: string,
  action: string,
  targets: string[] = [],
  params: JsonObject = {},
) {
  const r = doAct(state, actor, action, targets, params);
  if (!r.ok) throw new Error(`${actor} ${action}: ${r.rejection.reason}`);
  return r.value;
}

export function doGm(state: ReichstagState, action: string, targets: string[] = [], params: JsonObject = {}) {
  return submitGmAction(reichstag, state, { action, targets, params });
}

export function resolve(state: ReichstagState) {
  return resolvePhase(reichstag, state);
}

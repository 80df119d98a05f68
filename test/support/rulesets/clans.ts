import { createGame, resolvePhase, submitAction, submitGmAction } from "../../../src/engine/game.js";
import type { JsonObject, PhaseReport, Rejection } from "../../../src/engine/types.js";
import { clans } from "../../../src/rulesets/clans/index.js";
import type { ClansState } from "../../../src/rulesets/clans/state.js";

/** Test factories: the standard table of §14 and small drivers. Not a test file itself. */

export const TABLE = [
  { id: "kenji", role: "boss", faction: "yakuza" },
  { id: "vito", role: "boss", faction: "cosa_nostra" },
  { id: "ivan", role: "boss", faction: "russian_mafia" },
  { id: "yuki", role: "doctor", faction: "yakuza" },
  { id: "luca", role: "doctor", faction: "cosa_nostra" },
  { id: "olga", role: "doctor", faction: "russian_mafia" },
  { id: "hana", role: "scout", faction: "yakuza" },
  { id: "gina", role: "scout", faction: "cosa_nostra" },
  { id: "pasha", role: "scout", faction: "russian_mafia" },
  { id: "taro", role: "shooter", faction: "yakuza", number: 1 },
  { id: "tony", role: "shooter", faction: "cosa_nostra", number: 1 },
  { id: "boris", role: "shooter", faction: "russian_mafia", number: 1 },
] as const;

export function newGame(options: JsonObject = {}, seed = 1, players: JsonObject[] = [...TABLE]): ClansState {
  const created = createGame(clans, {
    seed,
    options: { inactivity_autokill: false, ...options },
    players: players as (JsonObject & { id: string })[],
  });
  if (!created.ok) throw new Error(created.rejection.reason);
  return created.value;
}

export type Act = [actor: string, action: string, targets?: string[], params?: JsonObject];

export class Table {
  state: ClansState;
  reports: PhaseReport[] = [];
  rejections: Rejection[] = [];
  constructor(options: JsonObject = {}, seed = 1) {
    this.state = newGame(options, seed);
  }
  act(actor: string, action: string, targets: string[] = [], params: JsonObject = {}): Rejection | null {
    const r = submitAction(clans, this.state, { actor, action, targets, params });
    if (r.ok) {
      this.state = r.value;
      return null;
    }
    this.rejections.push(r.rejection);
    return r.rejection;
  }
  gm(action: string, targets: string[], params: JsonObject = {}): Rejection | null {
    const r = submitGmAction(clans, this.state, { action, targets, params });
    if (r.ok) {
      this.state = r.value;
      return null;
    }
    return r.rejection;
  }
  /** Plays the actions then resolves the phase; returns its report. */
  phase(acts: Act[] = []): PhaseReport {
    for (const [actor, action, targets, params] of acts) this.act(actor, action, targets ?? [], params ?? {});
    const { state, report } = resolvePhase(clans, this.state);
    this.state = state;
    this.reports.push(report);
    return report;
  }
  p(id: string) {
    const found = this.state.players.find((x) => x.id === id);
    if (!found) throw new Error(id);
    return found;
  }
  events(report: PhaseReport, type: string) {
    return report.events.filter((e) => e.type === type);
  }
}

export const code = (r: Rejection | null) => r?.code.replace(/^clans\./, "") ?? null;

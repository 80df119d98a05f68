import type { PlayerId } from "../../engine/types.js";
import type { MayorOptions } from "./options.js";
import type { Verdict } from "./state.js";

/** Section 6: counting the session's verdicts. Pure functions of the accepted verdicts. */

export interface Tally {
  /** `execute` verdicts per target, in seating order. */
  execute: [PlayerId, number][];
  /** `isolate` verdicts per target, in seating order. */
  isolate: [PlayerId, number][];
  /** `abstain` verdicts, whatever player they name. */
  abstain: number;
  /** The КАЗНЬ winner (rule 8), or null. */
  jailed: PlayerId | null;
  /** The ИЗО winner (rule 9), or null. */
  isolated: PlayerId | null;
}

function countBy(verdicts: readonly Verdict[], choice: "execute" | "isolate", seating: readonly PlayerId[]) {
  const counts = new Map<PlayerId, number>();
  for (const v of verdicts) {
    if (v.choice === choice && v.target !== null) counts.set(v.target, (counts.get(v.target) ?? 0) + 1);
  }
  return seating.filter((id) => counts.has(id)).map((id): [PlayerId, number] => [id, counts.get(id) ?? 0]);
}

/**
 * КАЗНЬ: one candidate → jailed with ≥ 2 verdicts; several → the one with strictly more than every
 * other (option `absolute`: more than half of all verdicts cast this session); a tie → nobody.
 */
export function executionWinner(
  execute: readonly [PlayerId, number][],
  totalCast: number,
  majority: MayorOptions["executionMajority"],
): PlayerId | null {
  const [only, ...others] = execute;
  if (!only) return null;
  if (others.length === 0) return only[1] >= 2 ? only[0] : null;
  const top = Math.max(...execute.map(([, n]) => n));
  const leaders = execute.filter(([, n]) => n === top);
  if (leaders.length !== 1) return null;
  const [leader] = leaders;
  if (!leader) return null;
  if (majority === "absolute" && !(2 * top > totalCast)) return null;
  return leader[0];
}

/** ИЗО: p is isolated iff I(p) > Σ I(q) over the other candidates + A. */
export function isolationWinner(isolate: readonly [PlayerId, number][], abstain: number): PlayerId | null {
  const total = isolate.reduce((sum, [, n]) => sum + n, 0);
  const winner = isolate.find(([, n]) => n > total - n + abstain);
  return winner ? winner[0] : null;
}

export function tally(
  verdicts: readonly Verdict[],
  seating: readonly PlayerId[],
  majority: MayorOptions["executionMajority"],
): Tally {
  const execute = countBy(verdicts, "execute", seating);
  const isolate = countBy(verdicts, "isolate", seating);
  const abstain = verdicts.filter((v) => v.choice === "abstain").length;
  return {
    execute,
    isolate,
    abstain,
    jailed: executionWinner(execute, verdicts.length, majority),
    isolated: isolationWinner(isolate, abstain),
  };
}

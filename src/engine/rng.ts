import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";

/**
 * The seeded PRNG. Its state lives in the game state (`state.rng`), so a game replays
 * byte for byte; every draw replaces that state with the advanced one.
 */
export function initialRngState(seed: number): number[] {
  return [...xoroshiro128plus(seed).getState()];
}

/** Draw an integer in [from, to] and advance `holder.rng`. */
export function drawInt(holder: { rng: number[] }, from: number, to: number): number {
  const generator = xoroshiro128plusFromState(holder.rng);
  const value = uniformInt(generator, from, to);
  holder.rng = [...generator.getState()];
  return value;
}

/** A fair coin: true or false with equal odds. */
export function flipCoin(holder: { rng: number[] }): boolean {
  return drawInt(holder, 0, 1) === 1;
}

/** Fisher–Yates shuffle of a copy of `items`. */
export function shuffle<T>(holder: { rng: number[] }, items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = drawInt(holder, 0, i);
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}

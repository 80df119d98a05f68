import { uniformInt } from "pure-rand/distribution/uniformInt";
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import type { Seed } from "./types.js";

/** A secret seed: 128 bits as 32 lowercase hex digits (docs/fairness.md). */
export const SECRET_SEED = /^[0-9a-f]{32}$/;

/**
 * The seeded PRNG (pure-rand xoroshiro128+, 128 bits of state). Its state lives in the game state
 * (`state.rng`), so a game replays byte for byte; every draw replaces that state with the
 * advanced one.
 *
 * - A public integer seed (scenario files, the sandbox) goes through pure-rand's own seeding,
 *   unchanged, so every scenario deals exactly as it always has.
 * - A secret seed (16 bytes drawn by the service from node:crypto) IS the whole state: its four
 *   32-bit words, big-endian, in the order of pure-rand's `getState()`. Nothing squeezes it into
 *   a 32-bit seed, so guessing the deal means guessing 128 bits.
 */
export function initialRngState(seed: Seed): number[] {
  if (typeof seed === "number") return [...xoroshiro128plus(seed).getState()];
  if (!SECRET_SEED.test(seed)) throw new Error("a secret seed is 32 lowercase hex digits");
  const words = [0, 8, 16, 24].map((at) => Number.parseInt(seed.slice(at, at + 8), 16) | 0);
  // xoroshiro's only fixed point: an all-zero state would draw 0 forever (the service never
  // draws it; refusing it here keeps a hand-made seed from silently breaking the dice).
  if (words.every((w) => w === 0)) throw new Error("a secret seed cannot be all zeros");
  return words;
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

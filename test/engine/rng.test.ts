import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawInt, initialRngState, shuffle } from "../../src/engine/rng.js";

describe("the seeded PRNG in the game state", () => {
  it("draws the same sequence from the same seed, and its state is plain JSON", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const a = { rng: initialRngState(seed) };
        const b = JSON.parse(JSON.stringify({ rng: initialRngState(seed) })) as { rng: number[] };
        const seqA = Array.from({ length: 20 }, () => drawInt(a, 1, 100));
        const seqB = Array.from({ length: 20 }, () => drawInt(b, 1, 100));
        expect(seqA).toEqual(seqB);
        expect(seqA.every((n) => n >= 1 && n <= 100)).toBe(true);
      }),
    );
  });

  it("shuffles into a permutation without touching the input", () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.integer(), { maxLength: 30 }), (seed, items) => {
        const copy = [...items];
        const out = shuffle({ rng: initialRngState(seed) }, items);
        expect(items).toEqual(copy);
        expect([...out].sort((x, y) => x - y)).toEqual([...items].sort((x, y) => x - y));
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawInt, initialRngState, shuffle } from "../../src/engine/rng.js";
import { drawSecret } from "../../src/games/fairness.js";

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

  it("a secret seed is the PRNG's whole 128-bit state: its four 32-bit words, nothing squeezed", () => {
    const secret = "0123456789abcdeffedcba9876543210";
    expect(initialRngState(secret)).toEqual([0x01234567, 0x89abcdef | 0, 0xfedcba98 | 0, 0x76543210]);
    // Every bit matters: flipping any one of the 128 gives another sequence of draws.
    const draws = (seed: string) => {
      const holder = { rng: initialRngState(seed) };
      return Array.from({ length: 8 }, () => drawInt(holder, 0, 2 ** 31));
    };
    const base = draws(secret);
    for (let bit = 0; bit < 128; bit++) {
      const digits = [...secret];
      const at = Math.floor(bit / 4);
      digits[at] = (Number.parseInt(digits[at] ?? "0", 16) ^ (1 << (bit % 4))).toString(16);
      expect(draws(digits.join(""))).not.toEqual(base);
    }
  });

  it("refuses a malformed or all-zero secret instead of dealing from it", () => {
    expect(() => initialRngState("0123")).toThrow(/32 lowercase hex/);
    expect(() => initialRngState("0123456789ABCDEF0123456789ABCDEF")).toThrow(/32 lowercase hex/);
    expect(() => initialRngState("0".repeat(32))).toThrow(/all zeros/);
  });

  it("secrets come from the CSPRNG: 128 bits each, never repeated, about half of the bits set", () => {
    const secrets = Array.from({ length: 256 }, () => drawSecret());
    expect(secrets.every((s) => /^[0-9a-f]{32}$/.test(s))).toBe(true);
    expect(new Set(secrets).size).toBe(secrets.length);
    const ones = secrets
      .map((s) =>
        [...Buffer.from(s, "hex")].reduce((n, b) => n + b.toString(2).replaceAll("0", "").length, 0),
      )
      .reduce((a, b) => a + b, 0);
    // 32768 fair bits: the mean is 16384 and the standard deviation 90.5; 8 sigma never fails by chance.
    expect(Math.abs(ones - 16384)).toBeLessThan(724);
  });
});

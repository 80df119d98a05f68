import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { simulate } from "../../src/engine/simulate.js";
import type { Json } from "../../src/engine/types.js";
import { getRuleset } from "../../src/rulesets/index.js";

/**
 * The public example cases (test/fixtures/scenarios, `{name, rule, scenario, expect}` each) played
 * through the engine and checked against their expectations, inside the test suite.
 */

interface Case {
  name: string;
  scenario: unknown;
  expect: {
    phases?: {
      phase: string;
      deaths?: { player: string; cause: string }[];
      rejectedCount?: number;
      events?: Json[];
      private?: Json[];
      public_contains?: string[];
    }[];
    final?: {
      alive?: string[];
      winners?: string[];
      ended?: boolean;
      statuses?: Record<string, string[]>;
      players?: Json;
    };
  };
}

interface Output {
  phases: {
    phase: string;
    deaths: { player: string; cause: string }[];
    rejected: unknown[];
    events: Json[];
    private: Json[];
    public: string[];
  }[];
  final: {
    ended: boolean;
    winners: string[];
    players: Record<string, { alive: boolean; statuses: string[] }>;
  };
}

/** Every key of `want` is in `got` with a matching value; arrays: every wanted item matches some item. */
function contains(want: Json | undefined, got: Json | undefined): boolean {
  if (Array.isArray(want)) return Array.isArray(got) && want.every((w) => got.some((g) => contains(w, g)));
  if (want !== null && typeof want === "object") {
    if (got === null || typeof got !== "object" || Array.isArray(got)) return false;
    return Object.entries(want).every(([k, v]) => contains(v, (got as Record<string, Json>)[k]));
  }
  return want === got;
}

const root = join(import.meta.dirname, "..", "fixtures", "scenarios");

for (const ruleset of readdirSync(root).sort()) {
  describe(`public cases: ${ruleset}`, () => {
    for (const file of readdirSync(join(root, ruleset)).sort()) {
      const c = JSON.parse(readFileSync(join(root, ruleset, file), "utf8")) as Case;
      it(`${file}: ${c.name}`, () => {
        const result = simulate(c.scenario, getRuleset);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const out = result.output as unknown as Output;
        for (const want of c.expect.phases ?? []) {
          const got = out.phases.find((p) => p.phase === want.phase);
          expect(got, want.phase).toBeDefined();
          if (!got) continue;
          const key = (d: { player: string; cause: string }) => `${d.player}:${d.cause}`;
          if (want.deaths)
            expect(got.deaths.map(key).sort(), want.phase).toEqual(want.deaths.map(key).sort());
          if (want.rejectedCount !== undefined)
            expect(got.rejected, want.phase).toHaveLength(want.rejectedCount);
          for (const e of want.events ?? []) expect(contains([e], got.events), JSON.stringify(e)).toBe(true);
          for (const m of want.private ?? [])
            expect(contains([m], got.private), JSON.stringify(m)).toBe(true);
          for (const line of want.public_contains ?? []) {
            expect(got.public.join("\n").toLowerCase()).toContain(line.toLowerCase());
          }
        }
        const final = c.expect.final ?? {};
        if (final.alive) {
          const alive = Object.entries(out.final.players)
            .filter(([, p]) => p.alive)
            .map(([id]) => id);
          expect(alive.sort()).toEqual([...final.alive].sort());
        }
        if (final.winners) expect([...out.final.winners].sort()).toEqual([...final.winners].sort());
        if (final.ended !== undefined) expect(out.final.ended).toBe(final.ended);
        for (const [id, statuses] of Object.entries(final.statuses ?? {})) {
          for (const s of statuses) expect(out.final.players[id]?.statuses).toContain(s);
        }
        if (final.players) expect(contains(final.players, out.final.players as unknown as Json)).toBe(true);
      });
    }
  });
}

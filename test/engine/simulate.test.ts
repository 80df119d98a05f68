import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { simulate } from "../../src/engine/simulate.js";
import { getRuleset } from "../../src/rulesets/index.js";

const scenarioDir = join(import.meta.dirname, "..", "fixtures", "scenarios");
const tmp = mkdtempSync(join(tmpdir(), "simulate-"));

function runCli(content: string): { status: number | null; stdout: string } {
  const file = join(tmp, `s-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, content);
  const result = spawnSync("npx", ["tsx", "src/cli/simulate.ts", file], {
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout };
}

const classicThree = {
  ruleset: "classic",
  seed: 7,
  players: [
    { id: "ann", role: "commissar" },
    { id: "bob", role: "mafia", faction: "italians", don: true },
    { id: "cid", role: "maniac" },
  ],
  script: [{ phase: "night", actions: [{ actor: "cid", action: "kill", targets: ["ann"] }] }],
};

describe("npm run -s simulate", () => {
  it("prints one JSON document and exits 0 for a valid file", { timeout: 60_000 }, () => {
    const { status, stdout } = runCli(JSON.stringify(classicThree));
    expect(status).toBe(0);
    const out = JSON.parse(stdout) as { ok: boolean; phases: { phase: string; deaths: unknown[] }[] };
    expect(out.ok).toBe(true);
    expect(out.phases[0]).toMatchObject({ phase: "night 0", deaths: [{ player: "ann", cause: "maniac" }] });
  });

  it("exits 2 with a one-line JSON error naming the path of a malformed file", { timeout: 120_000 }, () => {
    const broken = { ...classicThree, seed: "seven" };
    const { status, stdout } = runCli(JSON.stringify(broken));
    expect(status).toBe(2);
    expect(stdout.trim().split("\n")).toHaveLength(1);
    expect(JSON.parse(stdout)).toMatchObject({ ok: false, error: expect.stringContaining("seed") });
    expect(runCli("{ not json").status).toBe(2);
    const wrongPhase = { ...classicThree, script: [{ phase: "day", actions: [] }] };
    expect(JSON.parse(runCli(JSON.stringify(wrongPhase)).stdout)).toMatchObject({
      ok: false,
      error: expect.stringContaining("script.0.phase"),
    });
  });

  it("gives the same bytes for the same file, for every public scenario", () => {
    for (const ruleset of readdirSync(scenarioDir)) {
      for (const file of readdirSync(join(scenarioDir, ruleset))) {
        const { scenario } = JSON.parse(readFileSync(join(scenarioDir, ruleset, file), "utf8")) as {
          scenario: unknown;
        };
        const first = JSON.stringify(simulate(scenario, getRuleset));
        const second = JSON.stringify(simulate(structuredClone(scenario), getRuleset));
        expect(second, `${ruleset}/${file}`).toBe(first);
        expect(JSON.parse(first)).toMatchObject({ ok: true });
      }
    }
  });

  it("stops quietly when the reader closes the pipe early (| head)", { timeout: 60_000 }, () => {
    // Larger than a pipe's buffer, so the writer is still writing when `head` goes away.
    const players = Array.from({ length: 64 }, (_, i) => ({ id: `p${i + 1}`, role: "citizen" }));
    const script = Array.from({ length: 6 }, (_, i) => ({ phase: i % 2 ? "day" : "night", actions: [] }));
    const file = join(tmp, "piped.json");
    writeFileSync(file, JSON.stringify({ ruleset: "regnum", seed: 1, players, script }));
    const result = spawnSync("sh", ["-c", `npx tsx src/cli/simulate.ts ${file} | head -c 1`], {
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.stderr).not.toContain("EPIPE");
    expect(result.stdout).toBe("{");
  });

  it("rejects an unknown ruleset as a malformed file", () => {
    expect(simulate({ ...classicThree, ruleset: "poker" }, getRuleset)).toEqual({
      ok: false,
      error: 'ruleset: unknown ruleset "poker"',
    });
  });
});

describe("table size", () => {
  it.each(["classic", "clans", "mayor", "reichstag", "regnum"])(
    "%s: a file seating more players than the ruleset allows is malformed, whatever the roles",
    (id) => {
      const max = getRuleset(id)?.players.max ?? 0;
      const players = Array.from({ length: max + 1 }, (_, i) => ({ id: `p${i + 1}`, role: "citizen" }));
      expect(simulate({ ruleset: id, seed: 1, players, script: [] }, getRuleset)).toEqual({
        ok: false,
        error: `players: ${id} seats at most ${max} players, got ${max + 1}`,
      });
    },
  );

  it("regnum at its largest table still simulates", () => {
    const max = getRuleset("regnum")?.players.max ?? 0;
    const players = Array.from({ length: max }, (_, i) => ({ id: `p${i + 1}`, role: "citizen" }));
    const script = [
      { phase: "night", actions: [] },
      { phase: "day", actions: [] },
    ];
    expect(simulate({ ruleset: "regnum", seed: 1, players, script }, getRuleset)).toMatchObject({ ok: true });
  });
});

describe("GM actions common to every ruleset", () => {
  const tables: Record<string, { players: object[]; script: object[] }> = {
    classic: {
      players: [
        { id: "ann", role: "citizen" },
        { id: "bob", role: "mafia", faction: "italians", don: true },
        { id: "cid", role: "maniac" },
        { id: "dan", role: "citizen" },
      ],
      script: [{ phase: "night", actions: [{ actor: "cid", action: "kill", targets: ["ann"] }] }],
    },
    mayor: {
      players: [
        { id: "ann", role: "citizen" },
        { id: "bob", role: "mafia" },
        { id: "cid", role: "maniac" },
        { id: "dan", role: "doctor" },
        { id: "eve", role: "citizen" },
      ],
      script: [{ phase: "night", actions: [] }],
    },
  };

  for (const ruleset of ["classic", "clans", "mayor", "reichstag", "regnum"]) {
    it(`${ruleset}: replace, revive, set_status and clear_status exist and refuse nonsense`, () => {
      const definition = getRuleset(ruleset);
      expect(definition).toBeDefined();
      for (const action of ["replace", "revive", "set_status", "clear_status", "modkill"]) {
        expect(Object.keys(definition?.gmActions ?? {}), `${ruleset} ${action}`).toContain(action);
      }
    });
  }

  it("revive brings a dead player back, logged as an event; reviving the living is refused", () => {
    const table = tables["classic"];
    const out = simulate(
      {
        ruleset: "classic",
        seed: 1,
        ...table,
        script: [
          ...(table?.script ?? []),
          {
            phase: "day",
            actions: [],
            gm: [
              { action: "revive", targets: ["ann"] },
              { action: "revive", targets: ["bob"] },
            ],
          },
        ],
      },
      getRuleset,
    );
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const phases = out.output["phases"] as { phase: string; rejected: object[]; events: object[] }[];
    expect(phases[1]?.events).toContainEqual({ type: "revived", player: "ann", by: "gm" });
    expect(phases[1]?.rejected).toEqual([
      { index: 1, gm: true, action: "revive", reason: "the player is alive" },
    ]);
    expect(
      (out.output["final"] as { players: Record<string, { alive: boolean }> }).players["ann"]?.alive,
    ).toBe(true);
  });
});

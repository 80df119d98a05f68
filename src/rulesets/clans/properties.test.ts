import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyInput, createGame, replay } from "../../engine/game.js";
import type { Input, JsonObject, PhaseReport } from "../../engine/types.js";
import { clans } from "./index.js";
import type { ClansState } from "./state.js";
import { TABLE } from "../../../test/support/rulesets/clans.js";

/** A small deterministic chooser for the simulated players (mulberry32). */
function chooser(seed: number) {
  let a = seed >>> 0;
  return (n: number): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % 4294967296) % n;
  };
}

interface Played {
  initial: ClansState;
  state: ClansState;
  log: Input[];
  reports: PhaseReport[];
  phasesSeen: string[];
}

/** Plays a random game through availableActions; every offered action must be accepted. */
function randomGame(
  seed: number,
  dealt: boolean,
  options: JsonObject,
  maxPhases = 40,
  checkExact = false,
): Played {
  const pick = chooser(seed);
  const players = dealt
    ? TABLE.map((p) => ({ id: p.id }))
    : (TABLE.map((p) => ({ ...p })) as unknown as (JsonObject & { id: string })[]);
  const created = createGame(clans, { seed, options, players });
  if (!created.ok) throw new Error(created.rejection.reason);
  const initial = created.value;
  let state = initial;
  const log: Input[] = [];
  const reports: PhaseReport[] = [];
  const phasesSeen: string[] = [];
  const submit = (input: Input) => {
    const applied = applyInput(clans, state, input);
    if (applied.rejection)
      throw new Error(`offered but rejected: ${JSON.stringify(input)} ${applied.rejection.code}`);
    state = applied.state;
    log.push(input);
    if (applied.report) reports.push(applied.report);
  };
  for (let phase = 0; phase < maxPhases && !state.ended; phase++) {
    phasesSeen.push(`${state.phase.kind} ${state.phase.n}`);
    for (const p of [...state.players]) {
      const offered = clans.availableActions(state, p.id);
      if (checkExact)
        for (const a of offered)
          for (const t of a.maxTargets === 0 ? [[]] : a.targets.map((x) => [x])) {
            const applied = applyInput(clans, state, {
              type: "action",
              actor: p.id,
              action: a.action,
              targets: t,
              params: a.params ? { ...a.params } : {},
            });
            expect(applied.rejection, `${p.id} ${a.action} ${t.join()}`).toBeUndefined();
          }
      const n = pick(3);
      for (let i = 0; i < n; i++) {
        const now = clans.availableActions(state, p.id).filter((a) => a.action !== "edit_post");
        if (now.length === 0) break;
        const a = now[pick(now.length)];
        if (!a) break;
        const targets = a.maxTargets === 0 ? [] : [a.targets[pick(a.targets.length)] as string];
        submit({
          type: "action",
          actor: p.id,
          action: a.action,
          targets,
          params: a.params ? { ...a.params } : {},
        });
      }
    }
    if (pick(6) === 0) {
      const living = state.players.filter((p) => p.alive);
      const victim = living[pick(living.length)];
      if (victim) submit({ type: "gm", action: "modkill", targets: [victim.id], params: {} });
    }
    submit({ type: "resolve" });
  }
  return { initial, state, log, reports, phasesSeen };
}

const arb = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  dealt: fc.boolean(),
  inactivity: fc.boolean(),
  acquaintance: fc.boolean(),
});
const opts = (r: { inactivity: boolean; acquaintance: boolean }): JsonObject => ({
  inactivity_autokill: r.inactivity,
  acquaintance: r.acquaintance,
});

describe("clans properties (random games driven by availableActions)", () => {
  it("availableActions is exact: every offered action and target is accepted with its params", () => {
    fc.assert(
      fc.property(arb, (r) => {
        randomGame(r.seed, r.dealt, opts(r), 8, true);
      }),
      { numRuns: 6 },
    );
  });

  it("same seed gives the same output, byte for byte", () => {
    fc.assert(
      fc.property(arb, (r) => {
        const a = randomGame(r.seed, r.dealt, opts(r));
        const b = randomGame(r.seed, r.dealt, opts(r));
        expect(JSON.stringify(b.reports)).toBe(JSON.stringify(a.reports));
        expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
      }),
      { numRuns: 15 },
    );
  });

  it("replay of the input log reproduces the state byte for byte", () => {
    fc.assert(
      fc.property(arb, (r) => {
        const g = randomGame(r.seed, r.dealt, opts(r));
        const again = replay(clans, g.initial, g.log);
        expect(JSON.stringify(again.state)).toBe(JSON.stringify(g.state));
        expect(JSON.stringify(again.reports)).toBe(JSON.stringify(g.reports));
      }),
      { numRuns: 15 },
    );
  });

  it("every phase ends: random games end or keep advancing phases", () => {
    fc.assert(
      fc.property(arb, (r) => {
        const g = randomGame(r.seed, r.dealt, opts(r), 60);
        expect(new Set(g.phasesSeen).size).toBe(g.phasesSeen.length);
        if (r.inactivity) expect(g.state.ended).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it("winners agree with the living; a clan without a living boss has no living player", () => {
    fc.assert(
      fc.property(arb, (r) => {
        const g = randomGame(r.seed, r.dealt, { ...opts(r), inactivity_autokill: true }, 60);
        for (const p of g.state.players.filter((x) => x.alive)) {
          const bossAlive = g.state.players.some((b) => b.alive && b.role === "boss" && b.team === p.faction);
          expect(bossAlive).toBe(true);
        }
        if (g.state.ended) {
          expect(g.state.winners.length).toBeLessThanOrEqual(1);
          for (const p of g.state.players.filter((x) => x.alive))
            expect(g.state.winners).toContain(p.faction);
          if (g.state.winners.length === 0) expect(g.state.players.some((p) => p.alive)).toBe(false);
        }
      }),
      { numRuns: 25 },
    );
  });

  it("a dead player's order or vote is rejected and changes nothing", () => {
    fc.assert(
      fc.property(arb, (r) => {
        const g = randomGame(r.seed, r.dealt, { ...opts(r), inactivity_autokill: true }, 4);
        if (g.state.ended) return;
        const dead = g.state.players.find((p) => !p.alive);
        const target = g.state.players.find((p) => p.alive);
        if (!dead || !target) return;
        const before = JSON.stringify(g.state);
        for (const action of [
          "kill",
          "recruit",
          "protect",
          "check",
          "heal",
          "shoot",
          "meet",
          "pass",
          "vote",
        ]) {
          const targets = action === "pass" ? [] : [target.id];
          const full: Record<string, JsonObject> = {
            kill: { guess_clan: "yakuza" },
            recruit: { guess_role: "doctor", guess_clan: "yakuza", number: 7 },
            check: { check: "recruited" },
          };
          const params = full[action] ?? {};
          const applied = applyInput(clans, g.state, {
            type: "action",
            actor: dead.id,
            action,
            targets,
            params,
          });
          expect(applied.rejection?.code).toBe("clans.actor_dead");
          expect(JSON.stringify(applied.state)).toBe(before);
        }
      }),
      { numRuns: 15 },
    );
  });

  it("chatLayout never grants more than the rules entitle", () => {
    fc.assert(
      fc.property(arb, (r) => {
        const g = randomGame(r.seed, r.dealt, opts(r), 12);
        const s = g.state;
        const byId = new Map(s.players.map((p) => [p.id, p]));
        for (const chat of clans.chatLayout(s)) {
          for (const w of chat.writers) expect(chat.readers).toContain(w);
          if (chat.id.startsWith("clan-")) {
            const clan = s.data.chats.find((c) => c.id === chat.id)?.clan;
            for (const id of chat.readers) expect(byId.get(id)?.team).toBe(clan);
            for (const id of chat.writers) {
              const p = byId.get(id);
              expect(p?.alive || !p?.statuses.includes("dead_muted")).toBe(true);
            }
          } else if (chat.id === "dead") {
            for (const id of chat.readers) expect(byId.get(id)?.alive).toBe(false);
          } else if (chat.id.startsWith("vote-")) {
            expect(chat.writers).toEqual([]);
          } else if (chat.id.startsWith("gm-")) {
            expect(chat.readers).toEqual([chat.id.slice(3)]);
            expect(chat.purpose).toBe("personal");
          }
        }
        // a living player in a team reads exactly his team's chats; the unrecruited read none
        for (const p of s.players) {
          const clanChats = clans
            .chatLayout(s)
            .filter((c) => c.id.startsWith("clan-") && c.readers.includes(p.id));
          if (p.team === null) expect(clanChats).toEqual([]);
        }
      }),
      { numRuns: 15 },
    );
  });

  it("playerView never leaks another player's role or clan before the end", () => {
    fc.assert(
      fc.property(arb, (r) => {
        const g = randomGame(r.seed, r.dealt, opts(r), 6);
        if (g.state.ended) return;
        for (const viewer of g.state.players) {
          const view = clans.playerView(g.state, viewer.id) as { players: JsonObject[] };
          for (const entry of view.players) {
            expect(entry["role"]).toBeUndefined();
            expect(entry["faction"]).toBeUndefined();
          }
          const text = JSON.stringify(view);
          for (const n of g.state.data.numbers) expect(text.includes(`"value":${n.value}`)).toBe(false);
        }
      }),
      { numRuns: 10 },
    );
  });

  it("a 12-player dealt game deals one card of each role per clan", () => {
    const g = randomGame(42, true, {}, 1);
    const cards = g.initial.players.map((p) => `${p.role}:${p.home}`).sort();
    expect(new Set(cards).size).toBe(12);
  });
});

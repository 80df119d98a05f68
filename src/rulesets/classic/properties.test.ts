import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createGame, replay, resolvePhase, submitAction } from "../../engine/game.js";
import { classic } from "./index.js";
import { randomGame, DEFAULT_IDS } from "../../../test/support/rulesets/classic.js";
import { availableActions } from "./view.js";
import { isClanRole } from "./state.js";

const seeds = fc.integer({ min: 1, max: 1_000_000 });

describe("random 24-player dealt games through availableActions", () => {
  it("the engine deals options.roles from the seed: 24 players, the default distribution", () => {
    const created = createGame(classic, { seed: 42, players: DEFAULT_IDS.map((id) => ({ id })) });
    if (!created.ok) throw new Error(created.rejection.reason);
    const count = (role: string) => created.value.players.filter((p) => p.role === role).length;
    expect(count("citizen")).toBe(8);
    expect(count("mafia")).toBe(6);
    expect(count("bastard_son")).toBe(2);
    expect(created.value.players.filter((p) => isClanRole(p.role) && p.faction === "italians")).toHaveLength(
      4,
    );
    const other = createGame(classic, { seed: 43, players: DEFAULT_IDS.map((id) => ({ id })) });
    expect(other.ok && other.value.players.map((p) => p.role)).not.toEqual(
      created.value.players.map((p) => p.role),
    );
  });

  it("every offered action is accepted, every game ends within a bound, and winners agree with the living", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const game = randomGame(seed, 80, 2);
        expect(game.rejections).toEqual([]);
        expect(game.state.ended).toBe(true);
        const alive = game.state.players.filter((p) => p.alive);
        for (const w of game.state.winners) {
          if (w === "town" || w === "maniac" || alive.length === 0) continue;
          // a clan wins only when every living player is of that clan (or via the duel)
          expect(alive.some((p) => p.faction === w)).toBe(true);
        }
        if (game.state.winners.length === 0) expect(alive).toEqual([]);
      }),
      { numRuns: 15 },
    );
  });

  it("same seed, same output (byte-identical), and replaying the input log reproduces the state", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const a = randomGame(seed, 12, 1);
        const b = randomGame(seed, 12, 1);
        expect(JSON.stringify(a.reports)).toBe(JSON.stringify(b.reports));
        const created = createGame(classic, { seed, players: DEFAULT_IDS.map((id) => ({ id })) });
        if (!created.ok) throw new Error("setup");
        const replayed = replay(classic, created.value, a.log);
        expect(JSON.stringify(replayed.state)).toBe(JSON.stringify(a.state));
      }),
      { numRuns: 8 },
    );
  });

  it("a dead player's action is rejected and changes nothing", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const game = randomGame(seed, 5, 1);
        const dead = game.state.players.find((p) => !p.alive);
        if (!dead || game.state.ended) return;
        expect(availableActions(game.state, dead.id)).toEqual([]);
        const before = JSON.stringify(game.state);
        const res = submitAction(classic, game.state, {
          actor: dead.id,
          action: "post",
          targets: [],
          params: {},
        });
        expect(res.ok).toBe(false);
        if (!res.ok) expect(res.rejection.reason).toBe("dead players cannot act");
        expect(JSON.stringify(game.state)).toBe(before);
        // The graveyard is the dead's own chat: a post there is accepted and changes nothing.
        const talk = { actor: dead.id, action: "post", targets: [], params: { chat: "graveyard" } };
        const inGraveyard = submitAction(classic, game.state, talk);
        expect(inGraveyard.ok).toBe(game.state.options.deadChat);
        if (inGraveyard.ok)
          expect(JSON.stringify(inGraveyard.value.players)).toBe(JSON.stringify(game.state.players));
        expect(submitAction(classic, game.state, { ...talk, params: { chat: "town" } }).ok).toBe(false);
      }),
      { numRuns: 8 },
    );
  });

  it("chatLayout never lets a player read a chat the rules do not entitle him to", () => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const game = randomGame(seed, 9, 1);
        const s = game.state;
        for (const chat of classic.chatLayout(s)) {
          for (const id of chat.readers) {
            const p = s.players.find((x) => x.id === id);
            expect(p).toBeDefined();
            if (!p) continue;
            if (chat.id === "italians" || chat.id === "russians") {
              expect(isClanRole(p.role) && p.clan === chat.id).toBe(true);
              expect(p.alive || s.options.deadKeepRead).toBe(true);
            }
            if (chat.id === "police") expect(["commissar", "sergeant"]).toContain(p.role);
            if (chat.id === "graveyard") expect(p.alive).toBe(false);
            if (chat.id.startsWith("private:")) expect(chat.id).toBe(`private:${id}`);
            if (chat.id.startsWith("contact:")) expect(p.alive).toBe(true);
          }
          for (const id of chat.writers) {
            const p = s.players.find((x) => x.id === id);
            if (chat.id === "graveyard") expect(p?.alive).toBe(false);
            else if (!chat.id.startsWith("private:")) expect(p?.alive).toBe(true);
          }
          if (chat.id === "gm") expect(chat.readers).toEqual([]);
        }
      }),
      { numRuns: 8 },
    );
  });

  it("playerView never leaks a hidden role", () => {
    const game = randomGame(99, 5, 1);
    const s = game.state;
    for (const viewer of s.players) {
      const view = classic.playerView(s, viewer.id) as { players: { id: string; role?: string }[] };
      for (const p of view.players) {
        if (p.role !== undefined) expect(s.data.revealed).toContain(p.id);
      }
      const you = (view as unknown as { you: { role: string } }).you;
      if (viewer.role === "bastard_son") expect(you.role).toBe("citizen");
      else expect(you.role).toBe(viewer.role);
    }
  });

  it("a 24-player night resolves quickly", () => {
    const game = randomGame(5, 2, 1);
    let s = game.state;
    expect(s.phase.kind).toBe("night");
    for (const p of s.players) {
      for (const a of availableActions(s, p.id)) {
        if (a.action === "leave" || a.action === "post") continue;
        const r = submitAction(classic, s, {
          actor: p.id,
          action: a.action,
          targets: a.targets.slice(0, a.minTargets),
          params: {},
        });
        if (r.ok) s = r.value;
      }
    }
    const n = 2000;
    const t = performance.now();
    for (let i = 0; i < n; i++) resolvePhase(classic, s);
    const perSecond = n / ((performance.now() - t) / 1000);
    expect(perSecond).toBeGreaterThan(500); // loose bound for loaded CI machines
  });
});

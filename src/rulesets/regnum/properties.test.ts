import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyInput, createGame, replay, submitAction } from "../../engine/game.js";
import type { Input, JsonObject } from "../../engine/types.js";
import { regnum } from "./index.js";
import type { RState } from "./state.js";
import { access, enabledChats, isUndergroundChat } from "./chats.js";
import { fightSides } from "./battles.js";
import { UNIT_TYPES, type Unit } from "./state.js";

const ids = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "p11", "p12"];

function newGame(options: JsonObject = {}): RState {
  const created = createGame(regnum, { seed: 7, options, players: ids.map((id) => ({ id })) });
  if (!created.ok) throw new Error(created.rejection.reason);
  return created.value;
}

const armyOptions: JsonObject = {
  wars: [
    ["royal", "ozd"],
    ["ksb", "ozd"],
  ],
  units: [
    { id: "r1", army: "royal", type: "squad", owner: "p12" },
    { id: "r2", army: "royal", type: "mammoth", owner: "p12", location: "norsland" },
    { id: "o1", army: "ozd", type: "multielemental", owner: "p6" },
    { id: "o2", army: "ozd", type: "zombies", owner: "p7" },
  ],
};

/** Plays a random game through availableActions; returns the input log and the states. */
function randomGame(
  picks: number[],
  phases: number,
  gmEvery = 0,
): { log: Input[]; initial: RState; final: RState } {
  const initial = newGame(armyOptions);
  let state = initial;
  const log: Input[] = [];
  let k = 0;
  const pick = (n: number) => (n <= 0 ? 0 : (picks[k++ % picks.length] ?? 0) % n);
  for (let ph = 0; ph < phases && !state.ended; ph++) {
    for (const p of state.players) {
      const offered = regnum.availableActions(state, p.id);
      if (offered.length === 0 || pick(3) === 0) continue;
      const a = offered[pick(offered.length)];
      if (!a) continue;
      const targets = a.maxTargets > 0 ? [a.targets[pick(a.targets.length)] as string] : [];
      const input: Input = { type: "action", actor: p.id, action: a.action, targets, params: {} };
      const applied = applyInput(regnum, state, input);
      if (applied.rejection)
        throw new Error(
          `offered but rejected: ${a.action} ${JSON.stringify(targets)} by ${p.id}: ${applied.rejection.reason}`,
        );
      log.push(input);
      state = applied.state;
    }
    if (gmEvery > 0 && ph % gmEvery === 0) {
      const victim = state.players[pick(state.players.length)]?.id as string;
      const gm: Input[] = [
        {
          type: "gm",
          action: "set_status",
          targets: [victim],
          params: {
            status: ["underground", "detained", "neutralized", "abroad"][pick(4)] as string,
            on: pick(2) === 0,
          },
        },
        { type: "gm", action: pick(2) === 0 ? "kill" : "revive", targets: [victim], params: {} },
      ];
      for (const g of gm) {
        const applied = applyInput(regnum, state, g);
        if (applied.rejection) throw new Error(applied.rejection.reason);
        log.push(g);
        state = applied.state;
      }
    }
    const input: Input = { type: "resolve" };
    state = applyInput(regnum, state, input).state;
    log.push(input);
  }
  return { log, initial, final: state };
}

function overGrant(state: RState): string | null {
  for (const p of state.players) {
    for (const c of enabledChats(state)) {
      const acc = access(state, p, c);
      if (c === "gm_service" && acc !== "none") return `${p.id} in gm_service`;
      if (c === "community" && acc !== "read") return `${p.id} writes community`;
      if (c === "general" || c === "community") {
        if (
          acc === "member" &&
          (!p.alive ||
            p.statuses.includes("underground") ||
            p.location !== "regnum" ||
            p.statuses.includes("detained"))
        )
          return `${p.id} writes general while unable`;
        continue;
      }
      if (c === "afterlife") {
        if (acc !== "none" && p.alive && !p.chatGrants.includes("afterlife"))
          return `${p.id} alive in afterlife`;
        continue;
      }
      if (acc === "read") return `${p.id} read-only in ${c}`;
      if (acc === "member") {
        if (!p.alive) return `dead ${p.id} in ${c}`;
        if (p.statuses.includes("detained") || p.statuses.includes("neutralized"))
          return `detained ${p.id} in ${c}`;
        if (p.location !== "regnum") return `abroad ${p.id} in ${c}`;
        if (p.statuses.includes("underground") && !isUndergroundChat(state, c))
          return `underground ${p.id} in ${c}`;
      }
    }
  }
  return null;
}

describe("regnum properties", () => {
  it("a default 12-character setup is creatable from ids alone", () => {
    const s = newGame();
    expect(s.players.map((p) => p.role)).toContain("rainbow_baron");
    expect(regnum.chatLayout(s)).toHaveLength(21);
    // the community is the bot's publication channel, the service chat is the GM room
    const purposes = regnum.chatLayout(s).filter((c) => c.purpose !== undefined);
    expect(purposes.map((c) => [c.id, c.purpose])).toEqual([
      ["community", "newspaper"],
      ["gm_service", "gm"],
    ]);
    expect(purposes.find((c) => c.id === "gm_service")?.readers).toEqual([]);
    expect(regnum.deadline(s)).toEqual({ type: "duration", minutes: 720 });
  });

  it("every action availableActions offers is accepted, and random games keep advancing phases", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { minLength: 5, maxLength: 40 }), (picks) => {
        const { final } = randomGame(picks, 8, 3);
        expect(final.data.phaseIndex).toBe(9);
      }),
      { numRuns: 15 },
    );
  });

  it("replaying the input log reproduces the state byte for byte; same seed, same output", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { minLength: 5, maxLength: 30 }), (picks) => {
        const { log, initial, final } = randomGame(picks, 6, 2);
        const again = replay(regnum, initial, log);
        expect(JSON.stringify(again.state)).toBe(JSON.stringify(final));
        const second = randomGame(picks, 6, 2);
        expect(JSON.stringify(second.final)).toBe(JSON.stringify(final));
      }),
      { numRuns: 10 },
    );
  });

  it("chat membership never over-grants across random status sequences", () => {
    const statuses = ["underground", "detained", "neutralized", "abroad", "wanted"];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            who: fc.constantFrom(...ids),
            op: fc.constantFrom("set", "clear", "kill", "revive", "resolve", "grant", "inq"),
            status: fc.constantFrom(...statuses),
          }),
          { maxLength: 30 },
        ),
        (ops) => {
          let state = newGame();
          for (const o of ops) {
            let input: Input;
            if (o.op === "resolve") input = { type: "resolve" };
            else if (o.op === "kill" || o.op === "revive")
              input = { type: "gm", action: o.op, targets: [o.who], params: {} };
            else if (o.op === "grant")
              input = { type: "gm", action: "grant_chat", targets: [o.who], params: { chat: "elves" } };
            else if (o.op === "inq")
              input = {
                type: "gm",
                action: "set_inquisition",
                targets: [],
                params: { active: o.who < "p5" },
              };
            else
              input = {
                type: "gm",
                action: "set_status",
                targets: [o.who],
                params: { status: o.status, on: o.op === "set" },
              };
            const applied = applyInput(regnum, state, input);
            expect(applied.rejection).toBeUndefined();
            state = applied.state;
            expect(overGrant(state)).toBeNull();
            for (const chat of regnum.chatLayout(state))
              for (const w of chat.writers) expect(chat.readers).toContain(w);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it("a dead player's action is rejected and changes nothing", () => {
    let state = newGame();
    state = applyInput(regnum, state, { type: "gm", action: "kill", targets: ["p3"], params: {} }).state;
    const before = JSON.stringify(state);
    const r = submitAction(regnum, state, { actor: "p3", action: "ksb_check", targets: ["p6"], params: {} });
    expect(r.ok).toBe(false);
    expect(regnum.availableActions(state, "p3")).toEqual([]);
    expect(JSON.stringify(state)).toBe(before);
  });

  it("battles conserve or lose units, never create them", () => {
    const types = Object.keys(UNIT_TYPES);
    const arb = fc.array(fc.constantFrom(...types), { maxLength: 8 });
    fc.assert(
      fc.property(
        arb,
        arb,
        fc.boolean(),
        fc.constantFrom("cover" as const, "any" as const),
        (ta, tb, wn, rule) => {
          const mk = (list: string[], army: string, off: number): Unit[] =>
            list.map((type, i) => ({
              id: `${army}${i}`,
              n: off + i,
              army,
              type,
              owner: "x",
              location: "regnum",
              inTransitTo: null,
              conscripted: false,
            }));
          const a = mk(ta, "royal", 0);
          const b = mk(tb, "ozd", 100);
          const [ra, rb] = fightSides(a, b, { winterNorth: wn, rule });
          for (const [side, units] of [
            [ra, a],
            [rb, b],
          ] as const) {
            expect(side.destroyed.every((id) => units.some((u) => u.id === id))).toBe(true);
            expect(side.destroyed.length + side.remaining).toBe(units.length);
            expect(new Set(side.destroyed).size).toBe(side.destroyed.length);
          }
          if (rule === "cover") {
            const eff = (id: string) => {
              const u = [...a, ...b].find((x) => x.id === id) as Unit;
              return (UNIT_TYPES[u.type]?.strength ?? 1) * 2;
            };
            expect(ra.destroyed.reduce((s, id) => s + eff(id) / 2, 0)).toBeLessThanOrEqual(ra.loss);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("in random games the units after a resolution are a subset of those before it (no conscription in resolution)", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(1000), { minLength: 5, maxLength: 30 }), (picks) => {
        const { log, initial } = randomGame(picks, 6, 0);
        let state = initial;
        for (const input of log) {
          const before = new Set(state.data.units.map((u) => u.id));
          state = applyInput(regnum, state, input).state;
          if (input.type === "resolve") for (const u of state.data.units) expect(before.has(u.id)).toBe(true);
        }
      }),
      { numRuns: 10 },
    );
  });
});

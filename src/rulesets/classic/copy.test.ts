import { describe, expect, it } from "vitest";
import { copyJson } from "../../engine/copy.js";
import { applyInput, createGame, submitGmAction } from "../../engine/game.js";
import type { Json } from "../../engine/types.js";
import { randomGame, DEFAULT_IDS } from "../../../test/support/rulesets/classic.js";
import { copyClassicState } from "./copy.js";
import { classic } from "./index.js";
import type { ClassicState } from "./state.js";

/** Every object and array reachable from `value`. */
function objectsOf(value: unknown, into = new Set<object>()): Set<object> {
  if (typeof value !== "object" || value === null) return into;
  into.add(value);
  for (const item of Object.values(value)) objectsOf(item, into);
  return into;
}

function expectExactCopy(state: ClassicState): void {
  const copy = copyClassicState(state);
  const generic = copyJson(state as unknown as Json);
  expect(copy).toStrictEqual(generic);
  expect(JSON.stringify(copy)).toBe(JSON.stringify(generic));
  const original = objectsOf(state);
  for (const o of objectsOf(copy)) expect(original.has(o)).toBe(false);
}

describe("classic's own state copy", () => {
  it("gives exactly the generic JSON copy, sharing no object with the original, on every state of random games", () => {
    for (const seed of [1, 2, 3]) {
      const game = randomGame(seed, 30, 2);
      const created = createGame(classic, { seed, players: DEFAULT_IDS.map((id) => ({ id })) });
      if (!created.ok) throw new Error(created.rejection.reason);
      let state = created.value;
      expectExactCopy(state);
      for (const input of game.log) {
        state = applyInput(classic, state, input).state;
        expectExactCopy(state);
      }
    }
  });

  it("copies a state of another shape (a key more, a key undefined, a replaced seat) as the generic copy does", () => {
    const created = createGame(classic, { seed: 9, players: DEFAULT_IDS.map((id) => ({ id })) });
    if (!created.ok) throw new Error(created.rejection.reason);
    const replaced = submitGmAction(classic, created.value, {
      action: "replace",
      targets: ["p01"],
      params: { with: "someone" },
    });
    if (!replaced.ok) throw new Error(replaced.rejection.reason);
    const base = replaced.value;
    expect(base.players[0]?.replacedBy).toHaveLength(1);
    const odd = structuredClone(base) as ClassicState & { legacy?: unknown };
    odd.legacy = { kept: [1, 2] };
    (odd.data as unknown as Record<string, unknown>)["extra"] = ["x"];
    (odd.players[0] as unknown as Record<string, unknown>)["note"] = undefined;
    (odd.players[1] as unknown as Record<string, unknown>)["extra"] = { a: 1 };
    odd.data.lastHeal = { night: 1, target: "p02" };
    odd.data.orders["p03"] = {
      check: { action: "check", targets: ["p04"], executor: null, seq: 0, changed: false },
    };
    expectExactCopy(odd);
    expectExactCopy(base);
  });
});

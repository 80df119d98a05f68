import { describe, expect, it } from "vitest";
import { createGame, resolvePhase } from "../../src/engine/game.js";
import type { RulesetDefinition } from "../../src/engine/ruleset.js";
import type { AnyGameState } from "../../src/engine/types.js";
import { planReminder } from "../../src/games/reminders.js";
import { regnum } from "../../src/rulesets/regnum/index.js";
import type { RState } from "../../src/rulesets/regnum/state.js";

/** Twelve citizens of regnum in day 1: every living character has the same duties. */
function citizensDay(): RState {
  const created = createGame(regnum, {
    seed: 3,
    players: Array.from({ length: 12 }, (_, i) => ({ id: `p${i + 1}`, role: "citizen" })),
  });
  if (!created.ok) throw new Error(created.rejection.reason);
  const day = resolvePhase(regnum, created.value).state;
  expect(day.phase.kind).toBe("day");
  return day;
}

describe("the public reminder", () => {
  it("names nobody where the rules keep deaths secret, though every living seat has the same duty (regnum)", () => {
    const plan = planReminder(regnum as unknown as RulesetDefinition<AnyGameState>, citizensDay(), new Set());
    expect(plan.missing.length).toBe(12);
    expect(plan.publicNames).toBe(false);
  });

  it("would name them were deaths public: the duties alone allow it", () => {
    const open = { ...regnum, publicStatuses: true } as unknown as RulesetDefinition<AnyGameState>;
    expect(planReminder(open, citizensDay(), new Set()).publicNames).toBe(true);
  });
});

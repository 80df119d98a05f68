import { describe, expect, it } from "vitest";
import type { RulesetDefinition } from "../../src/engine/ruleset.js";
import { classic } from "../../src/rulesets/classic/index.js";
import type { ClassicState } from "../../src/rulesets/classic/state.js";
import { hiddenVariations } from "../../src/rulesets/classic/variations.js";
import { reject } from "../../src/rulesets/classic/rejections.js";
import { assertNoninterference } from "../support/rulesets/noninterference.js";

/** The property of issue 30 finds a tell when there is one: classic with a planted leak. */
describe("the noninterference check", () => {
  it("finds a menu that leaves out the seats of one hidden role", () => {
    const leaky: RulesetDefinition<ClassicState> = {
      ...classic,
      availableActions: (state, actor) =>
        classic.availableActions(state, actor).map((offer) => ({
          ...offer,
          targets: offer.targets.filter((t) => state.players.find((p) => p.id === t)?.role !== "doctor"),
        })),
    };
    expect(() =>
      assertNoninterference(leaky, { players: 12, generate: hiddenVariations, numRuns: 20, phases: 4 }),
    ).toThrow(/can tell "identities of p\d+ and p\d+ swapped".*offers/s);
  }, 60_000);

  it("finds a refusal whose text depends on a hidden role", () => {
    const vote = classic.actions["vote"];
    if (!vote) throw new Error("classic has no vote");
    const leaky: RulesetDefinition<ClassicState> = {
      ...classic,
      actions: {
        ...classic.actions,
        vote: {
          ...vote,
          validate: (state, input) => {
            const target = state.players.find((p) => p.id === input.targets[0]);
            return target?.role === "maniac" && input.actor !== target.id
              ? reject("self_vote", "selfVote")
              : vote.validate(state, input);
          },
        },
      },
    };
    expect(() =>
      assertNoninterference(leaky, { players: 12, generate: hiddenVariations, numRuns: 20, phases: 4 }),
    ).toThrow(/can tell .*vote/s);
  }, 60_000);
});

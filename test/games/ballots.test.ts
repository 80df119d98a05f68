import { describe, expect, it } from "vitest";
import type { VoteBoard } from "../../src/engine/ruleset.js";
import { tallyText, votePosts } from "../../src/games/ballots.js";
import { displayContext } from "../../src/games/render.js";
import { classic } from "../../src/rulesets/classic/index.js";
import type { AnyGameState } from "../../src/engine/types.js";
import type { RulesetDefinition } from "../../src/engine/ruleset.js";

const names = new Map([
  ["p1", "Anna"],
  ["p2", "Boris"],
  ["p3", "Vera"],
]);
const ctx = (lang: "en" | "ru") =>
  displayContext(classic as unknown as RulesetDefinition<AnyGameState>, lang, names);
const AGAINST = { en: "against", ru: "против" };
const board = (votes: VoteBoard["votes"], key = "day 1"): VoteBoard => ({
  chat: "votes",
  key,
  votes,
  decisive: AGAINST,
});

describe("public vote posts and the tally", () => {
  it("posts a new vote, a changed vote and a withdrawn vote once each, by name", () => {
    const before = board([
      { voter: "p1", choice: AGAINST, target: "p2" },
      { voter: "p2", choice: AGAINST, target: "p3" },
    ]);
    const after = board([
      { voter: "p1", choice: AGAINST, target: "p3" },
      { voter: "p3", choice: AGAINST, target: "p2" },
    ]);
    expect(votePosts(before, after, ctx("en"))).toEqual([
      "🗳 Anna changes the vote: against → Boris ⇒ against → Vera",
      "🗳 Vera: against → Boris",
      "🗳 The vote of Boris no longer counts: against → Vera",
    ]);
    expect(votePosts(before, before, ctx("en"))).toEqual([]);
  });

  it("a new day's board starts afresh: every vote on it is new", () => {
    const yesterday = board([{ voter: "p1", choice: AGAINST, target: "p2" }]);
    const today = board([{ voter: "p1", choice: AGAINST, target: "p2" }], "day 2");
    expect(votePosts(yesterday, today, ctx("ru"))).toEqual(["🗳 Anna: против → Boris"]);
  });

  it("the tally counts in the language and shows how many more votes each candidate needs to lead", () => {
    const text = tallyText(
      board([
        { voter: "p1", choice: AGAINST, target: "p2" },
        { voter: "p3", choice: AGAINST, target: "p2" },
        { voter: "p2", choice: AGAINST, target: "p3" },
      ]),
      ctx("ru"),
      "День 1",
    );
    expect(text.split("\n")).toEqual([
      "📊 Подсчёт голосов, День 1",
      "L-n: сколько ещё голосов «против» нужно игроку, чтобы выйти вперёд одному.",
      "против → Boris: 2 голоса (Anna, Vera) · L-0",
      "против → Vera: 1 голос (Boris) · L-2",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { executionWinner, isolationWinner, tally } from "./tally.js";

describe("section 6 counting", () => {
  it("КАЗНЬ: one candidate with one verdict stays free, with two goes to jail", () => {
    expect(executionWinner([["a", 1]], 5, "relative")).toBeNull();
    expect(executionWinner([["a", 2]], 5, "relative")).toBe("a");
  });

  it("КАЗНЬ: several candidates, the strict relative majority goes to jail; a tie jails nobody", () => {
    expect(
      executionWinner(
        [
          ["a", 2],
          ["b", 1],
        ],
        3,
        "relative",
      ),
    ).toBe("a");
    expect(
      executionWinner(
        [
          ["a", 2],
          ["b", 2],
        ],
        4,
        "relative",
      ),
    ).toBeNull();
    expect(
      executionWinner(
        [
          ["a", 1],
          ["b", 1],
          ["c", 1],
        ],
        3,
        "relative",
      ),
    ).toBeNull();
  });

  it("КАЗНЬ absolute: the leader needs more than half of all verdicts cast", () => {
    expect(
      executionWinner(
        [
          ["a", 2],
          ["b", 1],
        ],
        5,
        "absolute",
      ),
    ).toBeNull();
    expect(
      executionWinner(
        [
          ["a", 3],
          ["b", 1],
        ],
        5,
        "absolute",
      ),
    ).toBe("a");
  });

  it("ИЗО: I(p) must exceed the other candidates' ИЗО verdicts plus the abstentions", () => {
    expect(isolationWinner([["a", 1]], 0)).toBe("a");
    expect(isolationWinner([["a", 1]], 1)).toBeNull();
    expect(
      isolationWinner(
        [
          ["a", 3],
          ["b", 1],
        ],
        1,
      ),
    ).toBe("a");
    expect(
      isolationWinner(
        [
          ["a", 2],
          ["b", 1],
        ],
        1,
      ),
    ).toBeNull();
    expect(isolationWinner([], 3)).toBeNull();
  });

  it("execute verdicts play no part in the ИЗО count", () => {
    const t = tally(
      [
        { actor: "x", choice: "isolate", target: "a" },
        { actor: "y", choice: "execute", target: "b" },
        { actor: "z", choice: "execute", target: "b" },
      ],
      ["a", "b", "x", "y", "z"],
      "relative",
    );
    expect(t).toEqual({ execute: [["b", 2]], isolate: [["a", 1]], abstain: 0, jailed: "b", isolated: "a" });
  });
});

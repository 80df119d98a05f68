import { describe, it } from "vitest";
import { expectCleanAudit } from "./expect-clean.js";

describe("player-side audit: regnum", () => {
  it("at every phase, no account views, reads, sends, lists or is shown more than its seat may know", async () => {
    // Plain (masks off): regnum ends only by the GM, who ends it after a few сутки.
    await expectCleanAudit("regnum", { players: 12, seed: 1, masks: "off", maxPhases: 6 });
  }, 900_000);
});

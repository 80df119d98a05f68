import { describe, it } from "vitest";
import { expectCleanAudit } from "./expect-clean.js";

describe("player-side audit: mayor", () => {
  it("at every phase, no account views, reads, sends, lists or is shown more than its seat may know", async () => {
    await expectCleanAudit("mayor", { players: 7, seed: 1 });
  }, 900_000);
});

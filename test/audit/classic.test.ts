import { describe, it } from "vitest";
import { expectCleanAudit } from "./expect-clean.js";

describe("player-side audit: classic", () => {
  it("at every phase, no account views, reads, sends, lists or is shown more than its seat may know", async () => {
    // deadKeepRead and the graveyard: the dead keep reading their clan's chat without a voice there.
    await expectCleanAudit("classic", {
      players: 10,
      options: { deadKeepRead: true, deadChat: true },
      seed: 3,
    });
  }, 900_000);
});

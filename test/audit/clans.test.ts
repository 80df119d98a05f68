import { describe, it } from "vitest";
import { expectCleanAudit } from "./expect-clean.js";

describe("player-side audit: clans", () => {
  it("at every phase, no account views, reads, sends, lists or is shown more than its seat may know", async () => {
    // Clans is played by exactly twelve; the prologue, the clans' chats, the dead's muting.
    await expectCleanAudit("clans", { players: 12, seed: 1, maxPhases: 8 });
  }, 900_000);
});

import { describe, expect, it } from "vitest";
import { runAudit } from "./audit.js";

describe("player-side audit: classic", () => {
  it("no account sees, reads, sends or lists more than its seat may, at any phase of a whole game", async () => {
    const report = await runAudit("classic", {
      players: 10,
      options: { deadKeepRead: true, deadChat: true },
      seed: 3,
      maxPhases: 10,
    });
    console.log(`audit classic: ${report.phases} phases, ${report.total} cells`, report.cells);
    expect(report.failures.join("\n")).toBe("");
    expect(report.total).toBeGreaterThan(1000);
  }, 600_000);
});

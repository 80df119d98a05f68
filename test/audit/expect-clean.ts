import { expect } from "vitest";
import { runAudit, type AuditOptions } from "./audit.js";

/** Runs the audit of a whole game and expects no finding; prints the cells checked per area. */
export async function expectCleanAudit(ruleset: string, options: AuditOptions): Promise<void> {
  const report = await runAudit(ruleset, options);
  const areas = Object.entries(report.cells)
    .map(([area, n]) => `${area} ${n}`)
    .join(", ");
  console.log(
    `audit ${ruleset}: ${report.phases} phases (${report.endedByRules ? "ended by its rules" : "ended by the GM"}), ${report.total} cells (${areas})`,
  );
  expect(report.failures.join("\n")).toBe("");
  // A whole game: several phases, every area checked.
  expect(report.phases).toBeGreaterThan(2);
  for (const area of ["view", "read", "send", "thread-members", "list-channels", "list-threads", "scan"])
    expect(report.cells[area] ?? 0, area).toBeGreaterThan(0);
}

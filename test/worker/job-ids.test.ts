import { describe, expect, it } from "vitest";
import { jobIds } from "../../src/jobs/registry.js";

/** Deadline job ids are stored in `deadlines.job_id`; running games hold ids in these formats. */

const game = "6f1c2a4e-8b7d-4c3e-9a1f-2b3c4d5e6f70";

describe("job ids from the registry", () => {
  it("keep the formats stored in the deadlines of running games", () => {
    const deadline = new Date(1_800_000_000_000);
    expect(jobIds.phaseDeadline("resolve", game, 3, "", deadline)).toBe(`resolve_${game}_3_0_1800000000000`);
    expect(jobIds.phaseDeadline("reminder", game, 3, "10", deadline)).toBe(
      `reminder_${game}_3_10_1800000000000`,
    );
    expect(jobIds.publish(game, 3)).toBe(`publish_${game}_3`);
    expect(jobIds.timer(game, "interrogation-2", 1_800_000_060_000)).toBe(
      `interrogation_${game}_interrogation-2_1800000060000`,
    );
    expect(jobIds.drain(game, 17)).toBe(`outbox-drain_${game}_17`);
  });

  it("give a moved phase deadline a new id, so the old job finds its row changed", () => {
    const before = jobIds.phaseDeadline("resolve", game, 0, "", new Date(1_000));
    const after = jobIds.phaseDeadline("resolve", game, 0, "", new Date(2_000));
    expect(after).not.toBe(before);
  });

  it("refuse an id with ':', which BullMQ uses as its key separator", () => {
    expect(() => jobIds.timer(game, "a:b", 1)).toThrow(/bad job id/);
  });
});

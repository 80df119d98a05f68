import { describe, expect, it } from "vitest";
import { defaultWorkerSettings } from "../../src/worker/worker.js";
import { workerSettingsFromEnv } from "../../src/worker/settings.js";

describe("the worker's tuning variables", () => {
  it("default to the documented values when unset or blank", () => {
    expect(workerSettingsFromEnv({ WORKER_CONCURRENCY: " " })).toEqual(defaultWorkerSettings);
    expect(defaultWorkerSettings).toMatchObject({ concurrency: 16, drainConcurrency: 4 });
  });

  it("set the deadline slots and the outbox drains' slots apart", () => {
    const settings = workerSettingsFromEnv({ WORKER_CONCURRENCY: "8", WORKER_DRAIN_CONCURRENCY: "2" });
    expect(settings.concurrency).toBe(8);
    expect(settings.drainConcurrency).toBe(2);
  });
});

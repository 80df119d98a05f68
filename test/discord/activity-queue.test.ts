import { describe, expect, it } from "vitest";
import { ActivityQueue } from "../../src/discord/activity.js";
import { createLogger } from "../../src/log.js";

const log = createLogger("test", "silent");
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

function connectionLost(): Error {
  return Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" });
}

describe("ActivityQueue: posts from the gateway", () => {
  it("starts messages in arrival order, at most `concurrency` at once, and none waits behind a slow one of its chat", async () => {
    const queue = new ActivityQueue(log, { concurrency: 2 });
    const started: number[] = [];
    let running = 0;
    let most = 0;
    let releaseSlow = () => {};
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    for (let n = 0; n < 12; n++)
      queue.push(async () => {
        started.push(n);
        running++;
        most = Math.max(most, running);
        if (n === 0) await slow;
        else await tick();
        running--;
      });
    // Message 0 holds its place; the other eleven go through the second one meanwhile.
    while (started.length < 12) await tick();
    expect(started).toEqual([...Array(12).keys()]);
    releaseSlow();
    await queue.drained();
    expect(most).toBe(2);
  });

  it("retries a message whose database connection failed; gives up on other errors", async () => {
    const queue = new ActivityQueue(log, { concurrency: 1, retryDelaysMs: [1, 1, 1] });
    const handled: string[] = [];
    let failures = 2;
    queue.push(async () => {
      if (failures-- > 0) throw connectionLost();
      handled.push("first");
    });
    queue.push(async () => {
      throw new Error("a bug");
    });
    queue.push(async () => {
      handled.push("third");
    });
    await queue.drained();
    expect(handled).toEqual(["first", "third"]);
    expect(queue.size).toBe(0);
  });

  it("stops retrying after its last delay: the failure is logged, the queue goes on", async () => {
    const queue = new ActivityQueue(log, { concurrency: 1, retryDelaysMs: [1] });
    let attempts = 0;
    queue.push(async () => {
      attempts++;
      throw connectionLost();
    });
    await queue.drained();
    expect(attempts).toBe(2);
  });
});

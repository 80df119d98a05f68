import { describe, expect, it } from "vitest";
import { ActivityQueue } from "../../src/discord/activity.js";
import { createLogger } from "../../src/log.js";

const log = createLogger("test", "silent");
const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

function connectionLost(): Error {
  return Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" });
}

describe("ActivityQueue: posts from the gateway", () => {
  it("handles each guild's messages in arrival order, at most `concurrency` at once", async () => {
    const queue = new ActivityQueue(log, { concurrency: 2 });
    const handled: string[] = [];
    let running = 0;
    let most = 0;
    for (let n = 0; n < 5; n++)
      for (const guild of ["a", "b", "c"])
        queue.push(guild, async () => {
          running++;
          most = Math.max(most, running);
          await tick();
          handled.push(`${guild}${n}`);
          running--;
        });
    await queue.drained();
    expect(handled).toHaveLength(15);
    for (const guild of ["a", "b", "c"])
      expect(handled.filter((h) => h.startsWith(guild))).toEqual([0, 1, 2, 3, 4].map((n) => `${guild}${n}`));
    expect(most).toBe(2);
  });

  it("retries a message whose database connection failed, before the guild's next one; gives up on other errors", async () => {
    const queue = new ActivityQueue(log, { concurrency: 4, retryDelaysMs: [1, 1, 1] });
    const handled: string[] = [];
    let failures = 2;
    queue.push("g", async () => {
      if (failures-- > 0) throw connectionLost();
      handled.push("first");
    });
    queue.push("g", async () => {
      throw new Error("a bug");
    });
    queue.push("g", async () => {
      handled.push("third");
    });
    await queue.drained();
    expect(handled).toEqual(["first", "third"]);
    expect(queue.size).toBe(0);
  });

  it("stops retrying after its last delay: the failure is logged, the queue goes on", async () => {
    const queue = new ActivityQueue(log, { concurrency: 1, retryDelaysMs: [1] });
    let attempts = 0;
    queue.push("g", async () => {
      attempts++;
      throw connectionLost();
    });
    await queue.drained();
    expect(attempts).toBe(2);
  });
});

import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/log.js";

describe("the logger", () => {
  it("never writes a failed query's parameters (they can hold a game's secret state)", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString("utf8"));
        done();
      },
    });
    const log = createLogger("test", "info", sink);
    const secret = "0123456789abcdeffedcba9876543210";
    const error = new DrizzleQueryError(
      'insert into "game_secrets" values ($1, $2)',
      ["g1", secret],
      new Error("boom"),
    );
    log.error({ err: error }, "interaction failed");
    log.warn({ err: error.message }, "outbox effect failed");
    log.error(error.message);
    log.error(error);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line).not.toContain(secret);
      expect(line).toContain("game_secrets");
    }
  });
});

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { t } from "../../src/i18n/index.js";
import { TEST_DATABASE_URL } from "../support/env.js";
import { startHarness, textOf, type Harness } from "./harness.js";

/**
 * Postgres cuts the bot's connections (pg_terminate_backend, 57P01) while it handles commands:
 * the process survives (an unhandled 'error' event of a pg client would fail this file), and
 * every interaction is answered, with its result or with the localized "try again".
 */

let h: Harness;
let admin: pg.Client;
let users: string[];

beforeAll(async () => {
  h = await startHarness(5);
  users = h.guild.members.map((m) => m.id);
  const gm = h.guild.ownerId;
  await h.slash(gm, "game create", { ruleset: "classic", name: "Обрыв" });
  for (const user of users.slice(0, 4)) await h.slash(user, "game join");
  admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
}, 60_000);
afterAll(async () => {
  await admin?.end();
  await h?.close();
}, 60_000);

async function terminateBackends(): Promise<number> {
  const name = new URL(h.database.url).pathname.slice(1);
  const result = await admin.query(
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
    [name],
  );
  return result.rowCount ?? 0;
}

describe("Postgres connections cut while the bot works", { timeout: 120_000 }, () => {
  it("answers every command, with its result or a localized 'try again', and keeps running", async () => {
    const unavailable = t("ru", "error.unavailable");
    let terminated = 0;
    const answers: string[] = [];
    for (let round = 0; round < 6; round++) {
      const inFlight = users
        .slice(0, 4)
        .flatMap((user) => [
          h.emu.user(user).slash(h.lobby, "game status").reply(15_000),
          h.emu.user(user).slash(h.lobby, "game leave").reply(15_000),
          h.emu.user(user).slash(h.lobby, "game join").reply(15_000),
        ]);
      // A connection checked out between two statements (as in a transaction, or a drain's lock).
      // The pool may hand out an idle connection the previous round cut before its error event
      // removed it: then this BEGIN fails as the bot's would, and the round goes on.
      const held = await h.database.pool.connect();
      await held.query("BEGIN").catch(() => undefined);
      await new Promise((r) => setTimeout(r, 20 * round));
      terminated += await terminateBackends();
      await held.query("COMMIT").catch(() => undefined);
      held.release(true);
      for (const reply of await Promise.all(inFlight)) answers.push(textOf(reply));
    }
    expect(terminated).toBeGreaterThan(0);
    expect(answers.every((a) => a.length > 0)).toBe(true);
    // No internal error with a correlation id: a cut connection is a dependency outage.
    const internal = t("ru", "error.internal", { id: "" });
    expect(answers.filter((a) => a.startsWith(internal.slice(0, 20)))).toEqual([]);
    expect(answers.some((a) => a !== unavailable)).toBe(true);

    // Afterwards the pool has reconnected and the bot answers normally (the bot's warnings
    // explain a failure).
    // The last cut may still sit in the pool as an idle connection whose error has not arrived:
    // one "try again" is then the honest answer, and the member's next try is answered normally.
    let status = await h.slash(users[0] ?? "", "game status");
    for (let tries = 1; tries < 3 && textOf(status).includes(unavailable); tries++) {
      await new Promise((r) => setTimeout(r, 200));
      status = await h.slash(users[0] ?? "", "game status");
    }
    expect(textOf(status), h.botWarnings.slice(-20).join("\n")).not.toContain(unavailable);
    expect(textOf(status)).toContain("Обрыв");

    // Every connection came back to the pool: a transaction whose BEGIN met a cut connection
    // once kept its connection forever (drizzle's own), and the pool ran dry after a few cuts.
    const pool = h.database.pool;
    for (let waited = 0; pool.totalCount > pool.idleCount && waited < 20; waited++)
      await new Promise((r) => setTimeout(r, 100));
    expect(pool.totalCount - pool.idleCount).toBe(0);
  });
});

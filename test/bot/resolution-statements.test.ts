import { and, asc, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deadlines, games, inputs, phases } from "../../src/db/schema/index.js";
import { contentOf, startHarness, type Harness, type Json } from "./harness.js";

/**
 * What a deadline's resolution costs Postgres: every statement a pooled client sends, BEGIN and
 * COMMIT included, for the worker's `phase.resolve` job of a running classic game. The newspaper
 * waits for each of these round trips.
 */

const BUDGET = 9;

let h: Harness;
let gameId: string;
let statements: string[] | null = null;
const originalQuery = pg.Client.prototype.query;

beforeAll(async () => {
  h = await startHarness(6);
  const gm = h.guild.ownerId;
  const users = h.guild.members.map((m) => m.id);
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    if (statements)
      statements.push(typeof first === "string" ? first : String((first as { text?: string }).text));
    return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  await h.slash(gm, "settings", { language: "en" });
  await h.slash(gm, "game create", { ruleset: "classic", name: "Counted" });
  const [game] = await h.database.db.select().from(games);
  if (!game) throw new Error("no game");
  gameId = game.id;
  for (const user of users.slice(0, 5)) await h.slash(user, "game join");
  const roles: Json[] = [
    { role: "maniac" },
    { role: "mafia", faction: "italians", options: '{"don": true}' },
    { role: "doctor" },
    { role: "citizen" },
    { role: "citizen" },
  ];
  for (const [i, setup] of roles.entries())
    await h.slash(gm, "game assign", { user: users[i] ?? "", ...setup });
  const started = contentOf(await h.slash(gm, "game start"));
  if (!started.includes("Night 0")) throw new Error(`not started: ${started}`);
  await h.drain(gameId);
}, 120_000);
afterAll(async () => {
  pg.Client.prototype.query = originalQuery;
  await h?.close();
});

const log = () =>
  h.database.db
    .select({ seq: inputs.seq, type: inputs.type })
    .from(inputs)
    .where(eq(inputs.gameId, gameId))
    .orderBy(asc(inputs.seq));

describe("a deadline's resolution", () => {
  it(`costs Postgres at most ${BUDGET} statements, and logs its resolve input right after the log's last entry`, async () => {
    const [open] = await h.database.db
      .select()
      .from(phases)
      .where(and(eq(phases.gameId, gameId), eq(phases.status, "open")));
    if (!open) throw new Error("no open phase");
    const [due] = await h.database.db
      .select()
      .from(deadlines)
      .where(
        and(
          eq(deadlines.gameId, gameId),
          eq(deadlines.phaseIndex, open.index),
          eq(deadlines.kind, "resolve"),
          eq(deadlines.status, "pending"),
        ),
      );
    if (!due) throw new Error("no resolve deadline");
    const before = await log();
    statements = [];
    let sql: string[];
    try {
      const committed = await h.service.resolveDue(gameId, open.index, {
        deadlineId: due.id,
        jobId: due.jobId,
      });
      expect(committed.value).not.toBeNull();
    } finally {
      sql = statements;
      statements = null;
    }
    expect(sql.length, sql.join("\n")).toBeLessThanOrEqual(BUDGET);
    const after = await log();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.at(-1)).toEqual({ seq: (before.at(-1)?.seq ?? 0) + 1, type: "resolve" });

    // The same job again finds its phase resolved: one read, nothing written.
    statements = [];
    try {
      const again = await h.service.resolveDue(gameId, open.index, { deadlineId: due.id, jobId: due.jobId });
      expect(again.value).toBeNull();
    } finally {
      sql = statements;
      statements = null;
    }
    expect(sql.filter((s) => /^\s*(insert|with)/i.test(s))).toEqual([]);
    expect(await log()).toEqual(after);
  });
});

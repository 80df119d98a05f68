import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deadlines, games, inputs, phases } from "../../src/db/schema/index.js";
import { t } from "../../src/i18n/index.js";
import { watchStatements, type StatementWatch } from "../support/statements.js";
import { contentOf, startHarness, type Harness, type Json } from "./harness.js";

/**
 * What commands and a deadline cost Postgres, through the real stack (emulator, discord.js, the
 * bot's handlers, Postgres, Redis): every statement a pooled client sends, BEGIN and COMMIT
 * included, from the interaction to the final reply (or the job's commit). The order's
 * transaction still takes the game's lock: orders given at the same moment are logged one after
 * the other.
 */

const BUDGET = 7;

let h: Harness;
let gm: string;
let users: string[];
let gameId: string;
const en = (key: string, params: Record<string, string | number> = {}) => t("en", key, params);

const u = (i: number) => users[i - 1] ?? "";

let statements: StatementWatch;

beforeAll(async () => {
  h = await startHarness(6);
  gm = h.guild.ownerId;
  users = h.guild.members.map((m) => m.id);
  statements = watchStatements();
  await h.slash(gm, "settings", { language: "en" });
  await h.slash(gm, "game create", { ruleset: "classic", name: "Counted" });
  const [game] = await h.database.db.select().from(games);
  if (!game) throw new Error("no game");
  gameId = game.id;
  for (let i = 1; i <= 5; i++) await h.slash(u(i), "game join");
  const roles: Json[] = [
    { role: "maniac" },
    { role: "mafia", faction: "italians", options: '{"don": true}' },
    { role: "doctor" },
    { role: "citizen" },
    { role: "citizen" },
  ];
  for (const [i, setup] of roles.entries()) await h.slash(gm, "game assign", { user: u(i + 1), ...setup });
  const started = contentOf(await h.slash(gm, "game start"));
  if (!started.includes("Night 0")) throw new Error(`not started: ${started}`);
  await h.drain(gameId);
}, 120_000);
afterAll(async () => {
  statements?.restore();
  await h?.close();
});

async function counted(user: string, options: Json): Promise<{ reply: string; sql: string[] }> {
  const { result, sql } = await statements.during(async () =>
    contentOf(await h.slash(user, "order", options)),
  );
  return { reply: result, sql };
}

const logged = () =>
  h.database.db
    .select({ seq: inputs.seq, accepted: inputs.accepted, payload: inputs.payload })
    .from(inputs)
    .where(eq(inputs.gameId, gameId))
    .orderBy(asc(inputs.seq));

describe("an accepted /order through the real stack", () => {
  it(`costs Postgres at most ${BUDGET} statements, its transaction included, and the receipt still names the deadline`, async () => {
    const before = (await logged()).length;
    // The first order after the start, and a changed order after it: the same budget.
    for (const target of ["p4", "p5"]) {
      const { reply, sql } = await counted(u(1), { action: "kill", target });
      expect(reply.split("\n")[0]).toBe(
        en("order.accepted", { action: `Kill → player${target.slice(1)}`, targets: "" }),
      );
      expect(reply).toMatch(/<t:\d+:[a-zA-Z]>/);
      expect(sql.length, sql.join("\n")).toBeLessThanOrEqual(BUDGET);
      expect(sql.filter((s) => /^begin/i.test(s.trim()))).toHaveLength(1);
    }
    const rows = await logged();
    expect(rows.slice(before).map((r) => r.accepted)).toEqual([true, true]);
  });

  it("votes given at the same moment are judged one after the other: each logged once, under its own seq", async () => {
    await h.resolvePhase(gameId); // night 0 → day 1: the maniac's order killed player5
    const before = await logged();
    const last = before[before.length - 1]?.seq ?? 0;
    const sent = [2, 3, 4].map((i) => h.emu.user(u(i)).slash(h.lobby, "vote", { choice: "p1" }));
    const replies = await Promise.all(sent.map(async (s) => contentOf((await s.reply()) as Json)));
    for (const reply of replies) expect(reply).toMatch(/^Accepted: /);
    const after = (await logged()).slice(before.length);
    expect(after.map((r) => r.seq)).toEqual([last + 1, last + 2, last + 3]);
    expect(after.every((r) => r.accepted)).toBe(true);
    const voters = after.map((r) => (r.payload as { actor: string }).actor).sort();
    expect(voters).toEqual(["p2", "p3", "p4"]);
  });
});

describe("an accepted /vote through the real stack", () => {
  const VOTE_BUDGET = 8;
  it(`costs Postgres at most ${VOTE_BUDGET} statements, the tally it shows included`, async () => {
    // Day 1 (the test above resolved night 0): player1 has not voted yet.
    const before = (await logged()).length;
    const { result: reply, sql } = await statements.during(() => h.slash(u(1), "vote", { choice: "p2" }));
    expect(contentOf(reply)).toMatch(/^Accepted: /);
    expect(sql.length, sql.join("\n")).toBeLessThanOrEqual(VOTE_BUDGET);
    expect((await logged()).slice(before).map((r) => r.accepted)).toEqual([true]);
  });
});

describe("what a player reads, through the real stack", () => {
  // The game found from the channel, then one read of the table (the open phase, the seats, the
  // mask mode and the state); /orders reads the seat's orders of the phase too, /game status
  // whether the game ever started and its GMs.
  // player2 is the mafia's don; in day 1 he voted for player1, and the maniac's kill left four alive.
  const budgets: [string, Json, number, RegExp][] = [
    ["role", {}, 2, /"name":"Role","value":"Mafia".*"name":"Statuses","value":"don"/],
    ["orders", {}, 3, /Your orders, Day 1:\\n1\. Vote to hang → player1/],
    ["game status", {}, 5, /"title":"Counted".*"name":"Phase","value":"Day 1".*"name":"Alive \(4\)"/],
  ];
  for (const [line, options, budget, shows] of budgets) {
    it(`/${line} costs Postgres at most ${budget} statements and writes nothing`, async () => {
      const { result: reply, sql } = await statements.during(() => h.slash(u(2), line, options));
      expect(JSON.stringify(reply)).toMatch(shows);
      expect(JSON.stringify(reply)).not.toMatch(/error|ошибк/i);
      expect(sql.length, sql.join("\n")).toBeLessThanOrEqual(budget);
      expect(sql.filter((s) => /^\s*(insert|update|delete|with|begin)/i.test(s))).toEqual([]);
    });
  }
});

describe("a deadline's resolution", () => {
  const RESOLUTION_BUDGET = 5;
  it(`costs Postgres at most ${RESOLUTION_BUDGET} statements, logs its resolve input right after the log's last entry, and a second run adds nothing`, async () => {
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
    const job = { deadlineId: due.id, jobId: due.jobId };
    const before = await logged();
    const first = await statements.during(() => h.service.resolveDue(gameId, open.index, job));
    expect(first.result.value).not.toBeNull();
    expect(first.sql.length, first.sql.join("\n")).toBeLessThanOrEqual(RESOLUTION_BUDGET);
    const after = await logged();
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).map((r) => r.seq)).toEqual([(before.at(-1)?.seq ?? 0) + 1]);

    // The same job again (a retry, a second worker) finds its phase resolved: it takes the game's
    // lock (the version's bump) and adds nothing.
    const again = await statements.during(() => h.service.resolveDue(gameId, open.index, job));
    expect(again.result.value).toBeNull();
    expect(again.sql.filter((q) => /^\s*(insert|delete|with)/i.test(q))).toEqual([]);
    expect(await logged()).toEqual(after);
  });
});

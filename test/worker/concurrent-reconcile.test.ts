import { and, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../src/db/schema/index.js";
import { type Emulator, startEmulator } from "../../src/emulator/index.js";
import { UserError } from "../../src/games/errors.js";
import { GameService, type AfterCommit } from "../../src/games/service.js";
import { createQueue, Scheduler } from "../../src/jobs/scheduler.js";
import { createMigratedDatabase } from "../support/db.js";
import { TEST_REDIS_URL } from "../support/env.js";
import { layoutMismatches } from "../support/layout-match.js";
import { type ChildWorker, processEnv, sleep, spawnWorker, uniquePrefix, until } from "./support.js";

/**
 * Many games of one server, reconciled at once by several worker processes (issue 31): the
 * games share members (a member plays in several, is the GM of another), and each game's
 * starts, deaths, replacements and ends come at random moments, each followed by a drain
 * request as the bot makes it. However the drains interleave, Discord ends exactly as each
 * game's layout says, member by member — a member's role in one game never lost to another
 * game's change, a secret thread's members exactly its readers — and no effect is given up. Every request is checked against Discord's OpenAPI
 * (the emulator in strict mode refuses what the spec does not allow).
 */

const MEMBERS = 8;
const SEATS = 5;
const WORKERS = 3;

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let emu: Emulator;
let redis: Redis;
let scheduler: Scheduler;
let queue: ReturnType<typeof createQueue>;
const workers: ChildWorker[] = [];
const prefix = uniquePrefix("concurrent-reconcile");

beforeAll(async () => {
  database = await createMigratedDatabase();
  emu = await startEmulator({ port: 0, strict: true });
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  queue = createQueue(redis, prefix);
  scheduler = new Scheduler({ queue, db: database.db });
  const env = processEnv(
    { databaseUrl: database.url, emu, prefix },
    { WORKER_CONCURRENCY: "2", WORKER_DRAIN_CONCURRENCY: "3", WORKER_SWEEP_MS: "60000" },
  );
  for (let i = 0; i < WORKERS; i++) workers.push(spawnWorker(env));
  for (const worker of workers) {
    await until(() => worker.output().includes("worker started") || worker.child.exitCode !== null);
    expect(worker.child.exitCode, worker.output()).toBeNull();
  }
}, 120_000);
afterAll(async () => {
  for (const worker of workers) worker.child.kill("SIGTERM");
  await Promise.all(workers.map((w) => w.exited));
  await queue.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await emu.close();
  await database.drop();
});

type Op = { kind: "kill"; seat: number } | { kind: "replace"; seat: number; by: number } | { kind: "end" };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("kill" as const), seat: fc.nat(SEATS - 1) }),
  fc.record({ kind: fc.constant("replace" as const), seat: fc.nat(SEATS - 1), by: fc.nat(MEMBERS - 1) }),
  fc.record({ kind: fc.constant("end" as const) }),
);

/** Classic's seats as its GM assigns them: two mafiosi share the mafia's thread. */
const CLASSIC_SETUPS = [
  { role: "mafia", faction: "italians", don: true },
  { role: "mafia", faction: "italians" },
  { role: "doctor" },
  { role: "citizen" },
  { role: "citizen" },
];

const gameArb = fc.record({
  // Reichstag's modkill takes effect at once; classic's mafia share a secret thread.
  ruleset: fc.constantFrom("reichstag", "classic"),
  seats: fc.shuffledSubarray(
    Array.from({ length: MEMBERS }, (_, i) => i),
    { minLength: SEATS, maxLength: SEATS },
  ),
  gm: fc.nat(MEMBERS - SEATS - 1),
  startAfterMs: fc.nat(400),
  ops: fc.array(fc.record({ op: opArb, afterMs: fc.nat(300) }), { maxLength: 4 }),
});

type GameSpec = typeof gameArb extends fc.Arbitrary<infer T> ? T : never;

/** One game's life as its GM drives it; every commit asks for a drain as the bot does. */
async function play(
  service: GameService,
  guildId: string,
  members: string[],
  n: number,
  spec: GameSpec,
): Promise<string> {
  const after = (gameId: string, committed: AfterCommit) => scheduler.afterCommit(gameId, committed);
  const free = members.filter((_, i) => !spec.seats.includes(i));
  const gm = free[spec.gm] ?? "";
  const game = await service.create({ guildId, name: `table ${n}`, ruleset: spec.ruleset, createdBy: gm });
  const seated = spec.seats.map((i) => members[i] ?? "");
  for (const [i, user] of seated.entries()) {
    await service.join(game.id, user, `name-${user}`);
    if (spec.ruleset === "classic") await service.assign(game.id, gm, user, CLASSIC_SETUPS[i] ?? {});
  }
  await sleep(spec.startAfterMs);
  await after(game.id, await service.start(game.id, gm));
  for (const { op, afterMs } of spec.ops) {
    await sleep(afterMs);
    try {
      if (op.kind === "end") await after(game.id, await service.end(game.id, gm));
      else if (op.kind === "kill") {
        const seat = (await service.players(game.id))[op.seat];
        if (seat)
          await after(
            game.id,
            await service.gm(game.id, gm, { action: "modkill", targets: [seat.seatId], params: {} }),
          );
      } else {
        const seats = await service.players(game.id);
        const from = seats[op.seat]?.userId;
        const to = members[op.by] ?? "";
        if (from && to !== gm && !seats.some((s) => s.userId === to))
          await after(game.id, await service.replace(game.id, gm, from, to, `name-${to}`));
      }
    } catch (error) {
      // The rules' or the lobby's refusal (a dead target, an ended game): the GM's problem, not Discord's.
      if (!(error instanceof UserError)) throw error;
    }
  }
  return game.id;
}

describe("games of one server reconciled at once by several workers", () => {
  it("end with Discord equal to every game's layout, member by member, and no effect given up", async () => {
    const service = new GameService(database.db);
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(gameArb, { minLength: 3, maxLength: 5 }), async (specs) => {
        round++;
        const guild = emu.createGuild({ name: `Server ${round}`, members: MEMBERS });
        const members = guild.members.map((m) => m.id);
        const ids = await Promise.all(specs.map((spec, n) => play(service, guild.id, members, n, spec)));
        await until(async () => {
          const pending = await database.db
            .select({ id: outbox.id })
            .from(outbox)
            .where(and(inArray(outbox.gameId, ids), eq(outbox.status, "pending")));
          return pending.length === 0;
        }, 200);
        const failed = await database.db
          .select({ payload: outbox.payload, error: outbox.lastError })
          .from(outbox)
          .where(and(inArray(outbox.gameId, ids), eq(outbox.status, "failed")));
        expect(failed).toEqual([]);
        for (const id of ids) expect(await layoutMismatches(database.db, emu, id)).toEqual([]);
        expect(emu.violations()).toEqual([]);
      }),
      { numRuns: 4, endOnFailure: true },
    );
  }, 600_000);
});

import { asc, eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, resolutions } from "../../src/db/schema/index.js";
import { type Emulator, type Fault, startEmulator } from "../../src/emulator/index.js";
import { GameService } from "../../src/games/service.js";
import { createMigratedDatabase } from "../support/db.js";
import { TEST_REDIS_URL } from "../support/env.js";
import { classicFive } from "../support/factories.js";
import { processEnv, retire, sleep, spawnWorker, uniquePrefix, until } from "./support.js";

/**
 * A Discord outage of message posts while the worker (a real process) resolves a phase: the
 * drain waits with capped backoff and never gives up, so once Discord is back every effect is
 * delivered, in order, none twice. The backoff is shortened (cap 1 s) so that a ~12 s outage
 * costs the rows many more attempts than the 5 after which they used to be dropped.
 */

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let emu: Emulator;
let redis: Redis;
const prefix = uniquePrefix("outage");

beforeAll(async () => {
  database = await createMigratedDatabase();
  emu = await startEmulator({ port: 0 });
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await emu.close();
  await database.drop();
});

function env(overrides: Record<string, string> = {}): Record<string, string> {
  return processEnv({ databaseUrl: database.url, emu, prefix }, { WORKER_SWEEP_MS: "60000", ...overrides });
}

/** The quick case's backoff: cap 1 s, so a ~12 s outage costs a row many attempts. */
const shortBackoff = { OUTBOX_RETRY_BASE_MS: "100", OUTBOX_RETRY_CAP_MS: "1000" };

const outboxIdOf = (nonce: unknown) => parseInt(/^o([0-9a-z]+)p\d+$/.exec(String(nonce))?.[1] ?? "", 36);

interface Outage {
  /** Which requests fail. */
  route: Fault["route"];
  /** How long Discord refuses them, counted from the phase change; 0: until rows have retried 8 times. */
  lastsMs: number;
  worker: Record<string, string>;
}

/**
 * A five-seat classic game whose first night ends while Discord answers 502 to `outage.route`;
 * the worker (a real process) resolves it and drains. Returns the game's outbox rows and the
 * guild, once every row is done.
 */
async function phaseChangeThrough(outage: Outage) {
  const guild = emu.createGuild({ name: "Outage", members: 6 });
  const users = guild.members.map((m) => m.id);
  const gm = users[5] ?? "";
  const service = new GameService(database.db);
  const game = await service.create({
    guildId: guild.id,
    name: "outage",
    ruleset: "classic",
    createdBy: gm,
    seed: 3,
    phaseDurationMs: 12_000,
  });
  for (const [i, seat] of classicFive.entries()) {
    await service.join(game.id, users[i] ?? "", `name${i + 1}`);
    await service.assign(game.id, gm, users[i] ?? "", seat.setup ?? {});
  }
  await service.start(game.id, gm);
  await service.submit(game.id, users[0] ?? "", { action: "kill", targets: ["p5"], params: {} });

  const worker = spawnWorker(env(outage.worker));
  const pending = async () =>
    (await database.db.select().from(outbox).where(eq(outbox.gameId, game.id))).filter(
      (r) => r.status !== "done",
    );
  try {
    // The start's effects go out; then Discord fails until well after the phase ends.
    await until(async () => (await pending()).length === 0, 200);
    const clear = emu.injectFault({ route: outage.route, status: 502 });
    await until(
      async () =>
        (await database.db.select().from(resolutions).where(eq(resolutions.gameId, game.id))).length > 0,
      200,
    );
    if (outage.lastsMs > 0) await sleep(outage.lastsMs);
    // The newspaper waits out the outage (attempt after attempt) instead of being dropped.
    await until(async () => (await pending()).some((r) => r.attempts >= (outage.lastsMs > 0 ? 5 : 8)), 200);
    clear();
    await until(async () => (await pending()).length === 0, 200);
    expect(worker.child.exitCode, worker.output()).toBeNull();
  } finally {
    worker.child.kill("SIGTERM");
    await worker.exited;
    await retire(database.db, [game.id]);
  }
  const rows = await database.db
    .select()
    .from(outbox)
    .where(eq(outbox.gameId, game.id))
    .orderBy(asc(outbox.id));
  return { rows, guildId: guild.id };
}

/** Every effect delivered, in order per chat, none twice; the phase change's newspaper among them. */
function expectDeliveredInOrderOnce({ rows, guildId }: Awaited<ReturnType<typeof phaseChangeThrough>>) {
  expect(rows.every((r) => r.status === "done")).toBe(true);
  expect(Math.max(...rows.map((r) => r.attempts))).toBeGreaterThan(5);
  const posted = emu
    .guildChannels(guildId)
    .map((c) => String(c["id"]))
    .map((id) => ({ id, messages: emu.messages(id).filter((m) => m["nonce"] !== undefined) }));
  const nonces = posted.flatMap((c) => c.messages.map((m) => String(m["nonce"])));
  expect(new Set(nonces).size).toBe(nonces.length);
  for (const row of rows.filter((r) => r.kind === "post")) {
    expect(nonces).toContain(`o${row.id.toString(36)}p0`);
  }
  for (const channel of posted) {
    const ids = channel.messages.map((m) => outboxIdOf(m["nonce"]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  }
  const resolutionPosts = rows.filter((r) => r.kind === "post" && r.dedupeKey.includes(":resolve:"));
  expect(resolutionPosts.length).toBeGreaterThan(0);
}

describe("a Discord outage during a phase change", () => {
  it(
    "GIVEN message posts answered 502 for many retries THEN afterwards every effect is delivered, in order per chat, none twice",
    { timeout: 90_000 },
    async () => {
      expectDeliveredInOrderOnce(
        await phaseChangeThrough({
          route: "POST /channels/{channel_id}/messages",
          lastsMs: 0,
          worker: shortBackoff,
        }),
      );
    },
  );

  it(
    "GIVEN all of Discord's REST API answering 502 for two minutes, with the worker's default backoff THEN once it returns every effect is delivered, in order, none twice",
    { timeout: 300_000 },
    async () => {
      const result = await phaseChangeThrough({ route: () => true, lastsMs: 120_000, worker: {} });
      expectDeliveredInOrderOnce(result);
    },
  );
});

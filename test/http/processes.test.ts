import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOT_PERMISSIONS } from "../../src/discord/invite.js";
import { type Emulator, startEmulator } from "../../src/emulator/index.js";
import { createMigratedDatabase } from "../support/db.js";
import { TEST_REDIS_URL } from "../support/env.js";
import {
  cloneGames,
  processEnv,
  retire,
  spawnScript,
  templateGame,
  type ChildWorker,
  uniquePrefix,
  until,
} from "../worker/support.js";

/**
 * The bot and the worker as real processes: their /healthz, /readyz and /metrics, and metric
 * values that move when the processes do their work.
 */

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let emu: Emulator;
let redis: Redis;
const prefix = uniquePrefix("http");
const children: ChildWorker[] = [];

beforeAll(async () => {
  database = await createMigratedDatabase();
  emu = await startEmulator({ port: 0, oracle: false });
  redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
});
afterAll(async () => {
  for (const child of children) if (child.child.exitCode === null) child.child.kill("SIGKILL");
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await emu.close();
  await database.drop();
});

function env(): Record<string, string> {
  return processEnv({ databaseUrl: database.url, emu, prefix });
}

/** Starts a process and returns the base URL its HTTP server logged. */
async function start(script: string): Promise<{ child: ChildWorker; url: string }> {
  const child = spawnScript(script, env());
  children.push(child);
  let url: string | undefined;
  await until(() => {
    url = /"url":"(http:\/\/[^"]+)","msg":"http server listening"/.exec(child.output())?.[1];
    return url !== undefined || child.child.exitCode !== null;
  });
  expect(url, child.output()).toBeDefined();
  return { child, url: url as string };
}

/** The value of one sample of the exposition (0 when absent). */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

const scrape = async (url: string) => (await fetch(`${url}/metrics`)).text();

describe("the worker process", { timeout: 120_000 }, () => {
  it("is alive and ready, and counts a phase it resolves with its lateness and the running games", async () => {
    // Discord answers the worker's first request with a 429: counted, then retried.
    emu.forceRateLimit("GET /users/@me", 100);
    const { child, url } = await start("src/worker/main.ts");
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { postgres: "ok", redis: "ok" } });

    const before = await scrape(url);
    expect(sample(before, 'gm_phase_resolutions_total{ruleset="regnum"}')).toBe(0);
    // The worker asked Discord who it is at start: a 429 first, then the answer.
    expect(before).toMatch(
      /^gm_discord_requests_total\{method="GET",route="\/users\/@me",status="429"\} 1$/m,
    );
    expect(before).toMatch(
      /^gm_discord_requests_total\{method="GET",route="\/users\/@me",status="200"\} 1$/m,
    );

    const template = await templateGame(database.db, 3_600_000);
    const [gameId] = await cloneGames(database.pool, template, [Date.now() + 300]);
    // The worker learns of a new deadline from its sweep or a scheduler; enqueue it as the bot would.
    const { createQueue, Scheduler } = await import("../../src/jobs/scheduler.js");
    const queue = createQueue(redis, prefix);
    await new Scheduler({ queue, db: database.db }).recover();
    await queue.close();

    let after = "";
    await until(async () => {
      after = await scrape(url);
      return sample(after, 'gm_phase_resolutions_total{ruleset="regnum"}') >= 1;
    }, 200);
    expect(
      sample(after, 'gm_phase_resolution_duration_seconds_count{ruleset="regnum"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(after, "gm_deadline_lateness_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'gm_active_games{ruleset="regnum"}')).toBe(1);
    expect(after).toMatch(/^gm_queue_jobs\{state="delayed"\} \d+$/m);
    expect(after).toMatch(/^gm_outbox_pending \d+$/m);

    await retire(database.db, [gameId as string]);
    expect(sample(await scrape(url), 'gm_active_games{ruleset="regnum"}')).toBe(0);
    child.child.kill("SIGTERM");
    expect(await child.exited, child.output()).toBe(0);
  });
});

describe("the bot process", { timeout: 120_000 }, () => {
  it("says who it is, where, and how to invite it; is ready with its gateway; times an interaction's acknowledgement", async () => {
    const guild = emu.createGuild({ name: "Autumn Mafia", members: 1 });
    const channel = emu.createChannel(guild.id, { name: "lobby", type: 0 });
    const { child, url } = await start("src/bot/main.ts");
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    await until(async () => (await fetch(`${url}/readyz`)).status === 200, 200);
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({
      status: "ready",
      checks: { postgres: "ok", redis: "ok", gateway: "ok" },
    });
    await until(() => child.output().includes("bot: Invite it to a server:"));
    expect(child.output()).toContain("bot: It is in 1 server: Autumn Mafia.");
    const invite = /bot: Invite it to a server: (\S+)/.exec(child.output())?.[1] ?? "";
    const link = new URL(invite);
    expect(link.searchParams.get("permissions")).toBe("395942423632");
    expect(link.searchParams.get("permissions")).toBe(BOT_PERMISSIONS.toString());
    expect(link.searchParams.get("client_id")).toBe(emu.applicationId);
    expect(link.searchParams.get("scope")).toBe("bot applications.commands");

    const before = await scrape(url);
    expect(sample(before, "gm_interaction_ack_seconds_count")).toBe(0);
    const player = emu.user(guild.members[0]?.id ?? "");
    // The bot registers its commands when it comes up; the player runs one once it exists.
    let answered = false;
    await until(async () => {
      try {
        await player.slash(channel, "role").callback();
        answered = true;
      } catch {
        answered = false;
      }
      return answered;
    }, 200);
    const after = await scrape(url);
    expect(sample(after, "gm_interaction_ack_seconds_count")).toBe(1);
    expect(after).toMatch(
      /^gm_discord_requests_total\{method="POST",route="\/interactions\/:id\/:token\/callback",status="204"\} 1$/m,
    );
    child.child.kill("SIGTERM");
    expect(await child.exited, child.output()).toBe(0);
  });
});

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats, deadlines, games, inputs, resolutions } from "../../src/db/schema/index.js";
import { t } from "../../src/i18n/index.js";
import type { RunningWorker } from "../../src/worker/worker.js";
import { until } from "../worker/support.js";
import { contentOf, startHarness, type Harness, type Json } from "./harness.js";
import { startHarnessWorker } from "./harness-worker.js";

/**
 * The GM room and review mode with the real worker, on an English server: the phase's status
 * message is edited in place, not posted again; the worker drafts the resolution; a held draft's
 * grace period never runs, however many recovery sweeps pass; an untouched one publishes itself
 * once.
 */

let h: Harness;
let worker: RunningWorker | undefined;
let gm: string;
let users: string[];
let gameId: string;
let publishRuns = 0;
const en = (key: string, params: Record<string, string | number> = {}) => t("en", key, params);
const u = (i: number) => users[i - 1] ?? "";
const name = "Review EN";

beforeAll(async () => {
  h = await startHarness(5);
  gm = h.guild.ownerId;
  users = h.guild.members.map((m) => m.id);
  await h.slash(gm, "settings", { language: "en" });
  await h.slash(gm, "game create", { ruleset: "classic", name, publish: "review" });
  const [game] = await h.database.db.select().from(games).where(eq(games.name, name));
  gameId = game?.id ?? "";
  for (const [i, role] of ["maniac", "doctor", "citizen", "citizen"].entries()) {
    await h.slash(u(i + 1), "game join");
    await h.slash(gm, "game assign", { user: u(i + 1), role });
  }
  await h.slash(gm, "game start");
  await h.drain(gameId);
}, 60_000);
afterAll(async () => {
  await worker?.stop();
  await h?.close();
});

async function gmRoom(): Promise<string> {
  const [row] = await h.database.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, "gm")));
  return row?.discordId ?? "";
}

async function statusMessages(): Promise<Json[]> {
  return h.emu.messages(await gmRoom()).filter((m) => String(m["content"]).startsWith("📋"));
}

async function draftCard(phaseIndex: number): Promise<Json | undefined> {
  return h.emu
    .messages(await gmRoom())
    .find((m) => JSON.stringify(m["components"] ?? []).includes(`review:publish:${gameId}:${phaseIndex}`));
}

async function resolutionOf(phaseIndex: number) {
  const [row] = await h.database.db
    .select()
    .from(resolutions)
    .where(and(eq(resolutions.gameId, gameId), eq(resolutions.phaseIndex, phaseIndex)));
  return row;
}

async function publishRow(phaseIndex: number) {
  const [row] = await h.database.db
    .select()
    .from(deadlines)
    .where(
      and(eq(deadlines.gameId, gameId), eq(deadlines.phaseIndex, phaseIndex), eq(deadlines.kind, "publish")),
    );
  if (!row) throw new Error("no publish deadline");
  return row;
}

async function publishedBySystem(): Promise<number> {
  const rows = await h.database.db
    .select()
    .from(inputs)
    .where(and(eq(inputs.gameId, gameId), eq(inputs.type, "control"), eq(inputs.userId, "system")));
  return rows.filter((r) => (r.payload as { action?: string }).action === "publish").length;
}

const press = async (userId: string, message: Json, action: string, phaseIndex: number) =>
  (await h.emu
    .user(userId)
    .click(String(message["id"]), `review:${action}:${gameId}:${phaseIndex}`)
    .reply()) as Json;

describe("the GM room and review mode with the worker", () => {
  it("the setup card lists every seat; the phase's status message is edited in place as orders come in", async () => {
    const room = h.emu.messages(await gmRoom()).map((m) => String(m["content"]));
    const setup = room.find((c) => c.startsWith("🗂")) ?? "";
    for (const [i, role] of ["Maniac", "Doctor", "Citizen", "Citizen"].entries()) {
      expect(setup).toContain(`${i + 1}. player${i + 1} (<@${u(i + 1)}>) — ${role}`);
    }
    const [first, ...others] = await statusMessages();
    expect(others).toEqual([]);
    expect(String(first?.["content"])).toContain(en("gmroom.status_missing", { count: 1, list: "player1" }));

    await h.slash(u(1), "order", { action: "kill", target: "p4" });
    await h.drain(gameId);
    const now = await statusMessages();
    expect(now.map((m) => m["id"])).toEqual([first?.["id"]]);
    const text = String(now[0]?.["content"]);
    expect(text).toContain("player1: Kill → player4");
    expect(text).toContain(en("gmroom.status_none_missing"));
    // A GM's order for the seat replaces it (the latest counts), and the status says who gave it.
    expect(contentOf(await h.slash(gm, "gm order", { player: u(1), action: "kill", target: "p3" }))).toBe(
      en("gm.order_done", { player: "player1", action: "Kill → player3" }),
    );
    await h.drain(gameId);
    const later = await statusMessages();
    expect(later.map((m) => m["id"])).toEqual([first?.["id"]]);
    const after = String(later[0]?.["content"]);
    expect(after).toContain(`player1: Kill → player3${en("gmroom.status_by_gm")}`);
    expect(after).not.toContain("player4");
  });

  it("a held draft stays held across recovery sweeps: its publish job never runs", async () => {
    worker = await startHarnessWorker(h, { settings: { sweepMs: 60_000, concurrency: 4 } });
    worker.worker.on("active", (job) => {
      if (job.name === "phase.publish") publishRuns += 1;
    });
    expect(contentOf(await h.slash(gm, "gm force"))).toBe(en("gm.forced"));
    // The worker drafts the night and posts its card in the GM room.
    await until(async () => (await draftCard(0)) !== undefined);
    const card = (await draftCard(0)) ?? {};
    expect(String(card["content"])).toContain(en("review.title", { phase: "Night 0" }));
    const rows = (card["components"] ?? []) as { components: { label: string }[] }[];
    expect(rows.flatMap((r) => r.components.map((c) => c.label))).toEqual([
      "Publish",
      "Edit",
      "Hold",
      "Re-run",
    ]);
    h.emu.setOverwrite(await gmRoom(), u(5), { type: 1, allow: 1024n | 65536n });
    expect(contentOf(await press(u(5), card, "hold", 0))).toBe(en("game.gm_only"));
    expect((await resolutionOf(0))?.status).toBe("draft");
    expect((await publishRow(0)).status).toBe("pending");

    expect(contentOf(await press(gm, card, "hold", 0))).toBe(en("gm.held", { phase: "Night 0" }));
    const row = await publishRow(0);
    expect(row.status).toBe("cancelled");
    // The grace period is long over, and the job is gone from Redis (as after a run): sweep after
    // sweep finds nothing to run.
    h.clock.advance(31 * 60_000);
    await h.queue.remove(row.jobId);
    const scheduler = worker.scheduler;
    for (let sweep = 0; sweep < 3; sweep++) {
      await scheduler.recover();
      expect(await h.queue.getJob(row.jobId)).toBeUndefined();
    }
    expect(publishRuns).toBe(0);
    expect((await resolutionOf(0))?.status).toBe("held");
    expect(await publishedBySystem()).toBe(0);
    expect((await h.service.currentPhase(gameId))?.index).toBe(0);

    // A GM publishes: the day opens; the night's status says so; the day has its own.
    expect(contentOf(await h.slash(gm, "gm publish"))).toBe(en("gm.published", { phase: "Night 0" }));
    await h.drain(gameId);
    expect((await h.service.currentPhase(gameId))?.index).toBe(1);
    const statuses = await statusMessages();
    expect(statuses).toHaveLength(2);
    expect(String(statuses[0]?.["content"])).toContain(
      en("gmroom.status_resolved", { outcome: en("gmroom.status_published") }),
    );
    expect(String(statuses[1]?.["content"])).toContain("Day 1");
  });

  it("an untouched draft publishes itself once when its grace period ends, and never again", async () => {
    // A vote of the day shows in the GMs' status with the tally, in the same message.
    const before = await statusMessages();
    expect(contentOf(await h.slash(u(2), "vote", { choice: "player4" }))).toContain("player4");
    await until(async () => String((await statusMessages())[1]?.["content"]).includes("Acted (1)"));
    const day = (await statusMessages())[1];
    expect(day?.["id"]).toBe(before[1]?.["id"]);
    const text = String(day?.["content"]);
    expect(text).toMatch(/• player2: .*player4/);
    expect(text).toContain(en("ballot.tally_title", { day: "Day 1" }));
    expect(text).toMatch(/player4: 1 vote \(player2\)/);

    expect(contentOf(await h.slash(gm, "gm force"))).toBe(en("gm.forced"));
    await until(async () => (await resolutionOf(1))?.status === "draft");
    const row = await publishRow(1);
    expect(row.status).toBe("pending");
    // Its job waits in Redis for the real half hour: as if Redis had lost it, the sweep re-adds
    // it, now due.
    h.clock.advance(31 * 60_000);
    await h.queue.remove(row.jobId);
    await worker?.scheduler.recover();
    await until(async () => (await resolutionOf(1))?.status === "published");
    await until(async () => (await publishRow(1)).status === "done");
    for (let sweep = 0; sweep < 3; sweep++) await worker?.scheduler.recover();
    expect(publishRuns).toBe(1);
    expect(await publishedBySystem()).toBe(1);
    const card = h.emu
      .messages(await gmRoom())
      .find((m) => String(m["content"]).startsWith(en("review.title", { phase: "Day 1" })));
    await until(async () => {
      const now = h.emu.messages(await gmRoom()).find((m) => m["id"] === card?.["id"]);
      return String(now?.["content"]).includes(en("review.published_auto"));
    });
  });
});

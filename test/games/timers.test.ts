import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deadlines } from "../../src/db/schema/index.js";
import { GameService } from "../../src/games/service.js";
import { createMigratedDatabase } from "../support/db.js";
import { ManualClock } from "../support/factories.js";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
beforeAll(async () => {
  database = await createMigratedDatabase();
});
afterAll(async () => {
  await database.drop();
});

interface Session {
  id: string;
  open: boolean;
  interrogator: string;
  question: string | null;
}

describe("real-time windows (regnum: 24 real hours to answer an interrogation question)", () => {
  it("GIVEN a question asked in a live game THEN its window is a deadline row, and only its end records the evasion", async () => {
    const clock = new ManualClock(new Date("2026-03-01T07:00:00Z"));
    const service = new GameService(database.db, clock);
    const game = await service.create({
      guildId: "1",
      name: "r",
      ruleset: "regnum",
      createdBy: "gm",
      seed: 1,
    });
    for (let i = 1; i <= 12; i++) await service.join(game.id, `u${i}`, `n${i}`);
    await service.start(game.id, "gm");
    const seats = await service.players(game.id);
    const userOf = (seat: string) => seats.find((s) => s.seatId === seat)?.userId ?? "";
    const dealt = await service.state(game.id);
    const agent = dealt.players.find((p) => p.role === "ksb_agent");
    const target = dealt.players.find((p) => p.alive && p.id !== agent?.id && p.role !== "ksb_agent");
    expect(agent && target).toBeTruthy();
    const ordered = await service.submit(game.id, userOf(agent?.id ?? ""), {
      action: "ksb_interrogate",
      targets: [target?.id ?? ""],
      params: {},
    });
    expect(ordered.value).toMatchObject({ accepted: true });
    await service.resolveDue(game.id, 0, null);
    const sessions = () => service.state(game.id).then((s) => (s.data as { sessions: Session[] }).sessions);
    const session = (await sessions()).find((x) => x.open && x.interrogator === agent?.id);
    expect(session).toBeDefined();

    clock.advance(60_000);
    const asked = await service.submit(game.id, userOf(agent?.id ?? ""), {
      action: "ask",
      targets: [],
      params: { text: "Где вы были ночью?", session: session?.id ?? "" },
    });
    expect(asked.value).toMatchObject({ accepted: true });
    const window = asked.deadlines.find((d) => d.kind === "interrogation");
    expect(window?.dueAt.toISOString()).toBe("2026-03-02T07:01:00.000Z");

    // Too early (clock skew): the job fails and is retried later; nothing changes.
    await expect(
      service.fireTimer(game.id, { deadlineId: window?.id ?? 0, jobId: window?.jobId ?? "" }),
    ).rejects.toThrow("the window has not ended yet");
    clock.advance(24 * 3_600_000);
    const fired = await service.fireTimer(game.id, {
      deadlineId: window?.id ?? 0,
      jobId: window?.jobId ?? "",
    });
    expect(fired.value).toBe(true);
    const after = (await sessions()).find((x) => x.id === session?.id);
    expect(after?.question).toBeNull();
    const again = await service.fireTimer(game.id, {
      deadlineId: window?.id ?? 0,
      jobId: window?.jobId ?? "",
    });
    expect(again.value).toBe(false);
    const [row] = await database.db
      .select()
      .from(deadlines)
      .where(and(eq(deadlines.gameId, game.id), eq(deadlines.kind, "interrogation")));
    expect(row?.status).toBe("done");
  });
});

import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chats, outbox } from "../../src/db/schema/index.js";
import { retryFailed, RETRY_PREFIX } from "../../src/discord/outbox-failures.js";
import { drainOutbox } from "../../src/discord/outbox.js";
import { nonceOf, splitMessage } from "../../src/discord/outbox-messages.js";
import { GameService } from "../../src/games/service.js";
import { t } from "../../src/i18n/index.js";
import { createMigratedDatabase } from "../support/db.js";
import { drainUntilDelivered, emulatedGuild, silentLog } from "../support/discord.js";
import { ManualClock, classicFive } from "../support/factories.js";

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
beforeEach(async () => {
  database = await createMigratedDatabase();
});
afterEach(async () => {
  await database.drop();
});

async function classicGame(publishMode: "auto" | "review") {
  const env = await emulatedGuild(6);
  const service = new GameService(database.db, new ManualClock());
  const gm = env.users[5] ?? "";
  const game = await service.create({
    guildId: env.guild.id,
    name: "g",
    ruleset: "classic",
    createdBy: gm,
    seed: 1,
    publishMode,
  });
  const userOf = new Map<string, string>();
  for (const [i, seat] of classicFive.entries()) {
    const user = env.users[i] ?? "";
    await service.join(game.id, user, `name${i + 1}`);
    await service.assign(game.id, gm, user, seat.setup ?? {});
    userOf.set(seat.user, user);
  }
  await service.start(game.id, gm);
  const deps = { db: database.db, rest: env.rest, log: silentLog };
  await drainOutbox(deps, game.id);
  const channelOf = async (key: string) => {
    const [row] = await database.db
      .select()
      .from(chats)
      .where(and(eq(chats.gameId, game.id), eq(chats.chatKey, key)));
    return row?.discordId ?? "";
  };
  return { ...env, service, game, gm, userOf, deps, channelOf };
}

describe("the outbox", () => {
  it("delivers role cards to each player's own thread, and nobody else can read them", async () => {
    const { emu, users, channelOf } = await classicGame("auto");
    try {
      const thread = await channelOf("personal:p1");
      expect(emu.messages(thread).length).toBeGreaterThan(0);
      expect(emu.canView(users[0] ?? "", thread)).toBe(true);
      for (const other of users.slice(1, 5)) expect(emu.canView(other, thread)).toBe(false);
    } finally {
      await emu.close();
    }
  });

  it("posts nothing twice when a drain runs again or two drains race", async () => {
    const { emu, service, game, deps, channelOf, userOf } = await classicGame("auto");
    try {
      await service.submit(game.id, userOf.get("u1") ?? "", { action: "kill", targets: ["p5"], params: {} });
      await service.resolveDue(game.id, 0, null);
      // A crash after the posts but before they were marked done: make the rows pending again.
      await Promise.all([drainOutbox(deps, game.id), drainOutbox(deps, game.id)]);
      const newspaper = await channelOf("newspaper");
      const before = emu.messages(newspaper).length;
      await database.db.update(outbox).set({ status: "pending" }).where(eq(outbox.gameId, game.id));
      await drainOutbox(deps, game.id);
      expect(emu.messages(newspaper).length).toBe(before);
      expect(
        emu
          .messages(newspaper)
          .map((m) => m.content)
          .join("\n"),
      ).toContain("name5");
    } finally {
      await emu.close();
    }
  });

  it("in review mode holds the newspaper until a GM publishes it", async () => {
    const { emu, service, game, gm, deps, channelOf, userOf } = await classicGame("review");
    try {
      await service.submit(game.id, userOf.get("u1") ?? "", { action: "kill", targets: ["p5"], params: {} });
      const resolved = await service.resolveDue(game.id, 0, null);
      expect(resolved.deadlines.some((d) => d.kind === "publish")).toBe(true);
      await drainOutbox(deps, game.id);
      const newspaper = await channelOf("newspaper");
      // Only the first phase's opening notice (its deadline) is in the newspaper.
      const opening = emu.messages(newspaper).map((m) => m.content);
      expect(opening).toHaveLength(1);
      expect(opening[0]).toMatch(/^📅 /);
      await service.editDraft(game.id, 0, gm, ["Edited by the GM."]);
      await service.publish(game.id, 0, gm);
      await drainOutbox(deps, game.id);
      const after = emu.messages(newspaper).map((m) => m.content);
      expect(after.slice(0, 2)).toEqual([opening[0], "Edited by the GM."]);
    } finally {
      await emu.close();
    }
  });
});

describe("message parts", () => {
  it("splits long text at line breaks within Discord's limit and keeps every character", () => {
    const lines = Array.from({ length: 300 }, (_, i) => `line ${i} ${"x".repeat(20)}`);
    const parts = splitMessage(lines.join("\n"));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => p.length <= 2000)).toBe(true);
    expect(parts.join("\n")).toBe(lines.join("\n"));
    expect(splitMessage("y".repeat(4500)).map((p) => p.length)).toEqual([2000, 2000, 500]);
  });

  it("makes nonces Discord accepts, unique per row and part", () => {
    expect(nonceOf(123456789, 3).length).toBeLessThanOrEqual(25);
    expect(nonceOf(1, 0)).not.toBe(nonceOf(1, 1));
  });
});

describe("panels and the reveal", () => {
  it("posts an orders panel in the thread of each player who may act as the phase opens", async () => {
    const { emu, channelOf } = await classicGame("auto");
    try {
      // Night 0: only the maniac (p1) has a night order; the doctor may only post or leave.
      const actionsIn = async (seat: string) =>
        JSON.stringify(emu.messages(await channelOf(`personal:${seat}`)).map((m) => m.components ?? []));
      expect(await actionsIn("p1")).toMatch(/op:[^"]+:kill/);
      expect(await actionsIn("p3")).not.toMatch(/op:[^"]+:heal/);
    } finally {
      await emu.close();
    }
  });

  it("publishes the reveal with the game's log as files when the game ends by itself", async () => {
    const env = await emulatedGuild(4);
    try {
      const service = new GameService(database.db, new ManualClock());
      const gm = env.users[3] ?? "";
      const game = await service.create({
        guildId: env.guild.id,
        name: "short",
        ruleset: "classic",
        createdBy: gm,
        seed: 1,
      });
      const setups = [
        { role: "maniac" },
        { role: "mafia", faction: "italians", don: true },
        { role: "citizen" },
      ];
      for (const [i, setup] of setups.entries()) {
        await service.join(game.id, env.users[i] ?? "", `n${i + 1}`);
        await service.assign(game.id, gm, env.users[i] ?? "", setup);
      }
      await service.start(game.id, gm);
      await service.submit(game.id, env.users[0] ?? "", { action: "kill", targets: ["p3"], params: {} });
      await service.resolveDue(game.id, 0, null); // two left from different sides: the duel decides
      const deps = { db: database.db, rest: env.rest, log: silentLog };
      // The start and the end post more to the newspaper than its rate-limit window takes at once.
      await drainUntilDelivered(deps, game.id);
      expect((await service.game(game.id)).status).toBe("ended");
      const [row] = await database.db
        .select()
        .from(chats)
        .where(and(eq(chats.gameId, game.id), eq(chats.chatKey, "newspaper")));
      const posts = env.emu.messages(row?.discordId ?? "");
      const files = (m: (typeof posts)[number]) => (m.attachments ?? []) as { filename: string }[];
      const reveal = posts.find((m) => files(m).length > 0);
      expect(
        reveal &&
          files(reveal)
            .map((a) => a.filename)
            .sort(),
      ).toEqual(["game-log.json", "game-log.txt"]);
      expect(posts.map((m) => m.content).join("\n")).toContain("n1");
    } finally {
      await env.emu.close();
    }
  });
});

describe("images with the newspaper", () => {
  it("reichstag: the board goes with the newspaper after every step", async () => {
    const env = await emulatedGuild(6);
    try {
      const service = new GameService(database.db, new ManualClock());
      const gm = env.users[5] ?? "";
      const game = await service.create({
        guildId: env.guild.id,
        name: "board",
        ruleset: "reichstag",
        createdBy: gm,
        seed: 2,
      });
      for (const user of env.users.slice(0, 5)) await service.join(game.id, user, `n-${user.slice(-3)}`);
      await service.start(game.id, gm);
      await service.resolveDue(game.id, 0, null); // a missed nomination: the candidacy moves on
      const deps = { db: database.db, rest: env.rest, log: silentLog };
      await drainOutbox(deps, game.id);
      const [row] = await database.db
        .select()
        .from(chats)
        .where(and(eq(chats.gameId, game.id), eq(chats.chatKey, "chat:announcements")));
      const [newspaper] = await database.db
        .select()
        .from(chats)
        .where(and(eq(chats.gameId, game.id), eq(chats.chatKey, "newspaper")));
      const posts = [
        ...env.emu.messages(newspaper?.discordId ?? ""),
        ...env.emu.messages(row?.discordId ?? ""),
      ];
      const files = posts.flatMap((m) => (m.attachments ?? []) as { filename: string }[]);
      expect(files.map((f) => f.filename)).toContain("board.png");
    } finally {
      await env.emu.close();
    }
  });
});

describe("the GM room", () => {
  it("the phase's status keeps an order given just before the deadline, even when the drain comes after it", async () => {
    const { emu, service, game, deps, userOf, channelOf } = await classicGame("auto");
    try {
      await service.submit(game.id, userOf.get("u1") ?? "", { action: "kill", targets: ["p5"], params: {} });
      await service.resolveDue(game.id, 0, null);
      await drainOutbox(deps, game.id);
      const statuses = emu
        .messages(await channelOf("gm"))
        .map((m) => String(m.content))
        .filter((c) => c.startsWith("📋"));
      expect(statuses).toHaveLength(2);
      expect(statuses[0]).toContain("name5");
      expect(statuses[0]).toContain(
        t("ru", "gmroom.status_resolved", { outcome: t("ru", "gmroom.status_published") }),
      );
    } finally {
      await emu.close();
    }
  });
});

describe("review mode's edit", () => {
  it("keeps the board attached when a GM rewrites the draft's newspaper", async () => {
    const env = await emulatedGuild(6);
    try {
      const service = new GameService(database.db, new ManualClock());
      const gm = env.users[5] ?? "";
      const game = await service.create({
        guildId: env.guild.id,
        name: "board review",
        ruleset: "reichstag",
        createdBy: gm,
        seed: 2,
        publishMode: "review",
      });
      for (const user of env.users.slice(0, 5)) await service.join(game.id, user, `n-${user.slice(-3)}`);
      await service.start(game.id, gm);
      await service.resolveDue(game.id, 0, null);
      await service.editDraft(game.id, 0, gm, ["Edited by the GM: the candidacy moves on."]);
      await service.publish(game.id, 0, gm);
      await drainOutbox({ db: database.db, rest: env.rest, log: silentLog }, game.id);
      const [newspaper] = await database.db
        .select()
        .from(chats)
        .where(and(eq(chats.gameId, game.id), eq(chats.chatKey, "newspaper")));
      const edited = env.emu
        .messages(newspaper?.discordId ?? "")
        .find((m) => String(m.content).startsWith("Edited by the GM"));
      const files = (edited?.attachments ?? []) as { filename: string }[];
      expect(files.map((f) => f.filename)).toContain("board.png");
    } finally {
      await env.emu.close();
    }
  });
});

describe("failures", () => {
  it("a post Discord refuses for good fails, the GMs are told in the GM room, and their retry delivers it", async () => {
    const { emu, service, game, gm, deps, channelOf, userOf } = await classicGame("auto");
    try {
      await service.submit(game.id, userOf.get("u1") ?? "", { action: "kill", targets: ["p5"], params: {} });
      await service.resolveDue(game.id, 0, null);
      emu.injectFault({ route: "POST /channels/{channel_id}/messages", status: 403, times: 1 });
      const result = await drainOutbox(deps, game.id);
      expect(result.failed).toBe(1);
      expect(result.retryAt).toBeUndefined();
      const [failed] = await database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.gameId, game.id), eq(outbox.status, "failed")));
      expect(failed).toBeDefined();
      const notice = emu
        .messages(await channelOf("gm"))
        .find((m) => JSON.stringify(m).includes(RETRY_PREFIX));
      expect(JSON.stringify(notice?.["components"])).toContain(`${RETRY_PREFIX}:${failed?.id}`);
      expect(String(notice?.["content"])).toContain("Discord");

      // Somebody else than a GM cannot retry it; a GM can, and it goes out once.
      expect(await retryFailed(database.db, failed?.id ?? 0, userOf.get("u2") ?? "")).toBeUndefined();
      expect(await retryFailed(database.db, failed?.id ?? 0, gm)).toEqual({ gameId: game.id });
      await drainOutbox(deps, game.id);
      const nonce = nonceOf(failed?.id ?? 0, 0);
      const all = emu.guildChannels(emu.channel(await channelOf("gm"))?.["guild_id"] as string);
      const delivered = all.flatMap((c) => emu.messages(String(c["id"]))).filter((m) => m["nonce"] === nonce);
      expect(delivered).toHaveLength(1);
    } finally {
      await emu.close();
    }
  });

  it("a transient failure keeps the row and every later one waiting, then delivers them in order", async () => {
    const { emu, service, game, deps, userOf } = await classicGame("auto");
    try {
      await service.submit(game.id, userOf.get("u1") ?? "", { action: "kill", targets: ["p5"], params: {} });
      await drainOutbox(deps, game.id); // the GM room's status of the order, before the outage
      await service.resolveDue(game.id, 0, null);
      const clearPosts = emu.injectFault({ route: "POST /channels/{channel_id}/messages", status: 503 });
      // The GM room's status message is edited in place (a PATCH): Discord is down for it too.
      const clearEdits = emu.injectFault({
        route: "PATCH /channels/{channel_id}/messages/{message_id}",
        status: 503,
      });
      const clear = () => {
        clearPosts();
        clearEdits();
      };
      const quick = { ...deps, retry: { baseMs: 10, capMs: 20 } };
      for (let i = 0; i < 7; i++) {
        const result = await drainOutbox(quick, game.id);
        expect(result).toMatchObject({ done: 0, failed: 0 });
        expect(result.retryAt).toBeInstanceOf(Date);
        await new Promise((r) => setTimeout(r, 30));
      }
      const rows = await database.db.select().from(outbox).where(eq(outbox.gameId, game.id));
      expect(rows.filter((r) => r.status === "failed")).toHaveLength(0);
      expect(Math.max(...rows.map((r) => r.attempts))).toBe(7);
      clear();
      const result = await drainOutbox(quick, game.id);
      expect(result.retryAt).toBeUndefined();
      expect(
        (await database.db.select().from(outbox).where(eq(outbox.gameId, game.id))).map((r) => r.status),
      ).toEqual(rows.map(() => "done"));
    } finally {
      await emu.close();
    }
  });
});

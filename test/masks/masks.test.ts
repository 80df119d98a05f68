import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chats, maskGames } from "../../src/db/schema/index.js";
import { DiscordError } from "../../src/emulator/index.js";
import { dealMaskNames } from "../../src/games/mask-names.js";
import { maskModeOf, maskNames, setMaskMode } from "../../src/games/masks.js";
import { masksOf, speakerIn } from "../../src/discord/masks/speak.js";
import { UserError } from "../../src/games/errors.js";
import { rulesetOrThrow } from "../../src/games/state.js";
import { createMigratedDatabase } from "../support/db.js";
import { drain, maskedGame, readableMessages, sayAndDeliver } from "./support.js";

// A database per test: every emulator numbers its snowflakes from the same counter.
let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
beforeEach(async () => {
  database = await createMigratedDatabase();
});
afterEach(async () => {
  await database.drop();
});

async function refusal(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    if (error instanceof UserError) return error.key;
    throw error;
  }
  return "none";
}

describe("masked play", () => {
  it("defaults: regnum plays under appearances, the others unmasked; the GM sets the mode in the lobby only", async () => {
    const env = await maskedGame(database.db, { ruleset: "classic", size: 4 });
    try {
      expect(await maskModeOf(database.db, env.game.id)).toBe("off");
      expect(await refusal(() => setMaskMode(database.db, env.game.id, env.gm, "masks"))).toBe(
        "mask.refuse.lobby_only",
      );
      const other = await env.service.create({
        guildId: env.guild.id,
        name: "r",
        ruleset: "regnum",
        createdBy: env.gm,
      });
      expect(await maskModeOf(database.db, other.id)).toBe("appearances");
      expect(await refusal(() => setMaskMode(database.db, other.id, env.players[0] ?? "", "off"))).toBe(
        "mask.refuse.gm_only",
      );
      const classic = await env.service.create({
        guildId: env.guild.id,
        name: "c",
        ruleset: "classic",
        createdBy: env.gm,
      });
      expect(await refusal(() => setMaskMode(database.db, classic.id, env.gm, "appearances"))).toBe(
        "mask.refuse.no_appearances",
      );
      // An unmasked game refuses /say: players write directly.
      const town = (await database.db.select().from(chats).where(eq(chats.gameId, env.game.id))).find((c) =>
        c.chatKey.startsWith("personal:"),
      );
      expect(await refusal(() => speakerIn(env.deps, town?.discordId ?? "", env.players[0] ?? ""))).toBe(
        "mask.refuse.not_masked",
      );
    } finally {
      await env.emu.close();
    }
  });

  it("deals distinct masks from the seed, tells only the GMs, and names masks in public texts", async () => {
    const env = await maskedGame(database.db, { ruleset: "classic", size: 7, mode: "masks", seed: 11 });
    try {
      const rows = await masksOf(env.deps, env.game.id);
      expect(rows).toHaveLength(7);
      expect(new Set(rows.map((r) => r.name)).size).toBe(7);
      const expected = dealMaskNames(11, 7, "ru");
      const seats = await env.service.players(env.game.id);
      for (const [i, seat] of seats.entries()) {
        expect(rows.find((r) => r.seatId === seat.seatId)?.name).toBe(expected[i]);
        expect(seat.displayName).toBe(expected[i]); // every renderer now names the mask
        expect(rows.find((r) => r.seatId === seat.seatId)?.accountName).toBe(`acct-${seat.userId}`);
      }
      expect(dealMaskNames(11, 7, "ru")).toEqual(expected);
      expect(dealMaskNames(12, 7, "ru")).not.toEqual(expected);
      const names = await maskNames(database.db, env.game.id);
      expect([...names.values()]).toEqual(expected);
      // The mapping is in the GM room, with the avatars; no player can read that room.
      const gmRoom = await env.channelOf("gm");
      const mapping = env.emu
        .messages(gmRoom)
        .map((m) => m.content)
        .join("\n");
      for (const seat of seats) expect(mapping).toContain(`<@${seat.userId}>`);
      for (const user of [...env.players, env.spectator]) expect(env.emu.canView(user, gmRoom)).toBe(false);
      expect(env.emu.messages(gmRoom).flatMap((m) => m.attachments)).toHaveLength(7);
      const [milestones] = await database.db
        .select()
        .from(maskGames)
        .where(eq(maskGames.gameId, env.game.id));
      expect(milestones?.announcedAt).not.toBeNull();
      // A second reconcile deals and announces nothing new.
      const before = env.emu.messages(gmRoom).length;
      await env.service.end(env.game.id, env.gm);
      await drain(env.deps, env.game.id);
      expect(env.emu.messages(gmRoom)).toHaveLength(before);
      // The end publishes the mapping in the newspaper.
      const news = env.emu
        .messages(await env.channelOf("newspaper"))
        .map((m) => m.content)
        .join("\n");
      for (const seat of seats) expect(news).toContain(`**${expected[seat.seat - 1]}** — <@${seat.userId}>`);
    } finally {
      await env.emu.close();
    }
  });

  it("players cannot post directly in masked chats; they speak through the bot under their masks; nothing a player reads names another player", async () => {
    const env = await maskedGame(database.db, { ruleset: "classic", size: 7, mode: "masks" });
    try {
      const ruleset = rulesetOrThrow("classic");
      const seats = await env.service.players(env.game.id);
      const userOf = new Map(seats.map((s) => [s.seatId, s.userId]));
      // What the start rendered before the deal (role cards naming the team) — see docs/masks.md.
      const preDeal = new Set<string>();
      for (const row of await database.db.select().from(chats).where(eq(chats.gameId, env.game.id)))
        if (row.chatKey.startsWith("personal:"))
          for (const m of env.emu.messages(row.discordId)) preDeal.add(String(m["id"]));

      // The invariant: no field of any message a player can read carries another player's id or
      // name (checked in every phase while the game runs; the end publishes the mapping).
      let scanned = 0;
      const scan = async () => {
        for (const viewer of env.players) {
          const others = seats.filter((s) => s.userId !== viewer);
          const secrets = others.flatMap((s) => [
            s.userId,
            `acct-${s.userId}`,
            env.accountName.get(s.userId) ?? "?",
          ]);
          for (const { chatKey, message } of await readableMessages(database.db, env, viewer)) {
            if (preDeal.has(String(message["id"]))) continue;
            scanned++;
            const text = JSON.stringify(message);
            for (const secret of secrets)
              expect(text.includes(secret), `${chatKey}: ${text.slice(0, 300)} carries ${secret}`).toBe(
                false,
              );
          }
        }
      };
      let spoken = 0;
      let refusedDirect = 0;
      for (let phase = 0; phase < 3; phase++) {
        const state = await env.service.state(env.game.id);
        if (state.ended) break;
        for (const chat of ruleset.chatLayout(state)) {
          if (chat.purpose) continue;
          const channel = await env.channelOf(`chat:${chat.id}`);
          for (const reader of chat.readers) {
            // Direct posting is refused by permissions, for readers and writers alike.
            expect(() => env.emu.user(userOf.get(reader) ?? "").send(channel, "direct")).toThrow(
              DiscordError,
            );
            refusedDirect++;
          }
          const writer = chat.writers[0];
          if (writer === undefined) continue;
          const speaker = await speakerIn(env.deps, channel, userOf.get(writer) ?? "");
          const other = seats.find((s) => s.seatId !== writer);
          const said = await sayAndDeliver(env.deps, speaker, {
            key: `k-${phase}-${chat.id}`,
            text: `hello from the mask <@${other?.userId}> <@!${other?.userId}> @everyone`,
          });
          expect(said.status).toBe("done");
          spoken++;
          const message = env.emu.messages(said.threadId ?? channel).at(-1);
          expect((message?.["author"] as { username?: string } | undefined)?.username).toBe(
            speaker.identity.username,
          );
          expect(message?.webhook_id).toBeDefined();
          expect(message?.mentions).toEqual([]);
          expect(message?.mention_everyone).toBe(false);
          expect(message?.content).toBe("hello from the mask @… @… @\u200beveryone");
          // A reader who is not a writer is refused by /say too.
          const silent = chat.readers.find((r) => !chat.writers.includes(r));
          if (silent)
            expect(await refusal(() => speakerIn(env.deps, channel, userOf.get(silent) ?? ""))).toBe(
              "mask.refuse.cannot_write",
            );
        }
        // The personal thread with the GMs: also through /say.
        const personal = await env.channelOf("personal:p1");
        expect(() => env.emu.user(userOf.get("p1") ?? "").send(personal, "direct")).toThrow(DiscordError);
        const own = await speakerIn(env.deps, personal, userOf.get("p1") ?? "");
        expect((await sayAndDeliver(env.deps, own, { key: `gm-${phase}`, text: "to the GMs" })).status).toBe(
          "done",
        );
        expect(await refusal(() => speakerIn(env.deps, personal, userOf.get("p2") ?? ""))).toBe(
          "mask.refuse.cannot_write",
        );
        await scan();
        const current = await env.service.currentPhase(env.game.id);
        if (!current) break;
        env.clock.advance(60_000);
        await env.service.resolveDue(env.game.id, current.index, null);
        await drain(env.deps, env.game.id);
      }
      expect(spoken).toBeGreaterThan(1);
      expect(refusedDirect).toBeGreaterThan(7);
      if (!(await env.service.state(env.game.id)).ended) await scan();
      expect(scanned).toBeGreaterThan(20);
    } finally {
      await env.emu.close();
    }
  }, 60_000);
});

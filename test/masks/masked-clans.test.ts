import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats, masks, players as playerRows } from "../../src/db/schema/index.js";
import { mirrorKey } from "../../src/discord/layout.js";
import type { Account } from "../../src/emulator/index.js";
import { rulesetOrThrow } from "../../src/games/state.js";
import { contentOf, startHarness, type Harness, type Json } from "../bot/harness.js";
import { MaskAudit, gameByName, type Seat } from "./curious-member.js";

/**
 * Clans played under masks, through the real bot and the emulator, audited as each member's own
 * client would see it (test/masks/curious-member.ts): nothing links a mask to an account; what a
 * player says with /say reaches every reader's mirror under the mask; and speech under a mask is
 * the speaker's post for the rules (the day's inactivity removal spares a player who only spoke
 * through /say, and removes one who voted but never spoke).
 */

const NAME = "Masked clans";
let h: Harness;
let audit: MaskAudit;
let playersList: Account[];
let gm: Account;
let spectator: Account;

beforeAll(async () => {
  // Clans is played by exactly twelve; a GM and a spectator besides.
  h = await startHarness(14);
  playersList = h.guild.members.slice(0, 12);
  gm = h.guild.members[12] as Account;
  spectator = h.guild.members[13] as Account;
  audit = new MaskAudit(h, playersList, [spectator]);
}, 60_000);
afterAll(async () => {
  audit.close();
  await h.close();
});

async function seatsOf(gameId: string): Promise<Seat[]> {
  const rows = await h.database.db.select().from(playerRows).where(eq(playerRows.gameId, gameId));
  const dealt = await h.database.db.select().from(masks).where(eq(masks.gameId, gameId));
  return rows.map((r) => ({
    seatId: r.seatId,
    userId: r.userId,
    mask: dealt.find((m) => m.seatId === r.seatId)?.name ?? "?",
  }));
}

async function whereReadsKey(gameId: string, key: string): Promise<string> {
  const [row] = await h.database.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, key)));
  return row?.discordId ?? "";
}

/** Where a reader reads a chat: the public channel, or his own mirror of it. */
async function whereReads(gameId: string, chatId: string, seatId: string): Promise<string | undefined> {
  const rows = await h.database.db.select().from(chats).where(eq(chats.gameId, gameId));
  const home = rows.find((r) => r.chatKey === `chat:${chatId}`);
  if (home?.discordKind === "channel") return home.discordId;
  return rows.find((r) => r.chatKey === mirrorKey(chatId, seatId))?.discordId;
}

describe("clans under masks, as a curious member sees it", () => {
  it("nothing links a mask to an account; /say reaches every reader under the mask; /say counts as a post", async () => {
    const accountNames = new Map(h.guild.members.map((m) => [m.id, m.username]));
    const created = await h.slash(gm.id, "game create", { ruleset: "clans", name: NAME, masks: "masks" });
    expect(contentOf(created)).not.toBe("");
    for (const p of playersList) {
      const joined = await h.slash(p.id, "game join", { game: NAME });
      // Masked games never show a seat number, even to the one who joins.
      expect(contentOf(joined)).not.toMatch(/\d/);
    }
    const game = await gameByName(h, NAME);
    await audit.connect();
    await audit.snapshotRoles(h.guild.id);
    const started = await h.slash(gm.id, "game start", { game: NAME });
    expect(contentOf(started)).toMatch(/начал|started/i);
    await h.drain(game.id);
    const botId = h.client.user?.id ?? "";
    const ruleset = rulesetOrThrow("clans");
    const seats = await seatsOf(game.id);
    expect(new Set(seats.map((s) => s.mask)).size).toBe(seats.length);
    const userOf = new Map(seats.map((s) => [s.seatId, s.userId]));
    const accountOf = new Map(playersList.map((a) => [a.id, a]));
    // The control: a player who votes but never speaks is removed for inactivity on day 1.
    const silent = seats[seats.length - 1] as Seat;
    let relayed = 0;
    let said = 0;
    let inactivityChecked = false;

    for (let step = 0; step < 3; step++) {
      const state = await h.service.state(game.id);
      if (state.ended) break;
      const label = `${state.phase.kind} ${state.phase.n}`;
      // Every living writer of every chat speaks once through /say where he reads it.
      for (const chat of ruleset.chatLayout(state)) {
        if (chat.purpose) continue;
        for (const writer of chat.writers) {
          if (writer === silent.seatId) continue;
          const where = await whereReads(game.id, chat.id, writer);
          const speaker = accountOf.get(userOf.get(writer) ?? "");
          if (!where || !speaker) continue;
          const text = `${label}: ${chat.id}, message ${++said}`;
          const reply = await h.emu.user(speaker.id).slash(where, "say", { text }).reply(15_000);
          const mask = seats.find((s) => s.seatId === writer)?.mask ?? "?";
          audit.check(
            contentOf(reply).includes(mask),
            `${label}: /say in ${chat.id} answered ${contentOf(reply)}`,
          );
          // Every reader finds it in his own copy, under the mask, by the bot's webhook.
          for (const reader of chat.readers) {
            const readerAccount = accountOf.get(userOf.get(reader) ?? "");
            const copy = await whereReads(game.id, chat.id, reader);
            if (!readerAccount || !copy) {
              audit.check(false, `${label}: ${reader} has no copy of ${chat.id}`);
              continue;
            }
            const { body } = await audit.get(readerAccount, `/channels/${copy}/messages?limit=50`);
            const found = (body as Json[]).filter((m) => m["content"] === text);
            audit.check(
              found.length === 1 &&
                (found[0]?.["author"] as Json | undefined)?.["username"] === mask &&
                typeof found[0]?.["webhook_id"] === "string",
              `${label}: ${reader} reads ${found.length} copies of "${text}"`,
            );
            relayed++;
          }
        }
      }
      if (state.phase.kind === "day") {
        for (const seat of seats) {
          const account = accountOf.get(seat.userId);
          if (!account || !state.players.find((p) => p.id === seat.seatId)?.alive) continue;
          const choices = await audit.scanChoices(account, "vote", {}, "choice", seats, accountNames, label);
          const target = choices.find((c) => c.name !== seat.mask);
          if (target) {
            const voted = await h.slash(account.id, "vote", { choice: target.value });
            audit.check(
              /Принято|Accepted/.test(contentOf(voted)),
              `${label}: vote refused: ${contentOf(voted)}`,
            );
          }
          // A seat id typed by hand is refused, never resolved.
          const typed = await h.slash(account.id, "vote", { choice: seats[0]?.seatId ?? "p1" });
          audit.check(
            !contentOf(typed).includes(seats[0]?.mask ?? "?"),
            `${label}: a typed seat id resolved`,
          );
        }
      }
      for (const seat of seats) {
        const account = accountOf.get(seat.userId);
        if (!account || !state.players.find((p) => p.id === seat.seatId)?.alive) continue;
        const actions = await audit.scanChoices(account, "order", {}, "action", seats, accountNames, label);
        for (const action of actions.slice(0, 3))
          await audit.scanChoices(
            account,
            "order",
            { action: action.value },
            "target",
            seats,
            accountNames,
            label,
          );
      }
      await audit.scanStatus(seats, accountNames, label);
      await audit.scanRest(h.guild.id, game.id, seats, accountNames, botId, label);
      audit.scanGateway(seats, accountNames, botId, label);
      const before = await h.service.state(game.id);
      await h.resolvePhase(game.id);
      if (before.phase.kind === "day" && before.phase.n === 1) {
        // The newspaper names who was removed for inactivity: the silent voter, and no one who
        // spoke only through /say.
        const newspaper = await whereReadsKey(game.id, "newspaper");
        const { body } = await audit.get(spectator, `/channels/${newspaper}/messages?limit=50`);
        const line =
          (body as Json[])
            .map((m) => String(m["content"]))
            .join("\n")
            .split("\n")
            .find((l) => /inactivity|неактивност/i.test(l)) ?? "";
        expect(line).toContain(silent.mask);
        for (const seat of seats) if (seat.seatId !== silent.seatId) expect(line).not.toContain(seat.mask);
        const after = await h.service.state(game.id);
        expect(after.players.find((p) => p.id === silent.seatId)?.alive).toBe(false);
        inactivityChecked = true;
      }
    }
    console.info(`masked clans audit: ${audit.checks} checks, ${relayed} relayed copies verified`);
    expect(audit.failures).toEqual([]);
    expect(inactivityChecked).toBe(true);
    expect(relayed).toBeGreaterThan(10);
    expect(audit.checks).toBeGreaterThan(500);
  }, 600_000);
});

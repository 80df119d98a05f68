import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { chats, masks, players as playerRows } from "../../src/db/schema/index.js";
import { mirrorKey } from "../../src/discord/layout.js";
import type { Account } from "../../src/emulator/index.js";
import type { AnyGameState } from "../../src/engine/types.js";
import { rulesetOrThrow } from "../../src/games/state.js";
import { contentOf, type Harness, type Json } from "../bot/harness.js";
import { MaskAudit, gameByName, type Seat } from "./curious-member.js";

/**
 * A masked game played through the real bot by its members, audited after every phase as each
 * member's own client sees it: every living writer of every chat speaks once through /say where
 * he reads the chat, and every reader must find it in his own copy under the speaker's mask;
 * votes and orders go through autocomplete values; then REST, gateway, /game status and
 * autocomplete are scanned (curious-member.ts). The last seat never speaks (a control).
 */
export interface MaskedPlay {
  ruleset: string;
  name: string;
  mode?: "masks" | "appearances";
  players: Account[];
  gm: Account;
  spectator: Account;
  steps: number;
  /** Whether the day has /vote (clans); other rulesets vote through /order. */
  votes: boolean;
  afterResolve?: (
    before: AnyGameState,
    game: { game: { id: string }; seats: Seat[]; silent: Seat; audit: MaskAudit },
  ) => Promise<void>;
}

export async function seatsOf(h: Harness, gameId: string): Promise<Seat[]> {
  const rows = await h.database.db.select().from(playerRows).where(eq(playerRows.gameId, gameId));
  const dealt = await h.database.db.select().from(masks).where(eq(masks.gameId, gameId));
  return rows.map((r) => ({
    seatId: r.seatId,
    userId: r.userId,
    mask: dealt.find((m) => m.seatId === r.seatId)?.name ?? "?",
  }));
}

export async function chatChannel(h: Harness, gameId: string, key: string): Promise<string> {
  const [row] = await h.database.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), eq(chats.chatKey, key)));
  return row?.discordId ?? "";
}

/** Where a reader reads a chat: the public channel, or his own mirror of it. */
export async function whereReads(h: Harness, gameId: string, chatId: string, seatId: string) {
  const rows = await h.database.db.select().from(chats).where(eq(chats.gameId, gameId));
  const home = rows.find((r) => r.chatKey === `chat:${chatId}`);
  if (home?.discordKind === "channel") return home.discordId;
  return rows.find((r) => r.chatKey === mirrorKey(chatId, seatId))?.discordId;
}

export async function playMasked(h: Harness, o: MaskedPlay): Promise<{ audit: MaskAudit; relayed: number }> {
  const players = o.players;
  const gm = o.gm;
  const audit = new MaskAudit(h, players, [o.spectator]);
  try {
    const accountNames = new Map(h.guild.members.map((m) => [m.id, m.username]));
    // Games are created by the server's GMs: the owner names a GM role and the GM holds it.
    const gmRole = h.emu.createRole(h.guild.id, { name: "GM" });
    h.emu.setMemberRoles(h.guild.id, gm.id, [gmRole]);
    await h.slash(h.guild.ownerId, "settings", { gm_role: gmRole });
    const created = await h.slash(gm.id, "game create", {
      ruleset: o.ruleset,
      name: o.name,
      ...(o.mode ? { masks: o.mode } : {}),
    });
    expect(contentOf(created)).not.toBe("");
    for (const p of players) {
      const joined = await h.slash(p.id, "game join", { game: o.name });
      // Masked games never show a seat number, even to the one who joins.
      expect(contentOf(joined)).not.toMatch(/\d/);
    }
    const game = await gameByName(h, o.name);
    await audit.connect();
    await audit.snapshotRoles(h.guild.id);
    const started = await h.slash(gm.id, "game start", { game: o.name });
    expect(contentOf(started)).toMatch(/начал|started/i);
    await h.drain(game.id);
    const botId = h.client.user?.id ?? "";
    const ruleset = rulesetOrThrow(o.ruleset);
    const seats = await seatsOf(h, game.id);
    expect(new Set(seats.map((s) => s.mask)).size).toBe(seats.length);
    expect(seats.every((s) => s.mask !== "?")).toBe(true);
    const userOf = new Map(seats.map((s) => [s.seatId, s.userId]));
    const accountOf = new Map(players.map((a) => [a.id, a]));
    // A player who never speaks (the control of the inactivity check).
    const silent = seats[seats.length - 1] as Seat;
    let relayed = 0;
    let said = 0;

    for (let step = 0; step < o.steps; step++) {
      const state = await h.service.state(game.id);
      if (state.ended) break;
      const label = `${state.phase.kind} ${state.phase.n}`;
      // Every living writer of every chat speaks once through /say where he reads it.
      for (const chat of ruleset.chatLayout(state)) {
        if (chat.purpose) continue;
        for (const writer of chat.writers) {
          if (writer === silent.seatId) continue;
          const where = await whereReads(h, game.id, chat.id, writer);
          const speaker = accountOf.get(userOf.get(writer) ?? "");
          if (!where || !speaker) continue;
          const text = `${label}: ${chat.id}, message ${++said}`;
          const handle = h.emu.user(speaker.id).slash(where, "say", { text });
          const sending = contentOf(await handle.reply(15_000));
          // The worker delivers it and edits the answer to the outcome.
          const answered = () => contentOf(handle.original() ?? {});
          await h.drainUntil(game.id, () => answered() !== sending).catch(() => undefined);
          const answer = answered();
          // The name the speaker is shown under here: his mask, current appearance, or nobody.
          const mask = /\*\*(.+)\*\*/.exec(answer)?.[1] ?? "?";
          const own = seats.find((s) => s.seatId === writer)?.mask;
          audit.check(
            mask !== "?" &&
              (o.mode !== "masks" || mask === own) &&
              sending.includes(`**${mask}**`) &&
              /Отправлено|Sent as/.test(answer),
            `${label}: /say in ${chat.id} answered ${sending} then ${answer}`,
          );
          // Every reader finds it in his own copy, under the mask, by the bot's webhook.
          for (const reader of chat.readers) {
            const readerAccount = accountOf.get(userOf.get(reader) ?? "");
            const copy = await whereReads(h, game.id, chat.id, reader);
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
      if (state.phase.kind === "day" && o.votes) {
        for (const seat of seats) {
          const account = accountOf.get(seat.userId);
          if (!account || !state.players.find((p) => p.id === seat.seatId)?.alive) continue;
          const choices = await audit.scanChoices(account, "vote", {}, "choice", seats, accountNames, label);
          // A vote against another mask (clans counts a day's activity as a post and a vote
          // against), never against the silent control: lynched, he would leave before the
          // inactivity removal could name him.
          const votable = choices.filter((c) => !c.name.endsWith(seat.mask) && !c.name.endsWith(silent.mask));
          const target = votable.find((c) => /против|against/i.test(c.name)) ?? votable[0];
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
      await o.afterResolve?.(before, { game, seats, silent, audit });
    }
    return { audit, relayed };
  } finally {
    audit.close();
  }
}

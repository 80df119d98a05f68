import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { chats } from "../../src/db/schema/index.js";
import type { Account } from "../../src/emulator/index.js";
import type { JsonObject } from "../../src/engine/types.js";
import { textOf, startHarness, type Harness, type Json } from "./harness.js";
import { Listeners, type MatrixResult, runMatrix, safetyNetCount, voicelessCells } from "./voice-matrix.js";

/**
 * The voice matrix through the emulator, one game per ruleset (docs/secrecy.md, "Voices"): every
 * voiceless state the ruleset has × every chat the seat still sees × every way to speak; nothing
 * may reach another member before Discord or the bot refuses it, except the cases the table still
 * leaves to removal, which must be exactly those it names. The safety net never fires.
 */

let h: Harness | undefined;
let listeners: Listeners | undefined;
afterEach(async () => {
  listeners?.close();
  listeners = undefined;
  await h?.close();
  h = undefined;
});

interface Script {
  ruleset: string;
  seats: number;
  options?: Json;
  /** `/game create` options beyond ruleset, name and options (masks). */
  create?: Json;
  assign?: [string, string?][];
  /** Puts seats into the ruleset's voiceless states (GM actions, resolutions); names them. */
  silence(game: Game): Promise<string>;
  /** docs/secrecy.md's cases left to removal, as `<chat key pattern> <way>` regexes. */
  byRemoval: RegExp[];
}

interface Game {
  harness: Harness;
  gameId: string;
  gm: string;
  users: string[];
  gmDo(action: string, targets: string[], params?: JsonObject): Promise<void>;
  resolve(): Promise<void>;
}

async function play(script: Script): Promise<MatrixResult[]> {
  const harness = await startHarness(script.seats + 2);
  h = harness;
  const gm = harness.guild.ownerId;
  const accounts: Account[] = harness.guild.members.filter((m) => m.id !== gm);
  const users = accounts.map((a) => a.id);
  await harness.slash(gm, "settings", { language: "en" });
  await harness.slash(gm, "game create", {
    ruleset: script.ruleset,
    name: "Voices",
    ...(script.options ? { options: JSON.stringify(script.options) } : {}),
    ...script.create,
  });
  const [row] = await harness.service.db.query.games.findMany();
  const gameId = row?.id ?? "";
  for (let i = 0; i < script.seats; i++) {
    await harness.slash(users[i] ?? "", "game join");
    const [role, faction] = script.assign?.[i] ?? [];
    if (role)
      await harness.slash(gm, "game assign", { user: users[i], role, ...(faction ? { faction } : {}) });
  }
  const started = await harness.slash(gm, "game start");
  expect((await harness.service.game(gameId)).status, textOf(started)).toBe("running");
  await harness.drain(gameId);
  listeners = new Listeners(harness);
  await listeners.connect(accounts);
  const safetyBefore = await safetyNetCount();

  // Every seat says something wherever it may, so each has an earlier message to edit later.
  const seats = await harness.service.players(gameId);
  const sayEverywhere = async () => {
    const rows = await harness.database.db.select().from(chats).where(eq(chats.gameId, gameId));
    for (const seat of seats)
      for (const r of rows)
        if (r.chatKey.startsWith("chat:") && harness.emu.canSend(seat.userId, r.discordId))
          harness.emu.user(seat.userId).send(r.discordId, `${seat.displayName} was here`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await harness.drain(gameId);
  };
  await sayEverywhere();

  const game: Game = {
    harness,
    gameId,
    gm,
    users,
    gmDo: async (action, targets, params = {}) => {
      const done = await harness.service.gm(gameId, gm, { action, targets, params });
      expect(done.value.accepted, `${action} refused: ${String(done.value.rejection?.code)}`).toBe(true);
      await harness.drain(gameId);
    },
    resolve: async () => {
      await harness.resolvePhase(gameId);
      await harness.drain(gameId);
    },
  };
  const named = await script.silence(game);
  await sayEverywhere();
  // The replaced account: the last seat goes to the spare member; the old account keeps nothing.
  const lastSeat = seats.at(-1);
  const spare = users[script.seats] ?? "";
  const replaced = await harness.slash(gm, "gm replace", { player: lastSeat?.userId, with: spare });
  expect(textOf(replaced)).not.toMatch(/^(Not accepted|Something)/);
  await harness.drain(gameId);

  const seatOf = async () => {
    const now = await harness.service.players(gameId);
    const map = new Map(now.map((s) => [s.userId, s.seatId]));
    if (lastSeat) map.set(lastSeat.userId, ""); // no seat any more
    map.set(users[script.seats + 1] ?? "", ""); // the outsider
    return map;
  };
  const results: MatrixResult[] = [];
  // Printed so a run shows what the matrix covered and what is still left to removal.
  const report = (r: MatrixResult, name: string) =>
    console.info(
      `${script.ruleset} ${name}: ${r.attempts} attempts, left to removal: ${[...new Set(r.byRemoval)].join("; ") || "none"}`,
    );
  const matrix = async (name: string, botWays: boolean) => {
    const began = Date.now();
    const r = await runMatrix(
      harness,
      gameId,
      listeners as Listeners,
      await voicelessCells(harness, gameId, await seatOf()),
      accounts,
      name,
      botWays,
    );
    report(r, `${name} (${Date.now() - began} ms)`);
    results.push(r);
  };
  await matrix(named, true);
  // The next phase: the public chats the rules close, and edits of what was said while open.
  await game.resolve();
  await matrix(`${named}, next phase`, false);
  // A seat of an ended game.
  await harness.slash(gm, "game end");
  await harness.drain(gameId);
  await matrix("ended", true);

  for (const result of results) {
    expect(result.leaks).toEqual([]);
    for (const cell of result.byRemoval)
      expect(
        script.byRemoval.some((pattern) => pattern.test(cell)),
        `not a documented removal: ${cell}`,
      ).toBe(true);
  }
  // After the end every phase thread is locked and archived and every channel refuses the players:
  // nothing at all is left to removal.
  expect(results.at(-1)?.byRemoval).toEqual([]);
  expect(results.reduce((a, r) => a + r.attempts, 0)).toBeGreaterThan(50);
  expect(await safetyNetCount()).toBe(safetyBefore);
  return results;
}

/**
 * Edits of one's own earlier message in a public chat's thread of the current phase, by a seat that
 * fell silent during the phase: Discord allows an author's edit without a voice, and the thread is
 * archived only when the phase ends (docs/secrecy.md). Nothing else in a channel or an earlier
 * phase's thread can be edited.
 */
const EDITS = /^chat:[^@\s]+@\S+ edit an earlier message$/;

describe("voice matrix: nothing a voiceless seat tries reaches another member", () => {
  it("classic (deadKeepRead): dead, removed, beaten, the replaced account, night, the end", async () => {
    await play({
      ruleset: "classic",
      seats: 8,
      options: { deadKeepRead: true },
      assign: [
        ["mafia", "italians"],
        ["mafia", "italians"],
        ["mafia", "italians"],
        ["commissar"],
        ["sergeant"],
        ["doctor"],
        ["citizen"],
        ["citizen"],
      ],
      async silence(game) {
        await game.gmDo("modkill", ["p1"]);
        await game.gmDo("set_status", ["p3"], { status: "removed" });
        await game.gmDo("set_status", ["p5"], { status: "removed" });
        await game.resolve();
        await game.gmDo("set_status", ["p7"], { status: "beaten" });
        return "classic day 1: p1 dead, p3 and p5 removed, p7 beaten";
      },
      // The dead and the removed read the Italians' and the police's chats through read-only
      // copies (mirrors): nothing of theirs is left to removal there.
      byRemoval: [EDITS],
    });
  }, 240_000);

  it("clans: a dead member who may still write, one muted after his last post, the replaced account, the next phase, the end", async () => {
    await play({
      ruleset: "clans",
      seats: 12,
      async silence(game) {
        await game.gmDo("modkill", ["p1"]);
        await game.gmDo("modkill", ["p2"]);
        await game.gmDo("set_status", ["p2"], { status: "dead_muted" });
        return "clans prologue: p1 dead, p2 dead and muted";
      },
      // The game thread is written by everyone who has not lost his post (writeAudience "all"):
      // the muted dead's posts there are removed. His clan's chat he reads through a copy.
      byRemoval: [EDITS, /^chat:game-[^@\s]+@\S+ (send|mention|reply|forward)$/],
    });
  }, 240_000);

  it("mayor: dead, jailed, isolated, the replaced account, the next phase, the end", async () => {
    await play({
      ruleset: "mayor",
      seats: 6,
      async silence(game) {
        await game.gmDo("modkill", ["p1"]);
        await game.gmDo("set_status", ["p2"], { status: "jailed" });
        await game.gmDo("set_status", ["p3"], { status: "isolated" });
        await game.resolve();
        return "mayor: p1 dead, p2 jailed, p3 isolated";
      },
      byRemoval: [EDITS],
    });
  }, 240_000);

  it("reichstag: dead, the replaced account, the next phase, the end", async () => {
    await play({
      ruleset: "reichstag",
      seats: 6,
      async silence(game) {
        await game.gmDo("modkill", ["p1"]);
        return "reichstag: p1 dead";
      },
      byRemoval: [EDITS],
    });
  }, 240_000);

  it("regnum under appearances (its default): killed, underground, abroad, detained, the replaced account, the next phase, the end", async () => {
    await play({
      ruleset: "regnum",
      seats: 12,
      async silence(game) {
        await game.gmDo("kill", ["p1"]);
        await game.gmDo("set_status", ["p2"], { status: "underground", on: true });
        await game.gmDo("set_status", ["p3"], { status: "abroad", on: true });
        await game.gmDo("set_status", ["p4"], { status: "detained", on: true });
        return "regnum masked: p1 killed, p2 underground, p3 abroad, p4 detained";
      },
      // Players speak only through /say under appearances: nothing is left to removal.
      byRemoval: [],
    });
  }, 240_000);

  it("regnum (masks off): killed, underground, abroad, detained, the replaced account, the next phase, the end", async () => {
    await play({
      ruleset: "regnum",
      seats: 12,
      create: { masks: "off" },
      async silence(game) {
        await game.gmDo("kill", ["p1"]);
        await game.gmDo("set_status", ["p2"], { status: "underground", on: true });
        await game.gmDo("set_status", ["p3"], { status: "abroad", on: true });
        await game.gmDo("set_status", ["p4"], { status: "detained", on: true });
        return "regnum: p1 killed, p2 underground, p3 abroad, p4 detained";
      },
      // Statuses are secret in regnum (publicStatuses: false): no role follows them, so a
      // silenced seat's post in the public chat's thread of the phase is removed; secret chats
      // are read through read-only copies, as in classic.
      byRemoval: [EDITS, /^chat:general@\S+ (send|mention|reply|forward)$/],
    });
  }, 240_000);
});

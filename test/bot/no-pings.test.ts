import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats } from "../../src/db/schema/index.js";
import { contentOf, startHarness, textOf, type Harness } from "./harness.js";

/**
 * No pings, no spoofing, through the emulator with the real bot: players whose names carry a
 * right-to-left override, zero-width characters, `@everyone` and markdown are echoed cleaned and
 * escaped everywhere the bot names them, and a living player's `@everyone` in the town square
 * pings nobody.
 */

const NASTY = [
  { global: "Eve\u202Elive", shown: "Evelive" },
  { global: "Ze\u200Bro\u200D\uFEFFWidth", shown: "ZeroWidth" },
  { global: "@everyone", shown: "\\@everyone" },
  { global: "**md**", shown: "\\*\\*md\\*\\*" },
  { global: "Plain", shown: "Plain" },
];
const ROLES = [
  { role: "maniac" },
  { role: "mafia", faction: "italians" },
  { role: "doctor" },
  { role: "citizen" },
  { role: "citizen" },
];
const FORBIDDEN = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\u061C\uFEFF]/;

let h: Harness;
let gm: string;
let players: string[];
let gameId: string;

beforeAll(async () => {
  h = await startHarness(0);
  gm = h.guild.ownerId;
  players = NASTY.map((n, i) => {
    const account = h.emu.createUser(`user${i}`, { globalName: n.global });
    h.emu.addMember(h.guild.id, account.id);
    return account.id;
  });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function channelOf(key: string): Promise<string> {
  const [row] = await h.database.db
    .select()
    .from(chats)
    .where(and(eq(chats.gameId, gameId), inArray(chats.chatKey, [key, `chat:${key}`])));
  if (!row) throw new Error(`no channel ${key}`);
  return row.discordId;
}

describe("names the bot echoes, and pings", () => {
  it("the lobby list and the GM's receipts show every name cleaned and escaped", async () => {
    await h.slash(gm, "settings", { language: "en" });
    await h.slash(gm, "game create", { ruleset: "classic", name: "Names" });
    const [game] = await h.service.db.query.games.findMany();
    gameId = game?.id ?? "";
    for (const [i, user] of players.entries()) {
      await h.slash(user, "game join");
      const receipt = contentOf(await h.slash(gm, "game assign", { user, ...ROLES[i] }));
      expect(receipt).toContain(NASTY[i]?.shown);
      expect(receipt).not.toMatch(FORBIDDEN);
    }
    const status = textOf(await h.slash(gm, "game status"));
    for (const n of NASTY) expect(status).toContain(n.shown);
    expect(status).not.toMatch(FORBIDDEN);
    expect(status).not.toMatch(/(?<!\\)@everyone|(?<!\\)\*\*md/);
  }, 120_000);

  it("a living player's @everyone in the town square pings nobody", async () => {
    await h.slash(gm, "game start");
    await h.drain(gameId);
    await h.resolvePhase(gameId); // night 0 → day 1: the town square is open to the living
    const town = await h.talkChannel(gameId, "town");
    const speaker = players[4] ?? "";
    expect(h.emu.canSend(speaker, town)).toBe(true);
    const posted = h.emu.user(speaker).send(town, "@everyone @here wake up");
    expect(posted["mention_everyone"]).toBe(false);
  }, 120_000);

  it("the newspaper and the reveal name players cleaned and escaped, and never ping", async () => {
    await h.slash(gm, "game end");
    await h.drain(gameId);
    const newspaper = h.emu.messages(await channelOf("newspaper"));
    const text = newspaper.map((m) => String(m["content"])).join("\n");
    for (const n of NASTY) expect(text).toContain(n.shown);
    expect(text).not.toMatch(FORBIDDEN);
    expect(newspaper.every((m) => m["mention_everyone"] === false)).toBe(true);
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initialRngState } from "../../src/engine/rng.js";
import type { Lang } from "../../src/engine/types.js";
import { SimPlayers, type SimSeat } from "../../src/sandbox/players.js";
import { drainUntilDelivered } from "../support/discord.js";
import { collectShown, problems } from "../support/texts.js";
import { silentLog, startHarness, type Harness } from "./harness.js";

/**
 * What players read, through the real bot: a seeded game of every ruleset in English and in
 * Russian, played by simulated players (talk, /vote, the orders panel, /order) and resolved
 * phase by phase; everything the bot showed in the emulator (messages and their edits,
 * ephemeral answers, embeds, buttons, select options, autocomplete choices, modals, attachment
 * and channel names) is checked for raw ids and keys, the other language, empty fields and
 * mentions that do not render.
 */

const TABLES: [ruleset: string, seats: number, phases: number][] = [
  ["classic", 8, 8],
  ["clans", 12, 5],
  ["mayor", 5, 8],
  ["reichstag", 5, 10],
  ["regnum", 12, 3],
];

let h: Harness;
let gm: string;

beforeAll(async () => {
  h = await startHarness(12);
  gm = h.guild.ownerId;
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** The table's own words: member and seat names, the game's name. */
async function namesOf(gameId: string, name: string): Promise<Set<string>> {
  const words = new Set<string>(["Ja", "Nein"]);
  const add = (s: string) => {
    words.add(s);
    for (const w of s.split(/[\s,.]+/)) if (w) words.add(w);
  };
  add(name);
  for (const m of h.guild.members) add(m.username);
  for (const p of await h.service.players(gameId)) add(p.displayName);
  return words;
}

interface Played {
  problems: string[];
  /** What the simulated players did, by kind (talk, vote, order, refused). */
  did: Record<string, number>;
  shown: number;
}

/** A command with the patience of a busy machine (the harness's slash waits 5 s). */
const slash = (user: string, line: string, options: Record<string, unknown>) =>
  h.emu.user(user).slash(h.lobby, line, options).reply(60_000);

async function play(ruleset: string, seats: number, phases: number, lang: Lang): Promise<Played> {
  const shown = collectShown(h.emu);
  const name = lang === "ru" ? `Проверка ${ruleset}` : `Check ${ruleset}`;
  await slash(gm, "settings", { language: lang });
  await slash(gm, "game create", {
    ruleset,
    name,
  });
  const game = (await h.service.db.query.games.findMany()).find((g) => g.name === name);
  if (!game) throw new Error(`no game ${name}`);
  const members = h.guild.members.slice(0, seats);
  for (const m of members) await slash(m.id, "game join", { game: name });
  await slash(gm, "game start", { game: name });
  // Delivered as the worker delivers: waiting out Discord's rate limits.
  const settle = () => drainUntilDelivered({ db: h.database.db, rest: h.rest, log: silentLog }, game.id);
  await settle();
  const sim = new SimPlayers({
    emu: h.emu,
    db: h.database.db,
    service: h.service,
    gameId: game.id,
    lang,
    lobby: h.lobby,
  });
  await sim.init();
  const table: SimSeat[] = (await h.service.players(game.id)).map((p, i) => ({
    userId: p.userId,
    seatId: p.seatId,
    name: p.displayName,
    picker: { rng: initialRngState(1_000 + i) },
  }));
  const did: Record<string, number> = {};
  for (let n = 0; n < phases && (await h.service.game(game.id)).status === "running"; n++) {
    const phase = await h.service.currentPhase(game.id);
    if (!phase) break;
    if (process.env["TEXT_REPORT"]) console.log(`${ruleset} ${lang}: ${phase.label} ${JSON.stringify(did)}`);
    for (const seat of table)
      await sim.turn(seat, phase.index, (e) => (did[e.kind] = (did[e.kind] ?? 0) + 1));
    await settle();
    await h.resolvePhase(game.id);
    await settle();
  }
  if ((await h.service.game(game.id)).status !== "ended") {
    await slash(gm, "game end", { game: name });
    await settle();
  }
  const words = await namesOf(game.id, name);
  // Everything shown: what players read, and the GM room (setup card, phase status, drafts).
  const bad = new Set<string>();
  const all = shown.stop();
  for (const seen of all)
    for (const p of problems(seen, lang, words))
      bad.add(`${seen.where}: ${p} in «${seen.text.slice(0, 400)}»`);
  if (process.env["TEXT_REPORT"]) {
    const { appendFileSync } = await import("node:fs");
    appendFileSync(process.env["TEXT_REPORT"], `# ${ruleset} ${lang}\n${[...bad].join("\n")}\n`);
  }
  return { problems: [...bad], did, shown: all.length };
}

describe("what players read, through the bot, in both languages", () => {
  for (const [ruleset, seats, phases] of TABLES) {
    for (const lang of ["en", "ru"] as const) {
      it(`${ruleset} in ${lang === "en" ? "English" : "Russian"}: no raw id, key, other language, empty field or raw mention`, async () => {
        const played = await play(ruleset, seats, phases, lang);
        // The game was played: the players talked and gave orders, and voted where the rules vote.
        expect(played.did["talk"] ?? 0).toBeGreaterThan(0);
        expect(played.did["order"] ?? 0).toBeGreaterThan(0);
        if (ruleset !== "regnum") expect(played.did["vote"] ?? 0).toBeGreaterThan(0);
        expect(played.problems).toEqual([]);
      }, 900_000);
    }
  }
});

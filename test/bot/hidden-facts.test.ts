import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lang } from "../../src/engine/types.js";
import { eq } from "drizzle-orm";
import { games } from "../../src/db/schema/index.js";
import { seatNames } from "../../src/discord/masks/seat-names.js";
import { contentOf, startHarness } from "./harness.js";
import type { Harness, Json } from "./harness.js";
import { openTable, type Table } from "./tables.js";

/**
 * What a member is told depends only on what his seat may know (issue 30, docs/secrecy.md), as a
 * member meets it on Discord: two regnum games with the same table, in which the only difference
 * is a death the newspaper told as «A body was found.» without a name. The Assassin's /order menus
 * (actions and targets, in order), /game status and the bot's answers to the same orders — an
 * attack on the dead character taken, an order he may not give refused — read the same in both
 * games, with masks off (English) and under appearances (Russian).
 */

let h: Harness;

beforeAll(async () => {
  h = await startHarness(12);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** Every seat's role fixed by the GM, so that the two tables are the same: an Assassin and citizens. */
const ASSIGN: Record<number, Json> = Object.fromEntries(
  Array.from({ length: 12 }, (_, i) => [i + 1, { role: i === 0 ? "assassin" : "citizen" }]),
);

describe.each([
  ["en", "off"],
  ["ru", "appearances"],
] as const)("regnum in %s, masks %s: a death nobody identified", (lang: Lang, masks) => {
  let alive: Table;
  let dead: Table;
  const ASSASSIN = 1;
  /** The member whose character dies, and his seat. */
  const VICTIM = 5;
  let victimSeat = "";

  /** The Assassin's /order autocomplete: the actions, then the targets of `action`. */
  const menus = async (table: Table, action: string) => ({
    actions: await h.choices(table.user(ASSASSIN), "order", { game: table.name, action: "" }, "action"),
    targets: await h.choices(
      table.user(ASSASSIN),
      "order",
      { game: table.name, action, target: "" },
      "target",
    ),
  });

  it("two tables dealt the same; in the second the GM kills a character and the newspaper names nobody", async () => {
    const table = async (name: string) =>
      openTable(h, {
        lang,
        ruleset: "regnum",
        name,
        seats: 12,
        assign: ASSIGN,
        create: { masks },
        // The same public seed (as the sandbox's games have): the same seats, appearances and deal.
        inLobby: async () => {
          await h.database.db.update(games).set({ seed: 30 }).where(eq(games.name, name));
        },
      });
    alive = await table(`Alive ${masks}`);
    dead = await table(`Dead ${masks}`);
    victimSeat = (await h.service.players(dead.id)).find((p) => p.userId === dead.user(VICTIM))?.seatId ?? "";
    expect(contentOf(await dead.gmDoes("gm modkill", { player: dead.user(VICTIM) }))).not.toMatch(
      /^(Not accepted|Не принято)/,
    );
    await dead.drain();
    const victim = (await dead.state()).players.find((p) => p.id === victimSeat);
    expect(victim?.alive).toBe(false);
    expect(await dead.newspaper()).toContain(lang === "en" ? "A body was found." : "Найдено тело.");
  });

  it("the Assassin's /order menus are the same in both games, the dead character listed", async () => {
    const inAlive = await menus(alive, "assassin_attack");
    const inDead = await menus(dead, "assassin_attack");
    expect(inAlive.targets.length).toBe(11);
    expect(inDead).toEqual(inAlive);
  });

  it("/game status lists the same players in both games, none of them as dead", async () => {
    const listed = async (table: Table) => {
      const reply = await table.as(ASSASSIN, "game status");
      const fields = ((reply["embeds"] as Json[] | undefined)?.[0]?.["fields"] ?? []) as Json[];
      // The game's own name, id and deadline aside, the seats as the status lists them.
      return fields
        .filter((f) => /^(Players|Игроки|Alive|Живые|Dead|Погибшие) \(\d+\)$/.test(String(f["name"])))
        .map((f) => ({ name: String(f["name"]), value: String(f["value"]) }));
    };
    const inAlive = await listed(alive);
    expect(inAlive).toEqual([{ name: `${alive.tr("status.players")} (12)`, value: expect.any(String) }]);
    expect(await listed(dead)).toEqual(inAlive);
  });

  it("the same attack is taken in both games, and an order he may not give is refused with the same words", async () => {
    const answers = async (table: Table) => {
      // The victim as the Assassin's menu offers him (his name and its option value in this game).
      const target = (await seatNames(h.service.db, table.id)).valueOf(victimSeat);
      const attack = await table.as(ASSASSIN, "order", { action: "assassin_attack", target });
      const refused = await table.as(ASSASSIN, "order", { action: "palace_accept" });
      return { attack: contentOf(attack), refused: contentOf(refused) };
    };
    const inAlive = await answers(alive);
    const inDead = await answers(dead);
    expect(inAlive.attack).not.toMatch(/^(Not accepted|Не принято)/);
    expect(inAlive.refused).toMatch(/^(Not accepted|Не принято)/);
    expect(inDead).toEqual(inAlive);
  });
});

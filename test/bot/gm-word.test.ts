import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedRejection } from "../../src/engine/rejections.js";
import type { Lang } from "../../src/engine/types.js";
import { discordTime } from "../../src/games/time.js";
import { commandTexts } from "../../src/i18n/commands.js";
import { phaseName, rejectionText, t } from "../../src/i18n/index.js";
import { rulesets } from "../../src/rulesets/index.js";
import { contentOf, startHarness, textOf, type Harness, type Json } from "./harness.js";
import { openTable, type Table } from "./tables.js";

/**
 * The GM's word, shown where it counts, at once (issue 31 item 4), as a GM plays it in both
 * languages: the orders panels, the GM room and /game status follow /gm extend, pause and
 * resume; a status the rules do not know is refused with the list of those they know; a modkill
 * the rules defer says so, one they apply acts at once; nothing is published into an ended game
 * and its review card loses its buttons.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness(30);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** The message of seat `n`'s thread that carries components (his orders panel), latest first. */
async function panelOf(table: Table, n: number): Promise<Json> {
  const thread = await table.personal(n);
  const panel = h.emu
    .messages(thread)
    .filter((m) => Array.isArray(m["components"]) && (m["components"] as Json[]).length > 0)
    .at(-1);
  if (!panel) throw new Error(`no panel in seat ${n}'s thread`);
  return panel;
}

/** The GM room's status of the open phase (the latest message starting with its title). */
async function gmStatusOf(table: Table): Promise<string> {
  const room = await table.channel("gm");
  const phase = await h.service.currentPhase(table.id);
  const title = t(table.lang, "gmroom.status_title", {
    phase: phase ? phaseName(table.lang, phase.label) : "",
  });
  return (
    h.emu
      .messages(room)
      .map((m) => String(m["content"] ?? ""))
      .filter((c) => c.startsWith(title))
      .at(-1) ?? ""
  );
}

describe.each<Lang>(["en", "ru"])("the GM's word (%s)", (lang) => {
  const spec = (name: string, ruleset: string, seats: number, create: Json = {}) => ({
    lang,
    ruleset,
    name: `${name} ${lang}`,
    seats,
    create,
  });

  it("moves every panel, the GM room and /game status with /gm extend, pause and resume", async () => {
    const table = await openTable(h, { ...spec("Deadlines", "classic", 5) });
    await table.resolveUntil("day");
    await table.drain();
    const id = String((await panelOf(table, 1))["id"]);
    const before = (await h.service.currentPhase(table.id))?.deadlineAt;
    if (!before) throw new Error("day 1 has no deadline");

    expect(contentOf(await table.gmDoes("gm extend", { minutes: 90 }))).toContain(
      discordTime(new Date(before.getTime() + 90 * 60_000)),
    );
    await table.drain();
    const moved = discordTime(new Date(before.getTime() + 90 * 60_000));
    for (let n = 1; n <= 5; n++) expect(String((await panelOf(table, n))["content"])).toContain(moved);
    // The same message, edited in place: no second panel.
    expect(String((await panelOf(table, 1))["id"])).toBe(id);
    expect(await gmStatusOf(table)).toContain(moved);
    expect(textOf(await table.gmDoes("game status"))).toContain(moved);

    expect(contentOf(await table.gmDoes("gm pause"))).toBe(t(lang, "gm.paused"));
    await table.drain();
    const dayName = phaseName(lang, "day 1");
    expect(String((await panelOf(table, 2))["content"])).toBe(
      t(lang, "panel.header_paused", { phase: dayName }),
    );
    expect(await gmStatusOf(table)).toContain(t(lang, "gmroom.status_paused"));

    h.clock.advance(10 * 60_000);
    expect(contentOf(await table.gmDoes("gm resume"))).toBe(t(lang, "gm.resumed"));
    await table.drain();
    const resumed = (await h.service.currentPhase(table.id))?.deadlineAt;
    if (!resumed) throw new Error("no deadline after resume");
    expect(String((await panelOf(table, 3))["content"])).toContain(discordTime(resumed));
    expect(await gmStatusOf(table)).toContain(discordTime(resumed));
    expect(String((await panelOf(table, 1))["id"])).toBe(id);
    await h.service.end(table.id, table.gm);
  }, 180_000);

  it("refuses a status the rules do not know, naming those they do, and says when a modkill waits for the resolution", async () => {
    const table = await openTable(h, { ...spec("Statuses", "classic", 5) });
    const player = table.user(2);
    const refused = contentOf(await table.gmDoes("gm status set", { player, status: "sleepy" }));
    const known = "don, beaten, removed, protected, vest_broken, ambush_used, promoted";
    expect(refused).toBe(
      t(lang, "gm.rejected", {
        reason: rejectionText(
          lang,
          sharedRejection("classic", "unknown_status", "unknown_status", { status: "sleepy", known }),
        ),
      }),
    );
    const shown = (key: keyof typeof commandTexts) => commandTexts[key].name[lang];
    expect(contentOf(await table.gmDoes("gm status set", { player, status: "beaten" }))).toBe(
      t(lang, "gm.done", { action: `${shown("gm.status")} ${shown("gm.status.set")}` }),
    );
    // classic's rules kill a modkilled player at the resolution: the GM is told so, plainly.
    expect(contentOf(await table.gmDoes("gm modkill", { player: table.user(3) }))).toBe(
      t(lang, "gm.deferred", { action: shown("gm.modkill"), ruleset: rulesets["classic"]?.name[lang] ?? "" }),
    );
    expect((await table.state()).players.find((p) => p.id === "p3")?.alive).toBe(true);
    await table.force();
    expect((await table.state()).players.find((p) => p.id === "p3")?.alive).toBe(false);
    await h.service.end(table.id, table.gm);
  }, 180_000);

  it("applies a modkill at once where the rules do (reichstag), and announces it", async () => {
    const table = await openTable(h, { ...spec("Modkill", "reichstag", 5) });
    const reply = contentOf(await table.gmDoes("gm modkill", { player: table.user(4) }));
    expect(reply).toBe(t(lang, "gm.done", { action: commandTexts["gm.modkill"].name[lang] }));
    expect((await table.state()).players.find((p) => p.id === "p4")?.alive).toBe(false);
    await table.drain();
    const seat = (await h.service.players(table.id)).find((p) => p.seatId === "p4");
    expect(await table.newspaper()).toContain(seat?.displayName ?? "?");
    await h.service.end(table.id, table.gm);
  }, 180_000);

  it("publishes nothing into an ended game: a held draft stays unpublished and its card loses its buttons", async () => {
    const table = await openTable(h, { ...spec("Ended", "classic", 5, { publish: "review" }) });
    expect(contentOf(await table.gmDoes("gm force"))).toBe(t(lang, "gm.forced"));
    await h.resolvePhase(table.id);
    expect(contentOf(await table.gmDoes("gm hold"))).toBe(
      t(lang, "gm.held", { phase: phaseName(lang, "night 0") }),
    );
    await table.drain();
    expect(contentOf(await table.gmDoes("game end"))).toBe(t(lang, "game.ended_done", { name: table.name }));
    await table.drain();
    expect(contentOf(await table.gmDoes("gm publish"))).toBe(t(lang, "game.ended"));
    const room = await table.channel("gm");
    const cards = h.emu
      .messages(room)
      .filter((m) => String(m["content"] ?? "").includes(t(lang, "review.ended", { by: `<@${table.gm}>` })));
    expect(cards).toHaveLength(1);
    const components = (cards[0]?.["components"] ?? []) as Json[];
    expect(components).toEqual([]);
  }, 180_000);
});

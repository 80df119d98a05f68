import { Routes } from "discord.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chats, inputs } from "../../src/db/schema/index.js";
import { buildOrdersPanel, panelsForPhase } from "../../src/discord/panels.js";
import { t } from "../../src/i18n/index.js";
import { contentOf, isEphemeral, startHarness, textOf, type Harness, type Json } from "./harness.js";
import { seatNamesOf } from "../../src/discord/masks/seat-names.js";

/**
 * One whole classic game played through Discord: scripted users run slash commands and use
 * the orders panel in the emulator, the real discord.js client answers, the phases resolve by
 * the worker's path. Five seats: maniac, an Italian don, a doctor, two citizens.
 */

let h: Harness;
let gm: string;
let users: string[];
let gameId: string;
const ru = (key: string, params: Record<string, string | number> = {}) => t("ru", key, params);

beforeAll(async () => {
  h = await startHarness(6);
  gm = h.guild.ownerId;
  users = h.guild.members.map((m) => m.id);
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const u = (i: number) => users[i - 1] ?? "";
const seatName = (i: number) => `player${i}`;

async function personalThread(seat: string): Promise<string> {
  const [row] = await h.database.db
    .select()
    .from(chats)
    .where(eq(chats.chatKey, `personal:${seat}`));
  if (!row) throw new Error(`no thread for ${seat}`);
  return row.discordId;
}

async function chatChannel(key: string): Promise<string> {
  const [row] = await h.database.db
    .select()
    .from(chats)
    .where(eq(chats.chatKey, `chat:${key}`));
  if (!row) throw new Error(`no channel for ${key}`);
  return row.discordId;
}

async function inputCount(): Promise<number> {
  return (await h.database.db.select().from(inputs).where(eq(inputs.gameId, gameId))).length;
}

describe("a classic game through the emulator", () => {
  it("the GM sets Russian, creates the game; five players join; roles are assigned", async () => {
    const settings = await h.slash(gm, "settings", { language: "ru" });
    expect(contentOf(settings)).toContain("русский");
    const created = await h.slash(gm, "game create", { ruleset: "classic", name: "Ночной город" });
    expect(contentOf(created)).toBe(
      ru("game.created", { name: "Ночной город", ruleset: "Классическая мафия: два клана" }),
    );
    expect(isEphemeral(created)).toBe(false);
    const [game] = await h.service.db.query.games.findMany();
    if (!game) throw new Error("no game");
    gameId = game.id;
    for (let i = 1; i <= 5; i++) {
      const joined = await h.slash(u(i), "game join");
      expect(contentOf(joined)).toBe(ru("game.joined", { name: "Ночной город", seat: i }));
      expect(isEphemeral(joined)).toBe(true);
    }
    const again = await h.slash(u(1), "game join");
    expect(contentOf(again)).toBe(ru("game.already_joined"));
    const setups: [number, Json][] = [
      [1, { role: "maniac" }],
      [2, { role: "mafia", faction: "italians", options: '{"don": true}' }],
      [3, { role: "doctor" }],
      [4, { role: "citizen" }],
      [5, { role: "citizen" }],
    ];
    for (const [i, setup] of setups) {
      const reply = await h.slash(gm, "game assign", { user: u(i), ...setup });
      expect(contentOf(reply)).toContain(seatName(i));
    }
    // A player may not assign roles, nor start the game.
    const refused = await h.slash(u(3), "game assign", { user: u(3), role: "maniac" });
    expect(contentOf(refused)).toBe(ru("game.gm_only"));
    expect(contentOf(await h.slash(u(3), "game start"))).toBe(ru("game.gm_only"));
  });

  it("the GM starts the game; every player gets an own private thread nobody else reads", async () => {
    const started = await h.slash(gm, "game start");
    expect(contentOf(started)).toBe(ru("game.started", { name: "Ночной город", phase: "Ночь 0" }));
    // The bot asked the worker for a drain through the real queue.
    const waiting = await h.queue.getJobs(["waiting", "delayed", "prioritized"]);
    const drains = await h.outboxQueue.getJobs(["waiting", "delayed", "prioritized"]);
    expect(drains.some((j) => j.name === "outbox.drain")).toBe(true);
    expect(waiting.some((j) => j.name === "phase.resolve")).toBe(true);
    await h.drain(gameId);
    for (let i = 1; i <= 5; i++) {
      const thread = await personalThread(`p${i}`);
      for (let j = 1; j <= 6; j++) expect(h.emu.canView(u(j), thread)).toBe(i === j);
    }
  });

  it("/role shows each player only their own card", async () => {
    const maniac = textOf(await h.slash(u(1), "role"));
    expect(maniac).toContain("Маньяк");
    const don = textOf(await h.slash(u(2), "role"));
    expect(don).toContain("Мафия");
    expect(don).toContain("Итальянцы");
    const citizen = await h.slash(u(4), "role");
    expect(isEphemeral(citizen)).toBe(true);
    expect(textOf(citizen)).toContain("Мирный житель");
    expect(textOf(citizen)).not.toMatch(/Маньяк|Мафия|Врач/);
    const stranger = await h.slash(u(6), "role");
    expect(contentOf(stranger)).toBe(ru("game.not_player"));
  });

  it("night 0: autocomplete offers the maniac only valid targets; others are refused with the rule's reason", async () => {
    const kill = await h.choices(u(1), "order", { action: "kill", target: "" }, "target");
    expect(kill.map((c) => c.value).sort()).toEqual(["p2", "p3", "p4", "p5"]);
    expect(kill.map((c) => c.name)).toContain(seatName(2));
    const actions = await h.choices(u(1), "order", { action: "" }, "action");
    expect(actions.map((c) => c.value)).toContain("kill");
    // The doctor has nothing on night 0: the rules refuse, and nothing changes.
    const before = await h.service.state(gameId);
    const heal = await h.slash(u(3), "order", { action: "heal", target: "p4" });
    expect(contentOf(heal)).toBe(ru("order.rejected", { reason: "в нулевую ночь действует только маньяк" }));
    expect(await h.service.state(gameId)).toEqual(before);
    // An unknown action is refused with the list of what is open.
    const bogus = await h.slash(u(1), "order", { action: "fly", target: "p2" });
    expect(contentOf(bogus)).toContain("Это действие вам сейчас недоступно");
    // The maniac cannot kill himself.
    const self = await h.slash(u(1), "order", { action: "kill", target: "p1" });
    expect(contentOf(self)).toBe(ru("order.rejected", { reason: "маньяк не может убить себя" }));
  });

  it("night 0: the maniac orders through the panel in his own thread; a copy used by another acts only for that player", async () => {
    const thread = await personalThread("p1");
    const { actions } = await h.service.available(gameId, u(1));
    const names = new Map((await h.service.players(gameId)).map((p) => [p.seatId, p.displayName]));
    const deadline = (await h.service.currentPhase(gameId))?.deadlineAt;
    const panel = buildOrdersPanel("ru", actions, seatNamesOf(names, "off"), gameId, "night 0", deadline);
    // The phase's panels: exactly the seats with something to do, each to its own thread.
    const panels = await panelsForPhase(h.service, gameId);
    for (const p of panels) expect(p.chat).toMatch(/^personal:p[1-5]$/);
    expect(panels.every((p) => (p.body.components ?? []).length > 0)).toBe(true);
    expect(panels.find((p) => p.chat === "personal:p1")?.body).toEqual(panel);
    const posted = (await h.rest.post(Routes.channelMessages(thread), { body: panel })) as { id: string };
    const components = panel.components as { components: { custom_id: string }[] }[];
    const ids = components.flatMap((row) => row.components.map((c) => c.custom_id));
    const killId = ids.find((id) => id.endsWith(":kill")) ?? "";
    expect(killId).toContain(gameId);
    // Another player cannot even see the thread, let alone use its panel.
    expect(() => h.emu.user(u(3)).select(posted.id, killId, ["p2"])).toThrow();
    const receipt = await h.emu.user(u(1)).select(posted.id, killId, ["p2"]).reply();
    expect(contentOf(receipt as Json).split("\n")[0]).toBe(
      ru("order.accepted", { action: `Убить → ${seatName(2)}`, targets: "" }),
    );
    expect(isEphemeral(receipt as Json)).toBe(true);
    // A copy of the panel in a public channel: the doctor's use of it is judged as the doctor's own order.
    const copy = (await h.rest.post(Routes.channelMessages(h.lobby), { body: panel })) as { id: string };
    const count = await inputCount();
    const doctor = await h.emu.user(u(3)).select(copy.id, killId, ["p4"]).reply();
    expect(contentOf(doctor as Json)).toMatch(/^Не принято: /);
    expect(await inputCount()).toBe(count + 1);
    const orders = await h.slash(u(1), "orders");
    expect(contentOf(orders)).toBe(
      [
        ru("orders.header", { phase: "Ночь 0" }),
        ru("orders.line", { n: 1, action: `Убить → ${seatName(2)}`, targets: "" }),
      ].join("\n"),
    );
    expect(contentOf(await h.slash(u(3), "orders"))).toBe(ru("orders.none", { phase: "Ночь 0" }));
  });

  it("every GM command is refused to a non-GM, and changes nothing", async () => {
    const gmCommands: [string, Json][] = [
      ["gm modkill", { player: u(4) }],
      ["gm revive", { player: u(4) }],
      ["gm replace", { player: u(4), with: u(6) }],
      ["gm status set", { player: u(4), status: "silenced" }],
      ["gm status clear", { player: u(4), status: "silenced" }],
      ["gm extend", { minutes: 30 }],
      ["gm pause", {}],
      ["gm resume", {}],
      ["gm force", {}],
      ["gm publish", {}],
      ["gm hold", {}],
      ["gm edit", { text: "fake news" }],
      ["gm edit", {}],
      ["gm rerun", {}],
      ["gm order", { player: u(1), action: "kill", target: "p4" }],
      ["gm announce", { text: "fake news" }],
      ["game end", {}],
    ];
    const before = await h.service.state(gameId);
    const inputsBefore = await inputCount();
    const phaseBefore = await h.service.currentPhase(gameId);
    for (const who of [u(4), u(6)]) {
      for (const [line, options] of gmCommands) {
        const reply = await h.slash(who, line, options);
        expect(contentOf(reply), `${line} by ${who}`).toBe(ru("game.gm_only"));
        expect(isEphemeral(reply)).toBe(true);
      }
    }
    expect(await h.service.state(gameId)).toEqual(before);
    expect(await inputCount()).toBe(inputsBefore);
    expect((await h.service.currentPhase(gameId))?.deadlineAt).toEqual(phaseBefore?.deadlineAt);
    expect((await h.service.game(gameId)).status).toBe("running");
  });

  it("night 0 resolves: the don dies; the newspaper reports it", async () => {
    await h.resolvePhase(gameId);
    const state = await h.service.state(gameId);
    expect(state.phase).toEqual({ kind: "day", n: 1 });
    expect(state.players.find((p) => p.id === "p2")?.alive).toBe(false);
    const [newspaper] = await h.database.db.select().from(chats).where(eq(chats.chatKey, "newspaper"));
    const posts = h.emu.messages(newspaper?.discordId ?? "").map((m) => String(m["content"]));
    expect(posts.join("\n")).toContain(seatName(2));
  });

  it("day 1: the dead cannot vote, nobody votes for himself, autocomplete offers only the living others", async () => {
    const dead = await h.slash(u(2), "vote", { choice: "p1" });
    expect(contentOf(dead)).toBe(ru("order.rejected", { reason: "мёртвые не могут действовать" }));
    const self = await h.slash(u(3), "vote", { choice: "p3" });
    expect(contentOf(self)).toBe(ru("order.rejected", { reason: "нельзя голосовать против себя" }));
    const offered = await h.choices(u(3), "vote", { choice: "" }, "choice");
    expect(offered.map((c) => c.value).sort()).toEqual(["vote>p1", "vote>p4", "vote>p5"]);
    const typed = await h.choices(u(3), "vote", { choice: "player1" }, "choice");
    expect(typed).toEqual([{ name: `Голос за повешение → ${seatName(1)}`, value: "vote>p1" }]);
    // Status shows the dead don's revealed role only if the rules reveal it; never the living's.
    const status = textOf(await h.slash(u(4), "game status"));
    expect(status).toContain("День 1");
    expect(status).not.toMatch(/Маньяк|Врач/);
  });

  it("day 1: three votes hang the maniac; the live tally counts in correct Russian", async () => {
    const first = await h.slash(u(3), "vote", { choice: "p1" });
    expect(contentOf(first).split("\n")[0]).toBe(
      ru("order.accepted", { action: `Голос за повешение → ${seatName(1)}`, targets: "" }),
    );
    expect(textOf(first)).toContain(`${seatName(1)}: 1 голос`);
    const second = await h.slash(u(4), "vote", { choice: seatName(1) });
    expect(textOf(second)).toContain(`${seatName(1)}: 2 голоса`);
    const changed = await h.slash(u(4), "vote", { choice: "p5" });
    expect(contentOf(changed)).toBe(ru("order.rejected", { reason: "голос нельзя изменить" }));
    // In the player's own thread the game is found by the channel.
    const third = await h.slash(u(5), "vote", { choice: "vote>p1" }, await personalThread("p5"));
    expect(textOf(third)).toContain(`${seatName(1)}: 3 голоса`);
    // The vote is open (rules section 6): each vote is posted in the public vote thread as cast,
    // and one tally message is kept current there.
    await h.drain(gameId);
    const votes = await chatChannel("votes");
    const posted = h.emu.messages(votes).map((m) => String(m["content"]));
    expect(posted.filter((c) => c.startsWith("🗳"))).toEqual([
      ru("ballot.cast", { voter: seatName(3), vote: `против → ${seatName(1)}` }),
      ru("ballot.cast", { voter: seatName(4), vote: `против → ${seatName(1)}` }),
      ru("ballot.cast", { voter: seatName(5), vote: `против → ${seatName(1)}` }),
    ]);
    const tallies = posted.filter((c) => c.startsWith("📊"));
    expect(tallies).toHaveLength(1);
    expect(tallies[0]).toContain(
      `против → ${seatName(1)}: 3 голоса (${seatName(3)}, ${seatName(4)}, ${seatName(5)}) · L-0`,
    );
    expect(tallies[0]).toContain("День 1");
    await h.resolvePhase(gameId);
    const state = await h.service.state(gameId);
    expect(state.ended).toBe(true);
    expect(state.winners).toEqual(["town"]);
    expect((await h.service.game(gameId)).status).toBe("ended");
    const over = await h.slash(u(3), "vote", { choice: "p4" });
    expect(contentOf(over)).toBe(ru("game.ended"));
  });

  it("in English after /settings, refusals and status read in English", async () => {
    await h.slash(gm, "settings", { language: "en" });
    const status = textOf(await h.slash(u(4), "game status"));
    expect(status).toContain("over");
    const order = await h.slash(u(4), "order", { action: "vote", target: "p3" });
    expect(contentOf(order)).toBe(t("en", "game.ended"));
    await h.slash(gm, "settings", { language: "ru" });
  });
});

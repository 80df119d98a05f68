import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chats } from "../../src/db/schema/index.js";
import { drainOutbox } from "../../src/discord/outbox.js";
import { maskModeOf, setMaskMode } from "../../src/games/masks.js";
import { mirrorKey, parseChatKey, phaseThreadKey, talksInPhaseThreads } from "../../src/discord/layout.js";
import { phaseLabel } from "../../src/engine/types.js";
import { reconcileGame } from "../../src/discord/reconcile.js";
import { drawInt } from "../../src/engine/rng.js";
import type { AnyGameState } from "../../src/engine/types.js";
import { GameService } from "../../src/games/service.js";
import { rulesetOrThrow } from "../../src/games/state.js";
import type { Emulator } from "../../src/emulator/index.js";
import { createMigratedDatabase } from "../support/db.js";
import { emulatedGuild, silentLog } from "../support/discord.js";
import { ManualClock } from "../support/factories.js";

// A database per test: every emulator numbers its snowflakes from the same counter.
let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
beforeEach(async () => {
  database = await createMigratedDatabase();
});
afterEach(async () => {
  await database.drop();
});

const tableSize: Record<string, number> = { classic: 24, clans: 12, mayor: 8, reichstag: 7, regnum: 12 };

/** Checks Discord against the layout for every seat and every chat; returns the mismatches. */
async function entitlementMismatches(
  emu: Emulator,
  gameId: string,
  state: AnyGameState,
  userOf: Map<string, string>,
  spectator: string,
): Promise<string[]> {
  const game = await new GameService(database.db).game(gameId);
  const ruleset = rulesetOrThrow(game.ruleset);
  const rows = await database.db.select().from(chats).where(eq(chats.gameId, gameId));
  const idOf = new Map(rows.map((r) => [r.chatKey, r.discordId]));
  const kindOf = new Map(rows.map((r) => [r.chatKey, r.discordKind]));
  const problems: string[] = [];
  // Masked games (regnum by default): players speak only through /say, never directly.
  const masked = (await maskModeOf(database.db, gameId)) !== "off";
  for (const chat of ruleset.chatLayout(state)) {
    if (chat.purpose) continue;
    const channel = idOf.get(`chat:${chat.id}`);
    if (!channel) {
      problems.push(`${chat.id}: no Discord channel`);
      continue;
    }
    // Masked games read a thread-shaped chat through each reader's own mirror (docs/masks.md).
    const mirrored = masked && kindOf.get(`chat:${chat.id}`) === "thread";
    for (const p of state.players) {
      const user = userOf.get(p.id) ?? "";
      if (mirrored) {
        if (emu.canView(user, channel)) problems.push(`${chat.id}: ${p.id} sees the GMs' copy`);
        const mirror = idOf.get(mirrorKey(chat.id, p.id));
        const view = mirror !== undefined && emu.canView(user, mirror);
        const wantView = chat.readers.includes(p.id);
        if (view !== wantView) problems.push(`${chat.id}: ${p.id} mirror view ${view} want ${wantView}`);
        if (mirror !== undefined && emu.canSend(user, mirror))
          problems.push(`${chat.id}: ${p.id} posts directly`);
        continue;
      }
      // An unmasked game's public chat: players talk in the phase's thread, never in the channel.
      const threaded = talksInPhaseThreads(chat, state, ruleset, masked);
      const talk = threaded ? idOf.get(phaseThreadKey(chat.id, state.phase)) : channel;
      if (threaded && emu.canSend(user, channel)) problems.push(`${chat.id}: ${p.id} posts in the channel`);
      const view = emu.canView(user, channel);
      const send = talk !== undefined && emu.canSend(user, talk);
      const wantView = chat.readers.includes(p.id);
      const wantSend = chat.writers.includes(p.id) && !state.ended && !masked;
      if (view !== wantView) problems.push(`${chat.id}: ${p.id} view ${view} want ${wantView}`);
      if (send !== wantSend) problems.push(`${chat.id}: ${p.id} send ${send} want ${wantSend}`);
    }
    if (chat.kind === "secret" && emu.canView(spectator, channel))
      problems.push(`${chat.id}: spectator sees it`);
  }
  // Every phase thread but the current phase's is locked and archived: nothing in it can change.
  for (const row of rows) {
    const phase = parseChatKey(row.chatKey)?.phase;
    if (!phase || (phase === phaseLabel(state.phase) && game.status !== "ended")) continue;
    const meta = emu.channel(row.discordId)?.["thread_metadata"] as
      { archived?: boolean; locked?: boolean } | undefined;
    if (!meta?.archived || !meta.locked) problems.push(`${row.chatKey}: open after its phase`);
  }
  return problems;
}

async function playRuleset(
  rulesetId: string,
  mode?: "masks",
): Promise<{ phases: number; mismatches: string[] }> {
  const size = tableSize[rulesetId] ?? 8;
  const { emu, guild, rest, users } = await emulatedGuild(size + 2);
  try {
    const clock = new ManualClock();
    const service = new GameService(database.db, clock);
    const gm = users[size] ?? "";
    const spectator = users[size + 1] ?? "";
    const game = await service.create({
      guildId: guild.id,
      name: `${rulesetId} test`,
      ruleset: rulesetId,
      createdBy: gm,
      seed: 3,
    });
    if (mode) await setMaskMode(database.db, game.id, gm, mode);
    for (const user of users.slice(0, size)) await service.join(game.id, user, `name-${user}`);
    await service.start(game.id, gm);
    const deps = { db: database.db, rest, log: silentLog };
    await drainOutbox(deps, game.id);
    const seats = await service.players(game.id);
    const userOf = new Map(seats.map((s) => [s.seatId, s.userId]));
    const ruleset = rulesetOrThrow(rulesetId);
    const mismatches: string[] = [];
    const picker = { rng: [1, 2, 3, 4] };
    let phases = 0;
    for (; phases < 8; phases++) {
      let state = await service.state(game.id);
      if (state.ended) break;
      mismatches.push(
        ...(await entitlementMismatches(emu, game.id, state, userOf, spectator)).map(
          (m) => `${state.phase.kind} ${state.phase.n}: ${m}`,
        ),
      );
      for (const seat of seats) {
        const options = ruleset.availableActions(state, seat.seatId);
        if (options.length === 0) continue;
        const choice = options[drawInt(picker, 0, options.length - 1)];
        if (!choice) continue;
        const targets = [...choice.targets].slice(0, choice.minTargets);
        await service.submit(game.id, seat.userId, {
          action: choice.action,
          targets,
          params: choice.params ?? {},
        });
        state = await service.state(game.id);
      }
      const phase = await service.currentPhase(game.id);
      if (!phase) break;
      clock.advance(60_000);
      await service.resolveDue(game.id, phase.index, null);
      await drainOutbox(deps, game.id);
    }
    const last = await service.state(game.id);
    mismatches.push(...(await entitlementMismatches(emu, game.id, last, userOf, spectator)));
    return { phases, mismatches };
  } finally {
    await emu.close();
  }
}

describe("the reconciler makes Discord match the ruleset's chat layout", () => {
  for (const rulesetId of ["classic", "clans", "mayor", "reichstag", "regnum"]) {
    it(`${rulesetId}: after every phase, every seat can read and write exactly the chats the layout entitles`, async () => {
      const { phases, mismatches } = await playRuleset(rulesetId);
      expect(phases).toBeGreaterThan(0);
      expect(mismatches).toEqual([]);
    }, 120_000);
  }

  it("clans under masks: every reader reads each chat through a mirror of his own, the GMs' copy shows to no player", async () => {
    const { phases, mismatches } = await playRuleset("clans", "masks");
    expect(phases).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("heals a moderator's manual change at the next full reconcile", async () => {
    const { emu, guild, rest, users } = await emulatedGuild(7);
    try {
      const service = new GameService(database.db, new ManualClock());
      const gm = users[5] ?? "";
      const outsider = users[1] ?? "";
      const game = await service.create({
        guildId: guild.id,
        name: "drift",
        ruleset: "reichstag",
        createdBy: gm,
        seed: 1,
      });
      for (const user of users.slice(0, 5)) await service.join(game.id, user, `n-${user}`);
      await service.start(game.id, gm);
      const deps = { db: database.db, rest, log: silentLog };
      await drainOutbox(deps, game.id);
      const [personal] = await database.db
        .select()
        .from(chats)
        .where(and(eq(chats.gameId, game.id), eq(chats.chatKey, "personal:p1")));
      expect(personal).toBeDefined();
      // A moderator adds another player to p1's private thread.
      await rest.put(`/channels/${personal?.discordId}/thread-members/${outsider}`);
      expect(emu.canView(outsider, personal?.discordId ?? "")).toBe(true);
      await reconcileGame(deps, game.id, "full");
      expect(emu.canView(outsider, personal?.discordId ?? "")).toBe(false);
    } finally {
      await emu.close();
    }
  });
});

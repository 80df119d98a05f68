import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { drainOutbox } from "../../src/discord/outbox.js";
import { reconcileGame } from "../../src/discord/reconcile.js";
import type { Account, Emulator } from "../../src/emulator/index.js";
import { setMaskMode } from "../../src/games/masks.js";
import { GameService } from "../../src/games/service.js";
import { rulesetOrThrow } from "../../src/games/state.js";
import { createMigratedDatabase } from "../support/db.js";
import { silentLog } from "../support/discord.js";
import { ManualClock } from "../support/factories.js";
import { layoutMismatches } from "../support/layout-match.js";
import { memberGateway } from "../support/member-gateway.js";
import { startEmulator } from "../../src/emulator/index.js";
import { REST } from "@discordjs/rest";

/**
 * Issue 30, item 3: what every member can see — server roles, and the gateway events his own
 * client receives — tells nothing the rules keep hidden. Each case is watched through a
 * member's own gateway session, as his client would receive it.
 */

let database: Awaited<ReturnType<typeof createMigratedDatabase>>;
let emu: Emulator;
beforeEach(async () => {
  database = await createMigratedDatabase();
  emu = await startEmulator({ port: 0, strict: true });
});
afterEach(async () => {
  await emu.close();
  await database.drop();
});

/** Everything the gateway sent until now: waits for an event sent after the work's own. */
async function settled(guildId: string, watcher: { events: { t: string; d: Record<string, unknown> }[] }) {
  const sentinel = emu.createChannel(guildId, { name: "sentinel" });
  for (let i = 0; i < 200; i++) {
    if (watcher.events.some((e) => e.t === "CHANNEL_CREATE" && e.d["id"] === sentinel)) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the gateway never delivered the sentinel");
}

function world(members: number) {
  const guild = emu.createGuild({ name: "Forum", members });
  const rest = new REST({ api: emu.apiBase, retries: 1 }).setToken(emu.botToken);
  return { guild, deps: { db: database.db, rest, log: silentLog } };
}

describe("nothing public encodes a hidden status", () => {
  it("regnum with masks off: no member sees a server role change when a character goes underground or dies unidentified", async () => {
    const { guild, deps } = world(14);
    const [gm, watcher, ...players] = guild.members as [Account, Account, ...Account[]];
    const service = new GameService(database.db, new ManualClock());
    const game = await service.create({
      guildId: guild.id,
      name: "Regnum",
      ruleset: "regnum",
      createdBy: gm.id,
    });
    await setMaskMode(database.db, game.id, gm.id, "off");
    for (const p of players) await service.join(game.id, p.id, p.username);
    await service.start(game.id, gm.id);
    await drainOutbox(deps, game.id);
    expect(await layoutMismatches(database.db, emu, game.id)).toEqual([]);
    const rolesOf = () =>
      new Map(
        players.map((p) => [
          p.id,
          [...(emu.state.guilds.get(guild.id).members.get(p.id)?.roles ?? [])].sort(),
        ]),
      );
    const before = rolesOf();
    // Every seat holds the same one game role, whatever its status.
    expect(new Set([...before.values()].map((r) => r.join())).size).toBe(1);

    const gateway = await memberGateway(emu, watcher);
    try {
      const mark = gateway.events.length;
      const ruleset = rulesetOrThrow("regnum");
      let state = await service.state(game.id);
      const seats = await service.players(game.id);
      const hider = seats.find((s) =>
        ruleset.availableActions(state, s.seatId).some((a) => a.action === "go_underground"),
      );
      if (!hider) throw new Error("nobody may go underground on night 1");
      const hid = await service.submit(game.id, hider.userId, {
        action: "go_underground",
        targets: [],
        params: {},
      });
      expect(hid.value.accepted).toBe(true);
      state = await service.state(game.id);
      // The rules took the voice: the underground character no longer writes in the open general chat.
      const general = ruleset.chatLayout(state).find((c) => c.id === "general");
      expect(general?.writers.length).toBeGreaterThan(0);
      expect(general?.writers).not.toContain(hider.seatId);
      const victim = seats.find((s) => s.seatId !== hider.seatId);
      if (!victim) throw new Error("no victim");
      const killed = await service.gm(game.id, gm.id, {
        action: "kill",
        targets: [victim.seatId],
        params: { body: "burned" },
      });
      expect(killed.value.accepted).toBe(true);
      await drainOutbox(deps, game.id);
      await reconcileGame(deps, game.id, "full");
      expect(await layoutMismatches(database.db, emu, game.id)).toEqual([]);
      await settled(guild.id, gateway);

      expect(rolesOf()).toEqual(before);
      const seen = gateway.since(mark);
      const roleChanges = seen.filter(
        (e) =>
          e.t === "GUILD_MEMBER_UPDATE" && players.some((p) => (e.d["user"] as { id?: string })?.id === p.id),
      );
      expect(roleChanges).toEqual([]);
    } finally {
      gateway.close();
    }
  }, 120_000);

  for (const masks of ["off", "masks"] as const) {
    it(`after /gm replace (${masks === "off" ? "masks off" : "under masks"}), the replaced account receives no thread-member event naming its successor`, async () => {
      const { guild, deps } = world(8);
      const [gm, successor, ...players] = guild.members as [Account, Account, ...Account[]];
      const service = new GameService(database.db, new ManualClock());
      const game = await service.create({
        guildId: guild.id,
        name: "Town",
        ruleset: "classic",
        createdBy: gm.id,
      });
      await setMaskMode(database.db, game.id, gm.id, masks);
      const setups = [
        { role: "mafia", faction: "italians", don: true },
        { role: "mafia", faction: "italians" },
        { role: "doctor" },
        { role: "citizen" },
        { role: "citizen" },
      ];
      const seated = players.slice(0, setups.length);
      for (const [i, p] of seated.entries()) {
        await service.join(game.id, p.id, p.username);
        await service.assign(game.id, gm.id, p.id, setups[i] ?? {});
      }
      await service.start(game.id, gm.id);
      await drainOutbox(deps, game.id);
      // The second mafioso leaves: he reads the mafia's chat and his own thread.
      const replaced = seated[1];
      if (!replaced) throw new Error("no seat");
      const gateway = await memberGateway(emu, replaced);
      try {
        const mark = gateway.events.length;
        await service.replace(game.id, gm.id, replaced.id, successor.id, successor.username);
        await drainOutbox(deps, game.id);
        expect(await layoutMismatches(database.db, emu, game.id)).toEqual([]);
        await settled(guild.id, gateway);
        const naming = gateway
          .since(mark)
          .filter((e) => e.t.startsWith("THREAD_") && JSON.stringify(e.d).includes(successor.id));
        expect(naming).toEqual([]);
        if (masks !== "off") {
          // Masked: players hold no game role, so nothing at all names the successor.
          expect(gateway.since(mark).filter((e) => JSON.stringify(e.d).includes(successor.id))).toEqual([]);
        }
        // He was told he left: his own removals reached him.
        expect(gateway.since(mark).some((e) => e.t === "THREAD_MEMBERS_UPDATE")).toBe(true);
      } finally {
        gateway.close();
      }
    }, 120_000);
  }
});

import { REST } from "@discordjs/rest";
import { pino } from "pino";
import { createDatabase } from "../src/db/client.js";
import { migrateDatabase } from "../src/db/migrate.js";
import { desiredFor } from "../src/discord/reconcile.js";
import { drainOutbox } from "../src/discord/outbox.js";
import { startEmulator, type Emulator } from "../src/emulator/index.js";
import { GameService } from "../src/games/service.js";
import { createTestDatabase } from "../test/support/db.js";

/**
 * Discord calls per state change, counted by the emulator: a day↔night switch, and a death
 * that removes a player from k secret chats, against their lower bounds (a switch is one
 * role-level overwrite per public chat, and its thread of the phase made or closed, whatever the
 * table size; a death one call per chat
 * plus the role change: the dead role given and the living one taken, one call each, since a
 * member's role list is never written whole).
 */

const log = pino({ level: "silent" });
const PLAYERS = 24;

/** Calls the reconciler made (everything but posting messages) since the last reset. */
function membershipCalls(emu: Emulator): Record<string, number> {
  const counts = emu.requestCounts();
  const result: Record<string, number> = {};
  for (const [route, n] of Object.entries(counts)) {
    if (route.includes("/messages") || route.startsWith("GET /users/@me") || route.startsWith("GET /gateway"))
      continue;
    result[route] = n;
  }
  return result;
}
const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

export interface DiscordCallFigures {
  phase_switch: number;
  phase_switch_routes: Record<string, number>;
  death_in_k_chats: { k: number; calls: number };
}

export async function measureDiscordCalls(databaseUrl: string): Promise<DiscordCallFigures> {
  const database = createDatabase(databaseUrl);
  await migrateDatabase(database);
  const emu = await startEmulator({ port: 0, strict: true });
  try {
    const guild = emu.createGuild({ name: "bench", members: PLAYERS + 1 });
    const users = guild.members.map((m) => m.id);
    const gm = users[PLAYERS] ?? "";
    const rest = new REST({ api: emu.apiBase }).setToken(emu.botToken);
    const deps = { db: database.db, rest, log };
    const service = new GameService(database.db);
    const game = await service.create({
      guildId: guild.id,
      name: "bench",
      ruleset: "classic",
      createdBy: gm,
      seed: 5,
    });
    for (const user of users.slice(0, PLAYERS)) await service.join(game.id, user, `player-${user.slice(-4)}`);
    await service.start(game.id, gm);
    await drainOutbox(deps, game.id);
    const seats = await service.players(game.id);
    const resolveNow = async () => {
      const phase = await service.currentPhase(game.id);
      if (!phase) throw new Error("no open phase");
      await service.resolveDue(game.id, phase.index, null);
    };

    const userOf = (seatId: string) => seats.find((s) => s.seatId === seatId)?.userId ?? "";
    const dealt = await service.state(game.id);
    const maniac = dealt.players.find((p) => p.role === "maniac");
    const victim = dealt.players.find((p) => p.role === "mafia");
    const [c1, c2] = dealt.players.filter((p) => p.role === "citizen");
    if (!maniac || !victim || !c1 || !c2)
      throw new Error("the deal lacks a maniac, two citizens or a mafioso");
    // Everybody speaks and votes each day (else the rules remove them as missing).
    const dayOfVotes = async (target: string, fallback: string) => {
      for (const p of (await service.state(game.id)).players.filter((x) => x.alive)) {
        await service.submit(game.id, userOf(p.id), { action: "post", targets: [], params: {} });
        const against = p.id === target ? fallback : target;
        await service.submit(game.id, userOf(p.id), {
          action: "vote",
          targets: [against],
          params: { reason: "bench" },
        });
      }
    };

    await resolveNow(); // night 0 → day 1 (quiet)
    await drainOutbox(deps, game.id);
    await dayOfVotes(c1.id, c2.id);
    await resolveNow(); // day 1 → night 1: c1 is hanged (the dead chat opens)
    await drainOutbox(deps, game.id);

    // A night → day switch with no death: only the schedule changes.
    emu.resetRequestCounts();
    await resolveNow(); // night 1 → day 2
    await drainOutbox(deps, game.id);
    const switchRoutes = membershipCalls(emu);
    const phaseSwitch = total(switchRoutes);

    await dayOfVotes(c2.id, maniac.id);
    await resolveNow(); // day 2 → night 2: c2 is hanged
    await drainOutbox(deps, game.id);

    // A death: the maniac kills a clan member who sits in k secret chats.
    await service.submit(game.id, userOf(maniac.id), { action: "kill", targets: [victim.id], params: {} });
    const { layout: before } = await desiredFor(database.db, game.id);
    const k = before.threads.filter(
      (t) => t.key.startsWith("chat:") && t.members.includes(userOf(victim.id)),
    ).length;
    emu.resetRequestCounts();
    await resolveNow(); // night 2 → day 3
    await drainOutbox(deps, game.id);
    const afterDeath = membershipCalls(emu);
    const after = await service.state(game.id);
    if (
      after.players.find((p) => p.id === victim.id)?.alive !== false ||
      after.players.filter((p) => !p.alive).length !== 3
    ) {
      throw new Error("the measured night did not go as scripted");
    }
    // The night → day switch itself costs what a switch costs; the rest is the death's.
    const deathCalls = total(afterDeath) - phaseSwitch;

    return {
      phase_switch: phaseSwitch,
      phase_switch_routes: switchRoutes,
      death_in_k_chats: { k, calls: deathCalls },
    };
  } finally {
    await emu.close();
    await database.close();
  }
}

export async function benchDiscord(): Promise<Record<string, unknown>> {
  const fresh = await createTestDatabase();
  try {
    const figures = await measureDiscordCalls(fresh.url);
    return {
      "discord_calls.phase_switch": figures.phase_switch,
      "discord_calls.death_in_k_chats": figures.death_in_k_chats,
    };
  } finally {
    await fresh.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await benchDiscord(), null, 2)}\n`);
}

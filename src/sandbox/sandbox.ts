import { and, eq } from "drizzle-orm";
import { chats, phases } from "../db/schema/index.js";
import { factionName } from "../render/names.js";
import { seatNames as publicSeatNames } from "../discord/masks/seat-names.js";
import { offerValue } from "../discord/orders.js";
import type { Account, Emulator } from "../emulator/index.js";
import type { AvailableAction } from "../engine/ruleset.js";
import { drawInt, initialRngState, shuffle } from "../engine/rng.js";
import type { AnyGameState, Lang } from "../engine/types.js";
import { UserError } from "../games/errors.js";
import { countPending, type GameRow, type PhaseRow } from "../games/service.js";
import { rulesetOrThrow } from "../games/state.js";
import { joinList, phaseName, t } from "../i18n/index.js";
import { GM_ENDS_AFTER, gameOptionsFor, type SandboxOptions } from "./options.js";
import { startStack, type Stack, type StackOptions } from "./stack.js";

/**
 * The sandbox: a demo server in the emulator, the bot and the worker for real, and simulated
 * players who make legal seeded moves through the bot's slash commands. Everything the
 * terminal shows of the game is read back from the emulator's channels and threads.
 */

export type Out = (line: string) => void;

interface Counts {
  accepted: number;
  refused: number;
  votes: number;
}

export interface GameOutcome {
  seed: number;
  gameId: string;
  phases: number;
  winners: string[];
  endedBy: "rules" | "gm" | "guard";
  orders: { accepted: number; refused: number };
}

const NAMES = [
  "Anna",
  "Boris",
  "Vera",
  "Gleb",
  "Daria",
  "Egor",
  "Zoya",
  "Ivan",
  "Kira",
  "Lev",
  "Maria",
  "Nikita",
  "Olga",
  "Pavel",
  "Rita",
  "Semyon",
  "Taisia",
  "Ulyana",
  "Fedor",
  "Khariton",
  "Tsvetana",
  "Chesnok",
  "Shura",
  "Yakov",
  "Alisa",
  "Bogdan",
  "Valya",
  "Grisha",
  "Dina",
  "Emil",
  "Zhenya",
  "Inna",
];

/** Member names of the demo server: distinct, readable, as many as asked. */
export function playerNames(n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const base = NAMES[i % NAMES.length] ?? "Player";
    return i < NAMES.length ? base : `${base} ${Math.floor(i / NAMES.length) + 1}`;
  });
}

/** Moves a simulated player never makes: leaving the game ends a demo early for nobody's benefit. */
const NEVER = new Set(["leave"]);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type Json = Record<string, unknown>;

/** The visible text of a message: content, then embed titles, descriptions and fields. */
export function messageText(m: Json): string {
  const parts: string[] = [];
  if (typeof m["content"] === "string" && m["content"]) parts.push(m["content"]);
  const embeds = Array.isArray(m["embeds"]) ? (m["embeds"] as Json[]) : [];
  for (const e of embeds) {
    for (const k of ["title", "description"]) if (typeof e[k] === "string") parts.push(e[k]);
    const fields = Array.isArray(e["fields"]) ? (e["fields"] as Json[]) : [];
    for (const f of fields) parts.push(`${String(f["name"])}: ${String(f["value"])}`);
  }
  return parts.join("\n").replace(/\*\*/g, "");
}

/** Prints what the bot posts in the demo server, read back from the emulator. */
class Watcher {
  private readonly seen = new Map<string, number>();
  private labels = new Map<string, string>();
  newspaperId: string | undefined;

  constructor(
    private readonly emu: Emulator,
    private readonly stack: Stack,
    private readonly guildId: string,
    private readonly botId: string,
    private readonly names: ReadonlyMap<string, string>,
    private readonly out: Out,
    private readonly verbose: boolean,
  ) {}

  /** Channel labels of a game from the chats table (newspaper, GM room, personal threads, chats). */
  async learn(gameId: string): Promise<void> {
    const rows = await this.stack.database.db.select().from(chats).where(eq(chats.gameId, gameId));
    for (const row of rows) {
      if (row.discordKind !== "channel" && row.discordKind !== "thread") continue;
      const key = row.chatKey;
      let label: string;
      if (key === "newspaper") {
        label = "📰";
        this.newspaperId = row.discordId;
      } else if (key === "gm") label = "🎩 GM room";
      else if (key.startsWith("personal:")) label = `🔒 ${this.names.get(key.slice(9)) ?? key.slice(9)}`;
      else label = `💬 #${String(this.emu.channel(row.discordId)?.["name"] ?? key)}`;
      this.labels.set(row.discordId, label);
    }
  }

  /** Marks everything already there as seen (a new game in the same server). */
  skipExisting(): void {
    for (const ch of this.emu.guildChannels(this.guildId)) {
      const id = String(ch["id"]);
      this.seen.set(id, this.emu.messages(id).length);
    }
  }

  async flush(gameId: string): Promise<void> {
    let learned = false;
    for (const ch of this.emu.guildChannels(this.guildId)) {
      const id = String(ch["id"]);
      const from = this.seen.get(id) ?? 0;
      // Cheap check first: most channels have nothing new on most ticks.
      if ((this.emu.state.messages.byChannel.get(id)?.length ?? 0) <= from) continue;
      const messages = this.emu.messages(id);
      if (messages.length <= from) continue;
      this.seen.set(id, messages.length);
      if (!this.labels.has(id) && !learned) {
        await this.learn(gameId);
        learned = true;
      }
      const label = this.labels.get(id) ?? `#${String(ch["name"] ?? id)}`;
      for (const m of messages.slice(from)) {
        const author = m["author"] as Json | undefined;
        if (author?.["id"] !== this.botId) continue;
        if ((Number(m["flags"] ?? 0) & 64) === 64) continue;
        this.print(label, messageText(m));
      }
    }
  }

  private print(label: string, text: string): void {
    const lines = terminalTimes(text)
      .split("\n")
      .filter((l) => l.trim() !== "");
    if (lines.length === 0) return;
    if (label === "📰") {
      this.out(`📰 ${lines[0] ?? ""}`);
      for (const line of lines.slice(1)) this.out(`   ${line}`);
      return;
    }
    if (label.startsWith("🔒") && !this.verbose) {
      const joined = lines.join(" / ");
      this.out(`   ${label}: ${joined.length > 160 ? `${joined.slice(0, 157)}…` : joined}`);
      return;
    }
    this.out(`   ${label}: ${lines[0] ?? ""}`);
    for (const line of lines.slice(1)) this.out(`      ${line}`);
  }
}

/**
 * Discord timestamps (`<t:…:F> (<t:…:R>)`, which a Discord client shows in its reader's zone) as
 * the terminal can show them: the UTC time of day, to the second (sandbox phases last seconds).
 */
export function terminalTimes(text: string): string {
  const time = (s: string) => `${new Date(Number(s) * 1000).toISOString().slice(11, 19)} UTC`;
  return text
    .replace(/<t:(\d+):F> \(<t:\1:R>\)/g, (_, s: string) => time(s))
    .replace(/<t:(\d+):[a-zA-Z]>/g, (_, s: string) => time(s));
}

interface Seat {
  account: Account;
  seatId: string;
  name: string;
  picker: { rng: number[] };
}

export async function runSandbox(
  opts: SandboxOptions,
  out: Out = (line) => process.stdout.write(`${line}\n`),
  stackOpts: StackOptions = {},
): Promise<GameOutcome[]> {
  const names = playerNames(opts.players);
  let guildId = "";
  let lobby = "";
  let gm = "";
  let members: Account[] = [];
  const stack = await startStack({
    ...stackOpts,
    beforeLogin(emu) {
      const guild = emu.createGuild({
        name: "Sandbox",
        members: 0,
        locale: opts.lang === "ru" ? "ru" : "en-US",
      });
      guildId = guild.id;
      gm = guild.ownerId;
      lobby = emu.createChannel(guild.id, { name: "lobby" });
      members = names.map((name) => emu.createMember(guild.id, name));
      stackOpts.beforeLogin?.(emu);
    },
  });
  const ruleset = rulesetOrThrow(opts.ruleset);
  out(
    `GM Bot sandbox: ${ruleset.name[opts.lang]} (${ruleset.id}), ${opts.players} players, ${(opts.speedMs / 1000).toFixed(1)} s per phase, seed${opts.seeds.length > 1 ? "s" : ""} ${opts.seeds.join(", ")}`,
  );
  out(
    `   Discord emulator ${stack.emu.apiBase} · Postgres ${stack.embedded.postgres ? "embedded (PGlite, in memory)" : new URL(stack.databaseUrl).pathname.slice(1)} · ${stack.embedded.redis ? "private redis-server" : "Redis"} · BullMQ prefix ${stack.prefix}`,
  );
  const outcomes: GameOutcome[] = [];
  try {
    const settings = await slash(stack, gm, lobby, "settings", { language: opts.lang });
    if (!settings.ok) throw new Error(`/settings failed: ${settings.text}`);
    for (const seed of opts.seeds) {
      outcomes.push(await playGame(stack, opts, seed, { guildId, lobby, gm, members }, out));
    }
  } finally {
    await stack.close();
  }
  return outcomes;
}

/** A user's slash command through the emulator; the bot's answer. */
async function slash(
  stack: Stack,
  userId: string,
  channelId: string,
  line: string,
  options: Json = {},
): Promise<{ ok: boolean; text: string }> {
  try {
    const handle = stack.emu.user(userId).slash(channelId, line, options);
    const reply = (await withTimeout(handle.reply(30_000), 35_000, `/${line}`)) as Json;
    return { ok: true, text: messageText(reply) };
  } catch (error) {
    return { ok: false, text: (error as Error).message };
  }
}

async function playGame(
  stack: Stack,
  opts: SandboxOptions,
  seed: number,
  world: { guildId: string; lobby: string; gm: string; members: Account[] },
  out: Out,
): Promise<GameOutcome> {
  const { service, emu } = stack;
  const lang: Lang = opts.lang;
  const ruleset = rulesetOrThrow(opts.ruleset);
  const gameName = `Sandbox ${opts.ruleset} #${seed}`;
  const botId = stack.client.user?.id ?? "";

  // The GM creates the game with compressed deadlines (the sandbox's one shortcut past /game create).
  const game: GameRow = await service.create({
    guildId: world.guildId,
    name: gameName,
    ruleset: opts.ruleset,
    createdBy: world.gm,
    seed,
    options: gameOptionsFor(opts.ruleset, opts.players),
    phaseDurationMs: opts.speedMs,
    reminders: [],
  });
  out("");
  out(`═══ ${gameName} ═══`);
  const seats: Seat[] = [];
  for (const [i, account] of world.members.entries()) {
    const joined = await slash(stack, account.id, world.lobby, "game join", {});
    if (!joined.ok) throw new Error(`${account.username} could not join: ${joined.text}`);
    seats.push({
      account,
      seatId: `p${i + 1}`,
      name: account.username,
      picker: { rng: initialRngState(seed * 1_000 + i + 1) },
    });
  }
  out(`   ${seats.length} players joined with /game join: ${seats.map((s) => s.name).join(", ")}`);
  const seatNames = new Map(seats.map((s) => [s.seatId, s.name]));
  const watcher = new Watcher(emu, stack, world.guildId, botId, seatNames, out, opts.verbose);
  watcher.skipExisting();

  const started = await slash(stack, world.gm, world.lobby, "game start", {});
  if (!started.ok || (await service.game(game.id)).status === "lobby")
    throw new Error(`/game start failed: ${started.text}`);
  out(`   GM: /game start → ${started.text}`);
  const settle = async () => {
    for (let i = 0; i < 200; i++) {
      if ((await countPending(stack.database.db, game.id)) === 0) break;
      await sleep(100);
    }
    await watcher.flush(game.id);
  };
  // Setting up the server (channels, roles, a thread per player) takes longer than a compressed
  // phase: the GM pauses the clock until Discord shows it, as a GM would for a slow start.
  const paused = await slash(stack, world.gm, world.lobby, "gm pause", {});
  if (paused.ok && (await service.game(game.id)).status === "paused") {
    await settle();
    const resumed = await slash(stack, world.gm, world.lobby, "gm resume", {});
    out(`   GM: /gm pause until the server is set up, then /gm resume → ${resumed.text}`);
  }

  const refusedPrefix = t(lang, "order.rejected", { reason: "" }).trim();
  const acceptedPrefix = t(lang, "order.accepted", { action: "", targets: "" }).trim();
  const totals = { accepted: 0, refused: 0 };
  const gameStart = Date.now();
  let endedBy: GameOutcome["endedBy"] = "rules";
  let current: PhaseRow | undefined;
  let phaseCount = 0;
  let personal = new Map<string, string>();

  const alive = async (): Promise<AnyGameState["players"]> =>
    (await service.state(game.id)).players.filter((p) => p.alive);

  const progress = async (phase: PhaseRow, counts: Counts) => {
    const [resolved] = await stack.database.db
      .select()
      .from(phases)
      .where(and(eq(phases.gameId, game.id), eq(phases.index, phase.index)));
    const took = resolved?.resolvedAt
      ? ` after ${((resolved.resolvedAt.getTime() - phase.startedAt.getTime()) / 1000).toFixed(1)} s`
      : "";
    const living = (await alive()).length;
    out(
      `▸ ${phaseName(lang, phase.label)} resolved${took} · orders ${counts.accepted} accepted, ${counts.refused} refused · votes ${counts.votes} · alive ${living}/${seats.length}`,
    );
  };

  /** One seat's moves in a phase: a few distinct legal actions, chosen with its seeded PRNG. */
  const act = async (seat: Seat, phaseIndex: number, counts: Counts, say: Out) => {
    const used = new Set<string>();
    for (let step = 0; step < 4; step++) {
      if ((await service.currentPhase(game.id))?.index !== phaseIndex) return;
      const offers = (await service.available(game.id, seat.account.id)).actions.filter(
        (o) => !used.has(o.action) && !NEVER.has(o.action),
      );
      if (offers.length === 0) return;
      const actions = [...new Set(offers.map((o) => o.action))];
      const action = actions[drawInt(seat.picker, 0, actions.length - 1)] ?? "";
      const ofAction = offers.filter((o) => o.action === action);
      const offer = ofAction[drawInt(seat.picker, 0, ofAction.length - 1)] as AvailableAction;
      used.add(action);
      const n = offer.minTargets > 0 ? offer.minTargets : Math.min(offer.maxTargets, 1);
      const targets = shuffle(seat.picker, offer.targets).slice(0, n);
      // The values a player's autocomplete offers (opaque in masked games, e.g. regnum's appearances).
      const shown = await publicSeatNames(stack.database.db, game.id);
      const value = offerValue(offer, shown);
      let accepted: boolean;
      let receipt: string;
      if (targets.length <= 2 && value.length < 100) {
        const options: Json = { action: value };
        if (targets[0]) options["target"] = shown.valueOf(targets[0]);
        if (targets[1]) options["target2"] = shown.valueOf(targets[1]);
        const channel = personal.get(seat.seatId) ?? world.lobby;
        const reply = await slash(stack, seat.account.id, channel, "order", options);
        accepted = reply.ok && reply.text.startsWith(acceptedPrefix);
        receipt = reply.text.split("\n")[0] ?? "";
      } else {
        // More targets than /order has options for: the service directly, as the bot would submit it.
        const committed = await service.submit(game.id, seat.account.id, {
          action,
          targets,
          params: offer.params ?? {},
        });
        await stack.scheduler.afterCommit(game.id, committed);
        accepted = committed.value.accepted;
        receipt = accepted
          ? `${acceptedPrefix} ${action} → ${targets.map((x) => seatNames.get(x) ?? x).join(", ")}`
          : `${refusedPrefix} ${committed.value.rejection?.reason ?? ""}`;
      }
      if (accepted) counts.accepted++;
      else counts.refused++;
      const told = receipt.startsWith(acceptedPrefix) ? receipt.slice(acceptedPrefix.length).trim() : receipt;
      if (accepted && /vote|verdict|ballot/i.test(action)) {
        counts.votes++;
        say(`   🗳  ${seat.name}: ${told}`);
      } else if (opts.verbose || !accepted) {
        say(`   ✎ ${seat.name}: ${accepted ? told : receipt}`);
      }
    }
  };

  let previous: { phase: PhaseRow; counts: Counts } | undefined;
  for (;;) {
    const row = await service.game(game.id);
    if (row.status === "ended") break;
    const phase = await service.currentPhase(game.id);
    if (!phase || phase.index === current?.index) {
      await watcher.flush(game.id);
      await sleep(100);
      continue;
    }
    current = phase;
    phaseCount = phase.index + 1;
    // regnum ends only by the GM: after its usual span, or sooner when --max-phases says so.
    const byRule = GM_ENDS_AFTER[opts.ruleset];
    const gmEnd = byRule === undefined ? undefined : Math.min(byRule, opts.maxPhases);
    if ((gmEnd !== undefined && phase.index >= gmEnd) || phase.index >= opts.maxPhases) {
      await settle();
      if (previous) await progress(previous.phase, previous.counts);
      if (gmEnd !== undefined && phase.index >= gmEnd) {
        endedBy = "gm";
        out("");
        out(
          `── The GM ends the game after ${phase.index} phases (${ruleset.id}: the game ends only by the GM's end_game) ──`,
        );
        await gmEndGame(stack, game.id, world.gm, ruleset.gmActions["end_game"] !== undefined);
      } else {
        endedBy = "guard";
        out("");
        out(
          `⚠ max phases reached: ${opts.maxPhases} phases without an end; the GM ends the game (/game end). Raise it with --max-phases.`,
        );
        const ended = await slash(stack, world.gm, world.lobby, "game end", {});
        out(`   GM: /game end → ${ended.text}`);
      }
      previous = undefined;
      break;
    }
    personal = new Map(
      (await stack.database.db.select().from(chats).where(eq(chats.gameId, game.id)))
        .filter((c) => c.chatKey.startsWith("personal:"))
        .map((c) => [c.chatKey.slice(9), c.discordId]),
    );
    // Players act at once (the deadline is running); what they do is printed after the
    // previous phase's newspaper and results, which the worker is delivering meanwhile.
    const counts: Counts = { accepted: 0, refused: 0, votes: 0 };
    const buffered: string[] = [];
    let say: Out = (line) => buffered.push(line);
    const acting = (async () => {
      // In small groups at once, as people do; each seat's choices come from its own PRNG.
      for (let i = 0; i < seats.length; i += 6) {
        await Promise.all(seats.slice(i, i + 6).map((s) => act(s, phase.index, counts, (l) => say(l))));
      }
    })();
    await settle();
    if (previous) await progress(previous.phase, previous.counts);
    const living = (await alive()).length;
    out("");
    out(`── ${phaseName(lang, phase.label)} · phase ${phase.index + 1} · ${living}/${seats.length} alive ──`);
    for (const line of buffered) out(line);
    say = out;
    await acting;
    totals.accepted += counts.accepted;
    totals.refused += counts.refused;
    previous = { phase, counts };
  }
  await settle();
  if (previous) await progress(previous.phase, previous.counts);

  await settle();
  const final = await service.state(game.id);
  // The reveal in the newspaper: the worker posts it whenever a game ends (by the rules or the GM).
  const title = t(lang, "reveal.title", { name: gameName });
  await watcher.learn(game.id);
  const newspaper = watcher.newspaperId;
  if (newspaper) await emu.waitForMessage(newspaper, (m) => messageText(m).includes(title), 30_000);
  await settle();
  const winners = final.winners.map((w) => factionName(ruleset, lang, w));
  const seconds = ((Date.now() - gameStart) / 1000).toFixed(1);
  out("");
  out(
    `🏁 Winners: ${winners.length > 0 ? joinList(winners, lang) : "nobody"} — ${gameName} ended ${endedBy === "rules" ? "by the rules" : "by the GM"} after ${phaseCount} phases in ${seconds} s (orders: ${totals.accepted} accepted, ${totals.refused} refused)`,
  );
  return { seed, gameId: game.id, phases: phaseCount, winners: final.winners, endedBy, orders: totals };
}

/** The GM ends the game: the ruleset's own end_game where it has one, then /game end. */
async function gmEndGame(stack: Stack, gameId: string, gm: string, rulesetEnd: boolean): Promise<void> {
  if (rulesetEnd) {
    const committed = await stack.service.gm(gameId, gm, { action: "end_game", targets: [], params: {} });
    await stack.scheduler.afterCommit(gameId, committed);
  }
  try {
    const committed = await stack.service.end(gameId, gm);
    await stack.scheduler.afterCommit(gameId, committed);
  } catch (error) {
    // The deadline of the open phase may have resolved the ended state first: ended either way.
    if (!(error instanceof UserError && error.key === "game.ended")) throw error;
  }
}

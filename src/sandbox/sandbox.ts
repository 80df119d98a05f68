import { join } from "node:path";
import { and, eq, max } from "drizzle-orm";
import { chats, phases } from "../db/schema/index.js";
import { factionName } from "../render/names.js";
import type { Account, Emulator } from "../emulator/index.js";
import { initialRngState } from "../engine/rng.js";
import type { Lang } from "../engine/types.js";
import { UserError } from "../games/errors.js";
import { countPending, type GameRow, type PhaseRow } from "../games/service.js";
import { rulesetOrThrow } from "../games/state.js";
import { joinList, phaseName, t } from "../i18n/index.js";
import { GM_ENDS_AFTER, type SandboxOptions } from "./options.js";
import { messageText, SimPlayers, slash, type SimSeat, type TurnEvent } from "./players.js";
import { outputFolder, saveGame, type SavedGame } from "./save.js";
import { BENCH, listArchives, playSignups, printCommunity } from "./community.js";
import { startStack, type PostgresEvent, type Stack, type StackOptions } from "./stack.js";
import { sandboxTexts, type SandboxTexts } from "./texts.js";
import { gmWinners } from "./verdict.js";
import { pool } from "../runtime/pool.js";

export { messageText } from "./players.js";

/**
 * The sandbox: a demo server in the emulator, the bot and the worker for real, and simulated
 * players (src/sandbox/players.ts) who play as people do through the emulator: a short post in
 * the chats they may write in, `/vote` where their ruleset votes, and their orders from the
 * panel or with `/order`, every choice from a seeded PRNG per seat. Everything the terminal
 * shows of the game is read back from the emulator's channels: what a spectator follows (the
 * newspaper, the public chats' votes and tallies, who is out, the winners); each player's own
 * thread, the GM room and every receipt only with --verbose.
 */
export type Out = (line: string) => void;

interface Counts {
  posts: number;
  votes: number;
  accepted: number;
  refused: number;
}

export interface GameOutcome {
  seed: number;
  gameId: string;
  phases: number;
  winners: string[];
  endedBy: "rules" | "gm" | "guard";
  orders: { accepted: number; refused: number };
  posts: number;
  votes: number;
  /** Where its game-log.json was saved, and the verify command printed for it. */
  saved?: SavedGame;
  /** With --signups: the address of its archive, served by the sandbox's console. */
  archiveUrl?: string;
}

const NAMES: Record<Lang, string[]> = {
  en: [
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
  ],
  ru: [
    "Анна",
    "Борис",
    "Вера",
    "Глеб",
    "Дарья",
    "Егор",
    "Зоя",
    "Иван",
    "Кира",
    "Лев",
    "Мария",
    "Никита",
    "Ольга",
    "Павел",
    "Рита",
    "Семён",
    "Таисия",
    "Ульяна",
    "Фёдор",
    "Харитон",
    "Цветана",
    "Чеснок",
    "Шура",
    "Яков",
    "Алиса",
    "Богдан",
    "Валя",
    "Гриша",
    "Дина",
    "Эмиль",
    "Женя",
    "Инна",
  ],
};

/** Member names of the demo server: distinct, readable, in the demo's language, as many as asked. */
export function playerNames(n: number, lang: Lang = "en"): string[] {
  const names = NAMES[lang];
  return Array.from({ length: n }, (_, i) => {
    const base = names[i % names.length] ?? "Player";
    return i < names.length ? base : `${base} ${Math.floor(i / names.length) + 1}`;
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Json = Record<string, unknown>;

type ChatLabel =
  | { kind: "newspaper" }
  | { kind: "gm" }
  | { kind: "personal"; seatId: string }
  | { kind: "public" | "secret" | "mirror"; name: string };

/** Prints what the bot posts in the demo server, read back from the emulator. */
class Watcher {
  private readonly seen = new Map<string, number>();
  private readonly labels = new Map<string, ChatLabel>();
  /**
   * Public posts of the bot other than single votes (a day's tally, edited in place as votes
   * come), by message id: their channel and the text printed (undefined: not yet). They are
   * printed when the phase is over, in their final form, so a tally shows once, complete.
   */
  private readonly posts = new Map<string, { channel: string; text: string | undefined }>();
  newspaperId: string | undefined;
  /** Seat ids to the members' names (known once the game has dealt its seats). */
  names = new Map<string, string>();

  constructor(
    private readonly emu: Emulator,
    private readonly stack: Stack,
    private readonly guildId: string,
    private readonly botId: string,
    private readonly out: Out,
    private readonly verbose: boolean,
    private readonly texts: SandboxTexts,
  ) {}

  /** Channel labels of a game from the chats table (newspaper, GM room, personal threads, chats). */
  async learn(gameId: string): Promise<void> {
    const rows = await this.stack.database.db.select().from(chats).where(eq(chats.gameId, gameId));
    for (const row of rows) {
      if (row.discordKind !== "channel" && row.discordKind !== "thread") continue;
      const key = row.chatKey;
      const name = String(this.emu.channel(row.discordId)?.["name"] ?? key);
      let label: ChatLabel;
      if (key === "newspaper") {
        label = { kind: "newspaper" };
        this.newspaperId = row.discordId;
      } else if (key === "gm") label = { kind: "gm" };
      else if (key.startsWith("personal:")) label = { kind: "personal", seatId: key.slice(9) };
      else if (key.startsWith("mirror:")) label = { kind: "mirror", name };
      else label = { kind: row.discordKind === "channel" ? "public" : "secret", name };
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

  private title(label: ChatLabel | undefined, fallback: string): string | undefined {
    if (!label) return this.verbose ? `#${fallback}` : undefined;
    switch (label.kind) {
      case "newspaper":
        return "📰";
      case "public":
        return `💬 #${label.name}`;
      case "gm":
        return this.verbose ? `🎩 ${this.texts.gmRoom}` : undefined;
      case "personal":
        return this.verbose ? `🔒 ${this.names.get(label.seatId) ?? label.seatId}` : undefined;
      case "secret":
        return this.verbose ? `🤫 ${label.name}` : undefined;
      // A masked chat's copy for one reader: the same posts as the chat itself.
      case "mirror":
        return undefined;
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
      const label = this.labels.get(id);
      const title = this.title(label, String(ch["name"] ?? id));
      if (title === undefined) continue;
      for (const m of messages.slice(from)) {
        const author = m["author"] as Json | undefined;
        if (author?.["id"] !== this.botId) continue;
        if ((Number(m["flags"] ?? 0) & 64) === 64) continue;
        const text = messageText(m);
        // A vote as cast is in the day's tally too: each one only with --verbose.
        if (label?.kind === "public" && !text.startsWith("🗳")) {
          this.posts.set(String(m["id"]), { channel: id, text: undefined });
          continue;
        }
        if (label?.kind === "public" && !this.verbose) continue;
        // The phase's tally before the newspaper that publishes its outcome.
        if (label?.kind === "newspaper") this.publicPosts();
        this.print(title, text);
      }
    }
  }

  /** Mentions as a Discord client renders them: `<@id>` as the member's name. */
  private mentions(text: string): string {
    return text.replace(/<@!?(\d+)>/g, (raw, id: string) => {
      const name = this.emu.state.users.byId.get(id)?.username;
      return name ? `@${name}` : raw;
    });
  }

  /** The public posts of a phase now over (a tally in its final form), and any edited since. */
  publicPosts(): void {
    const byChannel = new Map<string, Json[]>();
    for (const [id, was] of this.posts) {
      let messages = byChannel.get(was.channel);
      if (!messages) {
        messages = this.emu.messages(was.channel);
        byChannel.set(was.channel, messages);
      }
      const now = messages.find((m) => String(m["id"]) === id);
      if (!now) continue;
      const text = messageText(now);
      if (text === was.text) continue;
      const label = this.labels.get(was.channel);
      if (label?.kind !== "public") continue;
      this.print(`💬 #${label.name}${was.text === undefined ? "" : ` (${this.texts.updated})`}`, text);
      this.posts.set(id, { channel: was.channel, text });
    }
  }

  private print(title: string, text: string): void {
    const lines = terminalTimes(this.mentions(text))
      .split("\n")
      .filter((l) => l.trim() !== "");
    if (lines.length === 0) return;
    if (title === "📰") {
      this.out(`📰 ${lines[0] ?? ""}`);
      for (const line of lines.slice(1)) this.out(`   ${line}`);
      return;
    }
    this.out(`   ${title}: ${lines[0] ?? ""}`);
    for (const line of lines.slice(1)) this.out(`      ${line}`);
  }
}

/**
 * Discord timestamps (`<t:…:F> (<t:…:R>)`, which a Discord client shows in its reader's zone) as
 * the terminal can show them: the UTC time of day, to the second (sandbox phases last seconds), or
 * the UTC date where Discord shows a date.
 */
export function terminalTimes(text: string): string {
  const time = (s: string) => `${new Date(Number(s) * 1000).toISOString().slice(11, 19)} UTC`;
  return (
    text
      .replace(/<t:(\d+):F> \(<t:\1:R>\)/g, (_, s: string) => time(s))
      // A date alone (`/stats`' last game) as a date.
      .replace(/<t:(\d+):[dD]>/g, (_, s: string) => new Date(Number(s) * 1000).toISOString().slice(0, 10))
      .replace(/<t:(\d+):[a-zA-Z]>/g, (_, s: string) => time(s))
  );
}

/**
 * Plays the sandbox's games and closes everything it started. With --signups the console serves
 * the archives once the games are over until `hold` resolves (the CLI: at Ctrl+C); without
 * `hold` it closes at once.
 */
export async function runSandbox(
  opts: SandboxOptions,
  out: Out = (line) => process.stdout.write(`${line}\n`),
  stackOpts: StackOptions = {},
  hold?: (outcomes: GameOutcome[]) => Promise<void>,
): Promise<GameOutcome[]> {
  // With sign-ups, members beyond the table press Join too and land on the bench.
  const names = playerNames(opts.players + (opts.signups ? BENCH : 0), opts.lang);
  const texts = sandboxTexts(opts.lang);
  let guildId = "";
  let lobby = "";
  let gm = "";
  let members: Account[] = [];
  const ruleset = rulesetOrThrow(opts.ruleset);
  out(
    texts.header({
      ruleset: ruleset.name[opts.lang],
      id: ruleset.id,
      players: opts.players,
      seconds: (opts.speedMs / 1000).toFixed(1),
      seeds: opts.seeds,
    }),
  );
  // Before the wait: an embedded Postgres takes about 20 s to start.
  const postgresLine = (event: PostgresEvent): string => {
    switch (event.kind) {
      case "embedded":
        return texts.postgres.embeddedStarting(event);
      case "embedded-ready":
        return texts.postgres.embeddedReady(event.seconds);
      case "created":
        return texts.postgres.created(event);
      case "recreated":
        return texts.postgres.recreated(event);
    }
  };
  const stack = await startStack({
    onPostgres: (event) => out(postgresLine(event)),
    ...(opts.signups ? { console: true } : {}),
    ...stackOpts,
    beforeLogin(emu) {
      const guild = emu.createGuild({
        name: opts.lang === "ru" ? "Песочница" : "Sandbox",
        members: 0,
        locale: opts.lang === "ru" ? "ru" : "en-US",
      });
      guildId = guild.id;
      gm = guild.ownerId;
      lobby = emu.createChannel(guild.id, { name: opts.lang === "ru" ? "лобби" : "lobby" });
      members = names.map((name) => emu.createMember(guild.id, name));
      stackOpts.beforeLogin?.(emu);
    },
  });
  out(
    texts.stack({
      emulator: stack.emu.apiBase,
      postgres: new URL(stack.databaseUrl).pathname.slice(1),
      embeddedPg: stack.embedded.postgres,
      redis: stack.embedded.redis,
      prefix: stack.prefix,
    }),
  );
  const outcomes: GameOutcome[] = [];
  try {
    const settings = await slash(stack.emu, gm, lobby, "settings", { language: opts.lang });
    if (!settings.ok) throw new Error(`/settings failed: ${settings.text}`);
    if (opts.signups) await listArchives(stack, gm, lobby, texts, out);
    const folder = await outputFolder(opts.outDir);
    for (const seed of opts.seeds) {
      const outcome = await playGame(stack, opts, seed, { guildId, lobby, gm, members }, out);
      // Each game's files in the folder, or a folder of its own per seed when there are several.
      const dir = opts.seeds.length > 1 ? join(folder, `seed-${seed}`) : folder;
      outcome.saved = await saveGame(stack.database.db, outcome.gameId, dir);
      out(
        texts.saved({
          dir,
          files: ["game-log.json", "game-log.txt", ...(outcome.saved.secret ? ["secret.txt"] : [])],
        }),
      );
      out(texts.check(outcome.saved.command));
      if (opts.signups) {
        const { archiveUrl } = await printCommunity(
          stack,
          outcome.gameId,
          { lobby, members },
          texts,
          out,
          terminalTimes,
        );
        outcome.archiveUrl = archiveUrl;
      }
      outcomes.push(outcome);
    }
    if (opts.signups && stack.consoleUrl && hold) {
      out("");
      out(texts.signups.serving(stack.consoleUrl));
      await hold(outcomes);
    }
  } finally {
    await stack.close();
  }
  return outcomes;
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
  const texts = sandboxTexts(lang);
  const ruleset = rulesetOrThrow(opts.ruleset);
  const gameName = texts.gameName(opts.ruleset, seed);
  const botId = stack.client.user?.id ?? "";
  const gmSlash = (line: string) => slash(emu, world.gm, world.lobby, line);

  // The GM creates the game with compressed deadlines (the sandbox's one shortcut past /game create).
  const game: GameRow = await service.create({
    guildId: world.guildId,
    name: gameName,
    ruleset: opts.ruleset,
    createdBy: world.gm,
    seed,
    // No options: every ruleset deals a default setup for the table's size (classic's defaultRoles).
    options: {},
    phaseDurationMs: opts.speedMs,
    reminders: [],
    // With sign-ups the table is capped so that the last members to join land on the bench.
    ...(opts.signups ? { maxPlayers: opts.players } : {}),
  });
  out("");
  out(`═══ ${gameName} ═══`);
  const watcher = new Watcher(emu, stack, world.guildId, botId, out, opts.verbose, texts);
  if (opts.signups) {
    watcher.skipExisting();
    await playSignups(stack, game, world, texts, out, terminalTimes);
  } else {
    for (const account of world.members) {
      const joined = await slash(emu, account.id, world.lobby, "game join");
      if (!joined.ok) throw new Error(`${account.username} could not join: ${joined.text}`);
    }
    out(texts.joined(world.members.map((m) => m.username)));
    watcher.skipExisting();
    const started = await gmSlash("game start");
    if (!started.ok || (await service.game(game.id)).status === "lobby")
      throw new Error(`/game start failed: ${started.text}`);
    out(texts.started(started.text));
  }
  // The deal numbers the seats (a seeded shuffle in some rulesets, so seat p1 need not be the
  // first to join): each member plays the seat the game gave them, with a PRNG of their own.
  const order = new Map(world.members.map((m, i) => [m.id, i]));
  const seats: SimSeat[] = (await service.players(game.id)).map((p) => ({
    userId: p.userId,
    seatId: p.seatId,
    name: p.displayName,
    picker: { rng: initialRngState(seed * 1_000 + (order.get(p.userId) ?? 0) + 1) },
  }));
  watcher.names = new Map(seats.map((s) => [s.seatId, s.name]));
  // Who left the game is said of the character and its player («A4 (Иван)»): under appearances a
  // double may take a dead character's appearance, and «A4» alone would seem to rise again.
  const accountOf = new Map(world.members.map((m) => [m.id, m.username]));
  const nameOf = new Map(
    seats.map((s) => {
      const account = accountOf.get(s.userId);
      return [s.seatId, account && account !== s.name ? `${s.name} (${account})` : s.name];
    }),
  );
  const settle = async () => {
    for (let i = 0; i < 200; i++) {
      if ((await countPending(stack.database.db, game.id)) === 0) break;
      await sleep(100);
    }
    await watcher.flush(game.id);
  };
  // Setting up the server (channels, roles, a thread per player) takes longer than a compressed
  // phase: the GM pauses the clock until Discord shows it, as a GM would for a slow start.
  const paused = await gmSlash("gm pause");
  if (paused.ok && (await service.game(game.id)).status === "paused") {
    await settle();
    const resumed = await gmSlash("gm resume");
    out(texts.resumed(resumed.text));
  }

  const sim = new SimPlayers({
    emu,
    db: stack.database.db,
    service,
    gameId: game.id,
    lang,
    lobby: world.lobby,
  });
  await sim.init();

  const totals: Counts = { posts: 0, votes: 0, accepted: 0, refused: 0 };
  const gameStart = Date.now();
  let endedBy: GameOutcome["endedBy"] = "rules";
  let current: PhaseRow | undefined;
  let phaseCount = 0;

  const aliveNow = async (): Promise<Set<string>> =>
    new Set((await service.state(game.id)).players.filter((p) => p.alive).map((p) => p.id as string));
  let living = await aliveNow();

  const progress = async (phase: PhaseRow, counts: Counts) => {
    const [resolved] = await stack.database.db
      .select()
      .from(phases)
      .where(and(eq(phases.gameId, game.id), eq(phases.index, phase.index)));
    const took = resolved?.resolvedAt
      ? ((resolved.resolvedAt.getTime() - phase.startedAt.getTime()) / 1000).toFixed(1)
      : undefined;
    watcher.publicPosts();
    const now = await aliveNow();
    const gone = [...living].filter((id) => !now.has(id)).map((id) => nameOf.get(id) ?? id);
    living = now;
    if (gone.length > 0) out(texts.out(gone));
    out(
      texts.progress({
        phase: phaseName(lang, phase.label),
        took,
        ...counts,
        alive: now.size,
        seats: seats.length,
      }),
    );
  };

  /** What a seat did, counted; the seat's own receipts and posts are printed with --verbose. */
  const report = (counts: Counts, say: Out) => (e: TurnEvent) => {
    if (e.kind === "talk") counts.posts++;
    else if (e.kind === "vote") counts.votes++;
    else if (e.kind === "order") counts.accepted++;
    else counts.refused++;
    if (!opts.verbose) return;
    const mark = { talk: "💬", vote: "🗳", order: "✎", refused: "✗" }[e.kind];
    say(`   ${mark} ${e.seat.name}${e.chatName ? ` → ${e.chatName}` : ""}: ${e.text}`);
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
    const missed = phase.index - (current ? current.index + 1 : 0);
    current = phase;
    phaseCount = phase.index + 1;
    // The previous phase's newspaper and results first: players read them before they act.
    await settle();
    if (previous) await progress(previous.phase, previous.counts);
    previous = undefined;
    if (missed > 0) out(texts.skipped(missed));
    // regnum ends only by the GM: after its usual span, or sooner when --max-phases says so.
    const byRule = GM_ENDS_AFTER[opts.ruleset];
    const gmEnd = byRule === undefined ? undefined : Math.min(byRule, opts.maxPhases);
    if (gmEnd !== undefined && phase.index >= gmEnd) {
      endedBy = "gm";
      phaseCount = phase.index;
      out("");
      out(texts.gmEnds({ phases: phase.index, ruleset: ruleset.id }));
      await gmEndGame(stack, game.id, world.gm, ruleset.gmActions["end_game"] !== undefined);
      break;
    }
    if (phase.index >= opts.maxPhases) {
      endedBy = "guard";
      phaseCount = phase.index; // the phases played; the one just opened is ended unplayed
      out("");
      out(texts.guard(opts.maxPhases));
      const ended = await gmSlash("game end");
      out(texts.gmEnd(ended.text));
      break;
    }
    out("");
    out(
      texts.phase({
        phase: phaseName(lang, phase.label),
        n: phase.index + 1,
        alive: living.size,
        seats: seats.length,
      }),
    );
    // Every player's turn, side by side (each seat's choices from its own PRNG).
    const counts: Counts = { posts: 0, votes: 0, accepted: 0, refused: 0 };
    await pool(seats, 6, (seat) => sim.turn(seat, phase.index, report(counts, out)));
    // Every player has acted: the GM closes the phase now, as forum GMs do, rather than wait
    // for the deadline (which the worker fires if the players are slower than --speed).
    // Not when the rules already closed it (clans, reichstag: once everyone required has acted,
    // the deadline moves to now): a force then would close the next phase unplayed.
    const open = await service.currentPhase(game.id);
    if (
      (await service.game(game.id)).status === "running" &&
      open?.index === phase.index &&
      open.deadlineAt !== null &&
      open.deadlineAt.getTime() > Date.now() + 1_000
    ) {
      const forced = await gmSlash("gm force");
      if (opts.verbose) out(texts.gmForce(forced.text));
    }
    for (const k of ["posts", "votes", "accepted", "refused"] as const) totals[k] += counts[k];
    previous = { phase, counts };
  }
  await settle();
  if (previous) await progress(previous.phase, previous.counts);
  // Phases the worker resolved after the last one the players played (a --speed shorter than
  // their turns): the count is the game's, not the loop's.
  if (endedBy === "rules") {
    const [last] = await stack.database.db
      .select({ index: max(phases.index) })
      .from(phases)
      .where(eq(phases.gameId, game.id));
    const played = (last?.index ?? -1) + 1;
    if (played > phaseCount) {
      out(texts.skipped(played - phaseCount));
      phaseCount = played;
    }
  }

  await settle();
  const final = await service.state(game.id);
  // The reveal in the newspaper: the worker posts it whenever a game ends (by the rules or the GM).
  const title = t(lang, "reveal.title", { name: gameName });
  await watcher.learn(game.id);
  const newspaper = watcher.newspaperId;
  if (newspaper) await emu.waitForMessage(newspaper, (m) => messageText(m).includes(title), 30_000);
  await settle();
  const winners = final.winners.map((w) => factionName(ruleset, lang, w));
  out("");
  out(
    texts.finish({
      winners: winners.length > 0 ? joinList(winners, lang) : texts.nobody,
      game: gameName,
      byRules: endedBy === "rules",
      phases: phaseCount,
      seconds: ((Date.now() - gameStart) / 1000).toFixed(1),
      ...totals,
    }),
  );
  return {
    seed,
    gameId: game.id,
    phases: phaseCount,
    winners: final.winners,
    endedBy,
    orders: { accepted: totals.accepted, refused: totals.refused },
    posts: totals.posts,
    votes: totals.votes,
  };
}

/** The GM ends the game: the ruleset's own end_game where it has one, then /game end. */
async function gmEndGame(stack: Stack, gameId: string, gm: string, rulesetEnd: boolean): Promise<void> {
  if (rulesetEnd) {
    const game = await stack.service.game(gameId);
    const winners = gmWinners(game.ruleset, await stack.service.state(gameId));
    const committed = await stack.service.gm(gameId, gm, {
      action: "end_game",
      targets: [],
      params: winners ? { winners } : {},
    });
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

import type { Lang } from "../engine/types.js";
import { formatMessage, type MessageArgs } from "../engine/messages.js";
import { commandTexts } from "../i18n/commands.js";
import { t } from "../i18n/index.js";

/** A slash command as a member of a server in `lang` sees it ("/game join", «/игра войти»). */
export function commandLine(lang: Lang, key: string): string {
  const parts = key.split(".");
  const texts = commandTexts as Record<string, { name: Record<Lang, string> } | undefined>;
  return `/${parts.map((_, i) => texts[parts.slice(0, i + 1).join(".")]?.name[lang] ?? parts[i]).join(" ")}`;
}

/**
 * The sandbox's own terminal lines (what it says around the bot's posts), in the language of
 * the demo (`--lang`): a Russian demo prints no English. The bot's texts come from its catalogs.
 * Every line is an ICU message (docs/i18n.md "Message format"); `sandboxTexts` computes the
 * arguments (lists joined, commands as the server names them, yes/no for a select) and the
 * message says the words.
 */
export interface SandboxTexts {
  header(p: { ruleset: string; id: string; players: number; seconds: string; seeds: number[] }): string;
  stack(p: {
    emulator: string;
    postgres: string;
    embeddedPg: boolean;
    redis: boolean;
    prefix: string;
  }): string;
  gameName(ruleset: string, seed: number): string;
  joined(names: string[]): string;
  started(answer: string): string;
  resumed(answer: string): string;
  phase(p: { phase: string; n: number; alive: number; seats: number }): string;
  progress(p: {
    phase: string;
    took: string | undefined;
    posts: number;
    votes: number;
    accepted: number;
    refused: number;
    alive: number;
    seats: number;
  }): string;
  out(names: string[]): string;
  /** Phases the worker closed by their deadline while the players were still acting (a short --speed). */
  skipped(count: number): string;
  gmEnds(p: { phases: number; ruleset: string }): string;
  guard(maxPhases: number): string;
  gmEnd(answer: string): string;
  /** The GM closes a phase once everyone has acted (`--verbose`). */
  gmForce(answer: string): string;
  updated: string;
  gmRoom: string;
  nobody: string;
  finish(p: {
    winners: string;
    game: string;
    byRules: boolean;
    phases: number;
    seconds: string;
    posts: number;
    votes: number;
    accepted: number;
    refused: number;
  }): string;
  /** Where the finished game's files are, and the command that checks it (run as printed). */
  saved(p: { dir: string; files: string[] }): string;
  check(command: string): string;
  /** The community's journey (`--signups`, src/sandbox/community.ts). */
  signups: {
    opened(p: { when: string; min: number; max: number }): string;
    joined(names: string[]): string;
    bench(p: { name: string; answer: string }): string;
    closed(when: string): string;
    archive(url: string): string;
    /** The GM's `/settings public_archives`, and the bot's answer about the listing. */
    listing(answer: string): string;
    stats(p: { name: string; server: boolean }): string;
    serving(url: string): string;
  };
  /** What the sandbox does about Postgres before the game: which database, embedded or created. */
  postgres: {
    embeddedStarting(p: { server: string; refused: string | undefined }): string;
    embeddedReady(seconds: string): string;
    created(p: { name: string; server: string; admin: string }): string;
    recreated(p: { name: string; server: string }): string;
  };
}

type Key =
  | "header"
  | "stack"
  | "gameName"
  | "joined"
  | "started"
  | "resumed"
  | "phase"
  | "progress"
  | "out"
  | "skipped"
  | "gmEnds"
  | "guard"
  | "gmEnd"
  | "gmForce"
  | "updated"
  | "gmRoom"
  | "nobody"
  | "finish"
  | "saved"
  | "check"
  | "signups.opened"
  | "signups.joined"
  | "signups.bench"
  | "signups.closed"
  | "signups.archive"
  | "signups.listing"
  | "signups.stats"
  | "signups.serving"
  | "postgres.embeddedStarting"
  | "postgres.embeddedReady"
  | "postgres.created"
  | "postgres.recreated";

/** The sandbox's lines in English. `{command}` is a slash command as the server names it. */
const en: Record<Key, string> = {
  header:
    "GM Bot sandbox: {ruleset} ({id}), {players} players, {seconds, number, ::.0} s per phase, {seedCount, plural, =1 {seed} other {seeds}} {seeds}",
  stack:
    "   Discord emulator {emulator} · Postgres {embeddedPg, select, yes {embedded (PGlite, in memory)} other {{postgres}}} · {redis, select, yes {private redis-server} other {Redis}} · BullMQ prefix {prefix}",
  gameName: "Sandbox {ruleset} #{seed}",
  joined: "   {count, plural, one {# player} other {# players}} joined with {command}: {names}",
  started: "   GM: {command} → {answer}",
  resumed: "   GM: {pause} until the server is set up, then {resume} → {answer}",
  phase: "── {phase} · phase {n} · {alive}/{seats} alive ──",
  progress:
    "▸ {phase} resolved{timed, select, yes { after {took, number, ::.0} s} other {}} · posts {posts} · votes {votes} · orders {accepted} accepted, {refused} refused · alive {alive}/{seats}",
  out: "   ✝ Out of the game: {names}",
  skipped:
    "   ⏩ {count, plural, one {# more phase} other {# more phases}} closed by the deadline before the players could act (--speed is shorter than their turns)",
  gmEnds:
    "── The GM ends the game after {phases, plural, one {# phase} other {# phases}} ({ruleset}: the game ends only by the GM's end_game) ──",
  guard:
    "⚠ max phases reached: {max, plural, one {# phase} other {# phases}} without an end; the GM ends the game ({command}). Raise it with --max-phases.",
  gmEnd: "   GM: {command} → {answer}",
  gmForce: "   GM: {command} → {answer}",
  updated: "updated",
  gmRoom: "GM room",
  nobody: "nobody",
  finish:
    "🏁 Winners: {winners} — {game} ended {byRules, select, yes {by the rules} other {by the GM}} after {phases, plural, one {# phase} other {# phases}} in {seconds, number, ::.0} s (posts {posts}, votes {votes}, orders: {accepted} accepted, {refused} refused)",
  saved: "📁 Saved in {dir}: {files}",
  check: "🔎 Check the game: {command}",
  "signups.opened":
    "   GM: sign-ups open until {when}, at least {min} and at most {max, plural, one {# player} other {# players}} at the table, the rest on the bench of substitutes",
  "signups.joined":
    "   {count, plural, one {# member} other {# members}} pressed “{button}” on the sign-up post and took a seat: {names}",
  "signups.bench": "   {name} pressed “{button}” too → {answer}",
  "signups.closed": "   The sign-ups closed at {when} and the game started by itself:",
  "signups.archive": "📜 The game's archive (no sign-in, any browser): {url}",
  "signups.listing": "📚 GM: {command} → {answer}",
  "signups.stats": "📊 {name}: {command} →",
  "signups.serving": "🌐 The console serves the archive at {url} until you stop the sandbox (Ctrl+C).",
  "postgres.embeddedStarting":
    "   Postgres: {refusedBy, select, yes {{server} refused the sandbox ({refused})} other {none answers at {server}}}; starting an embedded one (PGlite, in memory, gone at exit); this takes up to about 20 s…",
  "postgres.embeddedReady": "   Postgres: the embedded one is up after {seconds, number, ::.0} s",
  "postgres.created":
    "   Postgres: {server} has no database {admin}; the sandbox's own database {name} was created there (through the postgres database)",
  "postgres.recreated": "   Postgres: the sandbox's own database {name} on {server}, created afresh",
};

/** The same in Russian, as a forum's host writes it: «после 2 фаз», «1,8 с». */
const ru: Record<Key, string> = {
  header:
    "Песочница бота-ведущего: {ruleset}, игроков: {players}, фаза — {seconds, number} с, {seedCount, plural, =1 {зерно} other {зёрна}} {seeds}",
  stack:
    "   Эмулятор Discord {emulator} · Postgres {embeddedPg, select, yes {встроенный (PGlite, в памяти)} other {{postgres}}} · {redis, select, yes {свой redis-server} other {Redis}} · префикс BullMQ {prefix}",
  gameName: "Песочница №{seed}",
  joined: "   Записались через {command} ({count}): {names}",
  started: "   Ведущий: {command} → {answer}",
  resumed: "   Ведущий: {pause}, пока сервер готовится, затем {resume} → {answer}",
  phase: "── {phase} · фаза {n} · живых {alive}/{seats} ──",
  progress:
    "▸ {phase}: итоги{timed, select, yes { через {took, number, ::.0} с} other {}} · сообщений {posts} · голосов {votes} · приказов принято {accepted}, отклонено {refused} · живых {alive}/{seats}",
  // Present tense: one seat or several, of any gender.
  out: "   ✝ {count, plural, =1 {Выбывает} other {Выбывают}} из игры: {names}",
  skipped:
    "   ⏩ Ещё {count, plural, one {# фаза закрылась} few {# фазы закрылись} many {# фаз закрылись} other {# фазы закрылись}} по сроку, прежде чем игроки успели сходить (--speed короче их ходов)",
  gmEnds:
    "── Ведущий завершает игру после {phases, plural, one {# фазы} other {# фаз}} (по этим правилам игру завершает только ведущий) ──",
  guard:
    "⚠ предел фаз: {max, plural, one {# фаза} few {# фазы} many {# фаз} other {# фазы}} без конца игры; ведущий завершает её ({command}). Поднимите предел: --max-phases.",
  gmEnd: "   Ведущий: {command} → {answer}",
  gmForce: "   Ведущий: {command} → {answer}",
  updated: "обновлено",
  gmRoom: "комната ведущих",
  nobody: "никто",
  finish:
    "🏁 Победители: {winners} — «{game}» {byRules, select, yes {окончена по правилам} other {завершена ведущим}} после {phases, plural, one {# фазы} other {# фаз}}, за {seconds, number, ::.0} с (сообщений {posts}, голосов {votes}, приказов принято {accepted}, отклонено {refused})",
  saved: "📁 Сохранено в {dir}: {files}",
  check: "🔎 Проверить игру: {command}",
  "signups.opened":
    "   Ведущий открывает запись до {when}: за столом не меньше {min} и не больше {max, plural, one {# игрока} other {# игроков}}, остальные — в запас",
  "signups.joined": "   Нажали «{button}» под постом записи и сели за стол ({count}): {names}",
  "signups.bench": "   {name} тоже нажимает «{button}» → {answer}",
  "signups.closed": "   Запись закрылась в {when}, и игра началась сама:",
  "signups.archive": "📜 Архив игры (без входа, в любом браузере): {url}",
  "signups.listing": "📚 Ведущий: {command} → {answer}",
  "signups.stats": "📊 {name}: {command} →",
  "signups.serving": "🌐 Консоль показывает архив по адресу {url}, пока вы не остановите песочницу (Ctrl+C).",
  "postgres.embeddedStarting":
    "   Postgres: {refusedBy, select, yes {{server} не пускает песочницу ({refused})} other {на {server} никто не отвечает}}; запускается встроенный (PGlite, в памяти, исчезнет при выходе); это занимает до 20 с…",
  "postgres.embeddedReady": "   Postgres: встроенный запущен за {seconds, number, ::.0} с",
  "postgres.created":
    "   Postgres: на {server} нет базы {admin}; собственная база песочницы {name} создана там (через базу postgres)",
  "postgres.recreated": "   Postgres: собственная база песочницы {name} на {server}, создана заново",
};

const MESSAGES: Record<Lang, Record<Key, string>> = { en, ru };

/** A select's choice for a flag. */
const yes = (flag: boolean): string => (flag ? "yes" : "no");

export function sandboxTexts(lang: Lang): SandboxTexts {
  const say = (key: Key, args: MessageArgs = {}) => formatMessage(lang, MESSAGES[lang][key], args);
  const command = (key: string) => commandLine(lang, key);
  return {
    header: (p) =>
      say("header", {
        ruleset: p.ruleset,
        id: p.id,
        players: p.players,
        seconds: Number(p.seconds),
        seedCount: p.seeds.length,
        seeds: p.seeds.join(", "),
      }),
    stack: (p) =>
      say("stack", {
        emulator: p.emulator,
        postgres: p.postgres,
        embeddedPg: yes(p.embeddedPg),
        redis: yes(p.redis),
        prefix: p.prefix,
      }),
    // The seed as typed (a number argument would be written "1,234").
    gameName: (ruleset, seed) => say("gameName", { ruleset, seed: String(seed) }),
    joined: (names) =>
      say("joined", { count: names.length, names: names.join(", "), command: command("game.join") }),
    started: (answer) => say("started", { command: command("game.start"), answer }),
    resumed: (answer) => say("resumed", { pause: command("gm.pause"), resume: command("gm.resume"), answer }),
    phase: (p) => say("phase", p),
    progress: (p) =>
      say("progress", {
        phase: p.phase,
        timed: yes(p.took !== undefined),
        took: Number(p.took ?? 0),
        posts: p.posts,
        votes: p.votes,
        accepted: p.accepted,
        refused: p.refused,
        alive: p.alive,
        seats: p.seats,
      }),
    out: (names) => say("out", { count: names.length, names: names.join(", ") }),
    skipped: (count) => say("skipped", { count }),
    gmEnds: (p) => say("gmEnds", p),
    guard: (max) => say("guard", { max, command: command("game.end") }),
    gmEnd: (answer) => say("gmEnd", { command: command("game.end"), answer }),
    gmForce: (answer) => say("gmForce", { command: command("gm.force"), answer }),
    updated: say("updated"),
    gmRoom: say("gmRoom"),
    nobody: say("nobody"),
    finish: (p) => say("finish", { ...p, byRules: yes(p.byRules), seconds: Number(p.seconds) }),
    saved: (p) => say("saved", { dir: p.dir, files: p.files.join(", ") }),
    check: (command) => say("check", { command }),
    signups: {
      opened: (p) => say("signups.opened", p),
      joined: (names) =>
        say("signups.joined", {
          count: names.length,
          names: names.join(", "),
          button: t(lang, "signup.join"),
        }),
      bench: (p) => say("signups.bench", { ...p, button: t(lang, "signup.join") }),
      closed: (when) => say("signups.closed", { when }),
      archive: (url) => say("signups.archive", { url }),
      listing: (answer) =>
        say("signups.listing", {
          command: `${command("settings")} ${commandTexts["opt.public_archives"].name[lang]}`,
          answer,
        }),
      stats: (p) =>
        say("signups.stats", { name: p.name, command: command(p.server ? "stats.server" : "stats.member") }),
      serving: (url) => say("signups.serving", { url }),
    },
    postgres: {
      embeddedStarting: (p) =>
        say("postgres.embeddedStarting", {
          server: p.server,
          refusedBy: yes(p.refused !== undefined),
          refused: p.refused ?? "",
        }),
      embeddedReady: (seconds) => say("postgres.embeddedReady", { seconds: Number(seconds) }),
      created: (p) => say("postgres.created", p),
      recreated: (p) => say("postgres.recreated", p),
    },
  };
}

import type { Lang } from "../engine/types.js";
import { countRu, formatNumber } from "../engine/grammar.js";
import { commandTexts } from "../i18n/commands.js";

/** A slash command as a member of a server in `lang` sees it ("/game join", «/игра войти»). */
export function commandLine(lang: Lang, key: string): string {
  const parts = key.split(".");
  const texts = commandTexts as Record<string, { name: Record<Lang, string> } | undefined>;
  return `/${parts.map((_, i) => texts[parts.slice(0, i + 1).join(".")]?.name[lang] ?? parts[i]).join(" ")}`;
}

/**
 * The sandbox's own terminal lines (what it says around the bot's posts), in the language of
 * the demo (`--lang`): a Russian demo prints no English. The bot's texts come from its catalogs.
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
  /** What the sandbox does about Postgres before the game: which database, embedded or created. */
  postgres: {
    embeddedStarting(p: { server: string; refused: string | undefined }): string;
    embeddedReady(seconds: string): string;
    created(p: { name: string; server: string; admin: string }): string;
    recreated(p: { name: string; server: string }): string;
  };
}

const en: SandboxTexts = {
  header: (p) =>
    `GM Bot sandbox: ${p.ruleset} (${p.id}), ${p.players} players, ${p.seconds} s per phase, seed${p.seeds.length > 1 ? "s" : ""} ${p.seeds.join(", ")}`,
  stack: (p) =>
    `   Discord emulator ${p.emulator} · Postgres ${p.embeddedPg ? "embedded (PGlite, in memory)" : p.postgres} · ${p.redis ? "private redis-server" : "Redis"} · BullMQ prefix ${p.prefix}`,
  gameName: (ruleset, seed) => `Sandbox ${ruleset} #${seed}`,
  joined: (names) => `   ${names.length} players joined with /game join: ${names.join(", ")}`,
  started: (answer) => `   GM: /game start → ${answer}`,
  resumed: (answer) => `   GM: /gm pause until the server is set up, then /gm resume → ${answer}`,
  phase: (p) => `── ${p.phase} · phase ${p.n} · ${p.alive}/${p.seats} alive ──`,
  progress: (p) =>
    `▸ ${p.phase} resolved${p.took ? ` after ${p.took} s` : ""} · posts ${p.posts} · votes ${p.votes} · orders ${p.accepted} accepted, ${p.refused} refused · alive ${p.alive}/${p.seats}`,
  out: (names) => `   ✝ Out of the game: ${names.join(", ")}`,
  gmEnds: (p) =>
    `── The GM ends the game after ${p.phases} phases (${p.ruleset}: the game ends only by the GM's end_game) ──`,
  guard: (max) =>
    `⚠ max phases reached: ${max} phases without an end; the GM ends the game (/game end). Raise it with --max-phases.`,
  gmEnd: (answer) => `   GM: /game end → ${answer}`,
  gmForce: (answer) => `   GM: /gm force → ${answer}`,
  updated: "updated",
  gmRoom: "GM room",
  nobody: "nobody",
  finish: (p) =>
    `🏁 Winners: ${p.winners} — ${p.game} ended ${p.byRules ? "by the rules" : "by the GM"} after ${p.phases} phases in ${p.seconds} s (posts ${p.posts}, votes ${p.votes}, orders: ${p.accepted} accepted, ${p.refused} refused)`,
  saved: (p) => `📁 Saved in ${p.dir}: ${p.files.join(", ")}`,
  check: (command) => `🔎 Check the game: ${command}`,
  postgres: {
    embeddedStarting: (p) =>
      `   Postgres: ${p.refused === undefined ? `none answers at ${p.server}` : `${p.server} refused the sandbox (${p.refused})`}; starting an embedded one (PGlite, in memory, gone at exit); this takes up to about 20 s…`,
    embeddedReady: (seconds) => `   Postgres: the embedded one is up after ${seconds} s`,
    created: (p) =>
      `   Postgres: ${p.server} has no database ${p.admin}; the sandbox's own database ${p.name} was created there (through the postgres database)`,
    recreated: (p) => `   Postgres: the sandbox's own database ${p.name} on ${p.server}, created afresh`,
  },
};

/** «после 1 фазы», «после 2 фаз», «после 11 фаз». */
const PHASES_GEN = ["фазы", "фаз", "фаз"] as const;
/** Seconds as a Russian reader writes them: «1,8», never "1.8". */
const seconds = (value: string) => formatNumber("ru", Number(value));

const ru: SandboxTexts = {
  header: (p) =>
    `Песочница бота-ведущего: ${p.ruleset}, игроков: ${p.players}, фаза — ${seconds(p.seconds)} с, ${p.seeds.length > 1 ? "зёрна" : "зерно"} ${p.seeds.join(", ")}`,
  stack: (p) =>
    `   Эмулятор Discord ${p.emulator} · Postgres ${p.embeddedPg ? "встроенный (PGlite, в памяти)" : p.postgres} · ${p.redis ? "свой redis-server" : "Redis"} · префикс BullMQ ${p.prefix}`,
  gameName: (_ruleset, seed) => `Песочница №${seed}`,
  joined: (names) =>
    `   Записались через ${commandLine("ru", "game.join")} (${names.length}): ${names.join(", ")}`,
  started: (answer) => `   Ведущий: ${commandLine("ru", "game.start")} → ${answer}`,
  resumed: (answer) =>
    `   Ведущий: ${commandLine("ru", "gm.pause")}, пока сервер готовится, затем ${commandLine("ru", "gm.resume")} → ${answer}`,
  phase: (p) => `── ${p.phase} · фаза ${p.n} · живых ${p.alive}/${p.seats} ──`,
  progress: (p) =>
    `▸ ${p.phase}: итоги${p.took ? ` через ${seconds(p.took)} с` : ""} · сообщений ${p.posts} · голосов ${p.votes} · приказов принято ${p.accepted}, отклонено ${p.refused} · живых ${p.alive}/${p.seats}`,
  // Present tense: one seat or several, of any gender.
  out: (names) => `   ✝ ${names.length === 1 ? "Выбывает" : "Выбывают"} из игры: ${names.join(", ")}`,
  gmEnds: (p) =>
    `── Ведущий завершает игру после ${countRu(p.phases, PHASES_GEN)} (по этим правилам игру завершает только ведущий) ──`,
  guard: (max) =>
    `⚠ предел фаз: ${countRu(max, ["фаза", "фазы", "фаз"])} без конца игры; ведущий завершает её (${commandLine("ru", "game.end")}). Поднимите предел: --max-phases.`,
  gmEnd: (answer) => `   Ведущий: ${commandLine("ru", "game.end")} → ${answer}`,
  gmForce: (answer) => `   Ведущий: ${commandLine("ru", "gm.force")} → ${answer}`,
  updated: "обновлено",
  gmRoom: "комната ведущих",
  nobody: "никто",
  finish: (p) =>
    `🏁 Победители: ${p.winners} — «${p.game}» ${p.byRules ? "окончена по правилам" : "завершена ведущим"} после ${countRu(p.phases, PHASES_GEN)}, за ${seconds(p.seconds)} с (сообщений ${p.posts}, голосов ${p.votes}, приказов принято ${p.accepted}, отклонено ${p.refused})`,
  saved: (p) => `📁 Сохранено в ${p.dir}: ${p.files.join(", ")}`,
  check: (command) => `🔎 Проверить игру: ${command}`,
  postgres: {
    embeddedStarting: (p) =>
      `   Postgres: ${p.refused === undefined ? `на ${p.server} никто не отвечает` : `${p.server} не пускает песочницу (${p.refused})`}; запускается встроенный (PGlite, в памяти, исчезнет при выходе); это занимает до 20 с…`,
    embeddedReady: (seconds) => `   Postgres: встроенный запущен за ${seconds} с`,
    created: (p) =>
      `   Postgres: на ${p.server} нет базы ${p.admin}; собственная база песочницы ${p.name} создана там (через базу postgres)`,
    recreated: (p) => `   Postgres: собственная база песочницы ${p.name} на ${p.server}, создана заново`,
  },
};

export function sandboxTexts(lang: Lang): SandboxTexts {
  return lang === "ru" ? ru : en;
}

import {
  EmbedBuilder,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
} from "discord.js";
import type { Lang } from "../../engine/types.js";
import { activeGames, playingIn } from "../../games/queries.js";
import type { GameRow } from "../../games/service.js";
import { rulesetOrThrow } from "../../games/state.js";
import { t } from "../../i18n/index.js";
import type { Command, Ctx } from "../context.js";
import { maskModeOf } from "../../games/masks.js";
import { safeName } from "../../render/names.js";
import { EXTENSION } from "./extension.js";
import { commands } from "./index.js";
import { named } from "./builders.js";

/**
 * /help: the commands the member may use now, in the server's language, grouped by why they
 * are open (anyone; an open lobby; a seat; a game they run; the server's settings). Built from
 * the registered commands themselves, so a new command or subcommand shows with its own
 * localized name and description.
 */
export const data = named(new SlashCommandBuilder(), "help").setDMPermission(false);

type Audience = "everyone" | "join" | "lobby" | "player" | "gm" | "create" | "settings";

/** Who each command (or subcommand path) is for; a path not listed takes its command's entry. */
const AUDIENCE: Record<string, Audience> = {
  help: "everyone",
  "game list": "everyone",
  "game status": "everyone",
  "game create": "create",
  "game join": "join",
  "game leave": "lobby",
  "game assign": "gm",
  "game options": "gm",
  "game start": "gm",
  "game end": "gm",
  order: "player",
  orders: "player",
  role: "player",
  vote: "player",
  extension: "player",
  say: "player",
  gm: "gm",
  settings: "settings",
};

interface Entry {
  path: string;
  audience: Audience;
  line: (lang: Lang) => string;
}

interface CommandJson {
  name: string;
  name_localizations?: Record<string, string> | null;
  description: string;
  description_localizations?: Record<string, string> | null;
  type?: number;
  options?: CommandJson[];
}

const SUBCOMMAND = 1;
const GROUP = 2;

/** Every command and subcommand as `/name sub` with its description, in both languages. */
function entries(): Entry[] {
  const out: Entry[] = [];
  const local = (o: CommandJson, lang: Lang, field: "name" | "description") =>
    (lang === "ru" ? o[`${field}_localizations`]?.["ru"] : undefined) ?? o[field];
  const walk = (trail: CommandJson[]) => {
    const last = trail[trail.length - 1];
    if (!last) return;
    const subs = (last.options ?? []).filter((o) => o.type === SUBCOMMAND || o.type === GROUP);
    if (subs.length > 0) {
      for (const sub of subs) walk([...trail, sub]);
      return;
    }
    const path = trail.map((o) => o.name).join(" ");
    const audience = AUDIENCE[path] ?? AUDIENCE[trail[0]?.name ?? ""] ?? "everyone";
    out.push({
      path,
      audience,
      line: (lang) =>
        `\`/${trail.map((o) => local(o, lang, "name")).join(" ")}\` — ${local(last, lang, "description")}`,
    });
  };
  for (const command of commands) walk([command.data.toJSON() as CommandJson]);
  return out;
}

const names = (games: readonly GameRow[]) => games.map((g) => `«${safeName(g.name)}»`).join(", ");

export async function execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const lang = ctx.lang;
  const userId = interaction.user.id;
  const games = await activeGames(ctx.db, interaction.guildId ?? "");
  const seated = await playingIn(
    ctx.db,
    games.map((g) => g.id),
    userId,
  );
  const joinable = games.filter((g) => g.status === "lobby" && !seated.has(g.id));
  const waiting = games.filter((g) => g.status === "lobby" && seated.has(g.id));
  const playing = games.filter((g) => g.status !== "lobby" && seated.has(g.id));
  const running: GameRow[] = [];
  for (const g of games) if (!seated.has(g.id) && (await ctx.service.isGm(g.id, userId))) running.push(g);
  const serverGm = ctx.actor?.serverGm ?? false;
  const manager = interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;

  // What a seat may use depends on its games' rules: votes, extensions, masked speech.
  const rulesets = playing.map((g) => rulesetOrThrow(g.ruleset));
  let masked = false;
  for (const g of playing) if ((await maskModeOf(ctx.db, g.id, g.ruleset)) !== "off") masked = true;
  const playerHas: Record<string, boolean> = {
    vote: rulesets.some((r) => r.votes !== undefined),
    extension: rulesets.some((r) => Object.hasOwn(r.actions, EXTENSION)),
    say: masked,
  };

  const all = entries();
  const lines = (audience: Audience, keep: (e: Entry) => boolean = () => true) =>
    all.filter((e) => e.audience === audience && keep(e)).map((e) => e.line(lang));
  const sections: [string, string[]][] = [[t(lang, "help.everyone"), lines("everyone")]];
  if (joinable.length > 0) sections.push([t(lang, "help.join", { games: names(joinable) }), lines("join")]);
  if (waiting.length > 0) sections.push([t(lang, "help.lobby", { games: names(waiting) }), lines("lobby")]);
  if (playing.length > 0)
    sections.push([
      t(lang, "help.player", { games: names(playing) }),
      lines("player", (e) => playerHas[e.path] ?? true),
    ]);
  if (running.length > 0) {
    // A seat voids GM powers in its game (src/games/authority.ts): a server GM who plays somewhere
    // is told the games he runs by name.
    const title =
      serverGm && seated.size === 0
        ? t(lang, "help.gm_server")
        : t(lang, "help.gm", { games: names(running) });
    sections.push([title, lines("gm")]);
  }
  if (serverGm) sections.push([t(lang, "help.create"), lines("create")]);
  if (manager) sections.push([t(lang, "help.settings"), lines("settings")]);

  const text = sections
    .filter(([, list]) => list.length > 0)
    .map(([title, list]) => `**${title}**\n${list.join("\n")}`)
    .join("\n\n");
  const embed = new EmbedBuilder()
    .setTitle(t(lang, "help.title"))
    .setDescription(text.slice(0, 4096))
    .setFooter({ text: t(lang, "help.more") });
  await interaction.editReply({ embeds: [embed], allowedMentions: { parse: [] } });
}

export const command: Command = { data, execute };

import {
  AttachmentBuilder,
  MessageFlags,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
} from "discord.js";
import type { Lang } from "../../engine/types.js";
import { UserError } from "../../games/errors.js";
import {
  isHidden,
  memberRecord,
  recordFinishedGames,
  serverRecord,
  setHidden,
  type MemberRecord,
  type ServerRecord,
  type Tally,
} from "../../games/records.js";
import { t } from "../../i18n/index.js";
import { factionName, roleName, safeName } from "../../render/names.js";
import { renderStatsChart, type ChartRow } from "../../render/stats-chart.js";
import { getRuleset } from "../../rulesets/index.js";
import type { Command, Ctx } from "../context.js";
import { named } from "./builders.js";
import { displayNameOf } from "./game.js";

/**
 * /stats: the server's records from its finished ranked games (docs/community.md). `member`
 * (yourself, or `user`), `server`, and `hide` / `show` of your own record. Every answer is
 * private to the one who asked; a hidden record is refused to everyone but its member.
 */
export const data = named(new SlashCommandBuilder(), "stats")
  .setDMPermission(false)
  .addSubcommand((s) => named(s, "stats.member").addUserOption((o) => named(o, "opt.stats_user")))
  .addSubcommand((s) => named(s, "stats.server"))
  .addSubcommand((s) => named(s, "stats.hide"))
  .addSubcommand((s) => named(s, "stats.show"));

/** How many lines a list shows before "…and N more" (a Discord message holds 2000 characters). */
const LIST_MAX = 8;

/** A share as the fraction a message's `{rate, number, ::percent}` writes in the reader's notation. */
const share = (part: number, whole: number): number => (whole > 0 ? part / whole : 0);

const rulesetName = (lang: Lang, id: string): string => getRuleset(id)?.name[lang] ?? id;

function sideName(lang: Lang, tally: Pick<Tally, "ruleset" | "key">): string {
  const ruleset = getRuleset(tally.ruleset);
  return ruleset ? factionName(ruleset, lang, tally.key) : tally.key;
}

function roleOf(lang: Lang, tally: Pick<Tally, "ruleset" | "key">): string {
  const ruleset = getRuleset(tally.ruleset);
  return ruleset ? roleName(ruleset, lang, tally.key) : tally.key;
}

/** The first LIST_MAX lines of `items`, and "…and N more" for the rest. */
function listed<T>(lang: Lang, items: readonly T[], line: (item: T) => string): string[] {
  const shown = items.slice(0, LIST_MAX).map((item) => `• ${line(item)}`);
  if (items.length > LIST_MAX) shown.push(t(lang, "stats.more", { count: items.length - LIST_MAX }));
  return shown;
}

function tallyLines(lang: Lang, tallies: readonly Tally[], name: (tally: Tally) => string): string[] {
  return listed(lang, tallies, (x) =>
    t(lang, "stats.tally_line", {
      name: name(x),
      ruleset: rulesetName(lang, x.ruleset),
      games: x.games,
      wins: x.wins,
      rate: share(x.wins, x.games),
    }),
  );
}

/** A member's record as the text of the answer (no chart). */
export function memberText(lang: Lang, name: string, record: MemberRecord, hiddenNote: boolean): string {
  if (record.games === 0 && record.replacedOut === 0) return t(lang, "stats.member_empty", { name });
  const lines = [`**${t(lang, "stats.member_title", { name })}**`];
  if (hiddenNote) lines.push(t(lang, "stats.member_hidden_note"));
  lines.push(
    t(lang, "stats.member_games", {
      games: record.games,
      wins: record.wins,
      winRate: share(record.wins, record.games),
      survived: record.survived,
      surviveRate: share(record.survived, record.games),
    }),
    t(lang, "stats.member_replacements", { in: record.substitute, out: record.replacedOut }),
    t(lang, "stats.member_activity", {
      actions: record.actions,
      perGame: new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(
        record.games > 0 ? record.actions / record.games : 0,
      ),
      last: record.lastPlayed
        ? `<t:${Math.floor(record.lastPlayed.getTime() / 1000)}:D>`
        : t(lang, "stats.never"),
    }),
  );
  if (record.bySide.length > 0)
    lines.push(
      "",
      `**${t(lang, "stats.by_side")}**`,
      ...tallyLines(lang, record.bySide, (x) => sideName(lang, x)),
    );
  if (record.byRole.length > 0)
    lines.push(
      "",
      `**${t(lang, "stats.by_role")}**`,
      ...tallyLines(lang, record.byRole, (x) => roleOf(lang, x)),
    );
  return lines.join("\n");
}

/** The server's record as the text of the answer (no chart). */
export function serverText(lang: Lang, record: ServerRecord): string {
  const games = record.rulesets.reduce((sum, r) => sum + r.games, 0);
  if (games === 0) return t(lang, "stats.server_empty");
  return [
    `**${t(lang, "stats.server_title")}**`,
    t(lang, "stats.server_total", { games, players: record.players }),
    "",
    `**${t(lang, "stats.per_ruleset")}**`,
    ...listed(lang, record.rulesets, (r) =>
      t(lang, "stats.ruleset_line", {
        ruleset: rulesetName(lang, r.ruleset),
        games: r.games,
        phases: r.phases,
        nobody: r.nobody,
        has_nobody: r.nobody > 0 ? "yes" : "no",
      }),
    ),
    "",
    `**${t(lang, "stats.win_rates")}**`,
    ...listed(lang, record.sides, (x) =>
      t(lang, "stats.side_line", {
        name: sideName(lang, x),
        ruleset: rulesetName(lang, x.ruleset),
        games: x.games,
        wins: x.wins,
        rate: share(x.wins, x.games),
      }),
    ),
    "",
    `**${t(lang, "stats.top_roles")}**`,
    ...listed(lang, record.roles, (x) =>
      t(lang, "stats.role_line", {
        name: roleOf(lang, x),
        ruleset: rulesetName(lang, x.ruleset),
        games: x.games,
        wins: x.wins,
        rate: share(x.wins, x.games),
      }),
    ),
  ].join("\n");
}

/** The chart of tallies by side: games as the bar, wins as its dark part. */
function chartOf(lang: Lang, title: string, sides: readonly Tally[]): AttachmentBuilder | null {
  if (sides.length === 0) return null;
  const several = new Set(sides.map((s) => s.ruleset)).size > 1;
  const rows: ChartRow[] = sides.slice(0, 12).map((x) => ({
    label: several ? `${sideName(lang, x)} (${rulesetName(lang, x.ruleset)})` : sideName(lang, x),
    games: x.games,
    wins: x.wins,
    figures: t(lang, "stats.chart_figures", { wins: x.wins, games: x.games, rate: share(x.wins, x.games) }),
  }));
  const png = renderStatsChart({ title, legend: t(lang, "stats.chart_legend"), rows });
  return new AttachmentBuilder(png, { name: "stats.png" });
}

export async function execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const guildId = interaction.guildId;
  if (!guildId) throw new UserError("game.not_found");
  const lang = ctx.lang;
  const sub = interaction.options.getSubcommand();
  if (sub === "hide" || sub === "show") {
    await setHidden(ctx.db, guildId, interaction.user.id, sub === "hide");
    await interaction.editReply({ content: t(lang, sub === "hide" ? "stats.hide_done" : "stats.show_done") });
    return;
  }
  // Games that ended since the last read get their result rows first (docs/community.md).
  await recordFinishedGames(ctx.db, guildId);
  if (sub === "server") {
    const record = await serverRecord(ctx.db, guildId);
    const chart = chartOf(lang, t(lang, "stats.chart_server"), record.sides);
    await interaction.editReply({
      content: serverText(lang, record),
      files: chart ? [chart] : [],
      allowedMentions: { parse: [] },
    });
    return;
  }
  const user = interaction.options.getUser("user") ?? interaction.user;
  const own = user.id === interaction.user.id;
  const name = safeName(displayNameOf(interaction, user.id), "plain");
  const hidden = await isHidden(ctx.db, guildId, user.id);
  if (hidden && !own) throw new UserError("stats.hidden", { name });
  const record = await memberRecord(ctx.db, guildId, user.id);
  const chart = chartOf(lang, `${t(lang, "stats.chart_member")}: ${name}`, record.bySide);
  await interaction.editReply({
    content: memberText(lang, name, record, hidden),
    files: chart ? [chart] : [],
    allowedMentions: { parse: [] },
  });
}

export const command: Command = { data, execute };

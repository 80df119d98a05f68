import {
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from "discord.js";
import type { Lang } from "../../engine/types.js";
import { archiveListUrl, isArchiveListScope, setArchiveList } from "../../games/archive-list.js";
import { UserError } from "../../games/errors.js";
import { saveSettings } from "../../games/queries.js";
import { genderOption, saveMemberGender } from "../../games/profiles.js";
import { DEFAULT_MAX_RUNNING_GAMES, systemClock } from "../../games/service.js";
import { canonicalZone, zoneChoices } from "../../games/time.js";
import { t } from "../../i18n/index.js";
import type { Command, Ctx } from "../context.js";
import { choice, named } from "./builders.js";

/** The most a server may allow: Discord caps a server at 500 channels and 250 roles. */
const MAX_GAMES_CAP = 20;

/**
 * /settings: the server's language, its GM role (members who create games and act as GMs of
 * every game), time zone and how many games may run at once, which need the Manage Server
 * permission; and a member's own grammatical gender (`gender`: он / она / не указывать), which
 * anyone sets for themselves, so the command is visible to every member (docs/i18n.md).
 */
export const data = named(new SlashCommandBuilder(), "settings")
  .setDMPermission(false)
  .addStringOption((o) =>
    named(o, "opt.gender").addChoices(
      choice("gender.m", "m"),
      choice("gender.f", "f"),
      choice("gender.none", "none"),
    ),
  )
  .addStringOption((o) =>
    named(o, "opt.language").addChoices(choice("lang.ru", "ru"), choice("lang.en", "en")),
  )
  .addRoleOption((o) => named(o, "opt.gm_role"))
  .addStringOption((o) => named(o, "opt.server_timezone").setAutocomplete(true).setMaxLength(64))
  .addIntegerOption((o) => named(o, "opt.max_games").setMinValue(1).setMaxValue(MAX_GAMES_CAP))
  .addStringOption((o) =>
    named(o, "opt.public_archives").addChoices(
      choice("archive.list_choice_off", "off"),
      choice("archive.list_choice_ranked", "ranked"),
      choice("archive.list_choice_all", "all"),
    ),
  );

export async function execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const gender = genderOption(interaction.options.getString("gender"));
  const serverOptions = ["language", "gm_role", "timezone", "max_games", "public_archives"].some(
    (name) => interaction.options.get(name) !== null,
  );
  if (gender !== undefined) {
    // A member's own word: no permission needed, and it is all this command does without others.
    await saveMemberGender(ctx.db, interaction.user.id, gender);
    if (!serverOptions) {
      await interaction.editReply({
        content: t(ctx.lang, "settings.gender_saved", {
          gender: t(ctx.lang, `settings.gender.${gender ?? "none"}`),
        }),
      });
      return;
    }
  }
  if (!interaction.guildId || !interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
    throw new UserError("settings.manage_only");
  const language = interaction.options.getString("language") as Lang | null;
  const role = interaction.options.getRole("gm_role");
  const maxGames = interaction.options.getInteger("max_games");
  const typedZone = interaction.options.getString("timezone");
  const patch: { language?: Lang; gmRoleId?: string; timezone?: string; maxRunningGames?: number } = {};
  if (typedZone !== null) {
    // Checked before anything is saved: a bad zone changes none of the settings.
    const zone = canonicalZone(typedZone);
    if (!zone) throw new UserError("settings.bad_timezone", { zone: typedZone.slice(0, 64) });
    patch.timezone = zone;
  }
  if (language === "ru" || language === "en") patch.language = language;
  if (role) patch.gmRoleId = role.id;
  if (maxGames !== null) patch.maxRunningGames = maxGames;
  const saved = await saveSettings(ctx.db, interaction.guildId, patch);
  // The public listing of the server's archives (docs/community.md), when asked: its address.
  const listScope = interaction.options.getString("public_archives");
  const listing = isArchiveListScope(listScope)
    ? await setArchiveList(ctx.db, interaction.guildId, listScope)
    : null;
  // Answer in the language just chosen.
  const lang = saved.language;
  const listLine =
    listing === null
      ? ""
      : `\n${
          listing.scope === "off"
            ? t(lang, "archive.list_off")
            : t(lang, "archive.list_on", {
                scope: listing.scope,
                url: archiveListUrl(ctx.deps.consoleUrl ?? "", listing.token),
              })
        }`;
  await interaction.editReply({
    content:
      t(lang, "settings.saved", {
        language: t(lang, `lang.${lang}`),
        role:
          (saved.gmRoleId ? t(lang, "settings.gm_role", { role: `<@&${saved.gmRoleId}>` }) : "") +
          // The cap is named once a server changed it from the default.
          (saved.maxRunningGames !== DEFAULT_MAX_RUNNING_GAMES
            ? t(lang, "settings.max_games", { max: saved.maxRunningGames })
            : ""),
        zone: saved.timezone
          ? t(lang, "settings.timezone", { zone: saved.timezone })
          : t(lang, "settings.timezone_default", { zone: ctx.deps.env.DEFAULT_TIMEZONE }),
      }) + listLine,
    allowedMentions: { parse: [] },
  });
}

/** Zone names containing what was typed, at most 25. */
export async function autocomplete(ctx: Ctx, interaction: AutocompleteInteraction): Promise<void> {
  const now = (ctx.deps.clock ?? systemClock).now();
  await interaction.respond(zoneChoices(interaction.options.getFocused(), now));
}

export const command: Command = { data, execute, autocomplete };

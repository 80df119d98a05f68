import {
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
  type ChatInputCommandInteraction,
} from "discord.js";
import type { Lang } from "../../engine/types.js";
import { UserError } from "../../games/errors.js";
import { saveSettings } from "../../games/queries.js";
import { t } from "../../i18n/index.js";
import type { Command, Ctx } from "../context.js";
import { choice, named } from "./builders.js";

/** /settings: the server's language and GM role. Needs the Manage Server permission. */
export const data = named(new SlashCommandBuilder(), "settings")
  .setDMPermission(false)
  .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
  .addStringOption((o) =>
    named(o, "opt.language").addChoices(choice("lang.ru", "ru"), choice("lang.en", "en")),
  )
  .addRoleOption((o) => named(o, "opt.gm_role"));

export async function execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  if (!interaction.guildId || !interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild))
    throw new UserError("settings.manage_only");
  const language = interaction.options.getString("language") as Lang | null;
  const role = interaction.options.getRole("gm_role");
  const patch: { language?: Lang; gmRoleId?: string } = {};
  if (language === "ru" || language === "en") patch.language = language;
  if (role) patch.gmRoleId = role.id;
  const saved = await saveSettings(ctx.db, interaction.guildId, patch);
  // Answer in the language just chosen.
  const lang = saved.language;
  await interaction.editReply({
    content: t(lang, "settings.saved", {
      language: t(lang, `lang.${lang}`),
      role: saved.gmRoleId ? t(lang, "settings.gm_role", { role: `<@&${saved.gmRoleId}>` }) : "",
    }),
    allowedMentions: { parse: [] },
  });
}

export const command: Command = { data, execute };

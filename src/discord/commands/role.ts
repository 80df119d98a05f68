import { MessageFlags, SlashCommandBuilder, type ChatInputCommandInteraction } from "discord.js";
import { UserError } from "../../games/errors.js";
import { rulesetOrThrow } from "../../games/state.js";
import type { Command, Ctx } from "../context.js";
import { gameChoices, resolveGame } from "../preconditions.js";
import { namesOf } from "../render/names.js";
import { roleCard } from "../render/role.js";
import { named } from "./builders.js";

/** /role: the seat's role card, from its own playerView only. Always private. */
export const data = named(new SlashCommandBuilder(), "role")
  .setDMPermission(false)
  .addStringOption((o) => named(o, "opt.game").setAutocomplete(true));

export async function execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
  if (game.status === "lobby") throw new UserError("game.not_started");
  const { view } = await ctx.service.view(game.id, interaction.user.id);
  const { actions } = await ctx.service.available(game.id, interaction.user.id);
  const names = namesOf(await ctx.service.players(game.id));
  const embed = roleCard({ lang: ctx.lang, ruleset: rulesetOrThrow(game.ruleset), view, names, actions });
  await interaction.editReply({ embeds: [embed] });
}

export const command: Command = {
  data,
  execute,
  async autocomplete(ctx, interaction) {
    await interaction.respond(await gameChoices(ctx, interaction.guildId, interaction.options.getFocused()));
  },
};

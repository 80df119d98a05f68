import { MessageFlags, SlashCommandBuilder, type ChatInputCommandInteraction } from "discord.js";
import { UserError } from "../../games/errors.js";
import { rulesetOrThrow } from "../../games/state.js";
import type { Command, Ctx } from "../context.js";
import { submitOrder } from "../orders.js";
import { gameChoices, requireOpenPhase, resolveGame } from "../preconditions.js";
import { named } from "./builders.js";

/** The ruleset action that asks for more time (reichstag); rulesets without it refuse. */
export const EXTENSION = "request_extension";

/** /extension: ask for more time, where the rules allow it; the rules judge the request. */
export const data = named(new SlashCommandBuilder(), "extension")
  .setDMPermission(false)
  .addStringOption((o) => named(o, "opt.game").setAutocomplete(true));

export async function execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
  await requireOpenPhase(ctx, game);
  const ruleset = rulesetOrThrow(game.ruleset);
  if (!Object.hasOwn(ruleset.actions, EXTENSION)) throw new UserError("extension.unavailable");
  const { actions } = await ctx.service.available(game.id, interaction.user.id);
  const offer = actions.find((a) => a.action === EXTENSION);
  const receipt = await submitOrder(
    ctx,
    game.id,
    interaction.user.id,
    { action: EXTENSION, targets: [], params: offer?.params ?? {} },
    actions,
  );
  await interaction.editReply(receipt.text);
}

export const command: Command = {
  data,
  execute,
  async autocomplete(ctx, interaction) {
    await interaction.respond(await gameChoices(ctx, interaction.guildId, interaction.options.getFocused()));
  },
};

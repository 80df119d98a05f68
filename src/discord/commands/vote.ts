import {
  MessageFlags,
  SlashCommandBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from "discord.js";
import { UserError } from "../../games/errors.js";
import { rulesetOrThrow } from "../../games/state.js";
import type { Command, Ctx } from "../context.js";
import { paramsFor, submitOrder, targetChoices, targetId } from "../orders.js";
import { gameChoices, requireOpenPhase, resolveGame } from "../preconditions.js";
import { namesOf } from "../render/names.js";
import { tallyEmbed } from "../render/tally.js";
import { named } from "./builders.js";

/** The ruleset's vote action. */
export const VOTE = "vote";

/** /vote: cast (or change, where the rules allow) a vote, then see the live tally the rules make public. */
export const data = named(new SlashCommandBuilder(), "vote")
  .setDMPermission(false)
  .addStringOption((o) => named(o, "opt.choice").setRequired(true).setAutocomplete(true))
  .addStringOption((o) => named(o, "opt.reason").setMaxLength(500))
  .addStringOption((o) => named(o, "opt.game").setAutocomplete(true));

export async function execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
  await requireOpenPhase(ctx, game);
  const ruleset = rulesetOrThrow(game.ruleset);
  if (!Object.hasOwn(ruleset.actions, VOTE)) throw new UserError("order.unknown_action", { actions: "—" });
  const { seat, actions } = await ctx.service.available(game.id, interaction.user.id);
  const names = namesOf(await ctx.service.players(game.id));
  const offer = actions.find((a) => a.action === VOTE);
  const target = targetId(interaction.options.getString("choice", true), names);
  const params = paramsFor(ruleset, VOTE, offer, interaction.options.getString("reason"));
  const receipt = await submitOrder(
    ctx,
    game.id,
    interaction.user.id,
    { action: VOTE, targets: [target], params },
    actions,
  );
  const state = await ctx.service.state(game.id);
  const tally = tallyEmbed(ctx.lang, ruleset.playerView(state, seat.seatId), names);
  await interaction.editReply({ content: receipt.text, embeds: [tally] });
}

export async function autocomplete(ctx: Ctx, interaction: AutocompleteInteraction): Promise<void> {
  const focused = interaction.options.getFocused(true);
  if (focused.name === "game") {
    await interaction.respond(await gameChoices(ctx, interaction.guildId, focused.value));
    return;
  }
  const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
  const { actions } = await ctx.service.available(game.id, interaction.user.id);
  const names = namesOf(await ctx.service.players(game.id));
  const votes = actions.filter((a) => a.action === VOTE);
  await interaction.respond(
    votes.length === 0 ? [] : targetChoices(ctx.lang, votes, VOTE, names, focused.value),
  );
}

export const command: Command = { data, execute, autocomplete };

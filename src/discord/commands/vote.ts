import {
  MessageFlags,
  SlashCommandBuilder,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
} from "discord.js";
import type { JsonObject } from "../../engine/types.js";
import { UserError } from "../../games/errors.js";
import { rulesetOrThrow } from "../../games/state.js";
import type { Command, Ctx } from "../context.js";
import { seatNamesFrom } from "../masks/seat-names.js";
import { paramsFor, submitOrder } from "../orders.js";
import { gameChoices, requireStarted, resolveGame } from "../preconditions.js";
import { tallyEmbed, votesOf } from "../render/tally.js";
import { findVoteChoice, parseVoteValue, voteActions, voteChoices } from "../votes.js";
import { named } from "./builders.js";
import { seatOffers } from "./order.js";

/**
 * /vote: cast (or change, where the rules allow) any of the ruleset's votes — classic's lynch,
 * mayor's verdicts, clans' for/against, reichstag's Ja/Nein and veto answer, regnum's Magister
 * election. The choice autocompletes from exactly what the rules open to the player now.
 */
export const data = named(new SlashCommandBuilder(), "vote")
  .setDMPermission(false)
  .addStringOption((o) => named(o, "opt.choice").setRequired(true).setAutocomplete(true))
  .addStringOption((o) => named(o, "opt.reason").setMaxLength(500))
  .addStringOption((o) => named(o, "opt.game").setAutocomplete(true));

export async function execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
  requireStarted(game);
  // The open phase, the seat, the state and the seats' names: one read.
  const table = await ctx.service.table(game);
  if (!table.phase) throw new UserError("phase.closed");
  const ruleset = rulesetOrThrow(game.ruleset);
  if (voteActions(ruleset).length === 0) throw new UserError("vote.none_in_ruleset");
  const { seat, actions } = seatOffers(game, table, interaction.user.id);
  const seats = await seatNamesFrom(ctx.db, game, table);
  const names = seats.names;
  const choices = voteChoices(ctx.lang, ruleset, actions, seats);
  const typed = interaction.options.getString("choice", true);
  const reason = interaction.options.getString("reason");
  const choice = findVoteChoice(ctx.lang, choices, typed, seats);
  let order: { action: string; targets: string[]; params: JsonObject };
  if (choice) {
    const action = choice.offer.action;
    const params = paramsFor(ruleset, action, choice.offer, reason);
    order = { action, targets: choice.target ? [choice.target] : [], params };
  } else {
    // A player named who is not open to this voter (himself, or he may not vote now): the
    // rules judge it and answer with their reason; nothing changes.
    const named = parseVoteValue(typed, voteActions(ruleset));
    const targets = named ? (named.target ? [seats.targetOf(named.target)] : []) : [seats.targetOf(typed)];
    const action = named?.action ?? voteActions(ruleset)[0];
    const params: JsonObject = {
      ...(action === undefined ? {} : paramsFor(ruleset, action, undefined, reason)),
      ...((named?.params ?? {}) as JsonObject),
    };
    const judged = action !== undefined && ruleset.actions[action]?.params.safeParse(params).success === true;
    if (!targets.every((id) => names.has(id)) || (!named && targets.length === 0) || !judged) {
      if (choices.length === 0) throw new UserError("vote.not_open");
      const shown = choices.slice(0, 10).map((c) => c.name);
      const more = choices.length > shown.length ? ` (+${choices.length - shown.length})` : "";
      throw new UserError("vote.unknown_choice", {
        choice: typed.slice(0, 100),
        choices: `${shown.join("; ")}${more}`,
      });
    }
    order = { action: action as string, targets, params };
  }
  const receipt = await submitOrder(ctx, game.id, interaction.user.id, order, actions, seats);
  // The tally as this player may see it (the rules' view), when it discloses any votes.
  const after = (await ctx.service.table(game)).state;
  const view = after ? ruleset.playerView(after, seat.seatId) : null;
  const embeds = view && votesOf(view).length > 0 ? [tallyEmbed(ctx.lang, view, seats)] : [];
  await interaction.editReply({ content: receipt.text, embeds });
}

export async function autocomplete(ctx: Ctx, interaction: AutocompleteInteraction): Promise<void> {
  const focused = interaction.options.getFocused(true);
  if (focused.name === "game") {
    await interaction.respond(await gameChoices(ctx, interaction.guildId, focused.value));
    return;
  }
  const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
  const ruleset = rulesetOrThrow(game.ruleset);
  const table = await ctx.service.table(game);
  const { actions } = seatOffers(game, table, interaction.user.id);
  const seats = await seatNamesFrom(ctx.db, game, table);
  const needle = focused.value.trim().toLowerCase();
  await interaction.respond(
    voteChoices(ctx.lang, ruleset, actions, seats)
      .filter((c) => c.name.toLowerCase().includes(needle) || c.value === focused.value)
      .slice(0, 25)
      .map((c) => ({ name: c.name, value: c.value })),
  );
}

export const command: Command = { data, execute, autocomplete };

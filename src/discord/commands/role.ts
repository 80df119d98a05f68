import { displayContext, seatGenders } from "../../games/render.js";
import { MessageFlags, SlashCommandBuilder, type ChatInputCommandInteraction } from "discord.js";
import { UserError } from "../../games/errors.js";
import { rulesetOrThrow } from "../../games/state.js";
import type { Command, Ctx } from "../context.js";
import { gameChoices, resolveGame } from "../preconditions.js";
import { t } from "../../i18n/index.js";
import { namesOf, safeName } from "../../render/names.js";
import { roleCard } from "../render/role.js";
import { named } from "./builders.js";
import { seatOffers } from "./order.js";

/**
 * /role: the seat's role card, from its own playerView only. Always private. A GM may name a
 * `player` to read that seat's card; a player naming anyone but himself is refused.
 */
export const data = named(new SlashCommandBuilder(), "role")
  .setDMPermission(false)
  .addStringOption((o) => named(o, "opt.game").setAutocomplete(true))
  .addUserOption((o) => named(o, "opt.seat"));

export async function execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
  if (game.status === "lobby") throw new UserError("game.not_started");
  const userId = await seatUser(ctx, game.id, interaction);
  // The seats and the state: one read. The card shows the seat's playerView only.
  const table = await ctx.service.table(game);
  const { seat, actions } = seatOffers(game, table, userId);
  if (!table.state) throw new UserError("game.not_started");
  const ruleset = rulesetOrThrow(game.ruleset);
  const view = ruleset.playerView(table.state, seat.seatId);
  const names = namesOf(table.seats);
  const reader = displayContext(ruleset, ctx.lang, names, "plain", seatGenders(table.seats));
  const embed = roleCard({
    lang: ctx.lang,
    ruleset,
    view,
    names,
    actions,
    seat: seat.seatId,
    genderOf: (id) => reader.gender?.(id),
  });
  const content =
    userId === interaction.user.id ? "" : t(ctx.lang, "gm.viewing", { player: safeName(seat.displayName) });
  await interaction.editReply({ content, embeds: [embed] });
}

/**
 * Whose seat a /role or /orders shows: the caller's own, or (a GM's `player` option) the named
 * player's. A player who names anyone else is refused before anything is read.
 */
export async function seatUser(
  ctx: Ctx,
  gameId: string,
  interaction: ChatInputCommandInteraction,
): Promise<string> {
  const named = interaction.options.getUser("player");
  if (!named || named.id === interaction.user.id) return interaction.user.id;
  const standing = await ctx.service.gmStanding(gameId, interaction.user.id);
  if (standing === "seated") throw new UserError("game.gm_seated");
  if (standing === "none") throw new UserError("gm.player_option_gm_only");
  return named.id;
}

export const command: Command = {
  data,
  execute,
  async autocomplete(ctx, interaction) {
    await interaction.respond(await gameChoices(ctx, interaction.guildId, interaction.options.getFocused()));
  },
};

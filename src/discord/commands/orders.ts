import { MessageFlags, SlashCommandBuilder, type ChatInputCommandInteraction } from "discord.js";
import { ordersOf } from "../../games/queries.js";
import { phaseName, t } from "../../i18n/index.js";
import { rulesetOrThrow } from "../../games/state.js";
import { type Command, type Ctx } from "../context.js";
import { describeChosen, labelsOf } from "../../render/orders.js";
import { gameChoices, requireStarted, resolveGame } from "../preconditions.js";
import { seatNamesFrom } from "../masks/seat-names.js";
import { UserError } from "../../games/errors.js";
import { seatOffers } from "./order.js";
import { safeName } from "../../render/names.js";
import { named } from "./builders.js";
import { seatUser } from "./role.js";

/**
 * /orders: the seat's accepted orders of the open phase, from the input log, in order. A GM may
 * name a `player` to read that seat's orders (a GM's order for the seat says so).
 */
export const data = named(new SlashCommandBuilder(), "orders")
  .setDMPermission(false)
  .addStringOption((o) => named(o, "opt.game").setAutocomplete(true))
  .addUserOption((o) => named(o, "opt.seat"));

export async function execute(ctx: Ctx, interaction: ChatInputCommandInteraction): Promise<void> {
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const game = await resolveGame(ctx, interaction, interaction.options.getString("game"));
  requireStarted(game);
  // The open phase, the seats, the state and the seats' names: one read.
  const table = await ctx.service.table(game);
  const phase = table.phase;
  if (!phase) throw new UserError("phase.closed");
  const userId = await seatUser(ctx, game.id, interaction);
  const { seat, actions } = seatOffers(game, table, userId);
  const { names } = await seatNamesFrom(ctx.db, game, table);
  const orders = await ordersOf(ctx.db, game.id, seat.seatId, phase.label);
  const shownPhase = phaseName(ctx.lang, phase.label);
  const viewing =
    userId === interaction.user.id
      ? []
      : [t(ctx.lang, "gm.viewing", { player: safeName(names.get(seat.seatId) ?? seat.displayName) })];
  if (orders.length === 0) {
    await interaction.editReply([...viewing, t(ctx.lang, "orders.none", { phase: shownPhase })].join("\n"));
    return;
  }
  const lines = orders.map((o, i) =>
    t(ctx.lang, "orders.line", {
      n: i + 1,
      action: describeChosen(ctx.lang, o, actions, names, labelsOf(rulesetOrThrow(game.ruleset))),
      targets: "",
    }),
  );
  await interaction.editReply(
    [...viewing, t(ctx.lang, "orders.header", { phase: shownPhase }), ...lines].join("\n").slice(0, 2000),
  );
}

export const command: Command = {
  data,
  execute,
  async autocomplete(ctx, interaction) {
    await interaction.respond(await gameChoices(ctx, interaction.guildId, interaction.options.getFocused()));
  },
};
